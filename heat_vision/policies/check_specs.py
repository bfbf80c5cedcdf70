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

"""oslo.policy's argument spec of each check, computed once per class.

``oslo_policy._checks._check`` asks ``inspect.getfullargspec`` of every
check of a rule's tree, for every decision, to know whether the check
takes the rule's name: about a fifth of the API's CPU for a stack list.
A check class's ``__call__`` does not change, so its spec is kept per
function; anything else goes to :mod:`inspect` unchanged.
"""

import inspect

from oslo_policy import _checks


class _RememberingInspect:
    """Stands for :mod:`inspect` in ``oslo_policy._checks``."""

    def __init__(self, module):
        self._module = module
        self._specs = {}

    def getfullargspec(self, func):
        key = getattr(func, '__func__', func)
        try:
            return self._specs[key]
        except KeyError:
            spec = self._specs[key] = self._module.getfullargspec(func)
            return spec
        except TypeError:   # an unhashable callable: not remembered
            return self._module.getfullargspec(func)

    def __getattr__(self, name):
        return getattr(self._module, name)


def install():
    """Idempotent; does nothing if oslo.policy no longer asks inspect."""
    if getattr(_checks, 'inspect', None) is inspect:
        _checks.inspect = _RememberingInspect(inspect)
