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

"""Batch arithmetic of ResourceGroup's batch_create and rolling_update.

Pure functions, in Heat's terms: a batch is the group's size for one
step and how many members get the new definition in it.
"""

import itertools
import time

GROUP_TEMPLATE_VERSION = '2015-04-30'


def member_names(size, removed):
    """The first ``size`` indices (as strings) not in ``removed``.

    Like Heat, names removed by a removal policy are never used again;
    names dropped by a plain shrink come back when the group grows.
    """
    candidates = (str(i) for i in itertools.count())
    return list(itertools.islice(
        (name for name in candidates if name not in removed), size))


def _next_batch(target, current, up_to_date, batch_size, min_in_service):
    """:returns: (the group's size for this batch, members updated)."""
    keep = min(min_in_service, target, current)
    updating = min(batch_size, max(target - up_to_date, 0))
    return updating + max(min(current, target - updating), keep), updating


def batches(target, current, batch_size, min_in_service=0, up_to_date=0):
    """Every batch taking ``current`` members to ``target`` new ones.

    :param up_to_date: how many of the current members already have the
        new definition.
    :returns: a list of (size, number of members with the new definition).
    """
    steps = []
    while not up_to_date >= current == target:
        size, updating = _next_batch(target, current, up_to_date,
                                     batch_size, min_in_service)
        steps.append((size, updating))
        up_to_date += updating - max(size - max(current, target), 0)
        current = size
    return steps


def batch_members(old, new_names, size, num_new, new_definition):
    """The members of one batch, as ``[(name, definition)]``.

    :param old: ``[(name, definition)]`` of the existing members, those to
        remove or replace first at the front.
    :param new_names: an iterator of names for members to add.
    :param new_definition: ``callable(name)`` giving a member's new
        definition.
    """
    old = old[-size:] if size else []
    replace = num_new - (size - len(old))
    members = []
    for name, definition in old:
        wanted = new_definition(name)
        if definition != wanted and replace > 0:
            replace -= 1
            definition = wanted
        members.append((name, definition))
    while len(members) < size:
        name = next(new_names)
        members.append((name, new_definition(name)))
    return members


def child_template(members):
    """The group's child template of ``[(name, definition)]``."""
    return {'heat_template_version': GROUP_TEMPLATE_VERSION,
            'resources': dict(members)}


def pause(stack, seconds, deadline):
    """Wait between two batches of ``stack``'s operation, less if it is
    cancelled (the engine's cancel is raised then).

    :raises: TimeoutError past deadline.
    """
    if deadline is not None:
        seconds = min(seconds, deadline - time.monotonic())
    if seconds > 0:
        stack.pause(seconds)
    if deadline is not None and time.monotonic() >= deadline:
        raise TimeoutError('timed out')
