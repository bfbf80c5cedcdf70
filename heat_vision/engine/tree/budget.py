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

"""``max_resources_per_stack`` over a whole tree, during a fresh create.

Every nested stack counts the resources of its whole tree before it is
stored, as Heat does. A count is one query, but it reads every resource
of the tree: a stack of a thousand nested stacks read the tree a
thousand times, the part of its create that grew faster than the stack.

While a top-level stack is created from nothing, a :class:`TreeBudget`
shared by every stack of its tree keeps an upper bound of the tree's
resources instead. The bound starts from a count; each nested stack
created in the tree reserves its planned resources (at least the rows
its store writes) before it is stored, and the tree is counted again only
when the bound would pass the limit. The bound must never fall below the
true figure, so it is used only where every stack added to the tree
reserves: in a fresh create, whose nested stacks are all created
through it (``nested.create_child``). Updates, take-overs and adoptions
count the tree for each nested stack, as before.

A scaling group that completed early could be resized by a signal while
the rest of its tree is still being created, possibly on another engine,
and the bound would not see its new members. So a group does not scale
while its tree's top-level stack is being created (:func:`creating`,
``StackFacade.tree_being_created``): its signals wait, pending, for an
engines' sweep after the create.
"""

import contextlib
import threading

from oslo_config import cfg

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.db import resources as db_resources
from heat_vision.db import stacks as db_stacks

CONF = cfg.CONF


def count_tree(context, root_id, leave_out=None):
    """The live resources of the tree of ``root_id`` (``leave_out``: a
    stack whose own resources are not counted).
    """
    return db_resources.resource_count_in_tree(
        context, root_id, CONF.max_nested_stack_depth, leave_out=leave_out)


def root_row(context, row):
    """:returns: the row of the top-level stack of ``row``'s tree."""
    while row.owner_id:
        row = db_stacks.stack_get(context, row.owner_id)
    return row


def creating(context, row):
    """:returns: whether the top-level stack of ``row``'s tree is being
        created (a budget may hold the tree's bound).
    """
    root = root_row(context, row)
    return (root.action, root.status) == ('CREATE', 'IN_PROGRESS')


def too_many(resource_name, count, limit):
    where = 'resources.%s: ' % resource_name if resource_name else ''
    return exception.RequestLimitExceeded(message=where + _(
        'the stack would have %(count)d resources with its nested '
        'stacks; at most %(limit)d are allowed '
        '(max_resources_per_stack).') % {'count': count, 'limit': limit})


class TreeBudget:
    """An upper bound of the resources of one tree, while its top-level
    stack is created (see the module's doc).
    """

    def __init__(self, context, root_id):
        self._context = context
        self._root_id = root_id
        self._lock = threading.Lock()
        self._upper = None
        # Reserved by stores that have not returned yet: a count of the
        # tree does not see them.
        self._in_flight = 0

    @contextlib.contextmanager
    def reserve(self, planned, limit, resource_name):
        """Reserve ``planned`` resources for a nested stack stored inside
        the ``with`` block.

        :raises: RequestLimitExceeded when the tree, counted again, has
            no room for them.
        """
        with self._lock:
            if self._upper is None or self._upper + planned > limit:
                # Planned counts overlap (a group's members are counted
                # by the group, then by its child): the bound may be far
                # above the truth by now.
                self._upper = count_tree(self._context, self._root_id) + \
                    self._in_flight
                if self._upper + planned > limit:
                    raise too_many(resource_name, self._upper + planned,
                                   limit)
            self._upper += planned
            self._in_flight += planned
        try:
            yield
        finally:
            # Stored (or failed): a count sees it now. The bound keeps
            # it either way.
            with self._lock:
                self._in_flight -= planned
