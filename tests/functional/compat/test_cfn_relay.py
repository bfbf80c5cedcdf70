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

"""boto3's CloudFormation client against the relay's Query API.

A real ``heat-vision-all`` (noauth): boto3 is pointed at
``{endpoint}/relay/cfn`` with made-up credentials (noauth takes the
tenant from the URL and ignores the AWS signature), drives one stack
through its whole life, and heatclient sees the same stack through the
native API.
"""

import json
import os

import boto3
import botocore.config
import botocore.exceptions
from heatclient import client as heat_client

from tests.functional.compat import base
from tests import waiting

CFN_TEMPLATE = '''AWSTemplateFormatVersion: '2010-09-09'
Description: made through the CloudFormation Query API
Parameters:
  Word:
    Type: String
    Default: hello
    Description: what the stack says
Resources:
  First:
    Type: OS::Heat::None
  Echo:
    Type: OS::Heat::Value
    DependsOn: First
    Properties:
      value: {Ref: Word}
Outputs:
  Echoed:
    Description: the word
    Value: {'Fn::GetAtt': [Echo, value]}
'''

UPDATED = CFN_TEMPLATE.replace('''Outputs:''', '''  Second:
    Type: OS::Heat::None
Outputs:''')


def cfn_client(endpoint, key='any', secret='any', signature_version=None):
    """boto3's CloudFormation client on the relay under ``endpoint``
    (``.../v1/{tenant}``), not retrying.
    """
    config = {'retries': {'max_attempts': 1}}
    if signature_version:
        config['signature_version'] = signature_version
    return boto3.client(
        'cloudformation', region_name='RegionOne',
        endpoint_url=endpoint + '/relay/cfn',
        aws_access_key_id=key, aws_secret_access_key=secret,
        config=botocore.config.Config(**config))


