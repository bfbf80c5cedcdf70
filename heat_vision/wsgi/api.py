#    Licensed under the Apache License, Version 2.0 (the "License"); you may
#    not use this file except in compliance with the License. You may obtain
#    a copy of the License at
#
#         http://www.apache.org/licenses/LICENSE-2.0
#
#    Unless required by applicable law or agreed to in writing, software
#    distributed under the License is distributed on an "AS IS" BASIS, WITHOUT
#    WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied. See the
#    License for the specific language governing permissions and limitations
#    under the License.

"""A module-level WSGI ``application`` for uwsgi, mod_wsgi and friends.

uwsgi's ``module = heat_vision.wsgi.api:application`` and mod_wsgi look
``application`` up in the module's namespace (a dict lookup, where a
lazily computed module attribute is not found), so it is there once the
module is imported. Importing builds nothing: pbr's
``heat-vision-wsgi-api`` script imports this module before it reads its
arguments (``--help`` works without a configuration). The API itself is
built from the configuration files oslo.config finds
(/etc/heat-vision/heat-vision.conf among them) by ``init_application``,
at the latest on the first request.
"""

import threading

from heat_vision import cmd
from heat_vision.cmd import composite

_lock = threading.Lock()
_application = None


def init_application():
    """The API's WSGI application (the relay mounted unless
    ``[relay] mount_in_api`` is off), built once per process.
    """
    global _application
    with _lock:
        if _application is None:
            cmd.prepare(argv=[])
            cmd.require_network_transport('the heat-vision WSGI '
                                          'application')
            _application = composite.setup_app()
    return _application


def application(environ, start_response):
    """The API, built by the first request of the process."""
    return (_application or init_application())(environ, start_response)
