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

"""The CloudFormation Query API behind a real Keystone.

boto3 signs with an EC2 credential Keystone keeps (signature version 4):
the relay has Keystone's ``/v3/ec2tokens`` check it and acts with the
token Keystone gives. A client with a token sends it in
``X-Auth-Token`` instead. A wrong secret, an unknown access key and an
unsigned request without a token are refused in AWS's terms.
"""

import botocore.exceptions
from heatclient import client as heat_client
import requests

from tests.cloud.auth import base
from tests.cloud import keystone_service
from tests.functional.compat import base as compat_base
from tests.functional.compat import test_cfn_relay
from tests import waiting


class CloudFormationKeystoneTest(base.KeystoneServiceTestCase):

    @classmethod
    def service_config(cls, keystone_url):
        config = super().service_config(keystone_url)
        config['relay'] = {'ec2_auth_url': keystone_url}
        # Keystone makes no trust from a token it gave for an EC2
        # signature (such a create is refused with a 403 naming the
        # trust); this test is about the signature, so keeps none.
        config['DEFAULT']['deferred_auth_method'] = 'none'
        return config

    def setUp(self):
        super().setUp()
        self.project = self.keystone.project_id('hv-member')
        self.endpoint = '%s/v1/%s' % (self.service.root, self.project)
        self.token = self.keystone.token('hv-member')
        user = self.keystone.ids['users']['hv-member']
        response = requests.post(
            '%s/users/%s/credentials/OS-EC2' % (self.keystone.url, user),
            json={'tenant_id': self.project},
            headers={'X-Auth-Token': self.token}, timeout=60)
        self.assertEqual(201, response.status_code, response.text)
        credential = response.json()['credential']
        self.access, self.secret = credential['access'], credential['secret']
        self.addCleanup(requests.delete, '%s/users/%s/credentials/OS-EC2/%s'
                        % (self.keystone.url, user, self.access),
                        headers={'X-Auth-Token': self.token}, timeout=60)

    def assertRefused(self, cfn, status, code):
        with self.assertRaises(botocore.exceptions.ClientError) as caught:
            cfn.list_stacks()
        error = caught.exception.response
        self.assertEqual(code, error['Error']['Code'])
        self.assertEqual(status, error['ResponseMetadata']['HTTPStatusCode'])

    def test_ec2_signature_v4(self):
        cfn = test_cfn_relay.cfn_client(self.endpoint, self.access,
                                        self.secret)
        name = compat_base.ServiceTestCase.unique('ec2')
        arn = cfn.create_stack(StackName=name,
                               TemplateBody=test_cfn_relay.CFN_TEMPLATE)
        self.assertIn(':%s:stacks/%s/' % (self.project, name),
                      arn['StackId'])

        def complete():
            [stack] = cfn.describe_stacks(StackName=name)['Stacks']
            return stack['StackStatus'] == 'CREATE_COMPLETE' and stack
        self.assertTrue(waiting.wait_until(complete, timeout=120))
        # The stack is the credential's user's, seen through the native
        # API with that user's password login.
        heat = heat_client.Client('1', session=base.session(
            self.keystone, 'hv-member'))
        self.assertEqual('CREATE_COMPLETE',
                         heat.stacks.get(name).stack_status)
        cfn.delete_stack(StackName=name)

    def test_ec2_signature_v2(self):
        """Version 2 (form parameters signed, with a Timestamp), as older
        AWS clients sign.
        """
        cfn = test_cfn_relay.cfn_client(self.endpoint, self.access,
                                        self.secret, signature_version='v2')
        answer = cfn.validate_template(
            TemplateBody=test_cfn_relay.CFN_TEMPLATE)
        self.assertEqual('made through the CloudFormation Query API',
                         answer['Description'])
        wrong = test_cfn_relay.cfn_client(self.endpoint, self.access,
                                          'wrong', signature_version='v2')
        self.assertRefused(wrong, 403, 'SignatureDoesNotMatch')

    def test_refusals(self):
        self.assertRefused(test_cfn_relay.cfn_client(
            self.endpoint, self.access, 'not-the-secret'),
            403, 'SignatureDoesNotMatch')
        self.assertRefused(test_cfn_relay.cfn_client(
            self.endpoint, 'AKIANOSUCHKEY', self.secret),
            403, 'InvalidClientTokenId')
        # Another project's URL: Keystone's token is not scoped to it.
        other = '%s/v1/%s' % (self.service.root,
                              self.keystone.project_id('hv-other-member'))
        self.assertRefused(test_cfn_relay.cfn_client(
            other, self.access, self.secret), 403, 'AccessDenied')
        response = requests.get(self.endpoint + '/relay/cfn',
                                params={'Action': 'ListStacks'}, timeout=30)
        self.assertEqual(403, response.status_code, response.text)
        self.assertIn('<Code>MissingAuthenticationToken</Code>',
                      response.text)

    def test_x_auth_token(self):
        """A token in X-Auth-Token: the AWS signature is not looked at."""
        cfn = test_cfn_relay.cfn_client(self.endpoint, 'any', 'any')

        def add_token(request, **kwargs):
            request.headers['X-Auth-Token'] = self.token
        cfn.meta.events.register('before-send.cloudformation', add_token)
        answer = cfn.validate_template(
            TemplateBody=test_cfn_relay.CFN_TEMPLATE)
        self.assertEqual('made through the CloudFormation Query API',
                         answer['Description'])
        self.assertIn('StackSummaries', cfn.list_stacks())

        def bogus(request, **kwargs):
            request.headers['X-Auth-Token'] = 'not-a-token'
        bad = test_cfn_relay.cfn_client(self.endpoint, 'any', 'any')
        bad.meta.events.register('before-send.cloudformation', bogus)
        self.assertRefused(bad, 403, 'InvalidClientTokenId')

        reader = keystone_service.password_token(
            self.keystone.url, 'hv-reader', keystone_service.PROJECT)

        def as_reader(request, **kwargs):
            request.headers['X-Auth-Token'] = reader
        cfn.meta.events.unregister('before-send.cloudformation', add_token)
        cfn.meta.events.register('before-send.cloudformation', as_reader)
        with self.assertRaises(botocore.exceptions.ClientError) as caught:
            cfn.create_stack(StackName='nope',
                             TemplateBody=test_cfn_relay.CFN_TEMPLATE)
        self.assertEqual('AccessDenied',
                         caught.exception.response['Error']['Code'])
