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

A parent's update reads its children the same way, from the second
child it updates on (an update that changes one child of a thousand
reads only that one): the child's row and resource rows, which the
update of a child of light resources (nothing outside the database, no
signals: ``OS::Heat::None``, ``Value`` ...) takes as read. A child with
other resources is read again on its own, as a signal may have written
its resources' data since.
"""

import threading

from heat_vision.common import exception
from heat_vision.db import resources as db_resources
from heat_vision.db import stacks as db_stacks
from heat_vision.engine import stack as stack_mod
from heat_vision.engine import states
from heat_vision.engine.tree import batched
from heat_vision.resources import registry


class ChildLoader:
    """Loads the children of one parent, once (thread-safe)."""

    def __init__(self, parent):
        self._parent = parent
        self._lock = threading.Lock()
        self._read = None
        self._asked = 0

    def rows_for_update(self, child_id):
        """:returns: ``(row, raw template row, resource rows)`` of the
            child as read with its siblings, or None for the first child
            asked for (read on its own) and a child not found in the
            read.
        """
        with self._lock:
            self._asked += 1
            if self._asked == 1:
                return None
            if self._read is None:
                self._read = _read_children(self._parent.context,
                                            self._parent.id)
            found = self._read.pop(child_id, None)
        return found

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


def child_for_update(parent, child_id):
    """``(row, resource rows)`` of a child of light resources that
    ``parent``'s update updates, read with its siblings; or None (the
    caller reads it on its own).
    """
    if (parent.row.status != states.IN_PROGRESS or
            parent.row.action not in (states.UPDATE, states.ROLLBACK)):
        return None
    with _LOCK:
        if parent.child_loader is None:
            parent.child_loader = ChildLoader(parent)
    found = parent.child_loader.rows_for_update(child_id)
    if found is None or not _all_light(found[1], found[2]):
        return None
    return found[0], found[2]


def _all_light(raw, resource_rows):
    """Whether every resource is of a light type (``tree.batched``),
    named as registered (no mapping of the child's environment).
    """
    mappings = (raw.environment or {}).get('resource_registry') or {}
    if any(mappings.values()):
        return False
    try:
        return all(batched.light(registry.get_class(resource.type))
                   for resource in resource_rows)
    except exception.ResourceTypeNotFound:
        return False


_LOCK = threading.Lock()
