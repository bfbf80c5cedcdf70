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

"""Wake idle conductors when a run is posted or released (Redis pub/sub).

TaskFlow's conductor looks at the jobboard, and when it found nothing to
claim it waits ``[tasks] poll_interval`` before looking again. Whoever
posts a run, or releases one (a stopping conductor, a dead conductor's
claims), publishes on the board's channel; every conductor's listener
ends the wait at once. The poll stays as the fallback (a claim that
expires publishes nothing), so a lost message only costs a poll.

Imported only when ``[tasks] jobboard = redis`` (redis is an extra).
"""

import threading

from oslo_config import cfg
from oslo_log import log as logging
import redis

CONF = cfg.CONF
LOG = logging.getLogger(__name__)


def _channel():
    return CONF.tasks.jobboard_name + '.wakeup'


class Publisher:
    """Tells the conductors that there is something to claim."""

    def __init__(self):
        self._client = redis.Redis.from_url(CONF.tasks.jobboard_url)

    def publish(self):
        try:
            self._client.publish(_channel(), b'1')
        except redis.RedisError as exc:
            # The conductors' poll still finds the run.
            LOG.debug('Cannot publish a wakeup: %s', exc)

    def close(self):
        self._client.close()


class Listener:
    """Sets ``event`` whenever a wakeup is published (one thread)."""

    def __init__(self, event):
        self.event = event
        self._client = redis.Redis.from_url(CONF.tasks.jobboard_url)
        self._stopping = threading.Event()

    def run(self):
        try:
            self._listen()
        finally:
            self._client.close()

    def _listen(self):
        while not self._stopping.is_set():
            try:
                pubsub = self._client.pubsub(ignore_subscribe_messages=True)
                pubsub.subscribe(_channel())
                try:
                    while not self._stopping.is_set():
                        if pubsub.get_message(timeout=0.5) is not None:
                            self.event.set()
                finally:
                    pubsub.close()
            except redis.RedisError as exc:
                LOG.warning('Wakeup channel lost (%s); polling until it is '
                            'back', exc)
                self._stopping.wait(CONF.tasks.poll_interval * 10)

    def stop(self):
        """The listener ends within half a second."""
        self._stopping.set()
