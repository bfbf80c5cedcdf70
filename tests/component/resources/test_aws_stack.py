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

"""AWS::CloudFormation::Stack through the embedded service."""

from oslo_serialization import jsonutils

from tests import base
from tests import fixtures as hv_fixtures

URL = 'https://example.com/child.template'

CHILD = jsonutils.dumps({
    'AWSTemplateFormatVersion': '2010-09-09',
    'Parameters': {'Word': {'Type': 'String', 'Default': 'child'}},
    'Resources': {'V': {'Type': 'OS::Heat::Value',
                        'Properties': {'value': {'Ref': 'Word'}}}},
    'Outputs': {'Said': {'Value': {'Fn::GetAtt': ['V', 'value']}}},
})


def parent(word='from-parent', url=URL):
    return jsonutils.dumps({
        'AWSTemplateFormatVersion': '2010-09-09',
        'Parameters': {'Word': {'Type': 'String', 'Default': word}},
        'Resources': {'Inner': {
            'Type': 'AWS::CloudFormation::Stack',
            'Properties': {'TemplateURL': url, 'TimeoutInMinutes': 5,
                           'Parameters': {'Word': {'Ref': 'Word'}}}}},
        'Outputs': {'Said': {'Value': {
            'Fn::GetAtt': ['Inner', 'Outputs.Said']}}},
    })


class CfnStackTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.service = self.useFixture(
            hv_fixtures.EmbeddedService(self.state_dir))

    def create(self, template, files):
        response = self.service.request('POST', '/v1/demo/stacks', body={
            'stack_name': 'cfn', 'template': template, 'files': files})
        self.assertEqual(201, response.status_int, response.body)
        self.path = '/v1/demo/stacks/cfn/%s' % response.json['stack']['id']
        return self.service.wait_for_stack('demo', 'cfn')

    def outputs(self, stack):
        return {o['output_key']: o.get('output_value')
                for o in stack['outputs']}

    def test_create_update_delete(self):
        stack = self.create(parent(), {URL: CHILD})
        self.assertEqual('CREATE_COMPLETE', stack['stack_status'],
                         stack['stack_status_reason'])
        self.assertEqual({'Said': 'from-parent'}, self.outputs(stack))

        response = self.service.request('PATCH', self.path, body={
            'parameters': {'Word': 'changed'}})
        self.assertEqual(202, response.status_int, response.body)
        stack = self.service.wait_for_stack('demo', 'cfn')
        self.assertEqual('UPDATE_COMPLETE', stack['stack_status'],
                         stack['stack_status_reason'])
        self.assertEqual({'Said': 'changed'}, self.outputs(stack))

        self.assertEqual(204, self.service.request(
            'DELETE', self.path).status_int)
        self.assertEqual(404, self.service.wait_for_stack(
            'demo', 'cfn').status_int)

    def test_url_not_in_files_names_it(self):
        missing = 'https://example.com/missing.template'
        stack = self.create(parent(url=missing), {URL: CHILD})
        self.assertEqual('CREATE_FAILED', stack['stack_status'])
        self.assertIn(missing, stack['stack_status_reason'])
        self.assertIn('files', stack['stack_status_reason'])
