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

"""Nested stacks created and deleted in their parent's batches.

A child stack whose resources are all light (their plugins declare
``runs_in_walk`` and make nothing outside the database: ``OS::Heat::None``
members of a group, ``OS::Heat::Value`` ...) is created in memory on the
parent's thread, then stored whole, as its create left it (stack row,
resource rows, events, the parent resource's physical id), by the
parent walk's next flush. The thousand children of one parent then cost
a few statements per flush instead of two transactions each. The parent
resource is complete only after that flush (``Stack.store_with_next_
flush``), so whoever reads the child through it finds it stored; an
engine that dies before the flush leaves no child behind, and the parent
resource, with no physical id yet, is created again by the take-over.

A child of light resources being deleted by its parent's delete (or
rollback) is deleted in the same way: its walk records its states on a
recorder whose writes (resource states, events, the stack's final state)
the parent walk's next flush makes with every other child's, and its
parent resource is deleted only after that flush. An engine that dies
before it leaves the child as it was, for the take-over to delete.
"""

import dataclasses

from oslo_config import cfg
from oslo_utils import timeutils

from heat_vision.db import events as db_events
from heat_vision.db import resources as db_resources
from heat_vision.db import stacks as db_stacks
from heat_vision.engine.actions import common
from heat_vision.engine.actions import create
from heat_vision.engine.actions import delete
from heat_vision.engine import model
from heat_vision.engine import recorder as recorder_mod
from heat_vision.engine import stack as stack_mod
from heat_vision.engine import states

CONF = cfg.CONF


def applies(parent, definition, shape=None):
    """:param shape: the child's ``Shape``, if known (its siblings').
    :returns: whether the child of ``definition`` can be stored in the
        batches of ``parent``'s walk.
    """
    if not stores_children(parent):
        return False
    if shape is None:
        shape = Shape(definition)
    return shape.light


def stores_children(parent):
    """Whether ``parent``'s walk may store children of light resources
    in its batches (a create's walk, with a recorder of its own).
    """
    # An update's new resources may be replacements, not the rows
    # ``parent.rows`` holds by their names.
    return not (parent.recorder is None or
                parent.recorder.stores_rows_later or
                (parent.row.action, parent.row.status) !=
                (states.CREATE, states.IN_PROGRESS))


class Shape:
    """What the children of one content (template, files, environment)
    share, found from the first one's definition: whether all their
    resources are light, and the values of their resource rows but the
    stack's id. A thousand group members or ``OS::Heat::Stack`` of one
    template look their plugin classes up and sort their dependencies
    once, not once each.
    """

    def __init__(self, definition):
        try:
            self.light = all(
                light(model.resource_class(definition, rsrc_def))
                for rsrc_def in definition.resource_definitions().values())
        except Exception:
            self.light = False
        # Only a child stored in batches uses them.
        self._values = (create.resource_values(None, definition)
                        if self.light else None)

    def resource_values(self, stack_id, definition):
        """``create.resource_values`` of a child of this shape."""
        if self._values is None:
            return create.resource_values(stack_id, definition)
        # Copies: a row's lists are its own.
        return [dict(values, stack_id=stack_id,
                     requires=list(values['requires']),
                     implicit_requires=(
                         list(values['implicit_requires'])
                         if values['implicit_requires'] is not None
                         else None))
                for values in self._values]


def light(plugin_class):
    """Whether resources of ``plugin_class`` run their steps on the
    walk's thread and make nothing outside the database.
    """
    return (common.declares_runs_in_walk(plugin_class) and
            vars(plugin_class).get('creates_external') is False)


class _Deferred(recorder_mod.Recorder):
    """A recorder that never writes: its parent walk's flush does."""

    stores_rows_later = True

    def flush_if_due(self):
        pass

    def _flush_unless_busy(self):
        pass

    def flush(self, also=None):
        if also is not None:
            raise NotImplementedError('set_stack_state queues its values')

    def queue_stack_values(self, values):
        raise NotImplementedError


class LaterRecorder(_Deferred):
    """Records a new stack's create on its rows, for a later store."""

    def __init__(self, context, stack_row):
        super().__init__(context, stack_row, new_stack=True)

    def resource_state(self, row, action, status, reason='', **fields):
        now = timeutils.utcnow()
        event = recorder_mod.event_of(self.stack_row, row, action, status,
                                      reason, fields, now)
        self.queue_fields(row, action=action, status=status,
                          status_reason=reason, updated_at=now, **fields)
        with self._lock:
            self._events.append(event)

    def queue_fields(self, row, **fields):
        for key, value in fields.items():
            setattr(row, key, value)

    def queue_insert(self, values):
        raise NotImplementedError('a stack stored later only creates')

    def queue_stack_values(self, values):
        """The stack's row is stored as it is left (nothing to queue)."""

    def taken(self):
        """:returns: the events and the queued batches, emptied."""
        with self._lock:
            events, batches = self._events, self._batches
            self._events, self._batches = [], {}
        cap = CONF.max_events_per_stack
        if cap and len(events) > cap:
            # What the cap's purge would have left.
            events = events[-cap:]
        return events, batches


@dataclasses.dataclass
class _Child:
    """What one child's store writes."""

    stack_row: object
    resource_rows: list
    events: list
    batches: dict
    parent_row_id: int
    release: object     # called once stored (the tree budget's count)
    digest: str         # of its raw template
    template_id: int    # its row's id, when a sibling stored it before
    template: tuple     # (template, files, environment)
    known_templates: dict   # the parent's ``child_templates``


