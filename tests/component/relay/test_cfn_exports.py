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

"""Outputs' ``Export`` and ``Fn::ImportValue`` between the stacks of a
project, through the Query API, with AWS's rules: unique names, an
import takes the export's value, an export in use keeps its stack and
its value; ListExports and ListImports.
"""

from xml.etree import ElementTree

from tests.component.relay import test_cfn

NS = test_cfn.NS
EXPORTER = '''AWSTemplateFormatVersion: '2010-09-09'
Parameters:
  Size: {Type: Number, Default: 8}
Resources:
  Word:
    Type: OS::Heat::RandomString
    Properties: {length: !Ref Size}
Outputs:
  Word:
    Value: !GetAtt Word.value
    Export: {Name: !Sub '${AWS::StackName}-word'}
  Fixed:
    Value: fixed-value
    Export: {Name: shared-fixed}
'''
IMPORTER = '''Parameters:
  Source: {Type: String}
Resources:
  Copy:
    Type: OS::Heat::Value
    Properties:
      value: !ImportValue {'Fn::Sub': '${Source}-word'}
Outputs:
  Copy: {Value: !GetAtt Copy.value}
  Fixed: {Value: !Join ['+', [!ImportValue shared-fixed, x]]}
'''


class ExportsTest(test_cfn.QueryTestCase):

    def ok(self, params):
        response = self.query(params)
        self.assertEqual(200, response.status_int, response.body)
        return ElementTree.fromstring(response.body)

    def create(self, name, template, **params):
        query = {'Action': 'CreateStack', 'StackName': name,
                 'TemplateBody': template}
        for i, (key, value) in enumerate(sorted(params.items()), 1):
            query['Parameters.member.%d.ParameterKey' % i] = key
            query['Parameters.member.%d.ParameterValue' % i] = value
        response = self.query(query)
        if response.status_int == 200:
            stack = self.service.wait_for_stack('demo', name)
            self.assertEqual('CREATE_COMPLETE', stack['stack_status'],
                             stack['stack_status_reason'])
        return response

    def outputs(self, name):
        root = self.ok({'Action': 'DescribeStacks', 'StackName': name})
        return {m.findtext('cfn:OutputKey', namespaces=NS):
                m.findtext('cfn:OutputValue', namespaces=NS)
                for m in root.iterfind('.//cfn:Outputs/cfn:member',
                                       namespaces=NS)}

    def exports(self):
        root = self.ok({'Action': 'ListExports'})
        return {m.findtext('cfn:Name', namespaces=NS):
                m.findtext('cfn:Value', namespaces=NS)
                for m in root.iterfind('.//cfn:Exports/cfn:member',
                                       namespaces=NS)}

    def test_life_of_an_export(self):
        self.assertEqual(200, self.create('base', EXPORTER).status_int)
        word = self.outputs('base')['Word']
        self.assertEqual(8, len(word))
        self.assertEqual({'base-word': word, 'shared-fixed': 'fixed-value'},
                         self.exports())
        # The names are the project's: a second exporter is refused.
        message = self.assertAWSError(self.create('again', EXPORTER), 400,
                                      'ValidationError')
        self.assertIn('Export with name shared-fixed is already exported '
                      'by stack base', message)
        message = self.assertAWSError(
            self.create('lost', IMPORTER, Source='nothing'), 400,
            'ValidationError')
        self.assertIn('No export named nothing-word found', message)

        self.assertEqual(200, self.create('user', IMPORTER,
                                          Source='base').status_int)
        self.assertEqual({'Copy': word, 'Fixed': 'fixed-value+x'},
                         self.outputs('user'))
        root = self.ok({'Action': 'ListImports', 'ExportName': 'base-word'})
        self.assertEqual(['user'], [m.text for m in root.iterfind(
            './/cfn:Imports/cfn:member', namespaces=NS)])
        # The internal tags stay internal, and an update with the
        # previous template keeps the imported values.
        self.ok({'Action': 'UpdateStack', 'StackName': 'user',
                 'UsePreviousTemplate': 'true',
                 'Parameters.member.1.ParameterKey': 'Source',
                 'Parameters.member.1.UsePreviousValue': 'true',
                 'Tags.member.1.Key': 'team', 'Tags.member.1.Value': 'a'})
        stack = self.service.wait_for_stack('demo', 'user')
        self.assertEqual('UPDATE_COMPLETE', stack['stack_status'],
                         stack['stack_status_reason'])
        self.assertEqual({'Copy': word, 'Fixed': 'fixed-value+x'},
                         self.outputs('user'))
        root = self.ok({'Action': 'DescribeStacks', 'StackName': 'user'})
        self.assertEqual(['team'], [m.text for m in root.iterfind(
            './/cfn:Tags/cfn:member/cfn:Key', namespaces=NS)])
        # The import parameters are the relay's, as AWS shows none.
        self.assertEqual(['Source'], [m.text for m in root.iterfind(
            './/cfn:Parameters/cfn:member/cfn:ParameterKey',
            namespaces=NS)])
        root = self.ok({'Action': 'DescribeStacks', 'StackName': 'base'})
        self.assertEqual({'Word': 'base-word', 'Fixed': 'shared-fixed'}, {
            m.findtext('cfn:OutputKey', namespaces=NS):
            m.findtext('cfn:ExportName', namespaces=NS)
            for m in root.iterfind('.//cfn:Outputs/cfn:member',
                                   namespaces=NS)})
        root = self.ok({'Action': 'ListImports', 'ExportName': 'base-word'})
        self.assertEqual(['user'], [m.text for m in root.iterfind(
            './/cfn:Imports/cfn:member', namespaces=NS)])

        # In use: the exporter stays, and so do its exports' values.
        message = self.assertAWSError(self.query(
            {'Action': 'DeleteStack', 'StackName': 'base'}), 400,
            'ValidationError')
        self.assertIn('Export base-word cannot be deleted as it is in use '
                      'by user', message)
        message = self.assertAWSError(self.query({
            'Action': 'UpdateStack', 'StackName': 'base',
            'TemplateBody': EXPORTER.replace('fixed-value', 'changed')}),
            400, 'ValidationError')
        self.assertIn('Cannot update export shared-fixed as it is in use '
                      'by user', message)
        # What no import uses may change.
        self.ok({'Action': 'UpdateStack', 'StackName': 'base',
                 'TemplateBody': EXPORTER + '  Size: {Value: !Ref Size}\n'})
        stack = self.service.wait_for_stack('demo', 'base')
        self.assertEqual('UPDATE_COMPLETE', stack['stack_status'],
                         stack['stack_status_reason'])
        self.assertEqual('8', self.outputs('base')['Size'])
        self.assertEqual({'base-word': word, 'shared-fixed': 'fixed-value'},
                         self.exports())

        self.ok({'Action': 'DeleteStack', 'StackName': 'user'})
        self.service.wait_for_stack('demo', 'user')
        message = self.assertAWSError(self.query(
            {'Action': 'ListImports', 'ExportName': 'base-word'}), 400,
            'ValidationError')
        self.assertIn("Export 'base-word' is not imported by any stack",
                      message)
        self.ok({'Action': 'DeleteStack', 'StackName': 'base'})
        self.service.wait_for_stack('demo', 'base')
        self.assertEqual({}, self.exports())

    def test_names_must_be_known_and_plain(self):
        message = self.assertAWSError(self.create('odd', EXPORTER.replace(
            "!Sub '${AWS::StackName}-word'", "'a,b'")), 400,
            'ValidationError')
        self.assertIn('"a,b" is not an export name', message)
        message = self.assertAWSError(self.create('twice', EXPORTER.replace(
            "!Sub '${AWS::StackName}-word'", 'shared-fixed')), 400,
            'ValidationError')
        self.assertIn('Export with name shared-fixed is given twice',
                      message)
