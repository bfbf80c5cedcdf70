"""A module-level WSGI ``application`` for uwsgi, mod_wsgi and friends.

Importing the module builds the application (it reads the configuration
files oslo.config finds, /etc/heat-vision/heat-vision.conf among them):
uwsgi's ``module = heat_vision.wsgi.api:application`` and mod_wsgi look
``application`` up in the module's namespace, where a lazily computed
attribute is not found.
"""

import threading

from heat_vision.api import app as api_app
from heat_vision import cmd

_lock = threading.Lock()
_application = None


def init_application():
    """The API's WSGI application, built once per process."""
    global _application
    with _lock:
        if _application is None:
            cmd.prepare(argv=[])
            cmd.require_network_transport('the heat-vision WSGI '
                                          'application')
            _application = api_app.setup_app()
    return _application


application = init_application()
