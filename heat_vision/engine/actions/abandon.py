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

"""Stack abandon and export: the stack's data, in Heat's abandon shape.

Abandon forgets the stack (it ends DELETE_COMPLETE, like a delete, and
its resources are marked deleted) without deleting a real resource; the
data it returns is what adopt takes to manage them again. Export gives
the same data and keeps the stack.
"""

from oslo_utils import timeutils

from heat_vision.db import resources as db_resources
from heat_vision.db import stacks as db_stacks
from heat_vision.engine.actions import common
from heat_vision.engine import recorder as recorder_mod
from heat_vision.engine import states
from heat_vision.engine.tree import trust as stack_trust

ABANDONED = 'Abandoned'


def stack_data(stack):
    """The stack's abandon data (what export and snapshots store too).

    :param stack: a runtime ``Stack``.
    :returns: ``{id, name, action, status, template, environment, files,
        resources: {name: {...}}, project_id, stack_user_project_id,
        tags}``, plain JSON.
    """
    row = stack.row
    raw = db_stacks.raw_template_get(stack.context, row.raw_template_id)
    return {
        'id': row.id,
        'name': row.name,
        'action': row.action,
        'status': row.status,
        'template': raw.template,
        'environment': raw.environment or {},
        'files': raw.files or {},
        'resources': {name: resource_data(r)
                      for name, r in stack.rows.items()},
        'project_id': row.project_id,
        'stack_user_project_id': row.project_id,
        'tags': row.tags or [],
    }


def resource_data(row):
    """One resource's part of the abandon data."""
    return {
        'name': row.name,
        'resource_id': row.physical_resource_id,
        'type': row.type,
        'action': row.action,
        'status': row.status,
        'metadata': row.rsrc_metadata or {},
        'resource_data': row.attr_data or {},
    }


def forget(context, stack_row, rows):
    """Mark the stack and ``rows`` deleted, touching no real resource.

    The stack must be DELETE_IN_PROGRESS (``begin.claim``); it ends
    DELETE_COMPLETE and gone, as after a delete. Nested stacks of its
    resources are forgotten the same way.
    """
    recorder = recorder_mod.Recorder(context, stack_row)
    for row in rows:
        if row.action != states.INIT:
            recorder.resource_state(row, states.DELETE, states.COMPLETE,
                                    ABANDONED)
    try:
        common.set_stack_state(
            recorder, states.DELETE, states.COMPLETE,
            common.COMPLETE_REASON % states.DELETE,
            deleted_at=timeutils.utcnow())
    finally:
        recorder.flush()
    stack_trust.stack_gone(context, stack_row)
    for child in db_stacks.stack_get_children(context, [stack_row.id]):
        _forget_child(context, child)


def _forget_child(context, child_row):
    rows = db_resources.resource_get_all_by_stack(context, child_row.id)
    recorder = recorder_mod.Recorder(context, child_row)
    common.set_stack_state(recorder, states.DELETE, states.IN_PROGRESS,
                           'Stack DELETE started')
    recorder.flush()
    forget(context, child_row, [r for r in rows if r.replaced_by is None])
