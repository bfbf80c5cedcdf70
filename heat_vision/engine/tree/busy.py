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

"""Whether an operation of a nested stack's tree holds the nested stack.

A nested stack's operations run inline in its parent's walk, under the
lock of the tree's top-level stack (``tree.nested``): the nested stack
has no lock of its own and no thread of its own. Heat runs a nested
stack's operation in a thread of its own under the nested stack's own
lock (heat/engine/resources/stack_resource.py creates and updates the
child through the engine's RPC API, whose operations take
``StackLock``), so its ``delete_stack`` can cancel that thread alone and
delete the child (heat/engine/service.py). Here there is no such thread
to stop apart from the parent's walk: a direct operation on a nested
stack that its tree is running is refused, with the 409 that Heat's
``StackLock.acquire`` gives for a locked stack (``ActionInProgress``,
heat/engine/stack_lock.py), naming the stack whose operation runs.

That holds for every direct operation that changes a nested stack:
delete, update (PUT, PATCH), suspend, resume, check, snapshot, restore
and abandon. Heat's ``update_stack``, ``stack_suspend``,
``stack_resume``, ``stack_check``, ``stack_snapshot``,
``stack_restore`` and ``abandon_stack`` (heat/engine/service.py) take
the stack's own ``StackLock`` (``start_with_lock``, ``thread_lock``),
held by the child's operation while its parent's runs it. None of them
refuses a nested stack as such (``update_stack`` refuses only a
SUSPENDed or DELETEing stack): a child of an idle tree is acted on
directly, as there.

The other way round, an operation of a tree while a direct operation on
one of its nested stacks runs is refused before it starts
(``refuse_once_locked``), where Heat's fails at the nested stack's
resource when its walk meets the nested stack's lock.
"""

from heat_vision.common import exception
from heat_vision.db import locks as db_locks
from heat_vision.db import stacks as db_stacks
from heat_vision.engine import locks
from heat_vision.engine import states


def refuse_while_tree_runs(context, row):
    """Refuse an operation on nested stack ``row`` while its tree runs.

    The tree runs it when the stack itself or one of its ancestors is
    IN_PROGRESS (its parent's walk, a group's resize), or when a live
    engine holds an ancestor's lock. A top-level stack passes.

    :raises: ActionInProgress naming the highest stack of the chain that
        is busy, and its action.
    """
    busy = _busy_ancestor(context, row)
    if busy is None and row.status == states.IN_PROGRESS and row.owner_id:
        busy = row
    _refuse(busy)


def refuse_once_locked(context, row):
    """Refuse the operation on ``row`` whose lock this engine has just
    taken, when its tree's other end started meanwhile.

    The parent's walk acts on a nested stack inline, without the nested
    stack's lock, and a direct operation on a nested stack does not take
    its ancestors' locks. Each side takes its own lock first and then
    looks for the other's: a direct operation on ``row`` looks at its
    ancestors again (``refuse_while_tree_runs`` ran before its lock), an
    operation of ``row``'s tree looks for a nested stack of it that a
    live engine holds the lock of. Of two operations racing, at least
    one sees the other.

    :raises: ActionInProgress naming the busy stack and its action.
    """
    _refuse(_busy_ancestor(context, row) or
            _locked_descendant(context, row.id))


def _refuse(busy):
    if busy is not None:
        raise exception.ActionInProgress(stack_name=busy.name,
                                         action=busy.action)


def _busy_ancestor(context, row):
    """:returns: the highest ancestor of ``row`` that is IN_PROGRESS or
        that a live engine holds the lock of; None.
    """
    busy = live = None
    seen = {row.id}
    stack = row
    while stack.owner_id and stack.owner_id not in seen:
        try:
            stack = db_stacks.stack_get(context, stack.owner_id)
        except exception.StackNotFound:
            break
        seen.add(stack.id)
        if stack.status == states.IN_PROGRESS:
            busy = stack
            continue
        owner = db_locks.lock_owner(context, stack.id)
        if owner is not None:
            if live is None:
                live = locks.live_engines(context)
            if owner in live:
                busy = stack
    return busy


def _locked_descendant(context, stack_id):
    """:returns: a nested stack under ``stack_id`` whose lock a live
        engine holds (a direct operation on it runs); None.

    Nested stacks hold a lock only for a direct operation on them, so
    the one read finds none in the usual case.
    """
    held = db_locks.nested_locks(context)
    if not held:
        return None
    live = locks.live_engines(context)
    for nested_id, engine_id in held:
        if engine_id not in live or nested_id == stack_id:
            continue
        try:
            nested = db_stacks.stack_get(context, nested_id)
        except exception.StackNotFound:
            continue
        if _descends_from(context, nested, stack_id):
            return nested
    return None


def _descends_from(context, row, stack_id):
    seen = {row.id}
    while row.owner_id and row.owner_id not in seen:
        if row.owner_id == stack_id:
            return True
        try:
            row = db_stacks.stack_get(context, row.owner_id)
        except exception.StackNotFound:
            return False
        seen.add(row.id)
    return False
