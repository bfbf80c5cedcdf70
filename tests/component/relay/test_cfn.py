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

"""The Query API's request parsing and XML answers (boto3 drives the
whole life of a stack in tests/functional/compat/test_cfn_relay.py).
"""

from urllib import parse
from xml.etree import ElementTree

from tests import base
from tests import fixtures as hv_fixtures

NS = {'cfn': 'http://cloudformation.amazonaws.com/doc/2010-05-15/'}
TEMPLATE = '''AWSTemplateFormatVersion: '2010-09-09'
Parameters:
  Word: {Type: String}
Resources:
  Only: {Type: 'OS::Heat::None'}
'''


class QueryTestCase(base.TestCase):
    """An embedded service and helpers to query its Query API."""

    def setUp(self):
        super().setUp()
        self.service = self.useFixture(
            hv_fixtures.EmbeddedService(self.state_dir))

    def query(self, params, method='POST', roles=None):
        headers = {'Content-Type': 'application/x-www-form-urlencoded'}
        if roles:
            headers['X-Roles'] = roles
        encoded = parse.urlencode(params)
        if method == 'GET':
            return self.service.request(
                'GET', '/v1/demo/relay/cfn?' + encoded, headers=headers)
        return self.service.request('POST', '/v1/demo/relay/cfn',
                                    raw=encoded.encode(), headers=headers)

    def assertAWSError(self, response, status, code, sender=True):
        self.assertEqual(status, response.status_int, response.body)
        self.assertEqual('text/xml', response.content_type)
        root = ElementTree.fromstring(response.body)
        self.assertEqual('{%s}ErrorResponse' % NS['cfn'], root.tag)
        self.assertEqual(code, root.findtext('cfn:Error/cfn:Code',
                                             namespaces=NS))
        self.assertEqual('Sender' if sender else 'Receiver',
                         root.findtext('cfn:Error/cfn:Type', namespaces=NS))
        self.assertTrue(root.findtext('cfn:RequestId', namespaces=NS))
        return root.findtext('cfn:Error/cfn:Message', namespaces=NS)


