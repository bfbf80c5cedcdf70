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

"""Exports and Fn::ImportValue through boto3 (a real heat-vision-all):
botocore's model of ListExports, ListImports and the errors reads the
relay's answers.
"""

import botocore.exceptions

from tests.functional.compat import base
from tests.functional.compat import test_cfn_relay

EXPORTER = '''Resources:
  Net: {Type: OS::Heat::Value, Properties: {value: net-1}}
Outputs:
  NetId:
    Value: !GetAtt Net.value
    Export: {Name: !Sub '${AWS::StackName}-NetId'}
'''
IMPORTER = '''Parameters:
  Network: {Type: String}
Resources:
  Port:
    Type: OS::Heat::Value
    Properties: {value: !ImportValue {'Fn::Sub': '${Network}-NetId'}}
Outputs:
  Joined: {Value: !GetAtt Port.value}
'''


class ExportsThroughBoto3Test(base.ServiceTestCase):

    SHARED_SERVICE = True

    def setUp(self):
        super().setUp()
        self.cfn = test_cfn_relay.cfn_client(self.service.endpoint)
        self.relay = test_cfn_relay.CloudFormationRelayTest.wait_for

    def create(self, name, template, **params):
        self.cfn.create_stack(StackName=name, TemplateBody=template,
                              Parameters=[{'ParameterKey': k,
                                           'ParameterValue': v}
                                          for k, v in params.items()])
        return self.relay(self, name, 'CREATE_COMPLETE')

    def refused(self, call, **kwargs):
        with self.assertRaises(botocore.exceptions.ClientError) as caught:
            call(**kwargs)
        error = caught.exception.response['Error']
        self.assertEqual('ValidationError', error['Code'])
        return error['Message']

    def test_export_import_and_their_lists(self):
        base_name = self.unique('net')
        exporter = self.create(base_name, EXPORTER)
        user = self.unique('port')
        stack = self.create(user, IMPORTER, Network=base_name)
        self.assertEqual([{'OutputKey': 'Joined', 'OutputValue': 'net-1'}],
                         stack['Outputs'])
        export = '%s-NetId' % base_name
        self.assertEqual([{'OutputKey': 'NetId', 'OutputValue': 'net-1',
                           'ExportName': export}],
                         self.cfn.describe_stacks(
                             StackName=base_name)['Stacks'][0]['Outputs'])
        self.assertEqual([{'ParameterKey': 'Network',
                           'ParameterValue': base_name}], stack['Parameters'])
        self.assertIn({'ExportingStackId': exporter['StackId'],
                       'Name': export, 'Value': 'net-1'},
                      self.cfn.list_exports()['Exports'])
        self.assertEqual([user], self.cfn.list_imports(
            ExportName=export)['Imports'])
        self.assertIn('cannot be deleted as it is in use by %s' % user,
                      self.refused(self.cfn.delete_stack,
                                   StackName=base_name))
        self.cfn.delete_stack(StackName=user)
        self.relay(self, stack['StackId'], 'DELETE_COMPLETE')
        self.assertIn('is not imported by any stack', self.refused(
            self.cfn.list_imports, ExportName=export))
        self.cfn.delete_stack(StackName=base_name)
        self.relay(self, exporter['StackId'], 'DELETE_COMPLETE')
        self.assertNotIn(export, [e['Name'] for e in
                                  self.cfn.list_exports()['Exports']])
