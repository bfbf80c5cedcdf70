import os

from tests.unit.cli import fakes

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
        self.heat.add('POST', 'tasks', (201, {'task': job('PENDING')}))
        shown = self.run_json('task', 'create', self.job_file)
        self.assertEqual('PENDING', shown['status'])
        self.assertNotIn('document', shown)
        self.assertEqual({'name': 'nightly', 'kind': 'sequence',
                          'tasks': [{'name': 'one', 'action': 'noop'}]},
                         self.heat.calls('POST', 'tasks')[0].body)

    def test_create_wait_reports_progress(self):
        self.heat.add('POST', 'tasks', (201, job('PENDING')))
        self.heat.add('GET', 'tasks/j1',
                      (200, {'task': job('RUNNING', [step('RUNNING')])}),
                      (200, {'task': job('COMPLETE', [step('SUCCESS')])}))
        status, out, err = self.run_cli('task', 'create', self.job_file,
                                        '--wait', '--poll', '0')
        self.assertEqual(0, status, err)
        self.assertIn('j1 RUNNING (0/1 tasks)', err)
        self.assertIn('j1 COMPLETE (1/1 tasks)', err)

    def test_create_wait_fails_with_the_step_error(self):
        self.heat.add('POST', 'tasks', (201, job('PENDING')))
        self.heat.add('GET', 'tasks/j1', (200, job('FAILED', [
            step('FAILURE', 'HTTP 500 from http://x')])))
        status, _out, err = self.run_cli('task', 'create', self.job_file,
                                         '--wait', '--poll', '0')
        self.assertEqual(1, status)
        self.assertIn('Job j1 FAILED: one: HTTP 500 from http://x', err)

    def test_list_show_cancel(self):
        self.heat.add('GET', 'tasks', (200, {'tasks': [job('RUNNING')]}))
        self.heat.add('GET', 'tasks/j1', (200, {'task': job('RUNNING', [
            step('RUNNING')])}))
        self.heat.add('POST', 'tasks/j1/cancel', (202, None))
        rows = self.run_json('task', 'list', '--filter', 'status=RUNNING',
                             '--limit', '2')
        self.assertEqual('RUNNING', rows[0]['Status'])
        self.assertEqual({'status': ['RUNNING'], 'limit': ['2']},
                         self.heat.calls('GET', 'tasks')[0].query)
        shown = self.run_json('task', 'show', 'j1')
        self.assertEqual('RUNNING', shown['steps'][0]['state'])
        self.run_ok('task', 'cancel', 'j1')
        self.assertEqual(1, len(self.heat.calls('POST', 'tasks/j1/cancel')))

    def test_job_file_must_be_a_mapping(self):
        with open(self.job_file, 'w') as handle:
            handle.write('- a\n')
        status, _out, err = self.run_cli('task', 'create', self.job_file)
        self.assertEqual(1, status)
        self.assertIn('must hold a mapping', err)
