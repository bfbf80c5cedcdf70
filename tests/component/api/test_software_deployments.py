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

"""Software deployments: the REST routes, through the embedded service."""

from tests import base
from tests import fixtures as hv_fixtures

CONFIGS = '/v1/demo/software_configs'
DEPLOYMENTS = '/v1/demo/software_deployments'


class SoftwareDeploymentApiTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.service = self.useFixture(
            hv_fixtures.EmbeddedService(self.state_dir))

    def config(self, name, **extra):
        body = dict({'name': name, 'group': 'script', 'config': 'echo hi',
                     'inputs': [{'name': 'foo', 'type': 'String'}]},
                    **extra)
        response = self.service.request('POST', CONFIGS, body=body)
        self.assertEqual(200, response.status_int, response.body)
        return response.json['software_config']['id']

    def deploy(self, config_id, server_id='server-1', expect=200, **extra):
        response = self.service.request(
            'POST', DEPLOYMENTS, body=dict(extra, config_id=config_id,
                                           server_id=server_id))
        self.assertEqual(expect, response.status_int, response.body)
        return response.json.get('software_deployment')

    def test_round_trip(self):
        config_id = self.config('cfg')
        created = self.deploy(config_id, input_values={'foo': 'bar'},
                              action='CREATE', status='IN_PROGRESS',
                              status_reason='Deploy data available')
        self.assertEqual({'foo': 'bar'}, created['input_values'])
        self.assertEqual(('CREATE', 'IN_PROGRESS'),
                         (created['action'], created['status']))
        self.assertEqual('server-1', created['server_id'])
        self.assertIsNone(created['updated_time'])
        path = '%s/%s' % (DEPLOYMENTS, created['id'])

        shown = self.service.request('GET', path)
        self.assertEqual(200, shown.status_int)
        self.assertEqual(created, shown.json['software_deployment'])

        response = self.service.request('PUT', path, body={
            'status': 'COMPLETE', 'status_reason': 'Outputs received',
            'output_values': {'deploy_status_code': 0}})
        self.assertEqual(200, response.status_int, response.body)
        updated = response.json['software_deployment']
        self.assertEqual('COMPLETE', updated['status'])
        self.assertEqual('CREATE', updated['action'])
        self.assertEqual({'foo': 'bar'}, updated['input_values'])
        self.assertEqual({'deploy_status_code': 0},
                         updated['output_values'])
        self.assertIsNotNone(updated['updated_time'])

        self.assertEqual(204, self.service.request('DELETE',
                                                   path).status_int)
        self.assertEqual(404, self.service.request('GET', path).status_int)
        self.assertEqual(404, self.service.request('DELETE',
                                                   path).status_int)

    def test_defaults(self):
        created = self.deploy(self.config('cfg'))
        self.assertEqual(('INIT', 'COMPLETE', ''),
                         (created['action'], created['status'],
                          created['status_reason']))
        self.assertEqual({}, created['input_values'])

    def test_list_by_server(self):
        config_id = self.config('cfg')
        one = self.deploy(config_id, server_id='s1')['id']
        two = self.deploy(config_id, server_id='s2')['id']
        listed = self.service.request('GET', DEPLOYMENTS).json
        self.assertEqual({one, two}, {d['id'] for d in
                                      listed['software_deployments']})
        only = self.service.request('GET', DEPLOYMENTS + '?server_id=s2')
        self.assertEqual([two], [d['id'] for d in
                                 only.json['software_deployments']])
        other = self.service.request('GET',
                                     '/v1/other/software_deployments')
        self.assertEqual([], other.json['software_deployments'])

    def test_metadata_of_a_server(self):
        late = self.config('b-late', inputs=[{'name': 'foo'},
                                             {'name': 'unset'}])
        early = self.config('a-early')
        self.deploy(late, input_values={'foo': 1, 'extra': 'x'})
        self.deploy(early, input_values={'foo': 2})
        self.deploy(early, server_id='elsewhere')
        response = self.service.request(
            'GET', DEPLOYMENTS + '/metadata/server-1')
        self.assertEqual(200, response.status_int, response.body)
        metadata = response.json['metadata']
        self.assertEqual(['a-early', 'b-late'],
                         [c['name'] for c in metadata])
        self.assertEqual([early, late], [c['id'] for c in metadata])
        self.assertEqual('echo hi', metadata[0]['config'])
        self.assertEqual([{'name': 'foo', 'type': 'String', 'value': 2}],
                         metadata[0]['inputs'])
        self.assertEqual([{'name': 'foo', 'value': 1}, {'name': 'unset'},
                          {'name': 'extra', 'type': 'String',
                           'value': 'x'}], metadata[1]['inputs'])
        none = self.service.request('GET', DEPLOYMENTS + '/metadata/nope')
        self.assertEqual([], none.json['metadata'])

    def test_stack_user_project_sees_the_deployment(self):
        response = self.service.request(
            'POST', DEPLOYMENTS, headers={'X-Roles': 'admin'},
            body={'config_id': self.config('cfg'), 'server_id': 'server-1',
                  'stack_user_project_id': 'agents'})
        self.assertEqual(200, response.status_int, response.body)
        created = response.json['software_deployment']
        path = '/v1/agents/software_deployments'
        self.assertEqual([created['id']], [
            d['id'] for d in self.service.request(
                'GET', path).json['software_deployments']])
        self.assertEqual(200, self.service.request(
            'GET', '%s/%s' % (path, created['id'])).status_int)
        response = self.service.request('GET', path + '/metadata/server-1')
        self.assertEqual(['cfg'],
                         [c['name'] for c in response.json['metadata']])
        self.assertEqual(404, self.service.request(
            'GET', '/v1/other/software_deployments/%s' %
            created['id']).status_int)

    def test_only_an_admin_deploys_for_another_project(self):
        config_id = self.config('cfg')
        response = self.service.request('POST', DEPLOYMENTS, body={
            'config_id': config_id, 'server_id': 'server-1',
            'stack_user_project_id': 'victim'})
        self.assertEqual(403, response.status_int, response.body)
        self.assertIn('stack_user_project_id victim',
                      response.json['error']['message'])
        victim = '/v1/victim/software_deployments'
        self.assertEqual([], self.service.request(
            'GET', victim + '/metadata/server-1').json['metadata'])
        self.assertEqual([], self.service.request(
            'GET', victim).json['software_deployments'])
        # The caller's own project may be named.
        self.deploy(config_id, stack_user_project_id='demo')

    def test_another_projects_server_metadata_stays_its_own(self):
        """A deployment to another project's server is the deployer's:
        the server's project never sees its config.
        """
        self.deploy(self.config('intruder'), server_id='their-server')
        their = '/v1/victim/software_deployments'
        self.assertEqual([], self.service.request(
            'GET', their + '/metadata/their-server').json['metadata'])

    def test_another_projects_config_is_unknown(self):
        theirs = self.service.request(
            'POST', '/v1/victim/software_configs',
            body={'name': 'theirs'}).json['software_config']['id']
        unknown = '2a0f9b8e-6a2f-4b8e-8f3e-9d1c2b3a4f50'
        created = self.deploy(self.config('mine'))
        path = '%s/%s' % (DEPLOYMENTS, created['id'])
        for send in (
                lambda c: self.service.request('POST', DEPLOYMENTS, body={
                    'config_id': c, 'server_id': 's'}),
                lambda c: self.service.request('PUT', path, body={
                    'config_id': c})):
            answers = []
            for config_id in (theirs, unknown):
                response = send(config_id)
                self.assertEqual(404, response.status_int, response.body)
                answers.append(response.text.replace(config_id, 'ID'))
            self.assertEqual(answers[0], answers[1])

    def test_another_projects_deployment_is_unknown(self):
        theirs = self.service.request(
            'POST', '/v1/victim/software_configs',
            body={'name': 'theirs'}).json['software_config']['id']
        deployment = self.service.request(
            'POST', '/v1/victim/software_deployments',
            body={'config_id': theirs, 'server_id': 's'}).json[
                'software_deployment']['id']
        unknown = '3b1f9b8e-6a2f-4b8e-8f3e-9d1c2b3a4f51'
        # An unknown new config would be a different answer if the
        # deployment were checked after it.
        for method, body in (('GET', None), ('DELETE', None),
                             ('PUT', {'status': 'FAILED'}),
                             ('PUT', {'config_id': 'nope'})):
            answers = []
            for deployment_id in (deployment, unknown):
                response = self.service.request(
                    method, '%s/%s' % (DEPLOYMENTS, deployment_id),
                    body=body)
                self.assertEqual(404, response.status_int, response.body)
                answers.append(response.text.replace(deployment_id, 'ID'))
            self.assertEqual(answers[0], answers[1], (method, body))

    def test_a_taken_id_is_a_409(self):
        """Whoever's deployment has the id, the answer is one 409."""
        self.deploy(self.config('cfg'), id='taken-1')
        theirs = self.service.request(
            'POST', '/v1/victim/software_configs',
            body={'name': 'theirs'}).json['software_config']['id']
        response = self.service.request(
            'POST', '/v1/victim/software_deployments',
            body={'config_id': theirs, 'server_id': 's', 'id': 'taken-1'})
        self.assertEqual(409, response.status_int, response.body)
        self.assertIn('id taken-1 already exists',
                      response.json['error']['message'])
        self.deploy(self.config('again'), expect=409, id='taken-1')

    def test_unknown_config(self):
        self.deploy('no-such-config', expect=404)
        created = self.deploy(self.config('cfg'))
        response = self.service.request(
            'PUT', '%s/%s' % (DEPLOYMENTS, created['id']),
            body={'config_id': 'no-such-config'})
        self.assertEqual(404, response.status_int)

    def test_a_deployed_config_cannot_be_deleted(self):
        config_id = self.config('cfg')
        created = self.deploy(config_id)
        response = self.service.request('DELETE',
                                        '%s/%s' % (CONFIGS, config_id))
        self.assertEqual(400, response.status_int, response.body)
        self.assertIn('referenced', response.json['error']['message'])
        self.service.request('DELETE',
                             '%s/%s' % (DEPLOYMENTS, created['id']))
        response = self.service.request('DELETE',
                                        '%s/%s' % (CONFIGS, config_id))
        self.assertEqual(204, response.status_int)

    def test_bad_bodies(self):
        config_id = self.config('cfg')
        for body in ({}, {'config_id': config_id},
                     {'server_id': 's', 'config_id': 5},
                     {'server_id': 's', 'config_id': config_id,
                      'input_values': [1]}):
            self.deploy_raw(body, 400)
        created = self.deploy(config_id)
        response = self.service.request(
            'PUT', '%s/%s' % (DEPLOYMENTS, created['id']),
            body={'output_values': 'x'})
        self.assertEqual(400, response.status_int)

    def deploy_raw(self, body, status):
        response = self.service.request('POST', DEPLOYMENTS, body=body)
        self.assertEqual(status, response.status_int, body)

    def test_policies(self):
        created = self.deploy(self.config('cfg'))
        path = '%s/%s' % (DEPLOYMENTS, created['id'])
        reader = {'X-Roles': 'reader'}
        self.assertEqual(200, self.service.request(
            'GET', path, headers=reader).status_int)
        self.assertEqual(200, self.service.request(
            'GET', DEPLOYMENTS + '/metadata/server-1',
            headers=reader).status_int)
        self.assertEqual(403, self.service.request(
            'PUT', path, body={'status': 'FAILED'},
            headers=reader).status_int)
        self.assertEqual(403, self.service.request(
            'DELETE', path, headers=reader).status_int)
        self.assertEqual(403, self.service.request(
            'POST', DEPLOYMENTS, body={'config_id': 'x', 'server_id': 'y'},
            headers=reader).status_int)
        self.assertEqual(405, self.service.request(
            'PATCH', path, body={}).status_int)
