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

"""What the relay sends Keystone's /ec2tokens for a signed request."""

import hashlib

import webob

from heat_vision.relay.cfn import ec2auth
from tests import base

V4 = ('AWS4-HMAC-SHA256 Credential=AKID/20261201/RegionOne/'
      'cloudformation/aws4_request, SignedHeaders=host;x-amz-date, '
      'Signature=abc123')
PATH = '/v1/demo/relay/cfn'


class SignedCredentialsTest(base.TestCase):

    def test_v4_header_post(self):
        request = webob.Request.blank(
            PATH, method='POST', POST={'Action': 'ListStacks'},
            headers={'Authorization': V4, 'X-Amz-Date': '20261201T000000Z',
                     'Host': 'relay:8004'})
        found = ec2auth.signed_credentials(request)
        self.assertEqual('AKID', found['access'])
        self.assertEqual('abc123', found['signature'])
        self.assertEqual('relay:8004', found['host'])
        self.assertEqual('POST', found['verb'])
        self.assertEqual(PATH, found['path'])
        # The form is in the signed body, not in the query string.
        self.assertEqual({}, found['params'])
        self.assertEqual(hashlib.sha256(b'Action=ListStacks').hexdigest(),
                         found['body_hash'])
        self.assertEqual(V4, found['headers']['Authorization'])
        self.assertEqual('20261201T000000Z', found['headers']['X-Amz-Date'])

    def test_v4_query(self):
        request = webob.Request.blank(
            PATH + '?Action=ListStacks&X-Amz-Algorithm=AWS4-HMAC-SHA256'
            '&X-Amz-Credential=AKQ%2F20261201%2FRegionOne%2Fcloudformation'
            '%2Faws4_request&X-Amz-Signature=sig&X-Amz-SignedHeaders=host')
        found = ec2auth.signed_credentials(request)
        self.assertEqual(('AKQ', 'sig'), (found['access'],
                                          found['signature']))
        self.assertNotIn('X-Amz-Signature', found['params'])
        self.assertEqual('ListStacks', found['params']['Action'])

    def test_v2(self):
        request = webob.Request.blank(
            PATH + '?Action=ListStacks&AWSAccessKeyId=AK2&Signature=s2'
            '&SignatureVersion=2&SignatureMethod=HmacSHA256')
        found = ec2auth.signed_credentials(request)
        self.assertEqual(('AK2', 's2'), (found['access'],
                                         found['signature']))
        self.assertEqual('2', found['params']['SignatureVersion'])
        self.assertNotIn('Signature', found['params'])

    def test_unsigned_or_incomplete(self):
        for request in (
                webob.Request.blank(PATH + '?Action=ListStacks'),
                webob.Request.blank(PATH, headers={
                    'Authorization': 'AWS4-HMAC-SHA256 Credential=AKID/x'}),
                webob.Request.blank(PATH, headers={
                    'Authorization': 'Basic dXNlcjpwdw=='})):
            self.assertIsNone(ec2auth.signed_credentials(request))
