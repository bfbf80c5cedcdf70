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

"""CAMP 1.1 updates: PATCH with a JSON Patch (RFC 6902,
``application/json-patch+json``) of a resource's representation.

The patch is applied to the representation as a GET returns it; the
attributes it changes must be ones the consumer may change (CAMP's
"Consumer-mutable"), else 403 Forbidden. A malformed patch is 400, a
failed ``test`` operation 409 Conflict (RFC 5789's conflicting state).
"""

import jsonpatch
import jsonpointer

from heat_vision.common import exception
from heat_vision.common.i18n import _

MEDIA_TYPE = 'application/json-patch+json'
MAX_OPERATIONS = 100


class NotMutable(exception.Forbidden):
    msg_fmt = _('%(reason)s')


def apply(resource, operations, mutable):
    """:returns: ``{attribute: new value}`` of what ``operations`` change.

    :param resource: the representation (a dict) as GET shows it.
    :param mutable: the attributes the consumer may change.
    """
    if not isinstance(operations, list) or not operations or \
            len(operations) > MAX_OPERATIONS:
        raise exception.InvalidParameter(reason=_(
            'a JSON Patch is a list of 1 to %d operations (RFC 6902)')
            % MAX_OPERATIONS)
    try:
        patched = jsonpatch.JsonPatch(operations).apply(resource)
    except jsonpatch.JsonPatchTestFailed as exc:
        raise exception.Conflict(reason=_('JSON Patch test failed: %s')
                                 % str(exc)[:200])
    except (jsonpatch.JsonPatchException, jsonpointer.JsonPointerException,
            TypeError, ValueError, KeyError, AttributeError) as exc:
        raise exception.InvalidParameter(reason=_('JSON Patch: %s')
                                         % str(exc)[:200])
    if not isinstance(patched, dict):
        raise exception.InvalidParameter(
            reason=_('JSON Patch: the resource must stay an object'))
    changed = {k for k in set(resource) | set(patched)
               if resource.get(k) != patched.get(k) or
               (k in resource) != (k in patched)}
    fixed = sorted(changed - set(mutable))
    if fixed:
        raise NotMutable(reason=_(
            'JSON Patch: %(names)s cannot be changed (the consumer may '
            'change %(mutable)s)') % {'names': ', '.join(fixed)[:200],
                                      'mutable': ', '.join(mutable)})
    return {k: patched.get(k) for k in changed}
