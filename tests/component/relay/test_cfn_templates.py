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

"""CloudFormation templates through the Query API: the relay hands them
to the cfn translator (real awslabs templates in cfn_templates/, see its
README for their source).
"""

import os
from xml.etree import ElementTree

from tests.component.relay import test_cfn
from tests import file_server

NS = test_cfn.NS
HERE = os.path.join(os.path.dirname(__file__), 'cfn_templates')
SHORT_FORMS = '''AWSTemplateFormatVersion: '2010-09-09'
Metadata:
  AWS::CloudFormation::Interface:
    ParameterGroups:
      - Label: {default: Naming}
        Parameters: [Prefix]
Parameters:
  Prefix: {Type: String, Default: app}
  Subnets: {Type: 'List<AWS::EC2::Subnet::Id>', Default: 'a,b'}
Rules:
  PrefixSet:
    Assertions:
      - Assert: !Not [!Equals [!Ref Prefix, '']]
Conditions:
  Named: !Not [!Equals [!Ref Prefix, '']]
Resources:
  Handle:
    Type: AWS::CloudFormation::WaitConditionHandle
    DeletionPolicy: Delete
    UpdateReplacePolicy: Retain
  Other:
    Type: OS::Heat::None
    DependsOn: Handle
Outputs:
  Name:
    Value: !Sub '${Prefix}-${AWS::StackName}'
  Pair:
    Value: !Sub
      - '${A}/${B}'
      - {A: !Select [1, !Ref Subnets], B: !If [Named, x, !Ref AWS::NoValue]}
  Joined:
    Value: !Join [',', !Cidr ['10.0.0.0/24', 2, 7]]
'''


def _read(name):
    with open(os.path.join(HERE, name)) as handle:
        return handle.read()


class CfnTemplatesTest(test_cfn.QueryTestCase):

    def test_short_forms_reach_create_complete(self):
        response = self.query({'Action': 'CreateStack',
                               'StackName': 'short',
                               'TemplateBody': SHORT_FORMS})
        self.assertEqual(200, response.status_int, response.body)
        stack = self.service.wait_for_stack('demo', 'short')
        self.assertEqual('CREATE_COMPLETE', stack['stack_status'],
                         stack['stack_status_reason'])
        outputs = {o['output_key']: o['output_value']
                   for o in stack['outputs']}
        self.assertEqual({'Name': 'app-short', 'Pair': 'b/x',
                          'Joined': '10.0.0.0/25,10.0.0.128/25'}, outputs)
        # The stack is HOT (translated); the original is what was sent.
        template = self.service.request(
            'GET', '/v1/demo/stacks/short/%s/template' % stack['id']).json
        self.assertIn('heat_template_version', template)
        self.assertEqual([{'label': 'Naming', 'parameters': ['Prefix']}],
                         template['parameter_groups'])
        response = self.query({'Action': 'GetTemplate',
                               'StackName': 'short'})
        root = ElementTree.fromstring(response.body)
        self.assertEqual(SHORT_FORMS, root.findtext(
            'cfn:GetTemplateResult/cfn:TemplateBody', namespaces=NS))

    def test_template_url_is_fetched_and_translated_too(self):
        self.flags(group='url_fetch', allowed_networks=['127.0.0.2/32'])
        files = self.useFixture(file_server.FileServer(
            '127.0.0.2', {'/short.yaml': SHORT_FORMS,
                          '/sam.yml': _read('sam_template.yml')}))
        response = self.query({'Action': 'CreateStack',
                               'StackName': 'fetched',
                               'TemplateURL': files.url('/short.yaml')})
        self.assertEqual(200, response.status_int, response.body)
        stack = self.service.wait_for_stack('demo', 'fetched')
        self.assertEqual('CREATE_COMPLETE', stack['stack_status'],
                         stack['stack_status_reason'])
        original = self.service.request(
            'GET', '/v1/demo/relay/stacks/fetched/original')
        self.assertEqual(SHORT_FORMS.encode(), original.body)
        message = self.assertAWSError(
            self.query({'Action': 'ValidateTemplate',
                        'TemplateURL': files.url('/sam.yml')}),
            400, 'ValidationError')
        self.assertIn('Transform (the transform AWS::Serverless', message)

    def test_real_template_validates(self):
        response = self.query({'Action': 'ValidateTemplate',
                               'TemplateBody': _read(
                                   'ubuntu16.04_cfn-hup.yaml')})
        self.assertEqual(200, response.status_int, response.body)
        root = ElementTree.fromstring(response.body)
        keys = [e.text for e in root.iterfind(
            'cfn:ValidateTemplateResult/cfn:Parameters/cfn:member/'
            'cfn:ParameterKey', namespaces=NS)]
        self.assertLessEqual({'KeyName', 'InstanceType', 'SSHLocation'},
                             set(keys))

    def test_real_sqs_queues(self):
        response = self.query({'Action': 'ValidateTemplate',
                               'TemplateBody': _read(
                                   'SQSStandardQueue.json')})
        self.assertEqual(200, response.status_int, response.body)
        message = self.assertAWSError(
            self.query({'Action': 'CreateStack', 'StackName': 'fifo',
                        'TemplateBody': _read('SQSFIFOQueue.json')}),
            400, 'ValidationError')
        self.assertIn(
            'no OpenStack counterpart: Resources.SQSQueue.Type '
            '(AWS::SQS::Queue with ContentBasedDeduplication, FifoQueue); '
            'Resources.MyDeadLetterQueue.Type (AWS::SQS::Queue with '
            'FifoQueue)', message)

    def test_real_templates_with_no_counterpart_are_one_400(self):
        for name, items in (
                ('example_usage_update_endpoint_policy.yaml',
                 ['Resources.UpdateS3VPCEndpoint.Type (the resource type '
                  'Custom::EndpointUpdater)']),
                ('sam_template.yml',
                 ['Transform (the transform AWS::Serverless-2016-10-31)',
                  'Resources.HelloWorldFunction.Type (the resource type '
                  'AWS::Serverless::Function)'])):
            message = self.assertAWSError(
                self.query({'Action': 'CreateStack', 'StackName': 'no',
                            'TemplateBody': _read(name)}),
                400, 'ValidationError')
            self.assertIn('no OpenStack counterpart: ' + '; '.join(items),
                          message)
