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

"""The children of a stack being deleted, read together.

A parent deleting a thousand children read each of them (its row, its
raw template, its resource rows) in a transaction of its own, two thirds
of a small child's delete. The first child a parent's delete asks for
reads every live child of the parent in three queries; the others are
taken from there. The parent's operation holds the tree's lock, so
nothing else changes them meanwhile but signals to their resources,
whose data a delete does not write back. A child the read did not find
is loaded as before (one already gone raises ``StackNotFound``).
"""

import threading

from heat_vision.db import resources as db_resources
from heat_vision.db import stacks as db_stacks
from heat_vision.engine import stack as stack_mod
from heat_vision.engine import states


class ChildLoader:
    """Loads the children of one parent, once (thread-safe)."""

    def __init__(self, parent):
        self._parent = parent
        self._lock = threading.Lock()
        self._read = None

    def load(self, child_id):
        """:returns: the child's runtime ``Stack``.

        :raises: StackNotFound
        """
        context = self._parent.context
        with self._lock:
            if self._read is None:
                self._read = _read_children(context, self._parent.id)
            found = self._read.pop(child_id, None)
        if found is None:
            return stack_mod.Stack.load(context, child_id)
        return stack_mod.Stack.from_rows(context, *found)


def _read_children(context, parent_id):
    """:returns: ``{child id: (row, raw template row, resource rows)}``."""
    rows, raws = db_stacks.live_children(context, parent_id)
    resources = db_resources.resource_rows_by_stack(
        context, [row.id for row in rows])
    return {row.id: (row, raws[row.raw_template_id], resources[row.id])
            for row in rows}


def load_child(parent, child_id):
    """The child's ``Stack``, read with its siblings while ``parent`` is
    deleted or rolled back (else on its own).

    :raises: StackNotFound
    """
    if (parent.row.status != states.IN_PROGRESS or
            parent.row.action not in (states.DELETE, states.ROLLBACK)):
        return stack_mod.Stack.load(parent.context, child_id)
    if parent.child_loader is None:
        with _LOCK:
            if parent.child_loader is None:
                parent.child_loader = ChildLoader(parent)
    return parent.child_loader.load(child_id)


_LOCK = threading.Lock()
