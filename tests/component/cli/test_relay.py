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

"""``stack create --template-format tosca|cfn|camp`` through the relay."""

import io
import json
import os
from urllib import parse
import zipfile

import webob

from tests.component.cli import fakes

TOSCA = b'tosca_definitions_version: tosca_simple_yaml_1_3\n'
CFN = b"AWSTemplateFormatVersion: '2010-09-09'\nResources: {}\n"
PLAN = b'camp_version: CAMP 1.1\nname: shop\n'
CREATED = (201, {'stack': {'id': '1111', 'links': []}})
SERVER = b'heat_template_version: 2021-04-16\nresources: {}\n'
XMLNS = 'http://cloudformation.amazonaws.com/doc/2010-05-15/'


class TestCreateThroughTheRelay(fakes.CLITestCase):

    def setUp(self):
        super().setUp()
        self.heat.add_stack(fakes.stack())

    def write(self, name, data):
        path = os.path.join(self.state_dir, name)
        with open(path, 'wb') as handle:
            handle.write(data)
        return path

    def test_tosca_yaml(self):
        self.heat.add('POST', 'relay/tosca/stacks', CREATED)
        shown = self.run_json('stack', 'create', 'web',
                              '--template-format', 'tosca',
                              '-t', self.write('topo.yaml', TOSCA),
                              '--parameter', 'size=large', '--timeout', '5')
        self.assertEqual('1111', shown['id'])
        [call] = self.heat.calls('POST', 'relay/tosca/stacks')
        self.assertEqual(TOSCA, call.body)
        self.assertEqual('application/yaml', call.headers['Content-Type'])
        self.assertEqual(['web'], call.query['stack_name'])
        self.assertEqual({'size': 'large'},
                         json.loads(call.query['parameters'][0]))
        self.assertEqual(['5'], call.query['timeout_mins'])
        self.assertEqual(['topo.yaml'], call.query['filename'])
        self.assertEqual(['true'], call.query['disable_rollback'])

    def test_tosca_csar(self):
        data = io.BytesIO()
        with zipfile.ZipFile(data, 'w') as archive:
            archive.writestr('service.yaml', TOSCA)
        self.heat.add('POST', 'relay/tosca/stacks', CREATED)
        self.run_json('stack', 'create', 'web', '--template-format', 'tosca',
                      '-t', self.write('service.csar', data.getvalue()))
        [call] = self.heat.calls('POST', 'relay/tosca/stacks')
        self.assertEqual(data.getvalue(), call.body)
        self.assertEqual('application/zip', call.headers['Content-Type'])

    def test_cfn_through_the_query_api(self):
        answer = ('<CreateStackResponse xmlns="%s"><CreateStackResult>'
                  '<StackId>arn:openstack:heat::demo:stacks/web/1111'
                  '</StackId></CreateStackResult></CreateStackResponse>'
                  % XMLNS).encode()
        self.heat.add('POST', 'relay/cfn',
                      (200, answer, {'Content-Type': 'text/xml'}))
        shown = self.run_json('stack', 'create', 'web',
                              '--template-format', 'cfn',
                              '-t', self.write('t.yaml', CFN),
                              '--parameter', 'Word=hi', '--enable-rollback')
        self.assertEqual('1111', shown['id'])
        [call] = self.heat.calls('POST', 'relay/cfn')
        self.assertEqual('text/xml', call.headers['Accept'])
        form = dict(parse.parse_qsl(call.body.decode()))
        self.assertEqual({'Action': 'CreateStack', 'StackName': 'web',
                          'TemplateBody': CFN.decode(),
                          'DisableRollback': 'false',
                          'Parameters.member.1.ParameterKey': 'Word',
                          'Parameters.member.1.ParameterValue': 'hi'}, form)

    def test_cfn_error_is_one_clean_line(self):
        error = ('<ErrorResponse xmlns="%s"><Error><Type>Sender</Type>'
                 '<Code>AlreadyExistsException</Code><Message>The Stack '
                 '(web) already exists.</Message></Error></ErrorResponse>'
                 % XMLNS).encode()
        self.heat.add('POST', 'relay/cfn',
                      (400, error, {'Content-Type': 'text/xml'}))
        status, _out, err = self.run_cli(
            'stack', 'create', 'web', '--template-format', 'cfn',
            '-t', self.write('t.yaml', CFN))
        self.assertEqual(1, status)
        self.assertEqual('AlreadyExistsException (HTTP 400): The Stack (web) '
                         'already exists.\n', err)

    def test_camp_registers_then_instantiates(self):
        plan_uri = self.heat.url + '/relay/camp/v1_1/plans/p1'
        self.heat.add('POST', 'relay/camp/v1_1/plans',
                      (201, {'uri': plan_uri, 'type': 'plan'}))
        self.heat.add('POST', 'relay/camp/v1_1/assemblies', (201, {
            'uri': self.heat.url + '/relay/camp/v1_1/assemblies/1111'}))
        shown = self.run_json('stack', 'create', 'web',
                              '--template-format', 'camp',
                              '-t', self.write('camp.yaml', PLAN))
        self.assertEqual('1111', shown['id'])
        [register] = self.heat.calls('POST', 'relay/camp/v1_1/plans')
        self.assertEqual(PLAN, register.body)
        [instantiate] = self.heat.calls('POST', 'relay/camp/v1_1/assemblies')
        self.assertEqual({'plan_uri': plan_uri, 'name': 'web'},
                         instantiate.body)

    def test_cfn_takes_no_environment(self):
        status, _out, err = self.run_cli(
            'stack', 'create', 'web', '--template-format', 'cfn',
            '-t', self.write('t.yaml', CFN), '-e',
            self.write('e.yaml', b'{}'))
        self.assertEqual(1, status)
        self.assertIn('--environment', err)

    def environments(self):
        """Two -e files: the second adds to the first's registry."""
        self.write('server.yaml', SERVER)
        first = self.write('first.yaml', b'resource_registry:\n'
                           b'  OS::Nova::Server: server.yaml\n'
                           b'parameters: {a: 1}\n')
        second = self.write('second.yaml', b'resource_registry:\n'
                            b'  My::Thing: OS::Heat::None\n'
                            b'parameters: {b: 2}\n')
        return ['-e', first, '-e', second]

    EXPECTED_ENV = {'resource_registry': {'OS::Nova::Server': 'server.yaml',
                                          'My::Thing': 'OS::Heat::None'},
                    'parameters': {'a': 1, 'b': 2}}

    def test_tosca_with_environments_as_a_form(self):
        self.heat.add('POST', 'relay/tosca/stacks', CREATED)
        self.run_json('stack', 'create', 'web', '--template-format', 'tosca',
                      '-t', self.write('topo.yaml', TOSCA),
                      '--parameter', 'size=large', *self.environments())
        [call] = self.heat.calls('POST', 'relay/tosca/stacks')
        form = webob.Request.blank(
            '/', method='POST', body=call.body,
            headers={'Content-Type': call.headers['Content-Type']}).POST
        self.assertEqual(TOSCA, form['template'].file.read())
        self.assertEqual('topo.yaml', form['template'].filename)
        self.assertEqual('web', form['stack_name'])
        self.assertEqual({'size': 'large'}, json.loads(form['parameters']))
        self.assertEqual(self.EXPECTED_ENV, json.loads(form['environment']))
        self.assertEqual({'server.yaml': SERVER.decode()},
                         json.loads(form['files']))

    def test_camp_with_environments(self):
        plan_uri = 'http://h/v1/demo/relay/camp/v1_1/plans/p1'
        self.heat.add('POST', 'relay/camp/v1_1/plans',
                      (201, {'uri': plan_uri}))
        self.heat.add('POST', 'relay/camp/v1_1/assemblies', (201, {
            'uri': 'http://h/v1/demo/relay/camp/v1_1/assemblies/1111'}))
        self.run_json('stack', 'create', 'web', '--template-format', 'camp',
                      '-t', self.write('camp.yaml', PLAN),
                      *self.environments())
        [instantiate] = self.heat.calls('POST', 'relay/camp/v1_1/assemblies')
        self.assertEqual({'plan_uri': plan_uri, 'name': 'web',
                          'environment': self.EXPECTED_ENV,
                          'files': {'server.yaml': SERVER.decode()}},
                         instantiate.body)
