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

"""Write-throughs: queued by the resources, written by the walk's flushes.

A resource whose physical id must be stored at once queues it and yields
``scheduler.AFTER_FLUSH``; the walk's next flush writes it, and every
resource that asks while a flush runs shares the next one.
"""

import time
from unittest import mock

from oslo_db import exception as db_exc

from heat_vision.db import api as db_api
from heat_vision.db import events as db_events
from heat_vision.db import resources as db_resources
from heat_vision.db import stacks as db_stacks
from heat_vision.engine import recorder
from heat_vision.engine import scheduler
from tests.component.engine import stack_ops

COUNT = 40
TEMPLATE = '''heat_template_version: 2021-04-16
resources:
''' + ''.join('  r%d: {type: OS::Heat::None}\n' % i for i in range(COUNT))


class WriteThroughTest(stack_ops.StackOpsTestCase):

    template = TEMPLATE

    def test_write_throughs_queued_during_a_flush_share_the_next(self):
        row = db_stacks.stack_get(self.ctxt, self.stack_id)
        rec = recorder.Recorder(self.ctxt, row)
        rows = self.rows()
        real = db_resources.resource_update_many
        flushes = []
        written = {}

        def counted(context, changes):
            flushes.append(len(changes))
            if len(flushes) == 1:
                # The first flush lasts until every resource has queued
                # its change: the next one must write all the others.
                deadline = time.monotonic() + 60
                while (len(rec._updates) < COUNT - len(changes) and
                       time.monotonic() < deadline):
                    time.sleep(0.01)
            real(context, changes)

        def node(name):
            rec.queue_fields(rows[name], physical_resource_id='p-' + name)
            yield scheduler.AFTER_FLUSH
            # Back from the flush means: in the database already.
            written[name] = self.rows()[name].physical_resource_id

        with mock.patch.object(db_resources, 'resource_update_many',
                               counted):
            result = scheduler.walk({name: set() for name in rows}, node,
                                    workers=4, flush=rec.flush)
        self.assertTrue(result.ok, result.failed)
        self.assertEqual({name: 'p-' + name for name in rows}, written)
        self.assertEqual(2, len(flushes), flushes)
        self.assertEqual(COUNT, sum(flushes))


