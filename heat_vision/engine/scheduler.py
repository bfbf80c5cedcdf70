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

"""Walks a dependency graph, running each node once its requirements are.

A node starts the moment its last requirement finishes. Its work runs on
a bounded pool of threads, in steps: ``run_node(name)`` either does all
of it and returns, or returns a generator of poll delays (a resource
whose create completes later). Each ``next()`` of it is one step, run on
the pool; between steps the node holds no thread: it waits in a heap
ordered by when its next poll is due, so a tick costs O(nodes in
progress) at most and a thousand resources waiting on a cloud do not
need a thousand threads. A step may also yield ``AFTER_FLUSH``: the node
goes on once a flush (``flush``, run on a thread of its own) has written
what it queued; every node that asks while one flush runs shares the
next, so a thousand write-throughs cost a handful of transactions and
no thread waits for one. After the first failure (or a stop request) no
new node starts; those in progress are carried to their end, except
that a stop request may ``interrupt`` them: the exception is thrown once
into each node at its next step (a resource polling for completion
fails there at once, without waiting for its poll to come due). The
walk itself never touches the database: the action it runs records
state through a ``Recorder``. A walk may also be halted (``halt``, its
engine stopping): it then leaves at once, closing the nodes that wait
and abandoning the steps that run, without waiting for them.
"""

from concurrent import futures
import contextlib
import contextvars
import heapq
import inspect
import itertools
import time


# Yielded by a step: resume the node once a flush has run after this step.
AFTER_FLUSH = object()


class WalkResult:

    def __init__(self):
        self.done = []
        self.failed = {}        # name -> exception
        self.not_started = []
        self.timed_out = False
        # A stop request (``should_stop``) stopped the walk.
        self.cancelled = False

    @property
    def ok(self):
        return not (self.failed or self.not_started or self.cancelled)


def _advance(steps, error=None):
    """One step of a node (``error`` is raised in it where it waits).

    :returns: ``(steps, delay)``, or ``(None, None)`` once it is over.
    """
    if not inspect.isgenerator(steps):
        return None, None
    try:
        if error is not None:
            return steps, steps.throw(error)
        return steps, next(steps)
    except StopIteration:
        return None, None


class _Ran:
    """A step run here, on the walk's thread: what a Future of the pool
    would hold once done, without its lock and condition (a chain of
    light resources runs a hundred of them in a row).
    """

    __slots__ = ('_result', '_error')

    def __init__(self, step, args):
        self._result = self._error = None
        try:
            self._result = step(*args)
        except BaseException as exc:  # as the pool's threads keep it
            self._error = exc

    def exception(self):
        return self._error

    def result(self):
        return self._result


def _run(pool, in_walk, name, step, *args):
    """:returns: the Future of ``step(*args)``, a step of node ``name``,
    run on the pool (``pool()`` gives it); or, if ``in_walk(name)``, a
    ``_Ran``: the step run here.
    """
    if in_walk is None or not in_walk(name):
        # The step sees the walk's context (its engine's stop: ``pool``).
        return pool().submit(contextvars.copy_context().run, step, *args)
    return _Ran(step, args)


def _start(run_node, name):
    return _advance(run_node(name))


def walk(graph, run_node, workers, deadline=None, should_stop=None,
         tick=None, tick_every=0.2, max_in_progress=None, flush=None,
         in_walk=None, interrupt=None, halt=None):
    """Run ``run_node(name)`` for every node of ``graph`` in order.

    :param graph: ``{name: set(names it requires)}``; every required name
        must itself be a key.
    :param run_node: a callable; an exception from it (or from a step of
        the generator it returns) fails the node. A generator yields the
        seconds to wait before its next step.
    :param workers: the most steps running at once (threads).
    :param deadline: a ``time.monotonic()`` after which no node starts.
    :param should_stop: a callable polled between nodes; True stops
        (``result.cancelled``).
    :param tick: called at least every ``tick_every`` seconds while nodes
        run (the recorder flushes what is due, even when nothing moves).
    :param max_in_progress: the most nodes started and not finished
        (running a step or waiting for the next); None: no bound.
    :param flush: what a step that yields ``AFTER_FLUSH`` waits for (the
        recorder's flush); without it such a step simply goes on.
    :param in_walk: ``in_walk(name)`` True: the node's steps are quick and
        never block, and run on this thread rather than the pool's.
    :param interrupt: an exception class; once ``should_stop`` stops the
        walk, an instance is thrown into each node under way at its next
        step, which is due at once (once per node: what the node does
        about it, say cleaning up, is not interrupted again).
    :param halt: called at least every ``tick_every`` seconds; what it
        raises leaves the walk at once: the nodes waiting for their next
        step are closed (``GeneratorExit``), the steps running are left
        to end on their own, unwaited for.
    :returns: a WalkResult.
    """
    return _Walk(graph, run_node, workers, deadline, should_stop, tick,
                 tick_every, max_in_progress, flush, in_walk,
                 interrupt, halt).run()


