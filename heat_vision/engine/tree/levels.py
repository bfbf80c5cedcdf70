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

"""A stack and its nested stacks down to a depth, one query per level.

Resource and event listings with ``nested_depth`` need the stacks below
a stack; nested stacks are stack rows whose ``owner_id`` is their
parent's id, and the parent resource is the one whose physical id is the
nested stack's id.
"""

import functools

from oslo_config import cfg

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.db import api as db_api
from heat_vision.db import resources as db_resources
from heat_vision.db import stacks as db_stacks
from heat_vision.engine import model
from heat_vision.engine import stack as stack_mod

CONF = cfg.CONF


def one_reader(method):
    """Run a read-only endpoint method's queries in one DB transaction.

    Each query function opens its own session otherwise; nested in this
    one they share a connection, which is most of a read's cost.
    """
    @functools.wraps(method)
    def wrapper(self, ctxt, *args, **kwargs):
        with db_api.reader(ctxt):
            return method(self, ctxt, *args, **kwargs)
    return wrapper


def stack_row(context, identity, show_deleted=False):
    """The stack row ``identity`` names, checking its name and tenant.

    :param show_deleted: a deleted stack too (else StackNotFound).
    :raises: StackNotFound, InvalidParameter
    """
    try:
        stack_id = identity['stack_id']
        name = identity.get('stack_name')
    except (TypeError, KeyError, AttributeError):
        raise exception.InvalidParameter(
            reason=_('Invalid stack identity %s') % (identity,))
    row = db_stacks.stack_get(context, stack_id, show_deleted=show_deleted)
    if name and row.name != name:
        raise exception.StackNotFound(name)
    return row


def check_depth(nested_depth):
    """:returns: the depth as an int, capped at max_nested_stack_depth.

    :raises: InvalidParameter if it is not a non-negative integer.
    """
    if nested_depth in (None, ''):
        return 0
    try:
        depth = int(nested_depth)
    except (TypeError, ValueError):
        depth = -1
    if depth < 0:
        raise exception.InvalidParameter(
            reason=_('nested_depth must be a non-negative integer, not '
                     '"%s"') % nested_depth)
    return min(depth, CONF.max_nested_stack_depth)


def walk(context, root_row, depth):
    """The stacks from ``root_row`` down ``depth`` levels.

    :returns: ``(rows, children)``: the stack rows, root first, then
        level by level; and ``{stack id: [child rows]}`` for every listed
        stack (so that the deepest level's nested stacks can be linked).
    """
    rows, children = [root_row], {}
    level = [root_row]
    for current in range(depth + 1):
        found = db_stacks.stack_get_children(context,
                                             [r.id for r in level])
        for child in found:
            children.setdefault(child.owner_id, []).append(child)
        if current == depth:
            break
        level = found
        rows.extend(found)
        if not level:
            break
    return rows, children


def runtime(context, row, resource_rows=None):
    """The runtime ``Stack`` of an already loaded stack row.

    :param resource_rows: its resource rows, when already loaded.
    """
    raw = db_stacks.raw_template_get(context, row.raw_template_id)
    definition = model.build_definition(
        raw.template, raw.environment, raw.files, row.name, row.id,
        row.project_id)
    if resource_rows is None:
        resource_rows = db_resources.resource_get_all_by_stack(context,
                                                               row.id)
    return stack_mod.Stack(context, row, definition, resource_rows)
