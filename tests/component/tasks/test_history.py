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

"""The run history: every run kept with its outcome, up to a bound."""

from heat_vision.common import context
from heat_vision.common import exception
from tests.component.tasks import base


class RunHistoryTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.start_service()

    def test_failed_runs_keep_their_error_and_old_runs_go(self):
        self.flags(group='tasks', min_interval=0.1, max_runs_kept=3)
        # Nothing listens on port 1: every run fails.
        self.flags(group='url_fetch', allowed_networks=['127.0.0.1/32'])
        job = self.client.create_job(self.ctx, {
            'name': 'p', 'kind': 'persistent', 'interval': 0.1,
            'tasks': [{'name': 'boom', 'action': 'http.request',
                       'input': {'url': 'http://127.0.0.1:1/'}}]})
        self.wait_runs(job['id'], 5, timeout=30)
        self.client.cancel_job(self.ctx, job['id'])
        job = self.wait_job(job['id'])
        runs = self.client.list_runs(self.ctx, job['id'])
        self.assertLessEqual(len(runs), 3)
        self.assertEqual(job['runs'], runs[0]['run'])
        ended = [run for run in runs if run['status'] != 'CANCELLED']
        self.assertTrue(ended)
        for run in ended:
            self.assertEqual('FAILED', run['status'])
            self.assertIn('boom: ', run['error'])
        self.assertEqual(job['failures'],
                         job['runs'] - int(runs[0]['status'] == 'CANCELLED'))

    def test_a_sequence_has_one_run(self):
        job = self.client.create_job(self.ctx, base.sequence(
            ('a', 'noop', {'v': 1})))
        job = self.wait_job(job['id'])
        [run] = self.client.list_runs(self.ctx, job['id'])
        self.assertEqual((1, 'SUCCEEDED', {'a': {'v': 1}}, None),
                         (run['run'], run['status'], run['result'],
                          run['planned_at']))
        self.assertEqual(job['owner'], run['owner'])

    def test_another_projects_runs_are_unknown(self):
        job = self.client.create_job(self.ctx, base.sequence(
            ('a', 'noop', None)))
        other = context.RequestContext(project_id='p2', user_id='u')
        self.assertRaises(exception.TaskJobNotFound, self.client.list_runs,
                          other, job['id'])
