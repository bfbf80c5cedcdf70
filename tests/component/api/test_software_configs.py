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

"""Software configs: the REST routes and the config resources."""

from email import parser

from tests import base
from tests import fixtures as hv_fixtures

CONFIGS = '/v1/demo/software_configs'

TEMPLATE = '''heat_template_version: 2021-04-16
resources:
  script:
    type: OS::Heat::SoftwareConfig
    properties:
      group: script
      config: "#!/bin/sh\\necho hi"
      inputs: [{name: foo}]
      outputs: [{name: result, error_output: true}]
  cloud:
    type: OS::Heat::CloudConfig
    properties:
      cloud_config: {packages: [git]}
  mime:
    type: OS::Heat::MultipartMime
    properties:
      parts:
      - config: {get_resource: script}
      - config: {get_attr: [cloud, config]}
        subtype: cloud-config
        filename: cloud.cfg
outputs:
  id: {value: {get_resource: script}}
  cloud: {value: {get_attr: [cloud, config]}}
  mime: {value: {get_attr: [mime, config]}}
'''


class SoftwareConfigApiTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.service = self.useFixture(
            hv_fixtures.EmbeddedService(self.state_dir))

    def test_round_trip(self):
        body = {'name': 'cfg', 'group': 'script', 'config': 'echo hi',
                'inputs': [{'name': 'foo'}], 'outputs': [{'name': 'bar'}],
                'options': {'a': 1}}
        response = self.service.request('POST', CONFIGS, body=body)
        self.assertEqual(200, response.status_int, response.body)
        created = response.json['software_config']
        for key, value in body.items():
            self.assertEqual(value, created[key])
        self.assertIn('creation_time', created)

        shown = self.service.request(
            'GET', '%s/%s' % (CONFIGS, created['id'])).json
        self.assertEqual(created, shown['software_config'])

        listed = self.service.request('GET', CONFIGS).json
        self.assertEqual([created['id']],
                         [c['id'] for c in listed['software_configs']])
        self.assertNotIn('config', listed['software_configs'][0])

        other = self.service.request('GET', '/v1/other/software_configs/%s'
                                     % created['id'])
        self.assertEqual(404, other.status_int)

        response = self.service.request(
            'DELETE', '%s/%s' % (CONFIGS, created['id']))
        self.assertEqual(204, response.status_int)
        response = self.service.request(
            'GET', '%s/%s' % (CONFIGS, created['id']))
        self.assertEqual(404, response.status_int)

    def test_defaults_and_paging(self):
        ids = [self.service.request('POST', CONFIGS, body={
            'name': 'c%d' % i}).json['software_config']['id']
            for i in range(3)]
        first = self.service.request('GET', CONFIGS).json[
            'software_configs'][0]
        self.assertEqual('Heat::Ungrouped', first['group'])
        page = self.service.request(
            'GET', '%s?limit=1&marker=%s' % (CONFIGS, ids[0])).json
        self.assertEqual([ids[1]], [c['id'] for c in
                                    page['software_configs']])

    def test_another_projects_config_is_unknown(self):
        """Delete, show and marker answer alike for another project's
        config, used by a deployment or not, and for an unknown id.
        """
        theirs = self.service.request('POST', '/v1/other/software_configs',
                                      body={'name': 'c'}).json
        theirs = theirs['software_config']['id']
        response = self.service.request(
            'POST', '/v1/other/software_deployments',
            body={'config_id': theirs, 'server_id': 's'})
        self.assertEqual(200, response.status_int, response.body)
        unknown = '8c1f5e1e-3c52-4ad4-9d8a-0b6f0e7e5a10'
        for method, path in (('DELETE', CONFIGS + '/%s'),
                             ('GET', CONFIGS + '/%s'),
                             ('GET', CONFIGS + '?marker=%s')):
            answers = []
            for config_id in (theirs, unknown):
                response = self.service.request(method, path % config_id)
                self.assertEqual(404, response.status_int, response.body)
                answers.append(response.text.replace(config_id, 'ID'))
            self.assertEqual(answers[0], answers[1], path)
        self.assertEqual(200, self.service.request(
            'GET', '/v1/other/software_configs/' + theirs).status_int)

    def test_bad_body(self):
        response = self.service.request('POST', CONFIGS,
                                        body={'inputs': 'x'})
        self.assertEqual(400, response.status_int)
        self.assertIn('inputs', response.json['error']['message'])

    def test_config_resources(self):
        response = self.service.request('POST', '/v1/demo/stacks', body={
            'stack_name': 'configs', 'template': TEMPLATE})
        self.assertEqual(201, response.status_int, response.body)
        stack = self.service.wait_for_stack('demo', 'configs')
        self.assertEqual('CREATE_COMPLETE', stack['stack_status'],
                         stack['stack_status_reason'])
        outputs = {o['output_key']: o['output_value']
                   for o in stack['outputs']}
        stored = self.service.request(
            'GET', '%s/%s' % (CONFIGS, outputs['id'])).json['software_config']
        self.assertEqual('script', stored['group'])
        self.assertEqual('#!/bin/sh\necho hi', stored['config'])
        self.assertEqual([{'name': 'result', 'error_output': True,
                           'type': 'String'}],
                         stored['outputs'])
        self.assertEqual('#cloud-config\npackages:\n- git\n',
                         outputs['cloud'])
        message = parser.Parser().parsestr(outputs['mime'])
        parts = message.get_payload()
        self.assertEqual(['text/plain', 'text/cloud-config'],
                         [p.get_content_type() for p in parts])
        self.assertEqual('#!/bin/sh\necho hi', parts[0].get_payload())
        self.assertIn('cloud.cfg', parts[1]['Content-Disposition'])

        self.service.request('DELETE', '/v1/demo/stacks/configs/%s'
                             % stack['id'])
        self.service.wait_for_stack('demo', 'configs')
        self.assertEqual([], self.service.request('GET', CONFIGS).json[
            'software_configs'])

    def test_structured_config_and_component(self):
        # Heat's structured_config.py and software_component.py: a map
        # stored as it is, and one config per lifecycle action.
        template = '''heat_template_version: 2021-04-16
resources:
  structured:
    type: OS::Heat::StructuredConfig
    properties:
      config: {port: 8080, users: [a, b]}
  component:
    type: OS::Heat::SoftwareComponent
    properties:
      configs:
      - {actions: [CREATE], config: echo create, tool: script}
      - {actions: [DELETE], config: echo delete, tool: script}
outputs:
  structured: {value: {get_resource: structured}}
  component: {value: {get_resource: component}}
  config: {value: {get_attr: [structured, config]}}
'''
        response = self.service.request('POST', '/v1/demo/stacks', body={
            'stack_name': 'structured', 'template': template})
        self.assertEqual(201, response.status_int, response.body)
        stack = self.service.wait_for_stack('demo', 'structured')
        self.assertEqual('CREATE_COMPLETE', stack['stack_status'],
                         stack['stack_status_reason'])
        outputs = {o['output_key']: o['output_value']
                   for o in stack['outputs']}
        stored = self.service.request('GET', '%s/%s' % (
            CONFIGS, outputs['structured'])).json['software_config']
        self.assertEqual(('Heat::Ungrouped', {'port': 8080,
                                              'users': ['a', 'b']}),
                         (stored['group'], stored['config']))
        self.assertEqual(stored['config'], outputs['config'])
        stored = self.service.request('GET', '%s/%s' % (
            CONFIGS, outputs['component'])).json['software_config']
        self.assertEqual('component', stored['group'])
        self.assertEqual([['CREATE'], ['DELETE']], [
            c['actions'] for c in stored['config']['configs']])

        twice = template.replace('actions: [DELETE]',
                                 'actions: [DELETE, CREATE]')
        response = self.service.request('POST', '/v1/demo/stacks', body={
            'stack_name': 'twice', 'template': twice})
        self.assertEqual(400, response.status_int, response.body)
        self.assertIn('more than one configuration for the same action',
                      response.json['error']['message'])
