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

"""Collects resource state changes and events, and writes them in batches.

A stack operation changes many resources from many threads; writing each
change in its own transaction would make the database the bottleneck.
Changes are queued here and flushed in one transaction when enough have
gathered, when enough time has passed, and always at the end. Fields that
must be stored at once (a write-through: a resource's physical id) are
queued too, and the walk's next flush writes them
(``scheduler.AFTER_FLUSH``): the resources that ask meanwhile share it.
Rows of other tables that go with a resource's state (a software config
that is its physical id) join the same batches (``queue_batch``).
"""

import random
import threading
import time
import uuid

from oslo_utils import timeutils

from heat_vision.db import api as db_api
from heat_vision.db import events as db_events
from heat_vision.db import resources as db_resources

FLUSH_EVERY = 0.2       # seconds
FLUSH_AT = 500          # queued changes
# Past this many queued changes a thread that records one waits for a
# flush (back-pressure); below it, it flushes only if nobody else is.
FLUSH_WAIT_AT = 4 * FLUSH_AT


def _event_uuid():
    """A version-4 UUID for an event, without a system call.

    Event ids need to be unique, not unpredictable (every read of an
    event is checked against its stack's project), and ``uuid4`` reads
    the kernel's random source once per call: with thousands of events
    a second that showed in profiles. The generator is private: code
    that seeds the ``random`` module (as test tools do) must not make ids
    repeat.
    """
    return str(uuid.UUID(int=_RANDOM.getrandbits(128), version=4))


_RANDOM = random.Random()


def event_of(stack_row, row, action, status, reason, fields, now):
    """The event of resource ``row``'s new state (``fields`` changed)."""
    return {
        'uuid': _event_uuid(),
        'stack_id': stack_row.id,
        'resource_name': row.name,
        'physical_resource_id': fields.get(
            'physical_resource_id', row.physical_resource_id),
        'resource_type': row.type,
        'resource_action': action,
        'resource_status': status,
        'resource_status_reason': reason,
        'created_at': now,
    }


class Recorder:

    #: True for a recorder whose stack's rows are stored later, whole,
    #: as the operation left them (``tree.batched``).
    stores_rows_later = False

    def __init__(self, context, stack_row, new_stack=False,
                 event_room=None):
        """:param new_stack: True when the stack was just stored by this
            operation: its first batch need not count its events, and a
            plugin need not look for what an earlier try made
            (``new_stack`` is kept).
        :param event_room: how many more events the stack takes under the
            cap, as an earlier recorder of this operation left it
            (``event_room``); else counted at the first batch.
        """
        self.context = context
        self.stack_row = stack_row
        self.new_stack = new_stack
        self._lock = threading.Lock()
        # Held across a whole flush, so that batches commit in order.
        self._flush_lock = threading.Lock()
        self._updates = {}
        self._events = []
        self._inserts = []
        self._batches = {}
        self._last_flush = time.monotonic()
        # How many more events the stack takes under the event cap, as
        # the last check found it less what was written since (unknown,
        # so checked, at first).
        self._event_room = (db_events.room_of_new_stack() if new_stack
                            else 0)
        if event_room is not None:
            self._event_room = event_room

    def resource_state(self, row, action, status, reason='', **fields):
        """Record a resource's new state (and its event)."""
        now = timeutils.utcnow()
        change = dict(fields, action=action, status=status,
                      status_reason=reason, updated_at=now)
        event = event_of(self.stack_row, row, action, status, reason,
                         fields, now)
        with self._lock:
            self._updates.setdefault(row.id, {'id': row.id}).update(change)
            self._events.append(event)
            queued = len(self._events)
            due = (queued >= FLUSH_AT or
                   time.monotonic() - self._last_flush >= FLUSH_EVERY)
        for key, value in change.items():
            setattr(row, key, value)
        if queued >= FLUSH_WAIT_AT:
            self.flush()
        elif due:
            self._flush_unless_busy()

    def queue_insert(self, values):
        """A new resource row, inserted by the next flush.

        :returns: its ResourceRow; its id is set by that flush, and no
            state may be recorded for it before.
        """
        row = db_resources.new_row(values)
        with self._lock:
            self._inserts.append(row)
        return row

    def queue_fields(self, row, **fields):
        """Queue fields of a resource for the next flush, with no event."""
        with self._lock:
            self._updates.setdefault(row.id, {'id': row.id}).update(fields)
        for key, value in fields.items():
            setattr(row, key, value)

    def queue_batch(self, write, item):
        """Have the next flush call ``write(context, items)`` in its
        transaction, ``items`` being every item queued for ``write`` since
        the last flush, in order.

        ``write`` must join the flush's transaction (``db_api.writer``
        with the context it is given) and must not raise for data it can
        expect: a failure rolls back the whole batch. It may return a
        callable, called without arguments once the flush has written
        (work that must wait for the commit, as stopping a cancelled
        job's run); a deadlock's victim keeps only the last try's.
        """
        with self._lock:
            self._batches.setdefault(write, []).append(item)

    def stack_event(self, action, status, reason):
        """The stack's own event (its name as the resource name)."""
        with self._lock:
            self._events.append({
                'uuid': _event_uuid(),
                'stack_id': self.stack_row.id,
                'resource_name': self.stack_row.name,
                'physical_resource_id': self.stack_row.id,
                'resource_type': 'OS::Heat::Stack',
                'resource_action': action,
                'resource_status': status,
                'resource_status_reason': reason,
                'created_at': timeutils.utcnow(),
            })

    def flush_if_due(self):
        """Flush when changes have waited ``FLUSH_EVERY`` seconds."""
        with self._lock:
            due = (self._updates or self._events or self._inserts or
                   self._batches) and (
                time.monotonic() - self._last_flush >= FLUSH_EVERY)
        if due:
            self.flush()

    @property
    def event_room(self):
        """How many more events the stack takes under the event cap, as
        far as this recorder knows (0: unknown).
        """
        return self._event_room

    def flush(self, also=None):
        """Write what is queued.

        :param also: a callable run in the same transaction, after the
            queued changes (a stack's new state with its own event).
        """
        with self._flush_lock:
            self._flush_locked(also)

    def _flush_unless_busy(self):
        """Flush, unless another thread is flushing.

        That flush, or the next one, takes what is queued, and this
        thread goes on with its work.
        """
        if self._flush_lock.acquire(blocking=False):
            try:
                self._flush_locked()
            finally:
                self._flush_lock.release()

    def _flush_locked(self, also=None):
        with self._lock:
            updates = list(self._updates.values())
            events, inserts = self._events, self._inserts
            batches = self._batches
            self._updates, self._events, self._inserts = {}, [], []
            self._batches = {}
            self._last_flush = time.monotonic()
        if updates or events or inserts or batches or also:
            self._event_room, after = db_api.retrying_deadlocks(
                self.context, self._write, updates, events, inserts, batches,
                also)
            for then in after:
                then()

    def _write(self, updates, events, inserts, batches, also):
        """:returns: the room left under the event cap, and what the
            batches' writers left to do once this is written.
        """
        after = []
        with db_api.writer(self.context):
            db_resources.resource_insert(self.context, inserts)
            db_resources.resource_update_many(self.context, updates)
            for write, items in batches.items():
                then = write(self.context, items)
                if then is not None:
                    after.append(then)
            room = db_events.event_create_many(
                self.context, events, self._event_room)
            if also is not None:
                also()
        return room, after
