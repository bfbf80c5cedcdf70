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
import json
from urllib import parse
from xml.etree import ElementTree

from keystoneclient.contrib.ec2 import utils as ec2_utils
import requests
import webob

from heat_vision.relay.cfn import ec2auth
from heat_vision.relay.cfn import xml
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


class CfnCollectorTest(base.TestCase):
    """A POLL_SERVER_CFN server's agent: os-collect-config's cfn
    collector (os_collect_config/cfn.py) signs with keystoneclient's
    Ec2Signer and parses the answer's bare element names.
    """

    URL = 'http://hv.example:8004/v1/p-1/relay/cfn/heat/'

    def test_its_signature_is_what_keystone_checks(self):
        signer = ec2_utils.Ec2Signer(secret_key='s3cret')
        params = {'Action': 'DescribeStackResource', 'StackName': 'st',
                  'LogicalResourceId': 'server', 'AWSAccessKeyId': 'AK',
                  'SignatureVersion': '2'}
        url = parse.urlparse(self.URL)
        params['Signature'] = signer.generate({
            'params': params, 'verb': 'GET', 'host': url.netloc,
            'path': url.path})
        sent = requests.Request('GET', self.URL, params=params).prepare()
        request = webob.Request.blank(sent.path_url,
                                      headers={'Host': url.netloc})
        self.assertTrue(ec2auth.CFN_PATH.match(request.path_info))
        found = ec2auth.signed_credentials(request)
        self.assertEqual('AK', found['access'])
        # What Keystone's /ec2tokens recomputes from the secret.
        self.assertEqual(params['Signature'], ec2_utils.Ec2Signer(
            secret_key='s3cret').generate(found))

    def test_heat_shape_is_found_by_bare_names(self):
        content = {'StackResourceDetail': {'Metadata': '{"a": 1}'}}
        text = xml.result('DescribeStackResource', content, 'req-1',
                          heat_shape=True).text
        # lxml, which the collector parses the text with, refuses a str
        # with an encoding declaration.
        self.assertFalse(text.startswith('<?xml'))
        detail = ElementTree.fromstring(text).find(
            'DescribeStackResourceResult').find('StackResourceDetail')
        self.assertEqual({'a': 1}, json.loads(detail.find('Metadata').text))
        aws = ElementTree.fromstring(xml.result(
            'DescribeStackResource', content, 'req-1').body)
        self.assertIsNone(aws.find('DescribeStackResourceResult'))
