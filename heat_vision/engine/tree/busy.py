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
    busy = row if row.status == states.IN_PROGRESS and row.owner_id \
        else None
    live = None
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
    if busy is not None:
        raise exception.ActionInProgress(stack_name=busy.name,
                                         action=busy.action)
