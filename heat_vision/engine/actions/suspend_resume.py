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

"""Stack suspend (dependents first) and resume (in dependency order).

Each resource runs its plugin's ``handle_suspend``/``check_suspend_complete``
(or the resume pair). As in Heat, a resource may be suspended only from a
stable state, and resumed only once suspended; resources never created
have nothing to suspend or resume and are left as they are.
"""

from heat_vision.engine.actions import common
from heat_vision.engine import scheduler
from heat_vision.engine import states


class InvalidState(Exception):
    """A resource is not in a state the action can start from."""


def _suspendable(row):
    if row.action == states.DELETE:
        return False
    return row.action == states.SUSPEND or row.status == states.COMPLETE


def _resumable(row):
    return row.action in (states.SUSPEND, states.RESUME) and not (
        row.action == states.SUSPEND and row.status != states.COMPLETE)


ACTIONS = {
    # action: (walk dependents first?, state check, handler names)
    states.SUSPEND: (True, _suspendable,
                     ('handle_suspend', 'check_suspend_complete')),
    states.RESUME: (False, _resumable,
                    ('handle_resume', 'check_resume_complete')),
}


def run_suspend(context, stack_id):
    """Suspend every resource that exists, dependents first."""
    _run(context, stack_id, states.SUSPEND)


def run_resume(context, stack_id):
    """Resume every suspended resource, in dependency order."""
    _run(context, stack_id, states.RESUME)


def _run(context, stack_id, action):
    reverse, allowed, (handle, check) = ACTIONS[action]
    stack, recorder, graph, deadline = common.open_action(context,
                                                          stack_id)
    if reverse:
        graph = scheduler.reverse(graph)

    def run_one(name):
        row = stack.rows[name]
        if row.action == states.INIT:
            return
        if not allowed(row):
            error = InvalidState('State (%s, %s) invalid for %s' % (
                row.action, row.status, action.lower()))
            recorder.resource_state(row, action, states.FAILED,
                                    common.describe(error))
            raise error
        return _act(stack, recorder, row, action, handle, check, deadline)

    try:
        result = common.run_resources(stack, graph, run_one, deadline)
        common.finish(recorder, action, result)
    finally:
        recorder.flush()


def _act(stack, recorder, row, action, handle, check, deadline):
    """Run one resource's handler pair, recording its states.

    A generator of the delays between polls (``common.create_steps``).
    """
    recorder.resource_state(row, action, states.IN_PROGRESS,
                            'state changed')
    try:
        plugin = stack.stored_plugin(row)
        token = getattr(plugin, handle)()
        yield from common.polling(lambda: getattr(plugin, check)(token),
                                  deadline, plugin)
    except Exception as exc:
        recorder.resource_state(row, action, states.FAILED,
                                common.describe(exc))
        raise
    recorder.resource_state(row, action, states.COMPLETE, 'state changed',
                            physical_resource_id=plugin.resource_id,
                            attr_data=plugin.data or None,
                            rsrc_metadata=plugin.metadata)
