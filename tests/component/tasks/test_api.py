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

"""``/v1/{tenant}/tasks`` through the whole WSGI pipeline (noauth)."""

from oslo_serialization import jsonutils
import redis
import sqlalchemy as sa
import webob

from heat_vision.cmd import composite
from heat_vision.db import tasks as db_tasks
from heat_vision.policies import enforcer
from heat_vision.tasks import runner
from tests.component.tasks import base


class TasksAPITest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.flags(group='api', auth_strategy='noauth')
        enforcer.reset()
        self.addCleanup(enforcer.reset)
        self.start_service()
        self.app = composite.setup_app()

    def request(self, method, path, body=None, roles='member,reader',
                tenant='p1'):
        request = webob.Request.blank('/v1/%s%s' % (tenant, path),
                                      method=method)
        request.headers['Content-Type'] = 'application/json'
        request.headers['X-Roles'] = roles
        if body is not None:
            request.body = jsonutils.dump_as_bytes(body)
        return request.get_response(self.app)

    def test_create_show_list_cancel(self):
        doc = base.sequence(('a', 'sleep', {'seconds': 30}))
        response = self.request('POST', '/tasks', {'job': doc})
        self.assertEqual(201, response.status_int, response.body)
        job = response.json['job']
        self.assertTrue(response.location.endswith('/v1/p1/tasks/' +
                                                   job['id']))
        shown = self.request('GET', '/tasks/' + job['id']).json['job']
        self.assertEqual(['a'], [s['name'] for s in shown['steps']])
        listed = self.request('GET', '/tasks?status=PENDING&status=RUNNING'
                              '&kind=sequence&limit=5').json['jobs']
        self.assertEqual([job['id']], [j['id'] for j in listed])
        response = self.request('POST', '/tasks/%s/cancel' % job['id'])
        self.assertEqual(202, response.status_int, response.body)
        self.assertEqual('CANCELLED', self.wait_job(job['id'])['status'])
        response = self.request('POST', '/tasks/%s/cancel' % job['id'])
        self.assertEqual(409, response.status_int)

    def test_yaml_document(self):
        response = self.request('POST', '/tasks', {
            'job': 'name: y\ntasks:\n  - {name: a, action: noop}\n'})
        self.assertEqual(201, response.status_int, response.body)

    def test_errors(self):
        response = self.request('POST', '/tasks', {'job': base.sequence(
            ('a', 'http.request', {'url': 'ftp://x'}))})
        self.assertEqual(400, response.status_int)
        self.assertIn('tasks[0].input.url',
                      response.json['error']['message'])
        self.assertEqual(400, self.request('POST', '/tasks',
                                           {'nope': 1}).status_int)
        self.assertEqual(404, self.request('GET', '/tasks/nope').status_int)
        self.assertEqual(405, self.request('PUT', '/tasks').status_int)

    def test_reader_cannot_create(self):
        response = self.request('POST', '/tasks', {'job': base.sequence(
            ('a', 'noop', None))}, roles='reader')
        self.assertEqual(403, response.status_int)
        self.assertEqual(200, self.request('GET', '/tasks',
                                           roles='reader').status_int)

    def test_another_projects_job_is_unknown(self):
        response = self.request('POST', '/tasks', {'job': base.sequence(
            ('a', 'noop', None))}, tenant='p2')
        self.assertEqual(201, response.status_int, response.body)
        theirs = response.json['job']['id']
        unknown = '6c0a1d2e-3f4b-4c5d-8e6f-7a8b9c0d1e2f'
        for method, path in (('GET', '/tasks/%s'),
                             ('POST', '/tasks/%s/cancel'),
                             ('GET', '/tasks/%s/runs'),
                             ('GET', '/tasks?marker=%s')):
            answers = []
            for job_id in (theirs, unknown):
                response = self.request(method, path % job_id)
                self.assertEqual(404, response.status_int, response.body)
                answers.append(response.text.replace(job_id, 'ID'))
            self.assertEqual(answers[0], answers[1], path)

    def test_runs_are_paged_newest_first(self):
        self.flags(group='tasks', min_interval=0.1)
        job = self.request('POST', '/tasks', {'job': {
            'name': 'p', 'kind': 'persistent', 'interval': 0.1,
            'tasks': [{'name': 'a', 'action': 'noop',
                       'input': {'x': 1}}]}}).json['job']
        self.wait_runs(job['id'], 3)
        self.client.cancel_job(self.ctx, job['id'])
        self.wait_job(job['id'])
        runs = self.request('GET', '/tasks/%s/runs?limit=2' % job['id'])
        self.assertEqual(200, runs.status_int, runs.body)
        first = runs.json['runs']
        self.assertEqual(2, len(first))
        self.assertGreater(first[0]['run'], first[1]['run'])
        rest = self.request('GET', '/tasks/%s/runs?marker=%d' % (
            job['id'], first[1]['run'])).json['runs']
        self.assertEqual(list(range(first[1]['run'] - 1, 0, -1)),
                         [run['run'] for run in rest])
        self.assertEqual(('SUCCEEDED', {'a': {'x': 1}}, None),
                         (rest[-1]['status'], rest[-1]['result'],
                          rest[-1]['error']))
        self.assertLessEqual(rest[-1]['started_at'], rest[-1]['ended_at'])
        for bad in ('marker=-1', 'marker=x', 'limit=-2'):
            response = self.request('GET', '/tasks/%s/runs?%s' % (
                job['id'], bad))
            self.assertEqual(400, response.status_int, bad)
            self.assertIn(bad.split('=')[0], response.text)

    def test_a_refused_database_is_503_and_stores_nothing(self):
        def refused(*args, **kwargs):
            raise sa.exc.OperationalError(
                'INSERT INTO task_job', {},
                Exception(1040, 'Too many connections'))

        self.patch(db_tasks, 'job_create', refused)
        response = self.request('POST', '/tasks', {'job': base.sequence(
            ('a', 'noop', None))})
        self.assertEqual(503, response.status_int, response.body)
        self.assertEqual('TaskServiceUnavailable',
                         response.json['error']['type'])
        self.assertIn('database', response.json['error']['message'])
        self.assertIn('Retry-After', response.headers)
        self.assertNotIn('Too many connections', response.text)
        self.assertEqual([], self.request('GET', '/tasks').json['jobs'])

    def test_a_refused_post_of_a_stored_job_is_acknowledged(self):
        # The job is stored: the conductors' reconciler posts its run
        # (tests.functional.tasks.test_reconcile); an error would make
        # the caller submit it twice.
        def refused(name, book, details):
            raise redis.exceptions.ConnectionError('Connection refused')

        self.patch(runner.get_board(), 'post', refused)
        response = self.request('POST', '/tasks', {'job': base.sequence(
            ('a', 'noop', None))})
        self.assertEqual(201, response.status_int, response.body)
        self.assertEqual([response.json['job']['id']],
                         [job['id'] for job in
                          self.request('GET', '/tasks').json['jobs']])

    def test_any_other_failure_stays_a_500(self):
        def broken(*args, **kwargs):
            raise KeyError('a bug')

        self.patch(db_tasks, 'job_create', broken)
        response = self.request('POST', '/tasks', {'job': base.sequence(
            ('a', 'noop', None))})
        self.assertEqual(500, response.status_int, response.body)
