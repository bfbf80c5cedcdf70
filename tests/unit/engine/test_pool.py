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

"""The engine's worker pool: its stop is seen by the work it runs."""

from concurrent import futures
import contextvars
import threading

from heat_vision.engine import pool as pool_mod
from tests import base


class WorkerPoolStopTest(base.TestCase):

    def test_the_work_and_the_threads_it_starts_see_the_stop(self):
        workers = pool_mod.WorkerPool(2)
        go = threading.Event()
        self.addCleanup(go.set)

        def work():
            go.wait()
            with futures.ThreadPoolExecutor(1) as walk_threads:
                on_a_walk_thread = walk_threads.submit(
                    contextvars.copy_context().run,
                    pool_mod.stopping).result()
            return pool_mod.stopping(), on_a_walk_thread

        running = workers.spawn(work)
        self.assertEqual(1, workers.stop(timeout=0))
        go.set()
        self.assertEqual((True, True), running.result(30))
        # Only the pool's own work stops.
        self.assertFalse(pool_mod.stopping())
        self.assertIsNone(pool_mod.check_stopping())

    def test_work_queued_still_runs_and_sees_the_stop(self):
        workers = pool_mod.WorkerPool(1)
        go = threading.Event()
        self.addCleanup(go.set)
        first = workers.spawn(go.wait)
        queued = workers.spawn(pool_mod.check_stopping)
        self.assertEqual(2, workers.stop(timeout=0))
        go.set()
        first.result(30)
        self.assertRaises(pool_mod.EngineStopping, queued.result, 30)
        # Nothing more is taken.
        self.assertRaises(RuntimeError, workers.spawn, go.wait)
