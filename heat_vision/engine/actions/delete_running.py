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

"""Deleting a stack that an operation holds (its lock is taken).

As Heat's ``delete_stack`` (heat/engine/service.py): the lock is tried,
not taken re-entrantly (``StackLock.try_thread_lock``). Free, the delete
starts. Held by a live engine (this one included), a running create or
update is cancelled without rollback (``THREAD_CANCEL``, sent to the
engine holding the lock); then, whatever runs (a delete already under
way too), the request is accepted and the delete waits for the lock, as
long as Heat's ``error_wait_time + 10`` seconds, reads the stack again
and deletes what is left (Heat's ``wait_then_delete``). So a DELETE sent
while the stack's delete runs starts no second delete beside it; if the
first one deleted the stack, the waiter finds it gone and stops.

One waiter per stack and engine: a DELETE that finds one waiting joins
it (what it would do is the same), so retries do not fill the pool.
"""

import threading
import time

from oslo_log import log as logging

from heat_vision.common import exception
from heat_vision.db import locks as db_locks
from heat_vision.db import stacks as db_stacks
from heat_vision.engine.actions import begin
from heat_vision.engine.actions import cancel
from heat_vision.engine.actions import delete
from heat_vision.engine import locks
from heat_vision.engine import pool
from heat_vision.engine import states
from heat_vision.engine.tree import busy
from heat_vision.rpc import engine_client

LOG = logging.getLogger(__name__)

# Heat's error_wait_time (240 s) + 10.
WAIT_FOR_CANCEL = 250
POLL = 0.1

CANCELLABLE = (states.CREATE, states.UPDATE)

_WAITING_LOCK = threading.Lock()
_WAITING = set()        # (engine id, stack id) of the deletes waiting


def send_cancel(ctxt, stack_row, engine_id, with_rollback):
    """Ask the engine running the stack's operation to cancel it.

    :returns: True if an engine running it got the request.
    """
    owner = db_locks.lock_owner(ctxt, stack_row.id)
    if owner is None or owner == engine_id:
        sent = cancel.request(stack_row.id, with_rollback)
    elif locks.owner_alive(ctxt, owner):
        sent = engine_client.EngineClient().cancel_running_update(
            ctxt, stack_row.id, with_rollback, owner)
    else:
        sent = False
    if sent:
        LOG.info('Cancel of the %s of stack %s sent to engine %s',
                 stack_row.action, stack_row.id, owner)
    return sent


def lock_for_delete(ctxt, stack_row, engine_id):
    """Take the stack's lock for a delete, unless an operation holds it.

    As Heat's ``delete_stack``, the lock is tried (not re-entrant, so a
    delete, or any other operation, running on this engine holds it too);
    a dead engine's lock is taken over. An operation holding it that can
    be cancelled (a create or an update) is asked to stop.

    :returns: True if this engine now holds the lock; False if an
        operation does, and the delete must wait for it
        (``delete_when_stopped``).
    """
    owner = db_locks.lock_create(ctxt, stack_row.id, engine_id)
    if owner is None:
        return True
    if (owner != engine_id and not locks.owner_alive(ctxt, owner) and
            db_locks.lock_steal(ctxt, stack_row.id, owner, engine_id)):
        return True
    if (stack_row.status == states.IN_PROGRESS and
            stack_row.action in CANCELLABLE):
        send_cancel(ctxt, stack_row, engine_id, False)
    LOG.info('Stack %s: its %s holds it; the delete waits for it',
             stack_row.id, stack_row.action)
    return False


def wait_then_delete(spawn, ctxt, stack_row, engine_id):
    """Run ``delete_when_stopped`` on a worker (``spawn``), unless this
    engine has a delete of the stack waiting already.
    """
    key = (engine_id, stack_row.id)
    with _WAITING_LOCK:
        if key in _WAITING:
            LOG.info('Stack %s: a delete waits for it already',
                     stack_row.id)
            return
        _WAITING.add(key)
    try:
        spawn(_waiter, ctxt, stack_row, engine_id)
    except Exception:
        _forget(key)
        raise


def _waiter(ctxt, stack_row, engine_id):
    try:
        delete_when_stopped(ctxt, stack_row, engine_id)
    finally:
        _forget((engine_id, stack_row.id))


def _forget(key):
    with _WAITING_LOCK:
        _WAITING.discard(key)


def delete_when_stopped(ctxt, stack_row, engine_id, clock=time.monotonic,
                        sleep=time.sleep):
    """Take the stack's lock once the cancelled operation let it go (and
    no direct operation on a nested stack of it runs), then delete the
    stack (in the calling thread).
    """
    deadline = clock() + WAIT_FOR_CANCEL
    while not _taken_with_idle_tree(ctxt, stack_row, engine_id):
        if pool.stopping():
            LOG.warning('Stack %s: engine stopping; its delete, which '
                        'waited for the %s, is not run', stack_row.id,
                        stack_row.action)
            return
        if clock() >= deadline:
            LOG.warning('Stack %s: the cancelled %s, or a direct '
                        'operation on one of its nested stacks, did not '
                        'end in %d s; not deleted', stack_row.id,
                        stack_row.action, WAIT_FOR_CANCEL)
            return
        sleep(POLL)
    # Read again under the lock, as Heat's wait_then_delete reloads: a
    # delete sent twice while the operation stopped has two waiters, and
    # the first may have deleted the stack already.
    try:
        stack_row = db_stacks.stack_get(ctxt, stack_row.id)
    except exception.StackNotFound:
        locks.release(ctxt, stack_row.id, engine_id)
        return
    try:
        delete.begin(ctxt, stack_row)
    except Exception:
        locks.release(ctxt, stack_row.id, engine_id)
        raise
    begin.run_locked(ctxt, stack_row.id, delete.run, engine_id)


def _taken_with_idle_tree(ctxt, stack_row, engine_id):
    """Take the stack's lock (``_lock_released_to``) once no direct
    operation on one of its nested stacks runs either
    (``tree.busy.refuse_once_locked``): the delete waits for that one
    too, as Heat's parent delete waits, through the nested stack's
    ``delete_stack``, for the operation that holds its lock
    (heat/engine/service.py).
    """
    if not _lock_released_to(ctxt, stack_row.id, engine_id):
        return False
    try:
        busy.refuse_once_locked(ctxt, stack_row)
    except exception.ActionInProgress as busy_now:
        LOG.debug('Stack %s: its delete waits: %s', stack_row.id, busy_now)
        locks.release(ctxt, stack_row.id, engine_id)
        return False
    return True


def _lock_released_to(ctxt, stack_id, engine_id):
    """Take the lock the cancelled operation held, once it let it go.

    The lock is re-entrant for ``locks.acquire``; here this engine's own
    lock means its operation still runs. A dead owner's is taken over.
    """
    owner = db_locks.lock_create(ctxt, stack_id, engine_id)
    if owner is None:
        return True
    return (owner != engine_id and not locks.owner_alive(ctxt, owner) and
            db_locks.lock_steal(ctxt, stack_id, owner, engine_id))
