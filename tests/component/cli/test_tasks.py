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

import os

from tests.component.cli import fakes

JOB = """name: nightly
kind: sequence
tasks:
  - {name: one, action: noop}
"""


def job(status, steps=()):
    return {'id': 'j1', 'name': 'nightly', 'kind': 'sequence',
            'status': status, 'status_reason': None, 'runs': 1,
            'failures': 0, 'document': {'name': 'nightly'},
            'steps': list(steps)}


def step(state, error=None):
    return {'name': 'one', 'action': 'noop', 'state': state,
            'attempts': 1, 'result': None, 'error': error}


class TestTasks(fakes.CLITestCase):

    def setUp(self):
        super().setUp()
        self.job_file = os.path.join(self.state_dir, 'job.yaml')
        with open(self.job_file, 'w') as handle:
            handle.write(JOB)

    def test_create_posts_the_document(self):
        self.heat.add('POST', 'tasks', (201, {'job': job('PENDING')}))
        shown = self.run_json('task', 'create', self.job_file)
        self.assertEqual('PENDING', shown['status'])
        self.assertNotIn('document', shown)
        self.assertEqual({'job': JOB},
                         self.heat.calls('POST', 'tasks')[0].body)

    def test_create_wait_reports_progress(self):
        self.heat.add('POST', 'tasks', (201, {'job': job('PENDING')}))
        self.heat.add('GET', 'tasks/j1',
                      (200, {'job': job('RUNNING', [step('RUNNING')])}),
                      (200, {'job': job('COMPLETE', [step('SUCCESS')])}))
        status, out, err = self.run_cli('task', 'create', self.job_file,
                                        '--wait', '--poll', '0')
        self.assertEqual(0, status, err)
        self.assertIn('j1 RUNNING (0/1 tasks)', err)
        self.assertIn('j1 COMPLETE (1/1 tasks)', err)

    def test_create_wait_fails_with_the_step_error(self):
        self.heat.add('POST', 'tasks', (201, {'job': job('PENDING')}))
        self.heat.add('GET', 'tasks/j1', (200, {'job': job('FAILED', [
            step('FAILURE', 'HTTP 500 from http://x')])}))
        status, _out, err = self.run_cli('task', 'create', self.job_file,
                                         '--wait', '--poll', '0')
        self.assertEqual(1, status)
        self.assertIn('Job j1 FAILED: one: HTTP 500 from http://x', err)

    def test_list_show_cancel(self):
        self.heat.add('GET', 'tasks', (200, {'jobs': [job('RUNNING')]}))
        self.heat.add('GET', 'tasks/j1', (200, {'job': job('RUNNING', [
            step('RUNNING')])}))
        self.heat.add('POST', 'tasks/j1/cancel',
                      (202, {'job': job('CANCELLING')}))
        rows = self.run_json('task', 'list', '--filter', 'status=RUNNING',
                             '--filter', 'status=WAITING', '--limit', '2',
                             '--sort-dir', 'asc')
        self.assertEqual('RUNNING', rows[0]['Status'])
        self.assertEqual({'status': ['RUNNING', 'WAITING'], 'limit': ['2'],
                          'sort_dir': ['asc']},
                         self.heat.calls('GET', 'tasks')[0].query)
        shown = self.run_json('task', 'show', 'j1')
        self.assertEqual('RUNNING', shown['steps'][0]['state'])
        self.assertEqual([{'ID': 'j1', 'Status': 'CANCELLING'}],
                         self.run_json('task', 'cancel', 'j1'))

    def test_show_runs_adds_the_run_history(self):
        runs = [{'run': 3, 'status': 'CUT', 'error': None},
                {'run': 2, 'status': 'FAILED', 'error': 'one: boom'}]
        self.heat.add('GET', 'tasks/j1', (200, {'job': job('COMPLETE')}))
        self.heat.add('GET', 'tasks/j1/runs', (200, {'runs': runs}))
        shown = self.run_json('task', 'show', 'j1', '--runs',
                              '--runs-limit', '2', '--runs-marker', '4')
        self.assertEqual(runs, shown['run_history'])
        self.assertEqual({'limit': ['2'], 'marker': ['4']},
                         self.heat.calls('GET', 'tasks/j1/runs')[0].query)

    def test_already_ended_job_cannot_be_cancelled(self):
        self.heat.add('POST', 'tasks/j1/cancel', fakes.heat_error(
            409, 'JobEnded', 'Job j1 has already ended'))
        status, _out, err = self.run_cli('task', 'cancel', 'j1')
        self.assertEqual(1, status)
        self.assertEqual('JobEnded (HTTP 409): Job j1 has already ended\n',
                         err)
