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

"""CAMP 1.1 section 7.3.1, Selecting Attributes on a GET: ``select_attr``
(a comma-separated list, the parameter may repeat) returns only the
named attributes [PR-08, PR-10]; naming one the resource does not have
is 400 Bad Request [PR-09].
"""

import functools

import pecan

from heat_vision.common import exception
from heat_vision.common.i18n import _

PARAMETER = 'select_attr'
MAX_NAMES = 64


def wanted():
    """The attribute names the request selects (None: all of them)."""
    given = pecan.request.GET.getall(PARAMETER)
    if not given:
        return None
    names = [n.strip() for value in given for n in value.split(',')]
    names = [n for n in names if n]
    if not names or len(names) > MAX_NAMES:
        raise exception.InvalidParameter(reason=_(
            '%(param)s: name 1 to %(max)d attributes, comma-separated')
            % {'param': PARAMETER, 'max': MAX_NAMES})
    return names


def select(resource):
    """``resource`` (a CAMP resource's JSON), with only the selected
    attributes when the request selects some.
    """
    names = wanted()
    if names is None or not isinstance(resource, dict):
        return resource
    unknown = sorted(set(names) - set(resource))
    if unknown:
        raise exception.InvalidParameter(reason=_(
            '%(param)s: the resource has no attribute %(names)s (it has '
            '%(known)s)') % {'param': PARAMETER,
                             'names': ', '.join(unknown)[:200],
                             'known': ', '.join(sorted(resource))})
    return {k: v for k, v in resource.items() if k in names}


def selectable(handler):
    """A GET handler whose resource ``select_attr`` may narrow."""
    @functools.wraps(handler)
    def wrapper(*args, **kwargs):
        return select(handler(*args, **kwargs))
    return wrapper
