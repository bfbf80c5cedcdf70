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
state through a ``Recorder``.
"""

from concurrent import futures
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


def _run(pool, in_walk, name, step, *args):
    """:returns: the Future of ``step(*args)``, a step of node ``name``:
    run on the pool, or here and done already if ``in_walk(name)``.
    """
    if in_walk is None or not in_walk(name):
        return pool.submit(step, *args)
    ran = futures.Future()
    try:
        ran.set_result(step(*args))
    except BaseException as exc:  # as the pool's threads keep it
        ran.set_exception(exc)
    return ran


def _start(run_node, name):
    return _advance(run_node(name))


def walk(graph, run_node, workers, deadline=None, should_stop=None,
         tick=None, tick_every=0.2, max_in_progress=None, flush=None,
         in_walk=None, interrupt=None):
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
    :returns: a WalkResult.
    """
    waiting = {name: len(requires) for name, requires in graph.items()}
    dependents = {name: [] for name in graph}
    for name, requires in graph.items():
        for required in requires:
            dependents[required].append(name)
    ready = [name for name, count in waiting.items() if count == 0]
    result = WalkResult()
    stopping = False
    interrupted = set()     # nodes an interrupt was thrown into
    running = {}            # future of a step -> node name
    sleeping = []           # heap of (due, seq, name, steps, error)
    flushes = _Flushes(flush)
    order = itertools.count()
    cap = max_in_progress or len(graph) or 1
    with futures.ThreadPoolExecutor(max_workers=workers) as pool:
        try:
            while ready or running or sleeping or flushes:
                if not result.cancelled:
                    # A cancel after a failure still stops the rest.
                    stopping = _must_stop(result, deadline, should_stop,
                                          stopping)
                    if stopping == _CANCELLED:
                        result.cancelled = True
                        if interrupt is not None:
                            _due_now(sleeping)
                now = time.monotonic()
                while (sleeping and sleeping[0][0] <= now and
                       len(running) < workers * 2):
                    _due, _seq, name, steps, error = heapq.heappop(sleeping)
                    if (result.cancelled and interrupt is not None and
                            error is None and name not in interrupted):
                        interrupted.add(name)
                        error = interrupt()
                    running[_run(pool, in_walk, name, _advance, steps,
                                 error)] = name
                while (ready and not stopping and len(running) < workers * 2
                       and len(running) + len(sleeping) + len(flushes) < cap):
                    name = ready.pop()
                    running[_run(pool, in_walk, name, _start, run_node,
                                 name)] = name
                if not running and not sleeping and not flushes:
                    break
                flushes.start()
                timeout = tick_every if tick else None
                # With every slot taken, a node due now waits for a step to
                # end: waiting for its due time would spin.
                if sleeping and len(running) < workers * 2:
                    until_due = max(0.0, sleeping[0][0] - time.monotonic())
                    timeout = until_due if timeout is None else min(
                        timeout, until_due)
                pending = flushes.pending(running)
                if pending:
                    finished, _ = futures.wait(
                        pending, timeout=timeout,
                        return_when=futures.FIRST_COMPLETED)
                else:
                    finished = ()
                    time.sleep(timeout)
                if tick is not None:
                    tick()
                for name, steps, error in flushes.done(finished):
                    # A failed flush fails the nodes that waited for it, in
                    # their own step (the resource records its failure).
                    heapq.heappush(sleeping, (time.monotonic(), next(order),
                                              name, steps, error))
                for future in finished:
                    name = running.pop(future, None)
                    if name is None:
                        continue
                    error = future.exception()
                    if error is not None:
                        result.failed[name] = error
                        continue
                    steps, delay = future.result()
                    if steps is not None:
                        if delay is AFTER_FLUSH:
                            flushes.add(name, steps)
                            continue
                        due = time.monotonic()
                        if not (result.cancelled and interrupt is not None
                                and name not in interrupted):
                            due += delay
                        heapq.heappush(sleeping, (due, next(order), name,
                                                  steps, None))
                        continue
                    result.done.append(name)
                    for dependent in dependents[name]:
                        waiting[dependent] -= 1
                        if waiting[dependent] == 0:
                            ready.append(dependent)
        finally:
            flushes.close()
    if deadline is not None and time.monotonic() > deadline:
        result.timed_out = True
    finished_names = set(result.done) | set(result.failed)
    result.not_started = [n for n in graph if n not in finished_names]
    return result


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
