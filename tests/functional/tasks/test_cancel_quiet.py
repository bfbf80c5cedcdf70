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

"""A user's cancel is not an error: no ERROR log, no traceback."""

import logging
import time

import fixtures

from tests.component.tasks import base
from tests.functional.tasks import base as fbase


class CancelIsQuietTest(base.TestCase):

    def _cancel_a_running_job(self):
        log = self.useFixture(fixtures.FakeLogger(
            level=logging.INFO,
            format='%(levelname)s %(name)s %(message)s'))
        self.start_service()
        job = self.client.create_job(self.ctx, base.sequence(
            ('a', 'sleep', {'seconds': 30}), ('b', 'noop', None)))
        self.wait_job(job['id'], statuses=('RUNNING',), timeout=30)
        self.client.cancel_job(self.ctx, job['id'])
        job = self.wait_job(job['id'], timeout=30)
        self.assertEqual('CANCELLED', job['status'])
        # The conductor logs after the job's end is recorded.
        deadline = time.monotonic() + 10
        while 'cancelled' not in log.output.split('CANCELLED')[-1] and \
                time.monotonic() < deadline:
            time.sleep(0.05)
        return log.output

    def assertQuiet(self, output):
        self.assertNotIn('Traceback', output)
        self.assertNotIn('ERROR ', output)
        self.assertNotIn('WARNING ', output)

    def test_embedded(self):
        self.assertQuiet(self._cancel_a_running_job())

    def test_redis_conductor(self):
        fbase.require(self, 'redis')
        self.flags(group='tasks', jobboard='redis',
                   jobboard_name=fbase.unique('hv-cancel'),
                   poll_interval=0.05)
        self.assertQuiet(self._cancel_a_running_job())