class EventCapTest(stack_ops.StackOpsTestCase):
    """A walk's recorder counts its stack's events once while far below
    the event cap, and at every flush once the cap is near.
    """

    template = TEMPLATE
    CAP = 100
    FLUSHES = 5

    def setUp(self):
        super().setUp()
        # The create's operation may still write its last events once
        # the stack shows CREATE_COMPLETE (on a busy machine, while the
        # checks below are counted): it ends first.
        self.service.engine.workers.wait_idle(60)

    def record_in_flushes(self, rec, rows):
        names = sorted(rows)
        per_flush = len(names) // self.FLUSHES
        for flush in range(self.FLUSHES):
            for name in names[flush * per_flush:(flush + 1) * per_flush]:
                rec.resource_state(rows[name], 'CHECK', 'COMPLETE')
            rec.flush()

    def test_counted_once_far_below_the_cap(self):
        self.flags(max_events_per_stack=10 * self.CAP)
        rec = recorder.Recorder(self.ctxt, db_stacks.stack_get(
            self.ctxt, self.stack_id))
        before = len(self.events())
        with mock.patch.object(db_events, '_keep_newest',
                               wraps=db_events._keep_newest) as checks:
            self.record_in_flushes(rec, self.rows())
        self.assertEqual(1, checks.call_count)
        self.assertEqual(before + COUNT, len(self.events()))

    def test_counted_at_every_flush_past_the_cap(self):
        self.flags(max_events_per_stack=COUNT // 2)
        rec = recorder.Recorder(self.ctxt, db_stacks.stack_get(
            self.ctxt, self.stack_id))
        rows = self.rows()
        with mock.patch.object(db_events, '_keep_newest',
                               wraps=db_events._keep_newest) as checks:
            self.record_in_flushes(rec, rows)
            self.record_in_flushes(rec, rows)
        self.assertEqual(2 * self.FLUSHES, checks.call_count)
        events = self.events()
        self.assertEqual(COUNT // 2, len(events))
        self.assertEqual([(name, 'CHECK_COMPLETE')
                          for name in sorted(rows)[COUNT // 2:]], events)


class QueuedBatchTest(stack_ops.StackOpsTestCase):
    """Rows of other tables queued with the resources' states."""

    template = TEMPLATE

    def recorder(self):
        return recorder.Recorder(self.ctxt, db_stacks.stack_get(
            self.ctxt, self.stack_id))

    def test_one_call_per_write_and_flush_in_order(self):
        rec = self.recorder()
        calls = []

        def first(context, items):
            calls.append(('first', items))

        def second(context, items):
            calls.append(('second', items))

        for item in (1, 2, 3):
            rec.queue_batch(first, item)
        rec.queue_batch(second, 'x')
        rec.flush()
        rec.flush()
        self.assertEqual([('first', [1, 2, 3]), ('second', ['x'])], calls)

    def test_a_failed_write_rolls_back_its_flush(self):
        rec = self.recorder()
        rows = self.rows()
        rec.resource_state(rows['r0'], 'CHECK', 'COMPLETE')

        def write(context, items):
            raise RuntimeError('refused')

        rec.queue_batch(write, 1)
        self.assertRaises(RuntimeError, rec.flush)
        stored = self.rows()['r0']
        self.assertEqual(('CREATE', 'COMPLETE'),
                         (stored.action, stored.status))

    def _deadlocking_once(self, rec):
        """Queue a write that fails as a deadlock's victim the first
        time; :returns: the list of its calls.
        """
        calls = []

        def write(context, items):
            calls.append(list(items))
            if len(calls) == 1:
                raise db_exc.DBDeadlock()

        rec.queue_batch(write, 1)
        return calls

    def test_a_deadlock_victim_is_written_again(self):
        rec = self.recorder()
        rec.resource_state(self.rows()['r0'], 'CHECK', 'COMPLETE')
        calls = self._deadlocking_once(rec)
        rec.flush()
        self.assertEqual([[1], [1]], calls)
        stored = self.rows()['r0']
        self.assertEqual(('CHECK', 'COMPLETE'),
                         (stored.action, stored.status))
        events = db_events.event_get_all_by_stack(self.ctxt, self.stack_id)
        self.assertEqual(1, sum(e.resource_action == 'CHECK'
                                for e in events))

    def test_what_a_write_leaves_runs_once_written(self):
        rec = self.recorder()
        rows = self.rows()
        rec.resource_state(rows['r0'], 'CHECK', 'COMPLETE')
        seen = []

        def write(context, items):
            tries = len(seen)
            seen.append(('write', tries))
            if tries == 0:
                raise db_exc.DBDeadlock()
            # Run after the commit: another session reads the state.
            return lambda: seen.append(('after', tries, (
                self.rows()['r0'].action)))

        rec.queue_batch(write, 1)
        rec.flush()
        # The deadlock's victim left nothing; the second try's runs once.
        self.assertEqual([('write', 0), ('write', 1), ('after', 1, 'CHECK')],
                         seen)

    def test_a_failed_flush_runs_nothing_its_writes_left(self):
        rec = self.recorder()
        seen = []

        def leaves(context, items):
            return lambda: seen.append(items)

        def refuses(context, items):
            raise RuntimeError('refused')

        rec.queue_batch(leaves, 1)
        rec.queue_batch(refuses, 2)
        self.assertRaises(RuntimeError, rec.flush)
        self.assertEqual([], seen)

    def test_inside_a_callers_transaction_a_deadlock_is_raised(self):
        rec = self.recorder()
        calls = self._deadlocking_once(rec)

        def flush_in_a_transaction():
            with db_api.writer(self.ctxt):
                rec.flush()

        # The caller's own work was rolled back too: only it can retry.
        self.assertRaises(db_exc.DBDeadlock, flush_in_a_transaction)
        self.assertEqual([[1]], calls)
