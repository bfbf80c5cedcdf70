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

"""The graph walk: order, failures, and nodes that wait between polls."""

import threading
import time
from unittest import mock

from heat_vision.engine import scheduler
from tests import base


class _Counter:

    def __init__(self):
        self.lock = threading.Lock()
        self.now = self.peak = 0

    def __enter__(self):
        with self.lock:
            self.now += 1
            self.peak = max(self.peak, self.now)

    def __exit__(self, *exc):
        with self.lock:
            self.now -= 1


class WalkTest(base.TestCase):

    def test_requirements_finish_first(self):
        graph = {'a': set(), 'b': {'a'}, 'c': {'a', 'b'}, 'd': set()}
        seen = []
        result = scheduler.walk(graph, seen.append, workers=2)
        self.assertTrue(result.ok)
        self.assertLess(seen.index('a'), seen.index('b'))
        self.assertLess(seen.index('b'), seen.index('c'))
        self.assertEqual(set(graph), set(result.done))

    def test_waiting_nodes_hold_no_thread(self):
        threads, in_progress = _Counter(), _Counter()
        polls = {}

        def node(name):
            # Three polls, 10 ms apart: a create that completes later.
            with in_progress:
                for _ in range(3):
                    with threads:
                        polls[name] = polls.get(name, 0) + 1
                    yield 0.01

        graph = {'n%d' % i: set() for i in range(200)}
        result = scheduler.walk(graph, node, workers=2)
        self.assertTrue(result.ok)
        self.assertEqual({name: 3 for name in graph}, polls)
        self.assertLessEqual(threads.peak, 2)
        # Far more nodes waited at once than there are threads.
        self.assertGreater(in_progress.peak, 20)

    def test_max_in_progress_bounds_the_nodes_started(self):
        in_progress = _Counter()

        def node(name):
            with in_progress:
                yield 0.005

        graph = {'n%d' % i: set() for i in range(50)}
        result = scheduler.walk(graph, node, workers=1, max_in_progress=5)
        self.assertTrue(result.ok)
        self.assertEqual(5, in_progress.peak)

    def test_a_failing_step_fails_its_node_and_stops_new_starts(self):
        def node(name):
            if name == 'bad':
                yield 0.001
                raise ValueError('broken')
            yield 0.001

        graph = {'bad': set(), 'after': {'bad'}, 'other': set()}
        result = scheduler.walk(graph, node, workers=2)
        self.assertFalse(result.ok)
        self.assertIsInstance(result.failed['bad'], ValueError)
        self.assertEqual(['after'], result.not_started)
        self.assertIn('other', result.done)

    def test_ticks_run_while_nodes_wait(self):
        ticks = []

        def node(name):
            for _ in range(5):
                yield 0.05

        result = scheduler.walk({'a': set()}, node, workers=1,
                                tick=lambda: ticks.append(1),
                                tick_every=0.01)
        self.assertTrue(result.ok)
        self.assertGreaterEqual(len(ticks), 5)

    def test_a_failed_flush_fails_the_nodes_that_waited_in_their_step(self):
        seen = []
        lock = threading.Lock()

        def flush():
            raise RuntimeError('database gone')

        def node(name):
            try:
                yield scheduler.AFTER_FLUSH
            except RuntimeError as exc:
                with lock:
                    seen.append((name, str(exc)))
                raise

        result = scheduler.walk({'a': set(), 'b': set()}, node, workers=2,
                                flush=flush)
        self.assertEqual({'a', 'b'}, set(result.failed))
        self.assertEqual([('a', 'database gone'), ('b', 'database gone')],
                         sorted(seen))

    def test_nodes_due_while_every_thread_is_busy_do_not_spin_the_walk(self):
        # A flush releases every node at once, more of them than the
        # slots: the walk waits for a step to end, it does not poll.
        def node(name):
            yield scheduler.AFTER_FLUSH
            time.sleep(0.005)       # a step that takes a while

        graph = {'n%d' % i: set() for i in range(50)}
        real = scheduler.futures.wait
        waits = []

        def counted(*args, **kwargs):
            waits.append(1)
            return real(*args, **kwargs)

        with mock.patch.object(scheduler.futures, 'wait', counted):
            result = scheduler.walk(graph, node, workers=1,
                                    flush=lambda: time.sleep(0.01))
        self.assertTrue(result.ok)
        # 100 steps and a few flushes: about one wait for each.
        self.assertLess(len(waits), 4 * len(graph))


