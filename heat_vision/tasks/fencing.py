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

"""Fences: a run goes on only while this process owns it.

A conductor owns a run while it holds the run's claim on the jobboard. A
conductor that stalls (its process stopped, a task blocked) can lose the
claim to another conductor and wake up later; a process that stops hands
its runs back. Either way the old engine must neither start another step
nor write the run's state again. Each run in this process has a
``Fence``, handed to its engine: its task storage asks ``holds()`` before
every write (so before every step starts, and before every revert), and
the run's tasks ask it before their plugin acts (``TaskRuntime.check``).
Once a fence is lost the run's engine ends in memory only, and nothing it
does reaches the database or the plugins.
"""

import time

from oslo_log import log as logging

LOG = logging.getLogger(__name__)
#: Why the runs of a process that stops are fenced.
STOPPING = 'the task service stops'
#: Seconds a claim seen held is taken as held without asking the board
#: again. A step asks twice within a moment (its storage before it is
#: marked running, then its task before the plugin acts), and a short run
#: asks again at its end, right after its last write: one question to
#: Redis serves them. A claim cannot pass to another conductor in that
#: time: it lives ``[tasks] claim_expiry`` (2 s at least) from its last
#: renewal, and a conductor is taken for dead only after
#: ``conductor_down_time`` (1 s at least) without a heartbeat.
FRESH = 0.1


class Fence:
    """Whether this process still owns one run.

    :param owned: callable returning False once another conductor owns
        the run (a claim check on the jobboard), or None (local board).
    """

    def __init__(self, name, owned=None):
        self.name = name
        self._owned = owned
        self._seen_at = None
        self.lost = None

    def holds(self):
        """:returns: True while the run is this process's to go on with.
        """
        if self.lost is None and self._owned is not None:
            now = time.monotonic()
            if self._seen_at is not None and now - self._seen_at < FRESH:
                return True
            try:
                owned = self._owned()
            except Exception as exc:
                # Cannot tell: do not go on (the board is unreachable, and
                # the claim may be gone by the time it is back).
                LOG.warning('Cannot check the claim of %s (%s); stopping '
                            'it here', self.name, exc)
                owned = False
            if owned:
                self._seen_at = now
            else:
                self.drop("its claim is gone or another conductor's")
        return self.lost is None

    def drop(self, reason):
        """Lose the run: the engine goes on in memory only."""
        if self.lost is None:
            self.lost = reason
            LOG.info('Run %s fenced here: %s', self.name, reason)
