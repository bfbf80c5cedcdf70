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

"""The events a scaling claim owes the signals that took it.

A signal that takes a group's claim is answered at once with the id of
the event that will say what became of it (its ``Location``). The claim
lists that event (``owed_events``: its id and the resource it goes on),
so that whoever drains the claim records it: the engine that took the
signal or, when that engine died, the engine that took its claim over.
A signal that takes over a dead engine's claim adds its own event to the
list; the dead engine's is recorded by the step that covers its signal:

* ``taken`` entries were in the resize the dead engine was doing: the
  finishing of that resize says what became of them;
* the others were still pending: the next resize covers them.

Each event is written before the claim lets go, and once (an event id
is unique): a drain that finds one already written drops it.
"""

from oslo_db import exception as db_exc
from oslo_utils import uuidutils

from heat_vision.db import events as db_events
from heat_vision.db import resource_claims as db_claims
from heat_vision.db import resource_data
from heat_vision.engine.signals import events as signal_events


def entry(resource_name, event_id=None):
    """:returns: what a claim lists for the event ``event_id`` (None: a
    new one) owed to a signal to ``resource_name``.
    """
    return {'event_id': event_id or uuidutils.generate_uuid(),
            'resource': resource_name, 'taken': False}


class OwedEvents:
    """The events a claim still owes, as its holder sees them."""

    def __init__(self, stack_id, owed=()):
        self.stack_id = stack_id
        self.owed = [dict(o) for o in owed]

    @classmethod
    def of_claim(cls, ctxt, stack_id, group, holder, written=None,
                 own=None):
        """:returns: what the claim on ``group`` held by ``holder`` owes
        (less the events already written).

        :param written: the owed events as the caller, holding the claim,
            just wrote them (then the claim is not read again).
        :param own: the event among them that the caller knows is not
            written yet (its signal's own).
        """
        if written is None:
            row = db_claims.claim_get(ctxt, stack_id, group)
            if row is None or row.holder != holder:
                return cls(stack_id)
            written = row.owed_events or []
        return cls(stack_id, [
            o for o in written
            if o['event_id'] == own or db_events.event_get_by_uuid(
                ctxt, stack_id, o['event_id']) is None])

    @property
    def done(self):
        return not self.owed

    @property
    def in_flight(self):
        """Whether some are owed for a resize a dead engine began."""
        return any(o['taken'] for o in self.owed)

    def take(self):
        """The pending adjustments are taken: those owed are in flight.

        :returns: the claim's new ``owed_events``.
        """
        for owed in self.owed:
            owed['taken'] = True
        return self.column()

    def column(self):
        """:returns: the claim's ``owed_events`` as they stand."""
        return list(self.owed) or None

    def record(self, ctxt, reason, status, in_flight_only=False):
        """Write the owed events (all, or those in flight) with ``reason``
        and ``status``; they are owed no more.

        :returns: the names of the resources the signals went to.
        """
        now = [o for o in self.owed if o['taken'] or not in_flight_only]
        self.owed = [o for o in self.owed if o not in now]
        for owed in now:
            self._write(ctxt, owed, reason, status)
        return [o['resource'] for o in now]

    def _write(self, ctxt, owed, reason, status):
        row = resource_data.resource_get_by_name(ctxt, self.stack_id,
                                                 owed['resource'])
        if row is None:
            return      # the signalled resource is gone: nowhere to say it
        try:
            signal_events.record(ctxt, self.stack_id, row,
                                 'Signal: %s' % reason, status,
                                 event_id=owed['event_id'])
        except db_exc.DBDuplicateEntry:
            pass        # another drain of this claim said it first
