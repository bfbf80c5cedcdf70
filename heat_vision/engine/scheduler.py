"""Walks a dependency graph, running each node once its requirements are.

A node starts the moment its last requirement finishes. Its work runs on
a bounded pool of threads, in steps: ``run_node(name)`` either does all
of it and returns, or returns a generator of poll delays (a resource
whose create completes later). Each ``next()`` of it is one step, run on
the pool; between steps the node holds no thread: it waits in a heap
ordered by when its next poll is due, so a tick costs O(nodes in
progress) at most and a thousand resources waiting on a cloud do not
need a thousand threads. After the first failure (or a stop request) no
new node starts; those in progress are carried to their end. The walk
itself never touches the database: the action it runs records state
through a ``Recorder``.
"""

from concurrent import futures
import heapq
import inspect
import itertools
import time


class WalkResult:

    def __init__(self):
        self.done = []
        self.failed = {}        # name -> exception
        self.not_started = []
        self.timed_out = False

    @property
    def ok(self):
        return not self.failed and not self.not_started


def _advance(steps):
    """One step of a node.

    :returns: ``(steps, delay)``, or ``(None, None)`` once it is over.
    """
    if not inspect.isgenerator(steps):
        return None, None
    try:
        return steps, next(steps)
    except StopIteration:
        return None, None


def _start(run_node, name):
    return _advance(run_node(name))


def walk(graph, run_node, workers, deadline=None, should_stop=None,
         tick=None, tick_every=0.2, max_in_progress=None):
    """Run ``run_node(name)`` for every node of ``graph`` in order.

    :param graph: ``{name: set(names it requires)}``; every required name
        must itself be a key.
    :param run_node: a callable; an exception from it (or from a step of
        the generator it returns) fails the node. A generator yields the
        seconds to wait before its next step.
    :param workers: the most steps running at once (threads).
    :param deadline: a ``time.monotonic()`` after which no node starts.
    :param should_stop: a callable polled between nodes; True stops.
    :param tick: called at least every ``tick_every`` seconds while nodes
        run (the recorder flushes what is due, even when nothing moves).
    :param max_in_progress: the most nodes started and not finished
        (running a step or waiting for the next); None: no bound.
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
    running = {}            # future of a step -> node name
    sleeping = []           # heap of (due, seq, name, steps)
    order = itertools.count()
    cap = max_in_progress or len(graph) or 1
    with futures.ThreadPoolExecutor(max_workers=workers) as pool:
        while ready or running or sleeping:
            if not stopping and _must_stop(result, deadline, should_stop):
                stopping = True
            now = time.monotonic()
            while (sleeping and sleeping[0][0] <= now and
                   len(running) < workers * 2):
                _due, _seq, name, steps = heapq.heappop(sleeping)
                running[pool.submit(_advance, steps)] = name
            while (ready and not stopping and len(running) < workers * 2
                   and len(running) + len(sleeping) < cap):
                name = ready.pop()
                running[pool.submit(_start, run_node, name)] = name
            if not running and not sleeping:
                break
            timeout = tick_every if tick else None
            if sleeping:
                until_due = max(0.0, sleeping[0][0] - time.monotonic())
                timeout = until_due if timeout is None else min(
                    timeout, until_due)
            if running:
                finished, _ = futures.wait(
                    running, timeout=timeout,
                    return_when=futures.FIRST_COMPLETED)
            else:
                finished = ()
                time.sleep(timeout)
            if tick is not None:
                tick()
            for future in finished:
                name = running.pop(future)
                error = future.exception()
                if error is not None:
                    result.failed[name] = error
                    continue
                steps, delay = future.result()
                if steps is not None:
                    heapq.heappush(sleeping, (time.monotonic() + delay,
                                              next(order), name, steps))
                    continue
                result.done.append(name)
                for dependent in dependents[name]:
                    waiting[dependent] -= 1
                    if waiting[dependent] == 0:
                        ready.append(dependent)
    if deadline is not None and time.monotonic() > deadline:
        result.timed_out = True
    finished_names = set(result.done) | set(result.failed)
    result.not_started = [n for n in graph if n not in finished_names]
    return result


def _must_stop(result, deadline, should_stop):
    if result.failed:
        return True
    if deadline is not None and time.monotonic() > deadline:
        return True
    return bool(should_stop and should_stop())


def reverse(graph):
    """The graph with every edge turned round (for deletes)."""
    reversed_graph = {name: set() for name in graph}
    for name, requires in graph.items():
        for required in requires:
            reversed_graph[required].add(name)
    return reversed_graph
