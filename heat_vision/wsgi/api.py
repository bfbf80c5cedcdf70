"""A module-level WSGI ``application`` for uwsgi, mod_wsgi and friends."""

from heat_vision.api import app as api_app
from heat_vision import cmd


def init_application():
    cmd.prepare(argv=[])
    cmd.require_network_transport('the heat-vision WSGI application')
    return api_app.setup_app()


_application = None


def __getattr__(name):
    # ``application`` is built on first access, not on import, so that
    # importing the module (for example to list it) parses no config.
    global _application
    if name == 'application':
        if _application is None:
            _application = init_application()
        return _application
    raise AttributeError(name)
