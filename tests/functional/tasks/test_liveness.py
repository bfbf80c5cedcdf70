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

"""A dead conductor's claims are released on a real Redis jobboard, also
when unclaimed runs are listed before them.
"""

import redis

from heat_vision.tasks import boards
from heat_vision.tasks import liveness
from tests import base
from tests.functional.tasks import base as fbase

REDIS_URL = 'redis://127.0.0.1:6379/0'


class ReleaseDeadClaimsTest(base.TestCase):

    def setUp(self):
        super().setUp()
        fbase.require(self, 'redis')
        self.name = fbase.unique('hv-live')
        self.flags(group='tasks', jobboard='redis', jobboard_url=REDIS_URL,
                   jobboard_name=self.name)
        self.board = boards.JobBoard('me')
        self.board.connect()
        self.addCleanup(self.board.close)
        self.redis = redis.Redis.from_url(REDIS_URL)
        self.addCleanup(self.redis.close)
        self.addCleanup(self._drop_keys)

    def _drop_keys(self):
        keys = list(self.redis.scan_iter(match=self.name + '*'))
        if keys:
            self.redis.delete(*keys)

    def _post(self, name):
        self.board.post_now(name, None, {'job_id': name, 'run': 1})
        return next(job for job in self.board.jobboard.iterjobs()
                    if job.name == name)

    def test_claims_after_an_unclaimed_run_are_released(self):
        self._post('run-unclaimed')
        held = self._post('run-held')
        self.board.jobboard.claim(held, 'dead-one')
        dead = liveness.Heartbeats('dead-one')
        dead.beat()
        self.addCleanup(dead.close)
        # It stops beating: its key is gone, it stays known.
        self.redis.delete(dead._key('dead-one'))

        me = liveness.Heartbeats('me')
        self.addCleanup(me.close)
        self.assertEqual(['run-held'],
                         me.release_dead_claims(self.board.jobboard))
        unclaimed = {job.name for job in
                     self.board.jobboard.unclaimed_jobs()}
        self.assertEqual({'run-unclaimed', 'run-held'}, unclaimed)
