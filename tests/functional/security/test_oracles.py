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

"""No existence oracles: another project's thing is as unknown as none.

For every route that takes an id, project B asking about project A's
stack, resource, event, snapshot, config or deployment must get exactly
the answer (status and body, the id replaced) that a random unknown id
gets; a mutation must check whose the thing is before anything else
(in use, in progress, validation).
"""

from oslo_utils import uuidutils

from tests.functional.security import base

VICTIM = 'victim'
INTRUDER = 'intruder'

TEMPLATE = '''heat_template_version: 2021-04-16
resources:
  handle: {type: OS::Heat::WaitConditionHandle}
  value:
    type: OS::Heat::Value
    properties: {value: secret}
outputs:
  out: {value: {get_attr: [value, value]}}
'''


class OracleTest(base.SecurityTestCase):

    def setUp(self):
        super().setUp()
        self.session.headers.pop('X-Auth-Token')
        self.stack = self.create_stack(TEMPLATE, tenant=VICTIM)
        self.name = self.stack['stack_name']
        self.unknown = uuidutils.generate_uuid()

    def assertSameAnswer(self, method, path, known, body=None,
                         status=404):
        """B's request for A's ``known`` id and for an unknown id answer
        alike; ``path`` has one ``%(id)s``.
        """
        answers = []
        for ident in (known, self.unknown):
            response = self.assertRefused(
                method, path % {'id': ident}, status=status,
                tenant=INTRUDER, json=body, allow_redirects=False)
            answers.append(response.text.replace(ident, 'ID'))
        self.assertEqual(answers[0], answers[1], path)
        return answers[0]

    def stack_path(self, suffix=''):
        return '/stacks/%s/%%(id)s%s' % (self.name, suffix)

    def first_event(self):
        response = self.request('GET', '/stacks/%s/%s/events' % (
            self.name, self.stack['id']), tenant=VICTIM)
        self.assertEqual(200, response.status_code, response.text)
        return response.json()['events'][0]['id']

    def test_stack_routes(self):
        ident = self.stack['id']
        for method, suffix, body in (
                ('GET', '', None), ('DELETE', '', None),
                ('PATCH', '', {'parameters': {}}),
                ('PUT', '', {'template': 'not: a template'}),
                ('GET', '/resources', None),
                ('GET', '/resources/value', None),
                ('GET', '/resources/value/metadata', None),
                ('POST', '/resources/handle/signal', {'id': 'x'}),
                ('PATCH', '/resources/value', {'mark_unhealthy': True}),
                ('GET', '/resources/value/scaling', None),
                ('POST', '/resources/handle/rotate_signal_url', None),
                ('GET', '/events', None),
                ('GET', '/outputs', None), ('GET', '/outputs/out', None),
                ('GET', '/template', None), ('GET', '/environment', None),
                ('GET', '/snapshots', None),
                ('POST', '/snapshots', {'name': 's'}),
                ('POST', '/actions', {'suspend': None}),
                ('POST', '/actions', {'cancel_update': None}),
                ('DELETE', '/abandon', None), ('GET', '/export', None)):
            self.assertSameAnswer(method, self.stack_path(suffix), ident,
                                  body)
        self.assertSameAnswer('GET', '/stacks/%(id)s', ident)
        # Still there, untouched, for its own project.
        response = self.request('GET', '/stacks/%s/%s' % (self.name, ident),
                                tenant=VICTIM)
        self.assertEqual('CREATE_COMPLETE',
                         response.json()['stack']['stack_status'])

    def test_list_markers(self):
        message = self.assertSameAnswer('GET', '/stacks?marker=%(id)s',
                                        self.stack['id'])
        self.assertIn('ID', message)
        # Another stack's event as a marker is no marker, as an unknown
        # one (Heat's _events_paginate_query): the intruder's own events
        # from the start, the same answer either way.
        own = self.create_stack(TEMPLATE, tenant=INTRUDER)
        path = '/stacks/%s/%s/events' % (own['stack_name'], own['id'])
        victims = self.first_event()
        answers = []
        for marker in (victims, self.unknown):
            response = self.request('GET', path + '?marker=' + marker,
                                    tenant=INTRUDER)
            self.assertEqual(200, response.status_code, response.text)
            answers.append(response.json()['events'])
        self.assertEqual(answers[0], answers[1])
        self.assertNotIn(victims, [e['id'] for e in answers[0]])
        self.assertTrue(answers[0])

    def test_event_and_snapshot_of_another_stack(self):
        own = self.create_stack(TEMPLATE, tenant=INTRUDER)
        event = self.first_event()
        self.assertSameAnswer(
            'GET', '/stacks/%s/%s/resources/value/events/%%(id)s' % (
                own['stack_name'], own['id']), event)
        self.assertSameAnswer(
            'GET', self.stack_path('/resources/value/events/%s' % event),
            self.stack['id'])
        response = self.request('POST', '/stacks/%s/%s/snapshots' % (
            self.name, self.stack['id']), tenant=VICTIM, json={})
        self.assertEqual(200, response.status_code, response.text)
        snapshot = response.json()['id']
        for method in ('GET', 'DELETE'):
            self.assertSameAnswer(
                method, '/stacks/%s/%s/snapshots/%%(id)s' % (
                    own['stack_name'], own['id']), snapshot)
        self.assertSameAnswer(
            'POST', '/stacks/%s/%s/snapshots/%%(id)s/restore' % (
                own['stack_name'], own['id']), snapshot)

    def test_software_configs_and_deployments(self):
        config = self.request('POST', '/software_configs', tenant=VICTIM,
                              json={'name': 'c', 'config': 'secret'})
        config_id = config.json()['software_config']['id']
        deployment = self.request(
            'POST', '/software_deployments', tenant=VICTIM,
            json={'config_id': config_id, 'server_id': 'their-server'})
        deployment_id = deployment.json()['software_deployment']['id']
        for method, path in (('GET', '/software_configs/%(id)s'),
                             ('DELETE', '/software_configs/%(id)s'),
                             ('GET', '/software_configs?marker=%(id)s')):
            self.assertSameAnswer(method, path, config_id)
        answers = []
        for ident in (config_id, self.unknown):
            response = self.assertRefused(
                'POST', '/software_deployments', status=404,
                tenant=INTRUDER,
                json={'config_id': ident, 'server_id': 'their-server'})
            answers.append(response.text.replace(ident, 'ID'))
        self.assertEqual(answers[0], answers[1])
        for method, body in (('GET', None), ('DELETE', None),
                             ('PUT', {'status': 'FAILED'})):
            self.assertSameAnswer(method, '/software_deployments/%(id)s',
                                  deployment_id, body)

    def test_deployment_metadata_stays_the_projects_own(self):
        config = self.request('POST', '/software_configs', tenant=INTRUDER,
                              json={'name': 'evil', 'config': 'rm -rf /'})
        config_id = config.json()['software_config']['id']
        self.assertRefused(
            'POST', '/software_deployments', status=403, tenant=INTRUDER,
            mentions='stack_user_project_id %s' % VICTIM,
            json={'config_id': config_id, 'server_id': 'their-server',
                  'stack_user_project_id': VICTIM})
        response = self.request(
            'POST', '/software_deployments', tenant=INTRUDER,
            json={'config_id': config_id, 'server_id': 'their-server'})
        self.assertEqual(200, response.status_code, response.text)
        response = self.request(
            'GET', '/software_deployments/metadata/their-server',
            tenant=VICTIM)
        self.assertEqual([], response.json()['metadata'])

    def test_signal_route(self):
        stack_id = self.stack['id']
        answers = []
        for ident, resource in ((stack_id, 'handle'),
                                (self.unknown, 'handle'),
                                (stack_id, 'value')):
            response = self.session.post(
                '%s/v1/signal/%s/%s' % (self.service.root, ident, resource),
                headers={'X-Auth-Token': 'f' * 64}, json={}, timeout=60)
            self.assertEqual(403, response.status_code, response.text)
            answers.append(response.text.replace(ident, 'ID').replace(
                resource, 'R'))
        self.assertEqual(1, len(set(answers)), answers)
        self.assertServiceHealthy()
