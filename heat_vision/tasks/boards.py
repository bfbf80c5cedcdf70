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

"""TaskFlow jobboards (Redis, or ZooKeeper) behind ``runner``'s board API.

On Redis, claims expire unless renewed and a run is posted once
(``redis_jobs``); ZooKeeper's claims are ephemeral nodes and need
neither. Each jobboard's client library is an extra
(``heat_vision.common.extras``), imported only when it is configured.
"""

import time
from urllib import parse

from oslo_config import cfg
from taskflow.jobs import backends as job_backends

from heat_vision.common import extras
from heat_vision.tasks import persistence
from heat_vision.tasks import runner

CONF = cfg.CONF


def _conf():
    url = parse.urlparse(CONF.tasks.jobboard_url)
    if CONF.tasks.jobboard == 'redis':
        conf = {'board': 'redis', 'host': url.hostname or '127.0.0.1',
                'port': url.port or 6379,
                'namespace': CONF.tasks.jobboard_name}
        if url.password:
            conf['password'] = url.password
        if url.path.strip('/'):
            conf['db'] = int(url.path.strip('/'))
        return conf
    return {'board': 'zookeeper', 'hosts': url.netloc,
            'path': '/' + CONF.tasks.jobboard_name.strip('/')}


class JobBoard:
    """``runner``'s board on a TaskFlow jobboard."""

    def __init__(self, name):
        """:raises: MissingExtra if the jobboard's library is missing."""
        extras.jobboard_client()
        board = job_backends.fetch(name, _conf(),
                                   persistence=persistence.get_backend())
        self.publisher = None
        self._redis = CONF.tasks.jobboard == 'redis'
        if self._redis:
            # NOTE(heat-vision): imported here, once redis is known to be
            # installed: these modules import it.
            from heat_vision.tasks import redis_jobs
            from heat_vision.tasks import wakeup
            board = redis_jobs.RedisBoard(board, CONF.tasks.claim_expiry)
            self.publisher = wakeup.Publisher()
        self.jobboard = board

    def connect(self):
        self.jobboard.connect()

    def close(self):
        self.jobboard.close()
        if self.publisher is not None:
            self.publisher.close()
        return True

    @property
    def posts_when_due(self):
        """True if a run that starts later is posted only when it is due
        (``due.DuePoster`` posts it then).
        """
        return self._redis

    def post(self, name, book, details):
        """Post a run for any conductor to claim (and wake them).

        On Redis a run that starts more than ``runner.POST_AHEAD``
        seconds later is not posted now: a conductor would claim it and
        wait for its start on one of its ``max_jobs`` slots, and a
        thousand persistent jobs' next runs would take every slot. The
        conductors' ``due.DuePoster`` posts it when it is due.
        """
        start = runner.start_of(runner.flow_detail_of(book))
        if (self._redis and start is not None
                and start - time.time() > runner.POST_AHEAD):
            return
        self.post_now(name, book, details)

    def post_now(self, name, book, details):
        """Post a run whatever its start (see ``post``)."""
        if not self._redis:
            self.jobboard.post(name, book=book, details=details)
        elif not self.jobboard.post_once(name, book, details):
            return
        if self.publisher is not None:
            self.publisher.publish()

    def has_job(self, name):
        """:returns: True if a run of that name waits or runs on the board.
        """
        return name in self.run_names()

    def run_names(self):
        """:returns: the names of the runs on the board, claimed or not,
            in one listing (one ``HGETALL`` on Redis).
        """
        fetch = getattr(self.jobboard, '_fetch_jobs', None)
        jobs = fetch() if fetch is not None else self.jobboard.iterjobs()
        return {job.name for job in jobs}