class CloudFormationRelayTest(base.ServiceTestCase):

    SHARED_SERVICE = True

    def setUp(self):
        super().setUp()
        self.cfn = cfn_client(self.service.endpoint)
        self.heat = heat_client.Client('1', endpoint=self.service.endpoint,
                                       token='compat-token')

    def wait_for(self, name, status):
        def done():
            [stack] = self.cfn.describe_stacks(StackName=name)['Stacks']
            if not stack['StackStatus'].endswith('IN_PROGRESS'):
                return stack
        stack = waiting.wait_until(done)
        self.assertIsNotNone(stack, 'stack %s still in progress' % name)
        self.assertEqual(status, stack['StackStatus'],
                         stack.get('StackStatusReason'))
        return stack

    def test_stack_life_through_boto3(self):
        name = self.unique('cfn')
        created = self.cfn.create_stack(
            StackName=name, TemplateBody=CFN_TEMPLATE,
            Parameters=[{'ParameterKey': 'Word', 'ParameterValue': 'hi'}])
        stack_id = created['StackId']
        self.assertRegex(stack_id, r'^arn:openstack:heat::demo:stacks/%s/'
                         % name)

        stack = self.wait_for(name, 'CREATE_COMPLETE')
        self.assertEqual(stack_id, stack['StackId'])
        self.assertEqual('made through the CloudFormation Query API',
                         stack['Description'])
        self.assertEqual([{'ParameterKey': 'Word', 'ParameterValue': 'hi'}],
                         stack['Parameters'])
        self.assertEqual([{'OutputKey': 'Echoed', 'OutputValue': 'hi',
                           'Description': 'the word'}], stack['Outputs'])
        self.assertFalse(stack['DisableRollback'])

        native = self.heat.stacks.get(name)
        self.assertEqual(stack_id.rsplit('/', 1)[1], native.id)
        self.assertEqual('CREATE_COMPLETE', native.stack_status)
        self.assertIn('relay:cfn', native.tags)

        events = self.cfn.describe_stack_events(StackName=stack_id)
        seen = [(e['LogicalResourceId'], e['ResourceStatus'])
                for e in events['StackEvents']]
        self.assertIn(('Echo', 'CREATE_COMPLETE'), seen)
        self.assertIn(('First', 'CREATE_IN_PROGRESS'), seen)
        # Most recent first, as AWS lists them.
        times = [e['Timestamp'] for e in events['StackEvents']]
        self.assertEqual(sorted(times, reverse=True), times)

        resource = self.cfn.describe_stack_resource(
            StackName=name, LogicalResourceId='Echo')['StackResourceDetail']
        self.assertEqual('OS::Heat::Value', resource['ResourceType'])
        self.assertEqual('CREATE_COMPLETE', resource['ResourceStatus'])
        summaries = self.cfn.list_stack_resources(
            StackName=name)['StackResourceSummaries']
        self.assertEqual(['Echo', 'First'], sorted(
            r['LogicalResourceId'] for r in summaries))
        resources = self.cfn.describe_stack_resources(
            StackName=name)['StackResources']
        self.assertEqual({name}, {r['StackName'] for r in resources})

        # As AWS: the template as it was sent (YAML stays a string).
        template = self.cfn.get_template(StackName=name)['TemplateBody']
        self.assertEqual(CFN_TEMPLATE, template)

        self.cfn.update_stack(StackName=name, TemplateBody=UPDATED,
                              Parameters=[{'ParameterKey': 'Word',
                                           'ParameterValue': 'again'}])
        stack = self.wait_for(name, 'UPDATE_COMPLETE')
        self.assertEqual('again', stack['Outputs'][0]['OutputValue'])
        self.assertEqual(UPDATED, self.cfn.get_template(
            StackName=name)['TemplateBody'])
        native_resources = self.heat.resources.list(native.id)
        self.assertEqual(['Echo', 'First', 'Second'], sorted(
            r.resource_name for r in native_resources))

        listed = self.cfn.list_stacks(
            StackStatusFilter=['UPDATE_COMPLETE'])['StackSummaries']
        self.assertIn(stack_id, [s['StackId'] for s in listed])

        self.cfn.delete_stack(StackName=stack_id)
        # As in AWS: by its id a deleted stack is still described, by
        # its name it is gone.
        self.wait_for(stack_id, 'DELETE_COMPLETE')
        with self.assertRaises(botocore.exceptions.ClientError) as caught:
            self.cfn.describe_stacks(StackName=name)
        self.assertEqual('ValidationError',
                         caught.exception.response['Error']['Code'])
        deleted = self.cfn.list_stacks(
            StackStatusFilter=['DELETE_COMPLETE'])['StackSummaries']
        self.assertIn(stack_id, [s['StackId'] for s in deleted])

    def test_errors_in_aws_shapes(self):
        with self.assertRaises(botocore.exceptions.ClientError) as caught:
            self.cfn.describe_stacks(StackName='no-such-stack')
        error = caught.exception.response
        self.assertEqual('ValidationError', error['Error']['Code'])
        self.assertEqual('Stack with id no-such-stack does not exist',
                         error['Error']['Message'])
        self.assertEqual(400, error['ResponseMetadata']['HTTPStatusCode'])

        name = self.unique('cfn')
        self.cfn.create_stack(StackName=name, TemplateBody=CFN_TEMPLATE)
        self.addCleanup(self.cfn.delete_stack, StackName=name)
        with self.assertRaises(botocore.exceptions.ClientError) as caught:
            self.cfn.create_stack(StackName=name, TemplateBody=CFN_TEMPLATE)
        self.assertEqual('AlreadyExistsException',
                         caught.exception.response['Error']['Code'])

        with self.assertRaises(botocore.exceptions.ClientError) as caught:
            self.cfn.estimate_template_cost(TemplateBody=CFN_TEMPLATE)
        error = caught.exception.response
        self.assertEqual('APINotImplemented', error['Error']['Code'])
        self.assertEqual(501, error['ResponseMetadata']['HTTPStatusCode'])

        with self.assertRaises(botocore.exceptions.ClientError) as caught:
            self.cfn.validate_template(TemplateBody='Resources: [oops')
        self.assertEqual('ValidationError',
                         caught.exception.response['Error']['Code'])

    def test_validate_template(self):
        answer = self.cfn.validate_template(TemplateBody=CFN_TEMPLATE)
        self.assertEqual('made through the CloudFormation Query API',
                         answer['Description'])
        self.assertEqual([{'ParameterKey': 'Word', 'DefaultValue': 'hello',
                           'NoEcho': False,
                           'Description': 'what the stack says'}],
                         answer['Parameters'])

    def test_cli_template_format_cfn(self):
        """``heat-vision stack create --template-format cfn`` goes through
        the Query API; the stack is an ordinary one to the native API.
        """
        name = self.unique('cli')
        path = os.path.join(self.service.dir, name + '.yaml')
        with open(path, 'w') as handle:
            handle.write(CFN_TEMPLATE)
        out = base.heat_vision(
            '--os-endpoint', self.service.endpoint, 'stack',
            'create', name, '--template-format', 'cfn', '-t', path,
            '--parameter', 'Word=cli', '--wait', '-f', 'json')
        self.assertIn('cli', json.dumps(json.loads(out)))
        native = self.heat.stacks.get(name)
        self.assertEqual('CREATE_COMPLETE', native.stack_status)
        self.assertIn('relay:cfn', native.tags)
        [stack] = self.cfn.describe_stacks(StackName=name)['Stacks']
        self.assertEqual('cli', stack['Outputs'][0]['OutputValue'])
