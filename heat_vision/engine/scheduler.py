"""Walks a dependency graph, running each node once its requirements are.

Nodes run on a bounded pool of threads; a node starts the moment its last
requirement finishes. After the first failure (or a stop request) no new
node starts; those running are waited for. The walk itself never touches
the database: the action it runs records state through a ``Recorder``.
"""

from concurrent import futures
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


def walk(graph, run_node, workers, deadline=None, should_stop=None,
         tick=None, tick_every=0.2):
    """Run ``run_node(name)`` for every node of ``graph`` in order.

    :param graph: ``{name: set(names it requires)}``; every required name
        must itself be a key.
    :param run_node: a callable; an exception from it fails the node.
    :param workers: the most nodes running at once.
    :param deadline: a ``time.monotonic()`` after which no node starts.
    :param should_stop: a callable polled between nodes; True stops.
    :param tick: called at least every ``tick_every`` seconds while nodes
        run (the recorder flushes what is due, even when nothing moves).
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
    running = {}
    with futures.ThreadPoolExecutor(max_workers=workers) as pool:
        while ready or running:
            if not stopping and _must_stop(result, deadline, should_stop):
                stopping = True
            while ready and not stopping and len(running) < workers * 2:
                name = ready.pop()
                running[pool.submit(run_node, name)] = name
            if not running:
                break
            finished, _ = futures.wait(
                running, timeout=tick_every if tick else None,
                return_when=futures.FIRST_COMPLETED)
            if tick is not None:
                tick()
            for future in finished:
                name = running.pop(future)
                error = future.exception()
                if error is not None:
                    result.failed[name] = error
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