class _Interrupted(Exception):
    pass


class StopTest(base.TestCase):
    """A stop request (a cancelled update) and the nodes under way."""

    def test_a_stop_interrupts_waiting_nodes_at_their_next_step(self):
        started, stop = threading.Event(), threading.Event()
        thrown = []

        def node(name):
            started.set()
            try:
                for _ in range(600):
                    yield 0.1       # a minute of polls, were it not stopped
            except _Interrupted:
                thrown.append(name)
                raise

        def should_stop():
            return stop.is_set()

        graph = {'slow': set(), 'after': {'slow'}}
        walked = []
        runner = threading.Thread(target=lambda: walked.append(
            scheduler.walk(graph, node, workers=2, should_stop=should_stop,
                           interrupt=_Interrupted)))
        runner.start()
        self.assertTrue(started.wait(30))
        stop.set()
        runner.join(30)
        self.assertFalse(runner.is_alive())
        [result] = walked
        self.assertEqual(['slow'], thrown)
        self.assertIsInstance(result.failed['slow'], _Interrupted)
        self.assertEqual(['after'], result.not_started)
        self.assertTrue(result.cancelled)
        self.assertFalse(result.ok)

    def test_an_interrupt_is_thrown_once_and_cleanup_may_poll(self):
        polls_after = []
        stopped = []

        def node(name):
            try:
                while True:
                    yield 0.01
            except _Interrupted:
                # Clean up, polling: not interrupted again.
                for i in range(3):
                    polls_after.append(i)
                    yield 0.001

        result = scheduler.walk(
            {'a': set()}, node, workers=1, interrupt=_Interrupted,
            should_stop=lambda: stopped.append(1) or len(stopped) > 2)
        self.assertEqual([0, 1, 2], polls_after)
        self.assertEqual(['a'], result.done)
        self.assertTrue(result.cancelled)
        self.assertFalse(result.ok)

    def test_without_interrupt_nodes_under_way_finish(self):
        stopped = []

        def node(name):
            for _ in range(3):
                yield 0.001

        graph = {'a': set(), 'b': {'a'}}
        result = scheduler.walk(
            graph, node, workers=1,
            should_stop=lambda: stopped.append(1) or len(stopped) > 2)
        self.assertEqual(['a'], result.done)
        self.assertEqual(['b'], result.not_started)
        self.assertTrue(result.cancelled)

    def test_a_stop_after_a_failure_interrupts_the_rest(self):
        failed = threading.Event()

        def node(name):
            if name == 'bad':
                yield 0.001
                failed.set()
                raise ValueError('broken')
            for _ in range(6000):
                yield 0.01      # a minute, were it not stopped

        result = scheduler.walk({'bad': set(), 'slow': set()}, node,
                                workers=2, should_stop=failed.is_set,
                                interrupt=_Interrupted)
        self.assertIsInstance(result.failed['bad'], ValueError)
        self.assertIsInstance(result.failed['slow'], _Interrupted)
        self.assertTrue(result.cancelled)

    def test_a_failure_is_no_cancel(self):
        def node(name):
            yield 0.001
            raise ValueError('broken')

        result = scheduler.walk({'a': set()}, node, workers=1,
                                should_stop=lambda: False,
                                interrupt=_Interrupted)
        self.assertIsInstance(result.failed['a'], ValueError)
        self.assertFalse(result.cancelled)


class _Halted(BaseException):
    pass


