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

"""boto3 against the Query API: NextToken paging, as AWS pages its lists,
and templates without AWSTemplateFormatVersion, as AWS takes them.

The service pages by 2 (``[relay] cfn_page_size``), so a handful of
stacks, events and resources span several pages; boto3's own paginators
follow the tokens.
"""

import botocore.exceptions
from heatclient import client as heat_client

from heat_vision.relay.cfn import paging
from tests.functional.compat import base
from tests.functional.compat import test_cfn_relay
from tests import waiting

UNVERSIONED = '''Description: no AWSTemplateFormatVersion, as AWS allows
Resources:
  A: {Type: 'OS::Heat::None'}
  B: {Type: 'OS::Heat::None', DependsOn: A}
  C: {Type: 'OS::Heat::None', DependsOn: B}
Outputs:
  Id: {Value: {Ref: A}}
'''


class CloudFormationPagingTest(base.ServiceTestCase):

    SERVICE_CONFIG = {'relay': {'cfn_page_size': 2}}

    def setUp(self):
        super().setUp()
        self.cfn = test_cfn_relay.cfn_client(self.service.endpoint)
        self.heat = heat_client.Client('1', endpoint=self.service.endpoint,
                                       token='compat-token')

    def make(self, count):
        names = [self.unique('page') for _i in range(count)]
        for name in names:
            self.cfn.create_stack(StackName=name, TemplateBody=UNVERSIONED)
            self.addCleanup(self.cfn.delete_stack, StackName=name)

        def all_done():
            return all(self.heat.stacks.get(name).stack_status ==
                       'CREATE_COMPLETE' for name in names)
        self.assertTrue(waiting.wait_until(all_done, timeout=120))
        return names

    def pages(self, operation, key, **kwargs):
        pages = list(self.cfn.get_paginator(operation).paginate(**kwargs))
        for page in pages:
            self.assertLessEqual(len(page[key]), 2)
        return pages, [item for page in pages for item in page[key]]

    def test_unversioned_template_and_paged_lists(self):
        names = self.make(5)
        [stack] = self.cfn.describe_stacks(StackName=names[0])['Stacks']
        self.assertEqual('no AWSTemplateFormatVersion, as AWS allows',
                         stack['Description'])
        # Kept as it was sent, with no version added.
        original = self.cfn.get_template(StackName=names[0])
        self.assertEqual(UNVERSIONED, original['TemplateBody'])
        # The native stack runs its translation into HOT.
        native = self.heat.stacks.template(names[0])
        self.assertIn('heat_template_version', native)

        pages, summaries = self.pages(
            'list_stacks', 'StackSummaries',
            StackStatusFilter=['CREATE_COMPLETE'])
        listed = [s['StackName'] for s in summaries]
        self.assertEqual(len(listed), len(set(listed)), listed)
        self.assertLessEqual(set(names), set(listed))
        self.assertGreaterEqual(len(pages), 3)
        self.assertTrue(all('NextToken' in p for p in pages[:-1]))
        self.assertNotIn('NextToken', pages[-1])

        pages, events = self.pages('describe_stack_events', 'StackEvents',
                                   StackName=names[0])
        native = self.heat.events.list(names[0], limit=1000)
        self.assertEqual(sorted(e.id for e in native),
                         sorted(e['EventId'] for e in events))
        self.assertGreaterEqual(len(pages), 3)
        times = [e['Timestamp'] for e in events]
        self.assertEqual(sorted(times, reverse=True), times)

        pages, resources = self.pages('list_stack_resources',
                                      'StackResourceSummaries',
                                      StackName=names[0])
        self.assertEqual(['A', 'B', 'C'],
                         [r['LogicalResourceId'] for r in resources])
        self.assertEqual(2, len(pages))

        pages, stacks = self.pages('describe_stacks', 'Stacks')
        described = [s['StackName'] for s in stacks]
        self.assertEqual(len(described), len(set(described)), described)
        self.assertLessEqual(set(names), set(described))
        self.assertGreaterEqual(len(pages), 3)

    def test_paged_change_sets(self):
        [name] = self.make(1)
        for number in range(3):
            self.cfn.create_change_set(
                StackName=name, ChangeSetName='c%d' % number,
                TemplateBody=UNVERSIONED.replace(
                    'Outputs:', '''  D: {Type: 'OS::Heat::None'}
  E: {Type: 'OS::Heat::None'}
  F: {Type: 'OS::Heat::None'}
Outputs:'''))
        pages, summaries = self.pages('list_change_sets', 'Summaries',
                                      StackName=name)
        self.assertEqual(['c0', 'c1', 'c2'],
                         sorted(s['ChangeSetName'] for s in summaries))
        self.assertEqual(2, len(pages))
        pages, changes = self.pages('describe_change_set', 'Changes',
                                    StackName=name, ChangeSetName='c0')
        self.assertEqual(['D', 'E', 'F'], sorted(
            c['ResourceChange']['LogicalResourceId'] for c in changes))
        self.assertEqual(2, len(pages))

    def assertBadToken(self, call, fragment, **kwargs):
        with self.assertRaises(botocore.exceptions.ClientError) as caught:
            call(**kwargs)
        error = caught.exception.response
        self.assertEqual('ValidationError', error['Error']['Code'])
        self.assertEqual(400, error['ResponseMetadata']['HTTPStatusCode'])
        self.assertIn('Invalid NextToken: ' + fragment,
                      error['Error']['Message'])

    def test_bad_tokens(self):
        first, second = self.make(2)
        self.assertBadToken(self.cfn.list_stacks, 'not a token',
                            NextToken='not-base64-json!')
        self.assertBadToken(self.cfn.list_stacks, 'longer than 1024',
                            NextToken='x' * 1025)
        token = self.cfn.describe_stack_events(
            StackName=first)['NextToken']
        self.assertBadToken(self.cfn.list_stacks,
                            'it was given by another action',
                            NextToken=token)
        self.assertBadToken(self.cfn.describe_stack_events,
                            'it was given for another stack',
                            StackName=second,
                            NextToken=token)
        token = self.cfn.list_stack_resources(StackName=first)['NextToken']
        self.assertBadToken(self.cfn.list_stack_resources,
                            'it was given for another stack',
                            StackName=second,
                            NextToken=token)
        # A well-formed token whose marker names no stack.
        self.assertBadToken(
            self.cfn.list_stacks, 'what it points at is gone',
            NextToken=paging.encode('ListStacks', m='no-such-stack'))
