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

"""The stack a caller's identity names, its name and tenant checked."""

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.db import stacks as db_stacks


def stack_id_of(ctxt, identity, show_deleted=False):
    """The id of the stack ``identity`` names, checking name and tenant.

    :param show_deleted: a deleted stack too (else StackNotFound).
    """
    return stack_row_of(ctxt, identity, show_deleted).id


def stack_row_of(ctxt, identity, show_deleted=False, plain=False):
    """The row of the stack ``identity`` names (see ``stack_id_of``).

    :param plain: True for a plain row to read (``stack_get_plain``),
        not the ORM's instance.
    """
    try:
        stack_id = identity['stack_id']
        name = identity.get('stack_name')
    except (TypeError, KeyError):
        raise exception.InvalidParameter(
            reason=_('Invalid stack identity %s') % identity)
    get = db_stacks.stack_get_plain if plain else db_stacks.stack_get
    row = get(ctxt, stack_id, show_deleted=show_deleted)
    if name and row.name != name:
        raise exception.StackNotFound(name)
    return row