class _Walk:
    """One walk: the state kept between the turns of its loop, and the
    named steps of a turn (see ``walk`` for the parameters).
    """

    def __init__(self, graph, run_node, workers, deadline, should_stop,
                 tick, tick_every, max_in_progress, flush, in_walk,
                 interrupt, halt):
        self.graph = graph
        self.run_node = run_node
        self.workers = workers
        self.deadline = deadline
        self.should_stop = should_stop
        self.tick = tick
        self.tick_every = tick_every
        self.in_walk = in_walk
        self.interrupt = interrupt
        self.halt = halt
        self.halted = False
        self.cap = max_in_progress or len(graph) or 1
        self.waiting = {name: len(requires)
                        for name, requires in graph.items()}
        self.dependents = {name: [] for name in graph}
        for name, requires in graph.items():
            for required in requires:
                self.dependents[required].append(name)
        self.ready = [name for name, count in self.waiting.items()
                      if count == 0]
        self.result = WalkResult()
        self.stopping = False
        self.interrupted = set()    # nodes an interrupt was thrown into
        self.running = {}           # future of a step -> node name
        self.ran_here = []          # the _Ran of ``running``, done
        self.sleeping = []          # heap of (due, seq, name, steps, error)
        self.flushes = _Flushes(flush)
        self.order = itertools.count()
        self.pool = None

    def run(self):
        try:
            while (self.ready or self.running or self.sleeping or
                   self.flushes):
                self._check_halt()
                self._check_stop()
                self._wake_due_nodes()
                self._start_ready_nodes()
                if not (self.running or self.sleeping or self.flushes):
                    break
                self.flushes.start()
                finished = self._wait()
                if self.tick is not None:
                    self.tick()
                self._resume_flushed(finished)
                for future in finished:
                    self._step_finished(future)
        finally:
            self.flushes.close()
            if self.pool is not None:
                self.pool.shutdown(wait=not self.halted,
                                   cancel_futures=self.halted)
        return self._final_result()

    def _check_halt(self):
        if self.halt is None:
            return
        try:
            self.halt()
        except BaseException:
            self.halted = True
            for steps in self._waiting_steps():
                with contextlib.suppress(Exception):
                    steps.close()
            raise

    def _waiting_steps(self):
        """The generators of the nodes between two steps."""
        yield from (entry[3] for entry in self.sleeping)
        yield from self.flushes.waiting()

    def _pool(self):
        """The walk's threads, started when a step first needs one (a
        small nested stack of light resources never does).
        """
        if self.pool is None:
            self.pool = futures.ThreadPoolExecutor(max_workers=self.workers)
        return self.pool

    def _check_stop(self):
        if self.result.cancelled:
            return
        # A cancel after a failure still stops the rest.
        self.stopping = _must_stop(self.result, self.deadline,
                                   self.should_stop, self.stopping)
        if self.stopping == _CANCELLED:
            self.result.cancelled = True
            if self.interrupt is not None:
                _due_now(self.sleeping)

    def _has_a_free_slot(self):
        return len(self.running) < self.workers * 2

    def _wake_due_nodes(self):
        now = time.monotonic()
        while (self.sleeping and self.sleeping[0][0] <= now and
               self._has_a_free_slot()):
            _due, _seq, name, steps, error = heapq.heappop(self.sleeping)
            if (self.result.cancelled and self.interrupt is not None and
                    error is None and name not in self.interrupted):
                self.interrupted.add(name)
                error = self.interrupt()
            self._submit(name, _advance, steps, error)

    def _start_ready_nodes(self):
        while (self.ready and not self.stopping and
               self._has_a_free_slot() and
               len(self.running) + len(self.sleeping) + len(self.flushes) <
               self.cap):
            name = self.ready.pop()
            self._submit(name, _start, self.run_node, name)

    def _submit(self, name, step, *args):
        ran = _run(self._pool, self.in_walk, name, step, *args)
        self.running[ran] = name
        if type(ran) is _Ran:
            self.ran_here.append(ran)

    def _wait(self):
        """:returns: the futures (steps, the flush) that finished; the
        steps run here, if any, without waiting for the others.
        """
        if self.ran_here:
            finished, self.ran_here = self.ran_here, []
            return finished
        timeout = self.tick_every if self.tick or self.halt else None
        # With every slot taken, a node due now waits for a step to end:
        # waiting for its due time would spin.
        if self.sleeping and self._has_a_free_slot():
            until_due = max(0.0, self.sleeping[0][0] - time.monotonic())
            timeout = until_due if timeout is None else min(timeout,
                                                            until_due)
        pending = self.flushes.pending(self.running)
        if not pending:
            time.sleep(timeout)
            return ()
        finished, _ = futures.wait(pending, timeout=timeout,
                                   return_when=futures.FIRST_COMPLETED)
        return finished

    def _sleep(self, due, name, steps, error=None):
        heapq.heappush(self.sleeping, (due, next(self.order), name, steps,
                                       error))

    def _resume_flushed(self, finished):
        for name, steps, error in self.flushes.done(finished):
            # A failed flush fails the nodes that waited for it, in their
            # own step (the resource records its failure).
            self._sleep(time.monotonic(), name, steps, error)

    def _step_finished(self, future):
        name = self.running.pop(future, None)
        if name is None:
            return
        error = future.exception()
        if error is not None:
            self.result.failed[name] = error
            if self.interrupt is not None and isinstance(error,
                                                         self.interrupt):
                # A step that saw the stop request before the walk did
                # (a pause between a group's batches).
                self.result.cancelled = True
                self.stopping = _CANCELLED
            return
        steps, delay = future.result()
        if steps is None:
            self._node_done(name)
        elif delay is AFTER_FLUSH:
            self.flushes.add(name, steps)
        else:
            due = time.monotonic()
            if not (self.result.cancelled and self.interrupt is not None
                    and name not in self.interrupted):
                due += delay
            self._sleep(due, name, steps)

    def _node_done(self, name):
        self.result.done.append(name)
        for dependent in self.dependents[name]:
            self.waiting[dependent] -= 1
            if self.waiting[dependent] == 0:
                self.ready.append(dependent)

    def _final_result(self):
        if self.deadline is not None and time.monotonic() > self.deadline:
            self.result.timed_out = True
        finished = set(self.result.done) | set(self.result.failed)
        self.result.not_started = [n for n in self.graph
                                   if n not in finished]
        return self.result