class QueryAPITest(QueryTestCase):

    def test_missing_and_unknown_actions(self):
        self.assertAWSError(self.query({}), 400, 'MissingAction')
        message = self.assertAWSError(self.query({'Action': 'Explode'}),
                                      400, 'InvalidAction')
        self.assertIn('Explode', message)

    def test_missing_and_bad_parameters(self):
        message = self.assertAWSError(
            self.query({'Action': 'CreateStack', 'TemplateBody': TEMPLATE}),
            400, 'MissingParameter')
        self.assertIn('StackName', message)
        self.assertAWSError(
            self.query({'Action': 'CreateStack', 'StackName': 's',
                        'TemplateBody': TEMPLATE,
                        'TimeoutInMinutes': '-3'}),
            400, 'InvalidParameterValue')
        self.assertAWSError(
            self.query({'Action': 'CreateStack', 'StackName': 's',
                        'TemplateBody': TEMPLATE, 'OnFailure': 'DELETE'}),
            400, 'ValidationError')
        message = self.assertAWSError(
            self.query({'Action': 'CreateStack', 'StackName': 's',
                        'TemplateBody': TEMPLATE}), 400, 'ValidationError')
        self.assertIn('Word', message)

    def test_create_answers_the_arn_and_get_works(self):
        response = self.query({
            'Action': 'CreateStack', 'StackName': 'queried',
            'TemplateBody': TEMPLATE, 'OnFailure': 'DO_NOTHING',
            'Parameters.member.1.ParameterKey': 'Word',
            'Parameters.member.1.ParameterValue': 'hi',
            'Tags.member.1.Key': 'team', 'Tags.member.1.Value': 'blue'})
        self.assertEqual(200, response.status_int, response.body)
        root = ElementTree.fromstring(response.body)
        self.assertEqual('{%s}CreateStackResponse' % NS['cfn'], root.tag)
        arn = root.findtext('cfn:CreateStackResult/cfn:StackId',
                            namespaces=NS)
        self.assertRegex(arn, '^arn:openstack:heat::demo:stacks/queried/')
        self.assertTrue(root.findtext(
            'cfn:ResponseMetadata/cfn:RequestId', namespaces=NS))

        stack = self.service.wait_for_stack('demo', 'queried')
        self.assertTrue(stack['disable_rollback'])
        self.assertEqual(['team=blue', 'relay:cfn'], stack['tags'])

        response = self.query({'Action': 'DescribeStacks',
                               'StackName': arn}, method='GET')
        self.assertEqual(200, response.status_int, response.body)
        root = ElementTree.fromstring(response.body)
        member = 'cfn:DescribeStacksResult/cfn:Stacks/cfn:member/'
        self.assertEqual('CREATE_COMPLETE', root.findtext(
            member + 'cfn:StackStatus', namespaces=NS))
        self.assertEqual('true', root.findtext(
            member + 'cfn:DisableRollback', namespaces=NS))
        self.assertEqual('hi', root.findtext(
            member + 'cfn:Parameters/cfn:member/cfn:ParameterValue',
            namespaces=NS))

        original = self.service.request(
            'GET', '/v1/demo/relay/stacks/queried/original')
        self.assertEqual(TEMPLATE.encode(), original.body)

    def test_update_keeps_tags_and_the_new_original(self):
        self.query({'Action': 'CreateStack', 'StackName': 'up',
                    'TemplateBody': TEMPLATE, 'Tags.member.1.Key': 'team',
                    'Parameters.member.1.ParameterKey': 'Word',
                    'Parameters.member.1.ParameterValue': 'x'})
        self.service.wait_for_stack('demo', 'up')
        updated = TEMPLATE + '  Other: {Type: OS::Heat::None}\n'
        response = self.query({'Action': 'UpdateStack', 'StackName': 'up',
                               'TemplateBody': updated,
                               'Parameters.member.1.ParameterKey': 'Word',
                               'Parameters.member.1.ParameterValue': 'y'})
        self.assertEqual(200, response.status_int, response.body)
        stack = self.service.wait_for_stack('demo', 'up')
        self.assertEqual('UPDATE_COMPLETE', stack['stack_status'],
                         stack['stack_status_reason'])
        self.assertEqual(['team', 'relay:cfn'], stack['tags'])
        original = self.service.request(
            'GET', '/v1/demo/relay/stacks/up/original')
        self.assertEqual(updated.encode(), original.body)

    def test_unknown_resource_is_not_a_missing_stack(self):
        self.query({'Action': 'CreateStack', 'StackName': 'one',
                    'TemplateBody': TEMPLATE,
                    'Parameters.member.1.ParameterKey': 'Word',
                    'Parameters.member.1.ParameterValue': 'x'})
        self.service.wait_for_stack('demo', 'one')
        message = self.assertAWSError(
            self.query({'Action': 'DescribeStackResource',
                        'StackName': 'one', 'LogicalResourceId': 'Nope'}),
            400, 'ValidationError')
        self.assertIn('Nope', message)

    def test_delete_of_a_missing_stack_succeeds_as_in_aws(self):
        response = self.query({'Action': 'DeleteStack',
                               'StackName': 'never-was'})
        self.assertEqual(200, response.status_int, response.body)

    def test_policy_denial_is_access_denied(self):
        self.assertAWSError(
            self.query({'Action': 'CreateStack', 'StackName': 's',
                        'TemplateBody': TEMPLATE}, roles='reader'),
            403, 'AccessDenied')
        response = self.query({'Action': 'ListStacks'}, roles='reader')
        self.assertEqual(200, response.status_int, response.body)

    def test_estimate_is_not_supported(self):
        message = self.assertAWSError(
            self.query({'Action': 'EstimateTemplateCost',
                        'TemplateBody': TEMPLATE}),
            501, 'APINotImplemented', sender=False)
        self.assertIn('not supported', message)

    def test_other_paths_and_methods(self):
        response = self.service.request('DELETE', '/v1/demo/relay/cfn')
        self.assertAWSError(response, 405, 'InvalidAction')
        self.assertEqual('GET, POST', response.headers['Allow'])
        response = self.service.request('GET', '/v1/demo/relay/cfn/deeper')
        self.assertEqual(404, response.status_int)

    def test_change_set_and_summary_refusals(self):
        self.assertAWSError(
            self.query({'Action': 'CreateChangeSet', 'StackName': 's',
                        'ChangeSetName': '9-starts-with-a-digit',
                        'TemplateBody': TEMPLATE}),
            400, 'InvalidParameterValue')
        self.assertAWSError(
            self.query({'Action': 'CreateChangeSet', 'StackName': 's',
                        'ChangeSetName': 'c', 'ChangeSetType': 'IMPORT',
                        'TemplateBody': TEMPLATE}),
            400, 'InvalidParameterValue')
        message = self.assertAWSError(
            self.query({'Action': 'CreateChangeSet', 'StackName': 'none',
                        'ChangeSetName': 'c', 'TemplateBody': TEMPLATE}),
            400, 'ValidationError')
        self.assertIn('none', message)
        message = self.assertAWSError(
            self.query({'Action': 'DescribeChangeSet',
                        'ChangeSetName': 'c'}), 400, 'ValidationError')
        self.assertIn('StackName must be specified', message)
        self.assertAWSError(
            self.query({'Action': 'DescribeChangeSet', 'ChangeSetName':
                        'arn:openstack:heat::demo:changeSet/c/no-such-id'}),
            400, 'ChangeSetNotFound')
        self.assertAWSError(
            self.query({'Action': 'GetTemplateSummary',
                        'TemplateURL': 'http://example.com/t.yaml'}),
            400, 'ValidationError')
        message = self.assertAWSError(
            self.query({'Action': 'CreateStack', 'StackName': 's',
                        'TemplateBody': TEMPLATE,
                        'Parameters.member.1.ParameterKey': 'Word',
                        'Parameters.member.1.UsePreviousValue': 'true'}),
            400, 'ValidationError')
        self.assertIn('UsePreviousValue', message)
