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

"""``[relay] cfn_environment``: the operator maps an AWS type with no
built-in counterpart to a provider template, as Heat's global
environment maps AWS::RDS::DBInstance (etc/heat/environment.d/
default.yaml), and the Query API then takes templates using it.
"""

import os

from tests.component.relay import test_cfn

PROVIDER = '''heat_template_version: 2021-04-16
parameters:
  DBName: {type: string}
  AllocatedStorage: {type: number, default: 5}
resources:
  password: {type: OS::Heat::RandomString}
outputs:
  Endpoint.Address: {value: {list_join: ['.', [{get_param: DBName}, db]]}}
'''
TEMPLATE = '''AWSTemplateFormatVersion: '2010-09-09'
Resources:
  DB:
    Type: AWS::RDS::DBInstance
    Properties: {DBName: !Sub '${AWS::StackName}-data'}
Outputs:
  Address: {Value: !GetAtt DB.Endpoint.Address}
'''


class OperatorEnvironmentTest(test_cfn.QueryTestCase):

    def write(self, name, text):
        path = os.path.join(self.state_dir, name)
        with open(path, 'w') as handle:
            handle.write(text)
        return path

    def create(self, name):
        return self.query({'Action': 'CreateStack', 'StackName': name,
                           'TemplateBody': TEMPLATE})

    def test_without_it_the_type_is_refused(self):
        message = self.assertAWSError(self.create('plain'), 400,
                                      'ValidationError')
        self.assertIn('AWS::RDS::DBInstance', message)

    def test_a_provider_template_takes_the_type(self):
        self.write('rds.yaml', PROVIDER)
        self.flags(group='relay', cfn_environment=self.write(
            'cfn-env.yaml', 'resource_registry:\n'
                            '  AWS::RDS::DBInstance: rds.yaml\n'))
        response = self.create('withdb')
        self.assertEqual(200, response.status_int, response.body)
        stack = self.service.wait_for_stack('demo', 'withdb')
        self.assertEqual('CREATE_COMPLETE', stack['stack_status'],
                         stack['stack_status_reason'])
        shown = self.service.request(
            'GET', '/v1/demo/stacks/withdb/%s' % stack['id']).json['stack']
        self.assertEqual(['withdb-data.db'], [
            o['output_value'] for o in shown['outputs']])

    def test_an_unreadable_file_is_named(self):
        self.flags(group='relay', cfn_environment=os.path.join(
            self.state_dir, 'absent.yaml'))
        message = self.assertAWSError(self.create('nofile'), 400,
                                      'ValidationError')
        self.assertIn('absent.yaml', message)