class _Flushes:
    """The nodes waiting for a flush, and the flush under way.

    Nodes that ask while a flush runs wait for the next one: it starts as
    soon as that one ends, and takes everything queued meanwhile.
    """

    def __init__(self, flush):
        self._flush = flush
        self._pool = None
        self._future = None
        self._next = []         # (name, steps) for the next flush
        self._current = []      # (name, steps) of the flush under way

    def __len__(self):
        return len(self._next) + len(self._current)

    def add(self, name, steps):
        self._next.append((name, steps))

    def start(self):
        """Start a flush for the nodes waiting, unless one runs."""
        if self._future is not None or not self._next:
            return
        if self._flush is None:
            self._future = futures.Future()
            self._future.set_result(None)
        else:
            if self._pool is None:
                self._pool = futures.ThreadPoolExecutor(max_workers=1)
            self._future = self._pool.submit(self._flush)
        self._current, self._next = self._next, []

    def pending(self, running):
        """The futures to wait for: the steps and the flush."""
        if self._future is None:
            return running
        return list(running) + [self._future]

    def done(self, finished):
        """:returns: ``(name, steps, error)`` of the nodes a finished
        flush released (``error`` if it failed).
        """
        if self._future is None or self._future not in finished:
            return []
        error = self._future.exception()
        released = [(name, steps, error) for name, steps in self._current]
        self._future, self._current = None, []
        return released

    def waiting(self):
        """The generators of the nodes waiting for a flush."""
        return [steps for _name, steps in self._current + self._next]

    def close(self):
        if self._pool is not None:
            self._pool.shutdown(wait=True)


_CANCELLED = 'cancelled'


def _must_stop(result, deadline, should_stop, stopping):
    """:returns: False, True, or ``_CANCELLED`` (a stop request).

    :param stopping: whether the walk stops already (then only a stop
        request changes the answer).
    """
    if should_stop and should_stop():
        return _CANCELLED
    if stopping or result.failed:
        return True
    return deadline is not None and time.monotonic() > deadline


def _due_now(sleeping):
    """Make every node waiting for its next poll due at once."""
    now = time.monotonic()
    sleeping[:] = [(min(entry[0], now),) + entry[1:] for entry in sleeping]
    heapq.heapify(sleeping)


def reverse(graph):
    """The graph with every edge turned round (for deletes)."""
    reversed_graph = {name: set() for name in graph}
    for name, requires in graph.items():
        for required in requires:
            reversed_graph[required].add(name)
    return reversed_graph
