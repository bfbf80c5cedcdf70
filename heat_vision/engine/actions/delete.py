"""Stack delete (and the rollback of a failed create): reverse order."""

from heat_vision.db import stacks as db_stacks
from heat_vision.engine.actions import common
from heat_vision.engine import recorder as recorder_mod
from heat_vision.engine import scheduler
from heat_vision.engine import stack as stack_mod
from heat_vision.engine import states


def run(context, stack_id, action=states.DELETE):
    """Delete every resource that exists, dependents first.

    :param action: DELETE, or ROLLBACK for a failed create.
    """
    stack = stack_mod.Stack.load(context, stack_id)
    recorder = recorder_mod.Recorder(context, stack.row)
    common.set_stack_state(recorder, action, states.IN_PROGRESS,
                           'Stack %s started' % action)
    graph = scheduler.reverse({name: set(row.requires or ())
                               for name, row in stack.rows.items()})
    definitions = stack.definition.resource_definitions()
    deadline = common.deadline_of(stack.row)

    def delete_one(name):
        row = stack.rows[name]
        if row.action == states.INIT or (
                row.action == states.DELETE and
                row.status == states.COMPLETE):
            return
        rsrc_def = definitions.get(name)
        if rsrc_def is not None and rsrc_def.deletion_policy == 'Retain':
            recorder.resource_state(row, states.DELETE, states.COMPLETE,
                                    'Retained')
            return
        recorder.resource_state(row, states.DELETE, states.IN_PROGRESS,
                                'state changed')
        try:
            plugin = stack.plugin(name)
            token = plugin.handle_delete()
            common.wait_until(lambda: plugin.check_delete_complete(token),
                              deadline)
        except Exception as exc:
            recorder.resource_state(row, states.DELETE, states.FAILED,
                                    '%s: %s' % (type(exc).__name__, exc))
            raise
        recorder.resource_state(row, states.DELETE, states.COMPLETE,
                                'state changed')

    try:
        result = common.run_resources(stack, graph, delete_one, deadline)
        ok = common.finish(recorder, action, result)
    finally:
        recorder.flush()
    if ok and action == states.DELETE:
        db_stacks.stack_soft_delete(context, stack_id)
