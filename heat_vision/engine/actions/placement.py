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

"""Which engine runs a new stack operation, or an orphaned one: by load.

The shared RPC topic hands requests to the engines in turn, whatever
they already run; an engine given a stack while another has clearly less
to do hands it over. The load of an engine is what it holds stack locks
for (``db.locks.lock_loads``): the resources still to do in those stacks,
plus ``STACK_WEIGHT`` per stack, read from the database when the decision
is made, so it is current for a burst of requests. An operation moves
only when the other engine, even with it, has no more to do than this one
now: two engines never hand work back and forth.

A new stack counts in the loads only once an engine locks it, so while a
burst of creates arrives, each engine places its stack against loads that
miss the stacks still being stored and placed. The shared topic hands
such a burst to the engines in turn, so the others miss about as many as
this engine is placing at that moment (``Arrivals``): a difference of
loads smaller than those is not taken for load. Without that margin two
engines given twenty equal stacks at once handed over six to ten of them
and ended 8/12 or 12/8 rather than 10/10, the burst lasting as long as
the busier engine took.

Take-over (``takeover.claim_orphans``) uses the same loads: each orphan
goes to the least loaded live engine, ties broken by engine id, so that
the stacks of a dead engine are shared rather than all taken by whichever
engine beats first. An orphan that its chosen engine leaves is free for
any engine two heartbeats later.
"""

import contextlib
import threading

from heat_vision.db import api as db_api
from heat_vision.db import locks as db_locks
from heat_vision.engine import locks

#: What a stack costs an engine besides its resources, in resources:
#: measured with bench_matrix.py --concurrent 20 --first 2000 (one
#: engine with twenty stacks of 100 against one with a stack of 2000
#: burned 0.07-0.1 s more per stack, 25-30 resources' worth).
STACK_WEIGHT = 25


def weight(resources):
    """:returns: the load of a stack with ``resources`` still to do."""
    return resources + STACK_WEIGHT


def loads(context):
    """:returns: ``{engine_id: load}`` of the engines holding locks."""
    return {engine_id: resources + STACK_WEIGHT * stacks
            for engine_id, (stacks, resources) in
            db_locks.lock_loads(context).items()}


def _least_loaded(live, loads):
    return min(sorted(live), key=lambda engine: loads.get(engine, 0))


def choose(context, engine_id, resources, unseen=0):
    """The engine to run a new operation.

    :param resources: the operation's resources still to do.
    :param unseen: the load of the other new operations this engine is
        placing now (``Arrivals.besides``), which the loads miss.
    :returns: ``engine_id`` (this engine), or a live engine with less to do.
    """
    with db_api.reader(context):  # one transaction for both reads
        live = locks.live_engines(context)
        if not live - {engine_id}:
            return engine_id
        current = loads(context)
    target = _least_loaded(live, current)
    if target != engine_id and _worth_moving(
            current.get(target, 0) + unseen, current.get(engine_id, 0),
            weight(resources)):
        return target
    return engine_id


def _worth_moving(target_load, own_load, stack):
    """Whether ``target`` should take a new operation of load ``stack``:
    when, even with it, it has no more to do than this engine now.

    A stricter bar (a lead of two such stacks) moved fewer of a burst of
    equal stacks, but left two engines 20% apart in CPU per resource when
    a large stack came first.
    """
    return target_load + stack <= own_load


class Arrivals:
    """The load of the new operations this engine is placing: taken from
    the topic, not yet locked here or handed over.
    """

    def __init__(self):
        self._lock = threading.Lock()
        self._load = 0

    @contextlib.contextmanager
    def placing(self, resources):
        """Count an operation of ``resources`` while it is placed."""
        load = weight(resources)
        with self._lock:
            self._load += load
        try:
            yield
        finally:
            with self._lock:
                self._load -= load

    def besides(self, resources):
        """:returns: the load of the others placed besides one of
        ``resources`` (which is being placed).
        """
        with self._lock:
            return max(0, self._load - weight(resources))


class Shares:
    """Who takes which orphans in one take-over round of ``engine_id``."""

    def __init__(self, context, engine_id, live):
        self.engine_id = engine_id
        self.live = set(live) | {engine_id}
        self.loads = loads(context)

    def mine(self, size):
        """Give an orphan of ``size`` resources to the least loaded engine
        (counted in its load, as every engine counts it).

        :returns: whether that is this engine.
        """
        chosen = _least_loaded(self.live, self.loads)
        self._add(chosen, size)
        return chosen == self.engine_id

    def taken(self, size):
        """This engine takes an orphan that was not its share."""
        self._add(self.engine_id, size)

    def _add(self, engine_id, size):
        self.loads[engine_id] = self.loads.get(engine_id, 0) + weight(size)
