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

"""The daemon threads the API runs its engine calls on."""

import threading

from heat_vision.rpc import daemon_workers
from tests import base
from tests import waiting


class DaemonWorkersTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.workers = daemon_workers.DaemonWorkers('test-call')

    def test_a_call_returns_its_result_or_raises_its_error(self):
        self.assertEqual(5, self.workers.submit(lambda a, b: a + b,
                                                2, 3).result(5))

        def fail():
            raise KeyError('gone')
        error = self.assertRaises(
            KeyError, self.workers.submit(fail).result, 5)
        self.assertIn('gone', str(error))

    def test_the_next_call_runs_on_the_thread_the_last_one_left(self):
        first = self.workers.submit(threading.current_thread).result(5)
        self.assertTrue(waiting.holds_within(lambda: self.workers.idle() == 1))
        second = self.workers.submit(threading.current_thread).result(5)
        self.assertIs(first, second)
        self.assertTrue(first.daemon)
        self.assertEqual('test-call', first.name)
        self.assertIsNot(threading.current_thread(), first)

    def test_a_stuck_call_does_not_hold_up_the_next(self):
        release = threading.Event()
        self.addCleanup(release.set)
        stuck = self.workers.submit(release.wait, 10)
        self.assertEqual('next', self.workers.submit(
            lambda: 'next').result(5))
        self.assertFalse(stuck.done())
        release.set()
        self.assertTrue(stuck.result(5))

    def test_concurrent_calls_each_get_a_thread(self):
        count = 20
        barrier = threading.Barrier(count, timeout=10)
        calls = [self.workers.submit(barrier.wait) for _ in range(count)]
        # Every call waits for all the others: they run at once.
        self.assertEqual(set(range(count)),
                         {call.result(10) for call in calls})
        self.assertTrue(waiting.holds_within(
            lambda: self.workers.idle() == count))

    def test_idle_threads_end(self):
        workers = daemon_workers.DaemonWorkers('short-lived',
                                               idle_timeout=0.05)
        thread = workers.submit(threading.current_thread).result(5)
        thread.join(5)
        self.assertFalse(thread.is_alive())
        self.assertEqual(0, workers.idle())
        # A later call starts a thread again.
        self.assertEqual(1, workers.submit(lambda: 1).result(5))

    def test_no_thread_to_start_raises_and_runs_nothing(self):
        ran = []

        class NoThreads:
            """The module's ``threading``, out of threads (only for the
            code under test: other threads of the process go on).
            """

            class Thread(threading.Thread):
                def start(self):
                    raise RuntimeError("can't start new thread")
        self.patch(daemon_workers, 'threading', NoThreads)
        self.assertRaises(RuntimeError, self.workers.submit, ran.append, 1)
        self.patch(daemon_workers, 'threading', threading)
        self.assertEqual(2, self.workers.submit(lambda: 2).result(5))
        self.assertEqual([], ran)