class HaltTest(base.TestCase):
    """A halt (the engine stopping) leaves the walk at once."""

    def halt_when(self, event):
        def halt():
            if event.is_set():
                raise _Halted()
        return halt

    def test_waiting_nodes_are_closed_and_nothing_more_starts(self):
        started, halting = threading.Event(), threading.Event()
        closed = []

        def node(name):
            started.set()
            try:
                for _ in range(6000):
                    yield 0.01      # a minute, were it not halted
            except GeneratorExit:
                closed.append(name)
                raise

        graph = {'slow': set(), 'after': {'slow'}}
        outcome = []

        def run():
            try:
                scheduler.walk(graph, node, workers=2,
                               halt=self.halt_when(halting))
            except _Halted:
                outcome.append('halted')

        runner = threading.Thread(target=run)
        runner.start()
        self.assertTrue(started.wait(30))
        halting.set()
        runner.join(30)
        self.assertFalse(runner.is_alive())
        self.assertEqual(['halted'], outcome)
        self.assertEqual(['slow'], closed)

    def test_a_step_that_does_not_return_is_not_waited_for(self):
        entered, halting = threading.Event(), threading.Event()
        released = threading.Event()
        self.addCleanup(released.set)

        def node(name):
            entered.set()
            released.wait()     # a step that never returns (a hung call)
            halting.set()
            yield 0.001

        outcome = []

        def run():
            try:
                scheduler.walk({'stuck': set()}, node, workers=1,
                               halt=self.halt_when(entered))
            except _Halted:
                outcome.append('halted')

        runner = threading.Thread(target=run)
        runner.start()
        runner.join(30)
        self.assertFalse(runner.is_alive())
        self.assertEqual(['halted'], outcome)
        self.assertFalse(halting.is_set())


class InWalkTest(base.TestCase):
    """Nodes whose steps are quick run on the walk's own thread."""

    def test_light_nodes_run_here_and_the_others_on_the_pool(self):
        threads = {}

        def node(name):
            threads[name, 'start'] = threading.current_thread()
            yield 0.001
            threads[name, 'poll'] = threading.current_thread()

        graph = {'light': set(), 'heavy': set(), 'after': {'light'}}
        result = scheduler.walk(graph, node, workers=2,
                                in_walk=lambda name: name != 'heavy')
        self.assertTrue(result.ok)
        here = threading.current_thread()
        for name in ('light', 'after'):
            self.assertIs(here, threads[name, 'start'])
            self.assertIs(here, threads[name, 'poll'])
        self.assertIsNot(here, threads['heavy', 'start'])
        self.assertIsNot(here, threads['heavy', 'poll'])

    def test_a_failing_light_node_fails_as_on_the_pool(self):
        def node(name):
            if name == 'bad':
                raise ValueError('broken')

        graph = {'bad': set(), 'after': {'bad'}, 'other': set()}
        result = scheduler.walk(graph, node, workers=1,
                                in_walk=lambda name: True)
        self.assertIsInstance(result.failed['bad'], ValueError)
        self.assertEqual(['after'], result.not_started)

    def test_light_nodes_still_wait_for_their_flush(self):
        flushed = []

        def node(name):
            yield scheduler.AFTER_FLUSH
            self.assertEqual([1], flushed[:1])

        result = scheduler.walk({'n%d' % i: set() for i in range(20)},
                                node, workers=1, in_walk=lambda name: True,
                                flush=lambda: flushed.append(1))
        self.assertTrue(result.ok, result.failed)
        self.assertEqual(20, len(result.done))

    def test_a_stop_is_seen_between_light_nodes(self):
        ran = []
        graph = {'n%d' % i: {'n%d' % (i - 1)} if i else set()
                 for i in range(10)}
        result = scheduler.walk(graph, ran.append, workers=2,
                                in_walk=lambda name: True,
                                should_stop=lambda: len(ran) >= 3)
        self.assertTrue(result.cancelled)
        self.assertEqual(['n0', 'n1', 'n2'], ran)
        self.assertEqual(['n0', 'n1', 'n2'], result.done)
        self.assertEqual(7, len(result.not_started))

    def test_a_pool_step_ends_while_light_nodes_run(self):
        heavy_done, light_polled = threading.Event(), threading.Event()

        def node(name):
            if name == 'heavy':
                light_polled.wait(30)
                heavy_done.set()
                return
            # A light node polls here until the pool's step has ended:
            # that step is collected between the light node's steps.
            while not heavy_done.is_set():
                yield 0.001
                light_polled.set()

        graph = {'heavy': set(), 'light': set(), 'after': {'heavy'}}
        result = scheduler.walk(graph, node, workers=2,
                                in_walk=lambda name: name != 'heavy')
        self.assertTrue(result.ok, result.failed)
        self.assertEqual({'heavy', 'light', 'after'}, set(result.done))
