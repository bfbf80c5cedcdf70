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

"""pecan's controller argument spec, computed once per controller.

For every request pecan asks ``getargspec(controller)`` to drop query
parameters the controller does not take; pecan's compat version builds a
new ``namedtuple`` class each time, which was about a twentieth of a
stack list's CPU. A controller's signature does not change, so the
answer is kept per function (the set of controllers is fixed).
"""

import pecan.core
import pecan.util

_original = pecan.util.getargspec
_specs = {}


def getargspec(controller):
    """pecan's ``getargspec``, remembered per underlying function."""
    key = getattr(controller, '__func__', controller)
    try:
        return _specs[key]
    except KeyError:
        spec = _specs[key] = _original(controller)
        return spec
    except TypeError:   # an unhashable callable: not remembered
        return _original(controller)


def install():
    """Make pecan's request handling use :func:`getargspec`."""
    pecan.core.getargspec = getargspec
