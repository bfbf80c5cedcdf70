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

"""Runs that start later are posted on a Redis board when they are due.

Two heat-vision-tasks on RabbitMQ + MariaDB + Redis, each with a single
``max_jobs`` slot: a run posted an hour early would take a slot for the
hour.
"""

import redis

from heat_vision.tasks import boards
from heat_vision.tasks import persistence
from heat_vision.tasks import runner
from tests.functional.tasks import distributed

REDIS_URL = 'redis://127.0.0.1:6379/0'


class DuePostingTest(distributed.DistributedTestCase):

    TASKS_OPTIONS = {'claim_expiry': 2, 'max_jobs': 1}

    def setUp(self):
        super().setUp()
        self.flags(group='tasks', jobboard='redis', jobboard_url=REDIS_URL,
                   jobboard_name=self.jobboard_name)
        persistence.reset()
        self.addCleanup(persistence.reset)
        self.board = boards.JobBoard('test')
        self.board.connect()
        self.addCleanup(self.board.close)
        client = redis.Redis.from_url(REDIS_URL)
        self.addCleanup(client.close)
        self.addCleanup(lambda: [client.delete(key) for key in
                                 client.scan_iter(
                                     match=self.jobboard_name + '*')])

    def hourly(self, name):
        return self.client.create_job(self.ctx, {
            'name': name, 'kind': 'persistent', 'interval': 3600,
            'tasks': [{'name': 'a', 'action': 'noop'}]})

    def test_runs_that_start_later_take_no_slot(self):
        hourly = [self.hourly('h%d' % i) for i in range(3)]
        for job in hourly:
            self.wait(job['id'], lambda j: j['runs'] == 1 and
                      j['status'] == 'WAITING')
        on_board = self.board.run_names()
        self.assertEqual(set(), on_board & {
            runner.run_name(job['id'], 2) for job in hourly})
        # Both conductors' only slots would hold a waiting run, and this
        # job would wait an hour.
        job = self.client.create_job(self.ctx, {
            'name': 'now', 'tasks': [{'name': 'a', 'action': 'noop'}]})
        job = self.wait(job['id'], lambda j: j['status'] == 'COMPLETE')
        # A cancel ends a job whose run is on no board.
        for job in hourly:
            self.client.cancel_job(self.ctx, job['id'])
        for job in hourly:
            job = self.wait(job['id'], lambda j: j['status'] not in (
                'WAITING', 'CANCELLING'))
            self.assertEqual(('CANCELLED', 1), (job['status'], job['runs']))

    def test_due_runs_are_posted_and_run(self):
        job = self.client.create_job(self.ctx, {
            'name': 'ticks', 'kind': 'persistent', 'interval': 3,
            'tasks': [{'name': 'a', 'action': 'noop'}]})
        job = self.wait(job['id'], lambda j: j['runs'] >= 3, timeout=60)
        self.client.cancel_job(self.ctx, job['id'])
        job = self.wait(job['id'], lambda j: j['status'] == 'CANCELLED')
        runs = self.client.list_runs(self.ctx, job['id'])
        self.assertEqual(len(runs), len({run['run'] for run in runs}))
        self.assertEqual(job['runs'], len(
            [run for run in runs if run['status'] == 'SUCCEEDED']))
