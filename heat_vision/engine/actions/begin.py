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

"""Starting a stack operation: lock the stack and mark it IN_PROGRESS;
running it, then releasing the lock.

The state change is a compare-and-set on the status read, so that of two
requests racing on one stack (even on one engine, whose lock is
re-entrant) only one starts; the other gets 409.
"""

from oslo_log import log as logging

from heat_vision.common import exception
from heat_vision.db import stacks as db_stacks
from heat_vision.engine.actions import common
from heat_vision.engine.actions import resume
from heat_vision.engine import locks
from heat_vision.engine import pool
from heat_vision.engine import recorder as recorder_mod
from heat_vision.engine import states
from heat_vision.engine.tree import busy

LOG = logging.getLogger(__name__)


def claim(context, stack_row, engine_id, action, **values):
    """Take the stack's lock and put it in ``action`` IN_PROGRESS.

    :param values: other stack columns to set in the same write.
    :raises: ActionInProgress if the stack is busy.
    """
    if stack_row.status == states.IN_PROGRESS:
        raise exception.ActionInProgress(stack_name=stack_row.name,
                                         action=stack_row.action)
    locks.acquire(context, stack_row, engine_id, action)
    reason = 'Stack %s started' % action
    values.update(action=action, status=states.IN_PROGRESS,
                  status_reason=reason)
    try:
        busy.refuse_once_locked(context, stack_row)
        if not db_stacks.stack_update(context, stack_row.id, dict(values),
                                      expected_status=stack_row.status):
            raise exception.ActionInProgress(stack_name=stack_row.name,
                                             action=stack_row.action)
    except Exception:
        locks.release(context, stack_row.id, engine_id)
        raise
    for column, value in values.items():
        setattr(stack_row, column, value)
    recorder = recorder_mod.Recorder(context, stack_row)
    recorder.stack_event(action, states.IN_PROGRESS, reason)
    recorder.flush()


def run_locked(ctxt, stack_id, operation, engine_id):
    """Run a stack operation, then release the lock the call took.

    An operation that its engine's stop halted (``pool.EngineStopping``)
    keeps the lock: the engine leaves the service list as it stops, so
    the next engine's heartbeat takes the stack over at once
    (``actions.takeover``) and carries the operation on. One that cannot
    be carried on (``resume.RESUMABLE``) ends FAILED first.
    """
    kept = False
    try:
        operation(ctxt, stack_id)
    except pool.EngineStopping:
        kept = _halted(ctxt, stack_id)
    except Exception:
        LOG.exception('%s of stack %s failed unexpectedly',
                      operation.__module__, stack_id)
    finally:
        if not kept:
            locks.release(ctxt, stack_id, engine_id)


def _halted(ctxt, stack_id):
    """:returns: True if the halted operation of ``stack_id`` is left
        IN_PROGRESS for a take-over (else it is FAILED now).
    """
    try:
        row = db_stacks.stack_get(ctxt, stack_id)
    except exception.StackNotFound:
        return False
    if row.status != states.IN_PROGRESS:
        return False
    if row.action in resume.RESUMABLE:
        LOG.info('Engine stopping: the %s of stack %s (%s) is left for '
                 'another engine to take over', row.action, row.name,
                 row.id)
        return True
    # As Heat's engine says it of an operation its engine left
    # (heat/engine/service.py, reset_stack_status).
    common.set_stack_state(recorder_mod.Recorder(ctxt, row), row.action,
                           states.FAILED,
                           'Engine went down during stack %s' % row.action)
    return False
