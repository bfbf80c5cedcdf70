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

"""Fences, the run storage's saved writes, and the blocked-step watchdog."""

from taskflow.persistence.backends import impl_memory
from taskflow.persistence import models
from taskflow import states

from heat_vision.common import exception
from heat_vision.tasks import atoms
from heat_vision.tasks import conductor
from heat_vision.tasks import fencing
from heat_vision.tasks import flows
from heat_vision.tasks.plugins import base as plugin_base
from heat_vision.tasks import storage
from tests import base

DOC = {'kind': 'sequence', 'tasks': [
    {'name': 'a', 'action': 'noop', 'input': {}, 'requires': [],
     'timeout': None, 'retry': {'count': 0, 'delay': 0}},
    {'name': 'b', 'action': 'noop', 'input': {}, 'requires': ['a'],
     'timeout': 5, 'retry': {'count': 2, 'delay': 0}}]}


class _Counting(plugin_base.TaskPlugin):
    calls = []

    def execute(self, runtime, **inputs):
        self.calls.append('execute')

    def revert(self, runtime, result, **inputs):
        self.calls.append('revert')


class RunStorageTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.backend = impl_memory.MemoryBackend()
        book = models.LogBook('book')
        self.flow_detail = models.FlowDetail('flow', uuid='f-1')
        storage.new_atom_details(flows.job_run_flow('j', DOC),
                                 self.flow_detail)
        book.add(self.flow_detail)
        self.backend.get_connection().save_logbook(book)

    def stored(self, name):
        flow_detail = self.backend.get_connection().get_flow_details('f-1')
        return [ad for ad in flow_detail if ad.name == name][0]

    def test_atom_details_made_with_the_logbook(self):
        self.assertEqual({'a', 'b', 'b-retry'},
                         {ad.name for ad in self.flow_detail})
        retry = [ad for ad in self.flow_detail if ad.name == 'b-retry'][0]
        self.assertIsInstance(retry, models.RetryDetail)

    def test_automatic_progress_is_not_written(self):
        run = storage.RunStorage(self.flow_detail, backend=self.backend)
        run.set_atom_state('a', states.RUNNING)
        run.set_task_progress('a', 0.0)
        self.assertEqual(states.RUNNING, self.stored('a').state)
        self.assertNotIn('progress', self.stored('a').meta)
        self.assertEqual(0.0, run.get_task_progress('a'))
        # A plugin's own progress is written at once.
        run.set_task_progress('a', 0.5, details={'step': 1})
        self.assertEqual(0.5, self.stored('a').meta['progress'])

    def test_a_lost_fence_writes_nothing(self):
        fence = fencing.Fence('run')
        run = storage.RunStorage(self.flow_detail, backend=self.backend,
                                 fence=fence)
        run.set_atom_state('a', states.RUNNING)
        self.assertIn('a', run.running)
        fence.drop('test')
        run.save('a', {'x': 1})
        self.assertEqual(states.SUCCESS, run.get_atom_state('a'))
        self.assertNotIn('a', run.running)
        self.assertEqual(states.RUNNING, self.stored('a').state)

    def test_a_fence_that_cannot_be_checked_is_lost(self):
        def owned():
            raise OSError('board down')
        fence = fencing.Fence('run', owned=owned)
        self.assertFalse(fence.holds())
        self.assertIn('another conductor', fence.lost)

    def test_a_claim_seen_held_is_asked_again_only_after_fresh(self):
        now = [100.0]
        self.patch(fencing.time, 'monotonic', lambda: now[0])
        asked = []
        fence = fencing.Fence('run', owned=lambda: asked.append(now[0])
                              or len(asked) < 3)
        self.assertTrue(fence.holds())
        now[0] += fencing.FRESH / 2
        self.assertTrue(fence.holds())
        self.assertEqual([100.0], asked)
        now[0] += fencing.FRESH * 1.5
        self.assertTrue(fence.holds())
        now[0] += fencing.FRESH * 1.5
        self.assertFalse(fence.holds())     # the third answer: not held
        self.assertEqual(3, len(asked))
        now[0] += 10
        self.assertFalse(fence.holds())     # lost for good
        self.assertEqual(3, len(asked))


class FencedTaskTest(base.TestCase):

    def test_a_fenced_task_neither_executes_nor_reverts(self):
        self.patch(fencing, 'FRESH', 0)
        _Counting.calls = []
        task = atoms.PluginTask(DOC['tasks'][0], _Counting)
        owner = ['me']
        task.fence = fencing.Fence('run', owned=lambda: owner[0] == 'me')
        task.execute('j', 1, {})
        owner[0] = 'another'
        self.assertRaises(exception.TaskCancelled, task.execute, 'j', 1, {})
        task.revert(hv_job_id='j', hv_run=1, hv_context={}, result=None)
        self.assertEqual(['execute'], _Counting.calls)


class _Storage:
    def __init__(self, running):
        self.running = running


class _Engine:
    def __init__(self, running):
        self.storage = _Storage(running)


class BlockedStepTest(base.TestCase):

    def run_of(self, running):
        run = conductor._Held(job=None, fence=fencing.Fence('run'))
        run.engine = _Engine(running)
        run.specs = {spec['name']: spec for spec in DOC['tasks']}
        return run

    def test_blocked_past_timeout_and_claim_expiry(self):
        self.flags(group='tasks', claim_expiry=2, max_task_timeout=60)
        run = self.run_of({'b': 100.0})
        self.assertIsNone(conductor.blocked_step(run, now=106.0))
        self.assertEqual('b', conductor.blocked_step(run, now=107.5))

    def test_no_timeout_uses_max_task_timeout(self):
        self.flags(group='tasks', claim_expiry=2, max_task_timeout=60)
        run = self.run_of({'a': 0.0})
        self.assertIsNone(conductor.blocked_step(run, now=61.0))
        self.assertEqual('a', conductor.blocked_step(run, now=63.0))

    def test_waits_and_retries_are_not_watched(self):
        self.flags(group='tasks', claim_expiry=2, max_task_timeout=60)
        run = self.run_of({'b-retry': 0.0, 'hv-wait-until-start': 0.0})
        self.assertIsNone(conductor.blocked_step(run, now=10 ** 6))
