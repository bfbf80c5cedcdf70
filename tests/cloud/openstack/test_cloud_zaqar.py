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

"""Zaqar queues on the test cloud (its optional ``zaqar`` service).

A HOT stack makes a queue with metadata, a subscription to it and a
signed URL of it; Zaqar holds what the template says, the signed URL
reads the queue without a token, an update changes the metadata and
the subscription in place, and the delete leaves no queue and no
subscription. A CloudFormation template with an AWS::SQS::Queue (a
dead-letter queue and a wait condition beside it) goes through the
relay's Query API (boto3) to CREATE_COMPLETE; heatclient sees the same
stack, Zaqar the queues, and DeleteStack leaves none.
"""

import uuid

from heatclient import client as heat_client
from heatclient import exc as heat_exc
import requests

from tests.cloud.openstack import cloud_base

HOT = '''heat_template_version: 2018-08-31
parameters:
  hook: {type: string}
  ttl: {type: number, default: 3600}
resources:
  queue:
    type: OS::Zaqar::Queue
    properties:
      metadata: {team: blue, _default_message_ttl: {get_param: ttl}}
  subscription:
    type: OS::Zaqar::Subscription
    properties:
      queue_name: {get_resource: queue}
      subscriber: {get_param: hook}
      ttl: 7200
      options: {format: json}
  url:
    type: OS::Zaqar::SignedQueueURL
    properties:
      queue: {get_resource: queue}
      methods: [GET, POST]
      ttl: 600
outputs:
  href: {value: {get_attr: [queue, href]}}
  query: {value: {get_attr: [url, query_str]}}
  signature: {value: {get_attr: [url, signature]}}
  methods: {value: {get_attr: [url, methods]}}
  paths: {value: {get_attr: [url, paths]}}
'''

CFN = '''AWSTemplateFormatVersion: '2010-09-09'
Parameters:
  Delay: {Type: Number, Default: 5}
Resources:
  DeadLetters:
    Type: AWS::SQS::Queue
    Properties:
      MessageRetentionPeriod: 1209600
  Jobs:
    Type: AWS::SQS::Queue
    Properties:
      DelaySeconds: !Ref Delay
      MessageRetentionPeriod: 345600
      VisibilityTimeout: 30
      RedrivePolicy:
        deadLetterTargetArn: !GetAtt DeadLetters.Arn
        maxReceiveCount: 3
      Tags: [{Key: team, Value: blue}]
  ReadyHandle: {Type: AWS::CloudFormation::WaitConditionHandle}
  Ready:
    Type: AWS::CloudFormation::WaitCondition
    DependsOn: Jobs
    Properties: {Handle: !Ref ReadyHandle, Timeout: 600, Count: 1}
Outputs:
  Url: {Value: !Ref Jobs}
  Name: {Value: !GetAtt Jobs.QueueName}
  DeadLetterArn: {Value: !GetAtt DeadLetters.Arn}
  Handle: {Value: !Ref ReadyHandle}
'''


