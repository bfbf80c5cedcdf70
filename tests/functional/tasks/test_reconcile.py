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

"""Jobs whose run is on no jobboard still run, each task once.

Two heat-vision-tasks on RabbitMQ + MariaDB + Redis. A job's row is
stored with its post dropped (its creator died before posting), or the
jobboard's Redis keys are deleted under running and waiting runs (Redis
restarted without persistence); the conductors' reconciler posts the
runs again.
"""

import os

import redis

from heat_vision.tasks import boards
from heat_vision.tasks import manager
from heat_vision.tasks import persistence
from heat_vision.tasks import runner
from tests import base
from tests import fixtures as hv_fixtures
from tests.functional.tasks import base as fbase
from tests.functional.tasks import distributed

REDIS_URL = 'redis://127.0.0.1:6379/0'


class _DroppingBoard:
    """A board that loses every post (the poster died first)."""

    def post(self, name, book, details):
        pass

    def has_job(self, name):
        return False


class ReconcileTest(distributed.DistributedTestCase):

    TASKS_OPTIONS = {'claim_expiry': 2, 'orphan_grace': 1}

    def setUp(self):
        super().setUp()
        self.redis = redis.Redis.from_url(REDIS_URL)
        self.addCleanup(self.redis.close)
        self.addCleanup(self.drop_board)
        persistence.reset()
        self.addCleanup(persistence.reset)

    def drop_board(self):
        """Delete the jobboard's keys (only this test's namespace)."""
        keys = list(self.redis.scan_iter(match=self.jobboard_name + '*'))
        if keys:
            self.redis.delete(*keys)
        return len(keys)

    def ended(self, job_id, timeout=60):
        return self.wait(job_id, lambda j: j['status'] in (
            'COMPLETE', 'FAILED', 'CANCELLED'), timeout=timeout)

    def logged(self, text):
        for index in range(len(self.procs)):
            path = os.path.join(self.state_dir, 'tasks-%d.log' % index)
            with open(path) as log:
                if text in log.read():
                    return True
        return False

    def test_a_job_whose_post_was_lost_runs_once(self):
        hits = fbase.HitCounter(self)
        # The job is validated here, as the services would.
        self.flags(group='url_fetch', allowed_networks=['127.0.0.1/32'])
        runner.set_board(_DroppingBoard())
        self.addCleanup(runner.set_board, None)
        job = manager.TaskManager().create_job(self.ctx, {
            'name': 'lost', 'tasks': [hits.task('one', '/one'),
                                      hits.task('two', '/two')]})
        self.assertEqual('PENDING', job['status'])
        job = self.ended(job['id'])
        self.assertEqual('COMPLETE', job['status'], job)
        self.assertEqual((1, 1), (hits.hits['/one'], hits.hits['/two']))
        [run] = self.client.list_runs(self.ctx, job['id'])
        self.assertEqual('SUCCEEDED', run['status'])
        self.assertTrue(self.logged('Task job %s (PENDING): run 1 is on '
                                    'no jobboard; posting it again'
                                    % job['id']))

    def test_a_run_survives_the_loss_of_the_board_mid_step(self):
        hits = fbase.HitCounter(self)
        job = self.client.create_job(self.ctx, {'name': 'flushed', 'tasks': [
            hits.task('one', '/one'),
            {'name': 'two', 'action': 'sleep', 'input': {'seconds': 3}},
            hits.task('three', '/three')]})
        self.wait(job['id'], lambda j: j['steps'][1]['state'] == 'RUNNING')
        self.assertGreater(self.drop_board(), 0)
        job = self.ended(job['id'])
        self.assertEqual('COMPLETE', job['status'], job)
        self.assertEqual((1, 1), (hits.hits['/one'], hits.hits['/three']))
        self.assertEqual(['SUCCESS'] * 3, [s['state'] for s in job['steps']])
        [run] = self.client.list_runs(self.ctx, job['id'])
        self.assertEqual('SUCCEEDED', run['status'])

    def test_a_waiting_run_survives_the_loss_of_the_board(self):
        hits = fbase.HitCounter(self)
        job = self.client.create_job(self.ctx, {
            'name': 'ticks', 'kind': 'persistent', 'interval': 2,
            'tasks': [hits.task('tick', '/tick')]})
        # Run 2 is claimed and waits for its start.
        self.wait(job['id'], lambda j: j['runs'] >= 1)
        self.drop_board()
        self.wait(job['id'], lambda j: j['runs'] >= 3, timeout=60)
        self.client.cancel_job(self.ctx, job['id'])
        job = self.ended(job['id'])
        self.assertEqual('CANCELLED', job['status'], job)
        self.assertEqual(job['runs'], hits.hits['/tick'])
        runs = self.client.list_runs(self.ctx, job['id'])
        self.assertEqual(len(runs), len({run['run'] for run in runs}))


class PostOnceTest(base.TestCase):
    """A run is on a Redis jobboard at most once, whoever posts it."""

    def test_a_second_post_of_a_run_leaves_one_posting(self):
        fbase.require(self, 'redis')
        self.useFixture(hv_fixtures.Database(self.state_dir))
        persistence.reset()
        self.addCleanup(persistence.reset)
        name = fbase.unique('hv-tasks')
        self.flags(group='tasks', jobboard='redis', jobboard_url=REDIS_URL,
                   jobboard_name=name)
        client = redis.Redis.from_url(REDIS_URL)
        self.addCleanup(client.close)
        self.addCleanup(lambda: [client.delete(key) for key in
                                 client.scan_iter(match=name + '*')])
        board = boards.JobBoard('test')
        board.connect()
        self.addCleanup(board.close)
        details = {'hv_job_id': 'j', 'hv_run': 1}
        board.post('job-j-run-1', None, details)
        board.post('job-j-run-1', None, details)
        self.assertEqual(['job-j-run-1'], [
            job.name for job in board.jobboard.iterjobs()])
        self.assertTrue(board.has_job('job-j-run-1'))
        self.assertFalse(board.has_job('job-j-run-2'))
