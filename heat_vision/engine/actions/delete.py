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

"""Stack delete (and the rollback of a failed create): reverse order."""

from oslo_utils import timeutils

from heat_vision.engine.actions import common
from heat_vision.engine import recorder as recorder_mod
from heat_vision.engine import scheduler
from heat_vision.engine import stack as stack_mod
from heat_vision.engine import states
from heat_vision.engine.tree import trust as stack_trust


def begin(context, stack_row, action=states.DELETE, now=True):
    """Put the stack in ``action`` IN_PROGRESS (before the call returns,
    unless ``now`` is False: then with the walk's first batch).

    :returns: the ``Recorder`` that wrote it, which knows the room left
        under the event cap (a walk that goes on with it need not count
        the stack's events again).
    """
    recorder = recorder_mod.Recorder(context, stack_row)
    common.set_stack_state(recorder, action, states.IN_PROGRESS,
                           'Stack %s started' % action, now=now)
    return recorder


def run(context, stack_id, action=states.DELETE, row=None, stack=None,
        recorder=None):
    """Delete every resource that exists, dependents first.

    :param action: DELETE, or ROLLBACK for a failed create.
    :param row: the stack's row, when the caller has just read it.
    :param stack: the stack's runtime ``Stack``, when the caller has just
        loaded it.
    :param recorder: the ``Recorder`` to record with (a nested stack's
        whose parent's batches write it, ``tree.batched``).
    """
    if stack is None:
        stack = stack_mod.Stack.load(context, stack_id, row=row)
    if recorder is not None:
        common.set_stack_state(recorder, action, states.IN_PROGRESS,
                               'Stack %s started' % action, now=False)
    elif (stack.row.action, stack.row.status) != (action,
                                                  states.IN_PROGRESS):
        # A nested stack is deleted inline by its parent resource, whose
        # own state says the delete is under way: its IN_PROGRESS, a
        # transaction of its own per child, goes with its first batch.
        recorder = begin(context, stack.row, action,
                         now=stack.row.owner_id is None)
    else:
        recorder = recorder_mod.Recorder(context, stack.row)
    graph = scheduler.reverse({name: set(row.requires or ())
                               for name, row in stack.rows.items()})
    definitions = stack.definition.resource_definitions()
    deadline = common.deadline_of(stack.row)

    def delete_one(name):
        rsrc_def = definitions.get(name)
        return common.delete_steps(
            stack, recorder, stack.rows[name], deadline,
            policy=rsrc_def.deletion_policy if rsrc_def else 'Delete')

    # A deleted stack disappears in the same update that completes it.
    gone = {'deleted_at': timeutils.utcnow()} if action == states.DELETE \
        else {}
    try:
        result = common.run_resources(stack, graph, delete_one, deadline,
                                      recorder)
        common.finish(recorder, action, result, **gone)
    finally:
        recorder.flush()
    if result.ok:
        # Gone, or a create rolled back: the trust serves no more.
        stack_trust.stack_gone(context, stack.row)
