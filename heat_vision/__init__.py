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

# NOTE(heat-vision): where eventlet is importable after all (it was
# imported before heat_vision, or HEAT_VISION_ALLOW_EVENTLET is set),
# futurist's import of it warns that it is deprecated; nothing here uses
# eventlet (hacking check HV101). Ignore that one warning, from that one
# module, and nothing else.
warnings.filterwarnings('ignore', message=r'\s*Eventlet is deprecated',
                        module=r'futurist\._utils')


def _hide_eventlet():
    """Make ``import eventlet`` fail in this process.

    futurist (for its green executors) and oslo_utils.eventletutils
    (which oslo.messaging's server imports) load eventlet whenever it is
    installed, and oslo.service requires it, so it always is. heat-vision
    runs on threads only and never uses it (hacking check HV101): it was
    41 modules and about 3 MB of every process, and with its green DNS
    (unless ``EVENTLET_NO_GREENDNS=yes``) dnspython, 0.3 s of CPU and
    14 MB more. Both import it in a ``try`` and treat an ImportError as
    "not installed" (``futurist._green``, ``futurist._utils``,
    ``oslo_utils.importutils.try_import``).

    ``HEAT_VISION_ALLOW_EVENTLET=1`` in the environment leaves it
    importable.
    """
    if ('eventlet' in sys.modules or
            os.environ.get('HEAT_VISION_ALLOW_EVENTLET') == '1'):
        return
    sys.modules['eventlet'] = None


_hide_eventlet()