def _store_templates(context, children):
    """Point every child at its raw template's row, storing those no
    sibling stored before.

    :returns: what to run once they are committed: the parents learn
        the new rows' ids.
    """
    # Decided by what was known when queued, not by the rows: a
    # deadlock's victim is written again, its inserts rolled back.
    missing = {c.digest: c.template for c in children
               if c.template_id is None}
    if not missing:
        return None
    ids = db_stacks.raw_template_ids(context, missing)
    for child in children:
        if child.template_id is None:
            child.stack_row.raw_template_id = ids[child.digest]

    def learn():
        for child in children:
            child.known_templates.setdefault(
                child.digest, child.stack_row.raw_template_id)
    return learn


def _store_children(context, children):
    """The parent recorder's batch writer: every child queued since its
    last flush, in its transaction.
    """
    learn = _store_templates(context, children)
    db_stacks.stack_insert_many(context, [c.stack_row for c in children])
    db_resources.resource_insert(
        context, [row for c in children for row in c.resource_rows],
        with_ids=False)
    db_events.event_insert_many(
        context, [event for c in children for event in c.events])
    db_resources.resource_update_many(context, [
        {'id': c.parent_row_id, 'physical_resource_id': c.stack_row.id}
        for c in children])
    after = [c.release for c in children if c.release is not None]
    if learn is not None:
        after.append(learn)
    return _write_batches(context, children, after)


def _write_batches(context, children, after):
    """Write the batches the children's plugins queued (software
    configs ...). :returns: what to run once written, or None.
    """
    for child in children:
        for write, items in child.batches.items():
            then = write(context, items)
            if then is not None:
                after.append(then)
    if after:
        return lambda: [then() for then in after]
    return None


def create_child(parent, resource_name, new, digest, budget, release,
                 shape=None):
    """Create the child ``new`` (a ``create.NewStack``) in memory and
    queue its store in the parent walk's batches.

    :param digest: its raw template's content hash.
    :param release: called once the child is stored (or None).
    :param shape: its ``Shape``, if known (its siblings').
    :returns: the child's row as the create left it.
    """
    context = parent.context
    if shape is None:
        shape = Shape(new.definition)
    # Its raw template is stored by the same flush, unless a sibling's
    # is already (the flush sets the id).
    row = db_stacks.new_stack_row(create.stack_values(
        context, new, parent.child_templates.get(digest)))
    rows = [db_resources.new_row(values)
            for values in shape.resource_values(row.id, new.definition)]
    for number, resource_row in enumerate(rows, 1):
        # Placeholders, to tell the rows apart in memory: the insert
        # leaves the ids to the database.
        resource_row.id = -number
    child = stack_mod.Stack(context, row, new.definition, rows)
    child.files = new.files or {}
    recorder = LaterRecorder(context, row)
    create.run(context, row.id, budget=budget, new_stack=True, stack=child,
               recorder=recorder)
    events, batches = recorder.taken()
    parent.store_with_next_flush(resource_name, row.id)
    parent.recorder.queue_batch(_store_children, _Child(
        row, rows, events, batches, parent.rows[resource_name].id,
        release, digest, row.raw_template_id,
        (new.template, new.files, new.environment), parent.child_templates))
    return row


def deletes_in_batches(parent, child):
    """:returns: whether the delete of ``child`` (its runtime ``Stack``)
        can be written by the batches of ``parent``'s delete walk.
    """
    if (parent.recorder is None or parent.recorder.stores_rows_later or
            parent.row.status != states.IN_PROGRESS or
            parent.row.action not in (states.DELETE, states.ROLLBACK) or
            child.superseded or child.unfinished):
        return False
    try:
        return all(light(model.class_for_type(child.definition, row.type,
                                              row.name))
                   for row in child.rows.values())
    except Exception:
        return False


class JoinedRecorder(_Deferred):
    """Queues a stored stack's changes for its parent walk's flush."""

    def __init__(self, context, stack_row):
        super().__init__(context, stack_row)
        self._stack_values = {}

    def queue_insert(self, values):
        raise NotImplementedError('a joined stack only deletes')

    def queue_stack_values(self, values):
        self._stack_values.update(values)

    def taken(self):
        """:returns: a ``_Joined`` of what was queued, emptied."""
        with self._lock:
            joined = _Joined(self.stack_row.id,
                             list(self._updates.values()), self._events,
                             self._batches, self._stack_values)
            self._updates, self._events, self._batches = {}, [], {}
            self._stack_values = {}
        return joined


@dataclasses.dataclass
class _Joined:
    """What one child's delete writes."""

    stack_id: str
    updates: list
    events: list
    batches: dict
    stack_values: dict


def _write_joined(context, joined):
    """The parent recorder's batch writer for joined children."""
    db_resources.resource_update_many(
        context, [update for j in joined for update in j.updates])
    db_events.event_insert_many(
        context, [event for j in joined for event in j.events],
        capped=[j.stack_id for j in joined])
    db_stacks.stack_update_many(context, [
        dict(j.stack_values, id=j.stack_id) for j in joined
        if j.stack_values])
    return _write_batches(context, joined, [])


def delete_child(parent, resource_name, child):
    """Delete ``child`` (its runtime ``Stack``) and queue its writes in
    the parent walk's batches.
    """
    recorder = JoinedRecorder(child.context, child.row)
    delete.run(child.context, child.id, stack=child, recorder=recorder)
    parent.store_with_next_flush(resource_name)
    parent.recorder.queue_batch(_write_joined, recorder.taken())
