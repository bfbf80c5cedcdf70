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

"""AWS::SQS::Queue in the cfn translator: a Zaqar queue."""

from heat_vision.common import exception
from heat_vision import translators
from tests import base

QUEUES = '''AWSTemplateFormatVersion: '2010-09-09'
Parameters:
  Delay: {Type: Number, Default: 5}
  UseDeadLetters: {Type: String, Default: 'true'}
Conditions:
  DeadLetters: !Equals [!Ref UseDeadLetters, 'true']
Resources:
  Jobs:
    Type: AWS::SQS::Queue
    Properties:
      QueueName: jobs
      DelaySeconds: !Ref Delay
      MessageRetentionPeriod: 345600
      MaximumMessageSize: 2048
      VisibilityTimeout: 30
      ReceiveMessageWaitTimeSeconds: 20
      SqsManagedSseEnabled: false
      Tags: [{Key: team, Value: blue}]
      RedrivePolicy:
        Fn::If:
          - DeadLetters
          - {deadLetterTargetArn: !GetAtt Dead.Arn, maxReceiveCount: 3}
          - !Ref AWS::NoValue
  Dead:
    Type: AWS::SQS::Queue
    Properties:
      RedrivePolicy: '{"deadLetterTargetArn":
        "arn:aws:sqs:us-east-1:123456789012:parking", "maxReceiveCount": 9}'
Outputs:
  Url: {Value: !Ref Jobs}
  Also: {Value: !GetAtt Jobs.QueueUrl}
  Name: {Value: !GetAtt Jobs.QueueName}
  Arn: {Value: !GetAtt Jobs.Arn}
'''


def translate(doc):
    return translators.load('cfn').translate(doc)


class SqsQueueTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.result = translate(QUEUES)
        self.res = self.result.template['resources']

    def test_a_queue_is_a_zaqar_queue_with_reserved_metadata(self):
        jobs = self.res['Jobs']
        self.assertEqual('OS::Zaqar::Queue', jobs['type'])
        self.assertEqual('jobs', jobs['properties']['name'])
        self.assertEqual({'map_merge': [
            {'_default_message_delay': {'get_param': 'Delay'}},
            {'_default_message_ttl': 345600},
            {'_max_messages_post_size': 2048},
            {'team': 'blue'},
            {'if': ['DeadLetters',
                    {'_dead_letter_queue': {'get_attr': ['Dead',
                                                         'queue_id']},
                     '_max_claim_count': 3},
                    {}]}]}, jobs['properties']['metadata'])

    def test_a_dead_letter_arn_names_the_queue(self):
        self.assertEqual({'metadata': {'_dead_letter_queue': 'parking',
                                       '_max_claim_count': 9}},
                         self.res['Dead']['properties'])

    def test_ref_is_the_url_and_arn_the_name(self):
        outputs = {k: v['value'] for k, v in
                   self.result.template['outputs'].items()}
        self.assertEqual({
            'Url': {'get_attr': ['Jobs', 'href']},
            'Also': {'get_attr': ['Jobs', 'href']},
            'Name': {'get_attr': ['Jobs', 'queue_id']},
            'Arn': {'get_attr': ['Jobs', 'queue_id']}}, outputs)

    def test_consumer_settings_are_left_out_with_a_note(self):
        notes = dict(self.result.notes)
        for prop in ('VisibilityTimeout', 'ReceiveMessageWaitTimeSeconds'):
            self.assertIn('left out',
                          notes['Resources.Jobs.Properties.' + prop])

    def test_what_zaqar_lacks_is_refused_by_name(self):
        doc = '''Resources:
  Fifo:
    Type: AWS::SQS::Queue
    Properties:
      FifoQueue: true
      ContentBasedDeduplication: true
      KmsMasterKeyId: alias/aws/sqs
      SqsManagedSseEnabled: true
      RedriveAllowPolicy: {redrivePermission: denyAll}
      RedrivePolicy: {deadLetterTargetArn: x}
Outputs:
  Size: {Value: !GetAtt Fifo.ApproximateNumberOfMessages}
'''
        with self.assertRaises(exception.NoCounterpart) as caught:
            translate(doc)
        [item] = caught.exception.items
        self.assertTrue(item.startswith('Resources.Fifo.Type '
                                        '(AWS::SQS::Queue with '), item)
        for what in ('FifoQueue', 'ContentBasedDeduplication',
                     'KmsMasterKeyId', 'SqsManagedSseEnabled',
                     'RedriveAllowPolicy', 'RedrivePolicy',
                     'attribute ApproximateNumberOfMessages'):
            self.assertIn(what, item)
