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
from heat_vision.engine import locks
from heat_vision.engine import recorder as recorder_mod
from heat_vision.engine import states

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
    """Run a stack operation, then release the lock the call took."""
    try:
        operation(ctxt, stack_id)
    except Exception:
        LOG.exception('%s of stack %s failed unexpectedly',
                      operation.__module__, stack_id)
    finally:
        locks.release(ctxt, stack_id, engine_id)
