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

"""Conductor heartbeats, so that a dead conductor's runs move at once.

Each conductor on a Redis jobboard keeps a key that expires
``[tasks] conductor_down_time`` seconds after its last heartbeat (sent
every ``[tasks] heartbeat_interval``). Every conductor looks at the
claimed runs of the board; a run whose owner is a known conductor whose
key has expired is abandoned on the owner's behalf, and any conductor
claims it again (TaskFlow's claim is atomic: one wins). An owner that
never sent a heartbeat (an older conductor during an upgrade) keeps its
claims until they expire (``claim_expiry``), as before.

A conductor killed with SIGKILL stops beating at once, so its runs
resume elsewhere within the down time plus one heartbeat interval.

Imported only when ``[tasks] jobboard = redis`` (redis is an extra).
"""

import time

from oslo_config import cfg
from oslo_log import log as logging
import redis
from taskflow import exceptions as tf_exc

CONF = cfg.CONF
LOG = logging.getLogger(__name__)


class Heartbeats:
    """One conductor's heartbeat, and the liveness of the others."""

    def __init__(self, name):
        self.name = name
        self._client = redis.Redis.from_url(CONF.tasks.jobboard_url)
        self._known = CONF.tasks.jobboard_name + '.conductors'

    def _key(self, conductor):
        return '%s.%s' % (self._known, conductor)

    def beat(self):
        """Say this conductor is alive (the first beat makes it known)."""
        self._client.set(self._key(self.name), repr(time.time()),
                         px=int(CONF.tasks.conductor_down_time * 1000))
        self._client.sadd(self._known, self.name)

    def is_dead(self, owner):
        """:returns: True if ``owner`` is a conductor that stopped beating.
        """
        return bool(self._client.sismember(self._known, owner)) and \
            not self._client.exists(self._key(owner))

    def forget(self, owner):
        self._client.srem(self._known, owner)
        self._client.delete(self._key(owner))

    def close(self):
        self._client.close()

    def release_dead_claims(self, board):
        """Abandon the runs claimed by dead conductors.

        :returns: the names of the runs released.
        """
        released, dead = [], set()
        for job in board.iterjobs(ensure_fresh=True):
            try:
                owner = board.find_owner(job)
            except (tf_exc.NotFound, TypeError):
                # TypeError: an unclaimed run (TaskFlow's Redis board
                # decodes the missing owner); it must not end the look
                # at the runs after it.
                continue
            if not owner or owner == self.name:
                continue
            if owner in dead or self.is_dead(owner):
                dead.add(owner)
                try:
                    board.abandon(job, owner)
                except (tf_exc.NotFound, tf_exc.UnclaimableJob):
                    continue    # another conductor released it first
                LOG.info('Conductor %s stopped beating; released %s',
                         owner, job.name)
                released.append(job.name)
        for owner in dead:
            self.forget(owner)
        return released
