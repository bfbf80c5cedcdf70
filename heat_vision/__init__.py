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

"""heat-vision: OpenStack orchestration in the spirit of Heat/Vision."""

import os
import sys
import warnings

from oslo_service import backend as _service_backend

# NOTE(heat-vision): heat-vision runs on threads only. oslo.messaging's
# server imports oslo.service, whose default backend is eventlet; make
# threading the default. The hook is lazy: nothing is loaded until a
# process actually uses oslo.service (the CLI never does).
_service_backend.register_backend_default_hook(
    lambda: _service_backend.BackendType.THREADING)

# NOTE(heat-vision): even the threading backend imports futurist, whose
# futurist._utils does ``import eventlet`` whenever it is installed (and
# oslo.service requires it, so it always is); eventlet warns on import
# that it is deprecated. Every service command reaches this through
# heat_vision.conf -> oslo_messaging -> oslo_service.service, so it
# cannot be avoided while heat-vision uses oslo.messaging; nothing here
# uses eventlet (hacking check HV101). Ignore that one warning, from that
# one module, and nothing else.
warnings.filterwarnings('ignore', message=r'\s*Eventlet is deprecated',
                        module=r'futurist\._utils')


def _import_futurist_without_greendns():
    """Import futurist (so eventlet) without eventlet's green DNS.

    eventlet.green.socket imports eventlet.support.greendns, and with it
    dnspython, unless ``EVENTLET_NO_GREENDNS=yes``: ~0.3 s of CPU in
    every heat-vision process for a resolver that only monkey-patched
    programs use. The variable is set for the import only, so that the
    processes heat-vision starts keep the environment they were given.
    """
    if 'futurist' in sys.modules or 'EVENTLET_NO_GREENDNS' in os.environ:
        return
    os.environ['EVENTLET_NO_GREENDNS'] = 'yes'
    try:
        import futurist  # noqa: F401
    except ImportError:
        pass
    finally:
        del os.environ['EVENTLET_NO_GREENDNS']


_import_futurist_without_greendns()