class ZaqarOnCloudTest(cloud_base.CloudTestCase):

    OPTIONAL_SERVICES = ('zaqar',)
    USES_COMPUTE = False

    def zaqar(self, method, path, **kwargs):
        """One call of Zaqar's v2 API as the demo user."""
        response = self.demo.message.request(
            path, method, headers={'Client-ID': str(uuid.uuid4())},
            **kwargs)
        self.assertLess(response.status_code, 300, response.text)
        return response.json() if response.content else None

    def queues(self):
        return {q['name'] for q in self.zaqar(
            'GET', '/queues', params={'limit': 20})['queues']}

    def test_queue_subscription_signed_url(self):
        self.start_heat_vision()
        name = cloud_base.unique('zaqar')
        hook = 'http://127.0.0.1:9/hook'
        stack_id = self.run_stack(name, HOT, {'hook': hook})
        ids = self.physical_ids(name, stack_id)
        queue = ids['queue']
        self.assertIn(queue, self.queues())
        metadata = self.zaqar('GET', '/queues/%s' % queue)
        self.assertEqual(('blue', 3600), (metadata['team'],
                                          metadata['_default_message_ttl']))
        subscription = self.zaqar('GET', '/queues/%s/subscriptions/%s' % (
            queue, ids['subscription']))
        self.assertEqual((hook, 7200, {'format': 'json'}), (
            subscription['subscriber'], subscription['ttl'],
            subscription['options']))
        outputs = self.outputs(name, stack_id)
        self.assertEqual(self.cloud.endpoints['messaging'].rstrip('/')
                         + '/v2/queues/' + queue, outputs['href'])
        self.assertEqual(['GET', 'POST'], sorted(outputs['methods']))
        self.assertEqual(['/v2/queues/%s/messages' % queue],
                         outputs['paths'])

        # The signed URL lets a client without a token post and read.
        signed = dict(pair.split('=', 1)
                      for pair in outputs['query'].split('&'))
        self.assertEqual(outputs['signature'], signed['signature'])
        headers = {'Client-ID': str(uuid.uuid4()),
                   'URL-Signature': outputs['signature'],
                   'URL-Expires': requests.utils.unquote(signed['expires']),
                   'URL-Methods': 'GET,POST',
                   'URL-Paths': '/v2/queues/%s/messages' % queue,
                   'X-Project-ID': signed['project_id']}
        posted = requests.post(outputs['href'] + '/messages', headers=headers,
                               json={'messages': [{'body': 'hi',
                                                   'ttl': 300}]},
                               timeout=60)
        self.assertEqual(201, posted.status_code, posted.text)

        # Metadata and the subscription change in place.
        stack_id = self.run_stack(name, HOT, {'hook': hook + '2',
                                              'ttl': 600}, stack_id)
        self.assertEqual(ids, self.physical_ids(name, stack_id))
        metadata = self.zaqar('GET', '/queues/%s' % queue)
        self.assertEqual(600, metadata['_default_message_ttl'])
        subscription = self.zaqar('GET', '/queues/%s/subscriptions/%s' % (
            queue, ids['subscription']))
        self.assertEqual(hook + '2', subscription['subscriber'])

        self.delete_stack(name, stack_id)
        self.assertNotIn(queue, self.queues())
        self.assertEqual([], self.zaqar(
            'GET', '/queues/%s/subscriptions' % queue)['subscriptions'])

    def test_sqs_queue_through_the_query_api(self):
        self.start_heat_vision()
        cfn = self.cfn()
        heat = heat_client.Client(
            '1', endpoint='http://127.0.0.1:%d/v1/%s' % (
                self.port, self.demo.current_project_id),
            token=self.demo.auth_token)
        name = cloud_base.unique('sqs')
        stack_id = cfn.create_stack(StackName=name,
                                    TemplateBody=CFN)['StackId']

        def handle_url():
            # The handle's Ref is its name until it is made, then the
            # signed URL.
            try:
                value = heat.stacks.output_show(name, 'Handle')[
                    'output']['output_value']
            except heat_exc.HTTPException:
                return None
            return value if str(value).startswith('http') else None
        url = self.wait_for(handle_url, timeout=300)
        response = requests.put(url, json={
            'Status': 'SUCCESS', 'Reason': 'ready', 'UniqueId': 'jobs',
            'Data': 'ok'}, timeout=60)
        self.assertEqual(200, response.status_code, response.text)

        def settled():
            [stack] = cfn.describe_stacks(StackName=name)['Stacks']
            return None if stack['StackStatus'].endswith(
                'IN_PROGRESS') else stack
        stack = self.wait_for(settled, timeout=600)
        self.assertEqual('CREATE_COMPLETE', stack['StackStatus'],
                         stack.get('StackStatusReason'))
        outputs = {o['OutputKey']: o['OutputValue']
                   for o in stack['Outputs']}

        # heatclient sees the same stack, with Zaqar queues in it.
        shown = heat.stacks.get(name)
        self.assertEqual(('CREATE_COMPLETE', stack_id.rsplit('/', 1)[-1]),
                         (shown.stack_status, shown.id))
        resources = {r.resource_name: r for r in heat.resources.list(name)}
        self.assertEqual('OS::Zaqar::Queue',
                         resources['Jobs'].resource_type)
        jobs = resources['Jobs'].physical_resource_id
        dead = resources['DeadLetters'].physical_resource_id
        self.assertEqual((jobs, dead), (outputs['Name'],
                                        outputs['DeadLetterArn']))
        self.assertEqual(self.cloud.endpoints['messaging'].rstrip('/')
                         + '/v2/queues/' + jobs, outputs['Url'])
        metadata = self.zaqar('GET', '/queues/%s' % jobs)
        self.assertEqual(
            (5, 345600, dead, 3, 'blue'),
            (metadata['_default_message_delay'],
             metadata['_default_message_ttl'],
             metadata['_dead_letter_queue'], metadata['_max_claim_count'],
             metadata['team']))
        self.assertLessEqual({jobs, dead}, self.queues())

        cfn.delete_stack(StackName=name)
        self.wait_for(lambda: cfn.describe_stacks(StackName=stack_id)[
            'Stacks'][0]['StackStatus'] == 'DELETE_COMPLETE', timeout=600)
        self.assertFalse({jobs, dead} & self.queues())
