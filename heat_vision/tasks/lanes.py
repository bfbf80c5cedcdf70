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

"""Lanes: how many runs of one kind a process runs at the same time.

A task plugin may name the lane of a task (``TaskPlugin.lane``): a key
and the most runs of that key one process runs at once (the dispatches
of one CEP: ``cep.dispatch``). A job's lane is that of its first task
that has one; it is kept in the run's logbook (``META_KEY``) and in the
details posted to a jobboard. The local board runs at most that many
runs of a lane; the others wait in the lane's queue, in order, holding
no thread, so that the runs of a slow lane (a CEP that does not answer)
never stand in front of the runs of another. A conductor does not claim
a run of a lane of which it runs that many already; it stays on the
board for another conductor, or for this one once a run of it ends.
"""

import collections
import threading

from heat_vision.common import exception
from heat_vision.tasks import plugins

META_KEY = 'lane'


def lane_of(document):
    """:returns: ``[key, limit]`` of a job document's lane, or None."""
    for spec in (document or {}).get('tasks') or ():
        try:
            plugin = plugins.get(spec.get('action'))
        except exception.InvalidTaskDocument:
            continue    # the run reports an unknown action itself
        lane = plugin.lane(spec.get('input') or {})
        if lane is not None:
            key, limit = lane
            return [str(key), max(1, int(limit))]
    return None


def running_in(lane, details):
    """:returns: how many of the runs of ``details`` (the posted details
    of the runs a conductor runs) are in ``lane``'s key.
    """
    key = lane[0]
    return sum(1 for each in details
               if ((each or {}).get(META_KEY) or [None])[0] == key)


def of_flow(flow_detail):
    """:returns: the lane a run's logbook keeps, or None."""
    if flow_detail is None:
        return None
    lane = (flow_detail.meta or {}).get(META_KEY)
    return tuple(lane) if lane else None


class Lanes:
    """The runs of each lane: running, and waiting their turn."""

    def __init__(self):
        self._lock = threading.Lock()
        self._running = collections.Counter()
        self._waiting = collections.defaultdict(collections.deque)

    def admit(self, lane, name, item):
        """:returns: True if run ``name`` may run now; else it waits (its
        ``item`` is handed back by ``release`` when its turn comes).
        """
        if lane is None:
            return True
        key, limit = lane
        with self._lock:
            if self._running[key] < limit:
                self._running[key] += 1
                return True
            self._waiting[key].append((name, item))
            return False

    def release(self, lane):
        """A run of ``lane`` ended: :returns: the ``item`` of the next
        run of the lane, which takes its place, or None.
        """
        if lane is None:
            return None
        key = lane[0]
        with self._lock:
            waiting = self._waiting.get(key)
            if waiting:
                _name, item = waiting.popleft()
                if not waiting:
                    del self._waiting[key]
                return item
            self._running[key] -= 1
            if self._running[key] <= 0:
                del self._running[key]
            return None

    def waits(self, name):
        """:returns: True if run ``name`` waits in a lane."""
        with self._lock:
            return any(name == waiting_name
                       for queue in self._waiting.values()
                       for waiting_name, _item in queue)

    def clear(self):
        """Forget the waiting runs (they resume with the process)."""
        with self._lock:
            self._waiting.clear()
