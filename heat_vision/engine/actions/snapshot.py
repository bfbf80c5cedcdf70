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

"""Stack snapshot: the stack's data, kept to restore the stack to later.

Every resource that exists goes SNAPSHOT_IN_PROGRESS then _COMPLETE; a
plugin with a ``handle_snapshot()`` may return a dict of what it needs
to be restored (a backup id ...), kept in the snapshot as its
``resource_data``. The snapshot stores the stack's abandon data, taken
once the stack is SNAPSHOT_COMPLETE (or _FAILED), with the snapshot's
status. Restore is an update back to the snapshot's template and
environment, as action RESTORE.
"""

from heat_vision.db import snapshots as db_snapshots
from heat_vision.engine.actions import abandon
from heat_vision.engine.actions import common
from heat_vision.engine import stack as stack_mod
from heat_vision.engine import states


def runner(snapshot_id):
    """:returns: ``f(context, stack_id)`` filling snapshot ``snapshot_id``.
    """
    def snapshot_stack(context, stack_id):
        run(context, stack_id, snapshot_id)
    return snapshot_stack


def run(context, stack_id, snapshot_id):
    """Snapshot every resource, then store the data in the snapshot."""
    stack, recorder, graph, deadline = common.open_action(context,
                                                          stack_id)
    extras = {}

    def snapshot_one(name):
        row = stack.rows[name]
        if row.action != states.INIT:
            extras[name] = _snapshot(stack, recorder, row)

    status, reason = states.FAILED, 'Snapshot failed'
    try:
        result = common.run_resources(stack, graph, snapshot_one, deadline)
        if result.ok:
            status = states.COMPLETE
            reason = common.COMPLETE_REASON % states.SNAPSHOT
        else:
            reason = common.failure_reason(states.SNAPSHOT, result)
    finally:
        recorder.flush()
        # The snapshot is complete before the stack says so.
        _store(context, stack_id, snapshot_id, extras, status, reason)
        common.set_stack_state(recorder, states.SNAPSHOT, status, reason)
        recorder.flush()


def _snapshot(stack, recorder, row):
    recorder.resource_state(row, states.SNAPSHOT, states.IN_PROGRESS,
                            'state changed')
    try:
        handle = getattr(stack.stored_plugin(row), 'handle_snapshot', None)
        extra = handle() if handle is not None else None
    except Exception as exc:
        recorder.resource_state(row, states.SNAPSHOT, states.FAILED,
                                common.describe(exc))
        raise
    recorder.resource_state(row, states.SNAPSHOT, states.COMPLETE,
                            'state changed')
    return extra if isinstance(extra, dict) else None


def _store(context, stack_id, snapshot_id, extras, status, reason):
    data = abandon.stack_data(stack_mod.Stack.load(context, stack_id))
    data['action'], data['status'] = states.SNAPSHOT, status
    for name, extra in extras.items():
        if extra and name in data['resources']:
            data['resources'][name]['resource_data'].update(extra)
    db_snapshots.snapshot_update(context, snapshot_id, {
        'data': data, 'status': status, 'status_reason': reason})


def delete(stack, snapshot_row):
    """Let the plugins drop what they kept for the snapshot, then the row.

    A plugin with ``handle_delete_snapshot(entry)`` gets its entry of the
    snapshot's data.
    """
    entries = (snapshot_row.data or {}).get('resources') or {}
    for name, entry in entries.items():
        row = stack.rows.get(name)
        if row is None:
            continue
        handle = getattr(stack.stored_plugin(row), 'handle_delete_snapshot',
                         None)
        if handle is not None:
            handle(entry)
    db_snapshots.snapshot_delete(stack.context, snapshot_row.id)
