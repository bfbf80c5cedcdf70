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

"""Wait conditions signalled through the token-authenticated signal URL."""

import threading
import time
import urllib.parse

import fixtures
from oslo_serialization import jsonutils

from tests import base
from tests import fixtures as hv_fixtures

HOT = '''heat_template_version: 2021-04-16
parameters:
  timeout: {type: number, default: 30}
resources:
  handle: {type: OS::Heat::WaitConditionHandle}
  wait:
    type: OS::Heat::WaitCondition
    properties:
      handle: {get_resource: handle}
      count: 2
      timeout: {get_param: timeout}
  after:
    type: OS::Heat::TestResource
    depends_on: wait
outputs:
  token: {value: {get_attr: [handle, token]}}
  endpoint: {value: {get_attr: [handle, endpoint]}}
  curl_cli: {value: {get_attr: [handle, curl_cli]}}
  data: {value: {get_attr: [wait, data]}}
'''

CFN = '''AWSTemplateFormatVersion: '2010-09-09'
Resources:
  Handle: {Type: 'AWS::CloudFormation::WaitConditionHandle'}
  Wait:
    Type: 'AWS::CloudFormation::WaitCondition'
    Properties: {Handle: {Ref: Handle}, Timeout: 30}
Outputs:
  Url: {Value: {Ref: Handle}}
  Data: {Value: {'Fn::GetAtt': [Wait, Data]}}
'''


class SignalTestBase(base.TestCase):

    def setUp(self):
        super().setUp()
        self.flags(group='api', public_endpoint='http://heat.example:8004')
        # NOTE(heat-vision): the recorder writes a finished resource only
        # when a later state change finds its batch due; a stack waiting
        # on a wait condition makes none, so the handle's token would stay
        # unwritten. Until the recorder flushes on a timer, flush at once.
        self.useFixture(fixtures.MonkeyPatch(
            'heat_vision.engine.recorder.FLUSH_EVERY', 0))
        self.service = self.useFixture(
            hv_fixtures.EmbeddedService(self.state_dir))

    def create(self, name, template, **params):
        response = self.service.request('POST', '/v1/demo/stacks', body={
            'stack_name': name, 'template': template,
            'parameters': params})
        self.assertEqual(201, response.status_int, response.body)
        return response.json['stack']['id']

    def outputs(self, name, stack_id, timeout=60):
        """The outputs, once the handle's values can be read.

        The deadline is generous for a loaded machine; past it the test
        fails here, not later on a missing token.
        """
        deadline = time.monotonic() + timeout
        while True:
            stack = self.service.request(
                'GET', '/v1/demo/stacks/%s/%s' % (name, stack_id)).json
            outputs = {o['output_key']: o['output_value']
                       for o in stack['stack']['outputs']}
            if outputs.get('token') or outputs.get('Url', '').startswith(
                    'http'):
                return outputs
            if time.monotonic() > deadline:
                self.fail('no signal URL in %ss: %s %s' % (
                    timeout, stack['stack']['stack_status'], outputs))
            time.sleep(0.02)

    def signal(self, endpoint, token=None, body=None, method='POST'):
        url = urllib.parse.urlsplit(endpoint)
        path = url.path + ('?%s' % url.query if url.query else '')
        headers = {'X-Auth-Token': token} if token else {}
        return self.service.request(method, path, body=body,
                                    headers=headers)


class SignalTest(SignalTestBase):

    def test_completes_after_two_signals(self):
        stack_id = self.create('hot', HOT)
        outputs = self.outputs('hot', stack_id)
        token, endpoint = outputs['token'], outputs['endpoint']
        self.assertEqual(64, len(token))
        self.assertEqual('http://heat.example:8004/v1/signal/%s/handle'
                         % stack_id, endpoint)
        self.assertEqual(
            "curl -i -X POST -H 'X-Auth-Token: %s' -H 'Content-Type: "
            "application/json' -H 'Accept: application/json' %s"
            % (token, endpoint), outputs['curl_cli'])

        # Signals are accepted as soon as the URL can be read: no retry.
        response = self.signal(endpoint, token,
                               {'status': 'SUCCESS', 'data': 'one'})
        self.assertEqual(200, response.status_int, response.body)
        # Recorded once answered; one of two does not end the wait.
        handle = self.service.request(
            'GET', '/v1/demo/stacks/hot/%s/resources/handle/metadata'
            % stack_id).json['metadata']
        self.assertEqual(['1'], list(handle))
        stack = self.service.request(
            'GET', '/v1/demo/stacks/hot/%s' % stack_id).json['stack']
        self.assertEqual('CREATE_IN_PROGRESS', stack['stack_status'])
        # Signals from two senders at once are both kept.
        answers = []

        def send(i):
            answers.append(self.signal(endpoint, token,
                                       {'id': 'n%d' % i, 'data': i}))

        senders = [threading.Thread(target=send, args=(i,))
                   for i in range(2)]
        for sender in senders:
            sender.start()
        for sender in senders:
            sender.join()
        self.assertEqual([200, 200], [a.status_int for a in answers],
                         [a.body for a in answers])

        stack = self.service.wait_for_stack('demo', 'hot', timeout=60)
        self.assertEqual('CREATE_COMPLETE', stack['stack_status'],
                         stack['stack_status_reason'])
        outputs = {o['output_key']: o['output_value']
                   for o in stack['outputs']}
        self.assertEqual({'1': 'one', 'n0': 0, 'n1': 1},
                         jsonutils.loads(outputs['data']))

    def test_failure_signal_fails_the_wait(self):
        stack_id = self.create('hot', HOT)
        outputs = self.outputs('hot', stack_id)
        response = self.signal(outputs['endpoint'], outputs['token'],
                               {'status': 'FAILURE', 'reason': 'disk full'})
        self.assertEqual(200, response.status_int, response.body)
        stack = self.service.wait_for_stack('demo', 'hot')
        self.assertEqual('CREATE_FAILED', stack['stack_status'])
        self.assertEqual(
            'Resource CREATE failed: WaitConditionFailure: resources.wait: '
            'disk full', stack['stack_status_reason'])

    def test_timeout_fails_the_wait(self):
        # A timeout of a minute, which the wait's clock passes once the
        # first signal is in: a timeout of a second expired before the
        # signal on a busy machine (0 of 2 received).
        stack_id = self.create('hot', HOT, timeout=60)
        outputs = self.outputs('hot', stack_id)
        response = self.signal(outputs['endpoint'], outputs['token'])
        self.assertEqual(200, response.status_int, response.body)
        shown = self.service.request(
            'GET', '/v1/demo/stacks/hot/%s' % stack_id).json['stack']
        self.assertEqual('CREATE_IN_PROGRESS', shown['stack_status'])

        class Later:
            """The wait condition's clock, past its timeout."""

            @staticmethod
            def time():
                return time.time() + 61

        self.useFixture(fixtures.MonkeyPatch(
            'heat_vision.resources.heat.wait_condition.time', Later))
        stack = self.service.wait_for_stack('demo', 'hot')
        self.assertEqual('CREATE_FAILED', stack['stack_status'])
        self.assertEqual(
            'Resource CREATE failed: WaitConditionTimeout: resources.wait: '
            '1 of 2 received - Signal 1 received',
            stack['stack_status_reason'])

    def test_wrong_or_missing_token_is_refused(self):
        stack_id = self.create('hot', HOT, timeout=2)
        outputs = self.outputs('hot', stack_id)
        for token in ('x' * 64, None, outputs['token'][:-1]):
            response = self.signal(outputs['endpoint'], token)
            self.assertEqual(403, response.status_int)
            self.assertNotIn(outputs['token'], response.text)
        response = self.signal(outputs['endpoint'].replace(
            '/handle', '/wait'), outputs['token'])
        self.assertEqual(403, response.status_int)

    def test_bad_signal_is_a_400(self):
        stack_id = self.create('hot', HOT, timeout=2)
        outputs = self.outputs('hot', stack_id)
        response = self.signal(outputs['endpoint'], outputs['token'],
                               {'status': 'MAYBE'})
        self.assertEqual(400, response.status_int)
        self.assertIn('Metadata format invalid', response.text)

    def test_signal_path_gives_no_tenant_access(self):
        response = self.service.request('GET', '/v1/signal/stacks')
        self.assertEqual(403, response.status_int)
        response = self.service.request('GET', '/v1/signal/a/b/c')
        self.assertEqual(404, response.status_int)

    def test_cfn_wait_condition_with_the_signed_url(self):
        stack_id = self.create('cfn', CFN)
        url = self.outputs('cfn', stack_id)['Url']
        self.assertIn('/v1/signal/%s/Handle?signature=' % stack_id, url)
        response = self.signal(url.replace('signature=', 'signature=0'),
                               body={})
        self.assertEqual(403, response.status_int)
        response = self.signal(url, method='PUT', body={
            'Status': 'SUCCESS', 'Reason': 'ok', 'UniqueId': 'i1',
            'Data': 'ready'})
        self.assertEqual(200, response.status_int, response.body)
        stack = self.service.wait_for_stack('demo', 'cfn')
        self.assertEqual('CREATE_COMPLETE', stack['stack_status'],
                         stack['stack_status_reason'])
        outputs = {o['output_key']: o['output_value']
                   for o in stack['outputs']}
        self.assertEqual({'i1': 'ready'}, jsonutils.loads(outputs['Data']))


class SignalBoundsTest(SignalTestBase):
    """One refusal for whatever is unknown; replays; size and count."""

    def handle(self, timeout=3):
        stack_id = self.create('hot', HOT, timeout=timeout)
        outputs = self.outputs('hot', stack_id)
        return stack_id, outputs['endpoint'], outputs['token']

    def metadata(self, stack_id):
        return self.service.request(
            'GET', '/v1/demo/stacks/hot/%s/resources/handle/metadata'
            % stack_id).json['metadata']

    def test_one_refusal_for_every_unknown(self):
        stack_id, endpoint, token = self.handle()
        unknown = '0f8e4c1a-4b7e-4a51-9a3c-6d2e1f0b9c77'
        cases = [(endpoint, 'x' * 64),
                 (endpoint.replace(stack_id, unknown), token),
                 (endpoint.replace('/handle', '/nothing'), token),
                 (endpoint.replace('/handle', '/after'), token),
                 (endpoint, None)]
        answers = set()
        for url, credential in cases:
            response = self.signal(url, credential, {'status': 'SUCCESS'})
            self.assertEqual(403, response.status_int, url)
            answers.add(response.text.replace(stack_id, 'S').replace(
                unknown, 'S').replace('nothing', 'R').replace(
                    'after', 'R').replace('handle', 'R'))
        self.assertEqual(1, len(answers), answers)
        self.assertIn('The signal credential is missing or wrong',
                      answers.pop())
        self.assertEqual({}, self.metadata(stack_id))

    def test_a_replay_keeps_the_first_signal(self):
        stack_id, endpoint, token = self.handle()
        first = {'id': 'a', 'status': 'SUCCESS', 'data': 'ok'}
        for _ in range(2):
            response = self.signal(endpoint, token, first)
            self.assertEqual(200, response.status_int, response.body)
        response = self.signal(endpoint, token,
                               dict(first, status='FAILURE'))
        self.assertEqual(409, response.status_int, response.body)
        self.assertIn('Signal a of handle was already received (SUCCESS)',
                      response.json['error']['message'])
        self.assertEqual({'a': {'status': 'SUCCESS', 'data': 'ok',
                                'reason': 'Signal 1 received'}},
                         self.metadata(stack_id))
        events = self.service.request(
            'GET', '/v1/demo/stacks/hot/%s/events?resource_action=SIGNAL'
            % stack_id).json['events']
        self.assertEqual(1, len(events))

    def test_a_large_signal_is_a_413_on_both_routes(self):
        self.flags(max_signal_size=1024)
        stack_id, endpoint, token = self.handle()
        big = {'data': 'x' * 2000}
        response = self.signal(endpoint, token, big)
        self.assertEqual(413, response.status_int, response.body)
        self.assertIn('max_signal_size (1024 bytes)',
                      response.json['error']['message'])
        response = self.service.request(
            'POST', '/v1/demo/stacks/hot/%s/resources/handle/signal'
            % stack_id, body=big)
        self.assertEqual(413, response.status_int, response.body)
        self.assertEqual({}, self.metadata(stack_id))
        response = self.signal(endpoint, token, {'data': 'x' * 900})
        self.assertEqual(200, response.status_int, response.body)

    def test_a_handle_keeps_a_bounded_number_of_signals(self):
        self.flags(max_signals_per_handle=3)
        stack_id, endpoint, token = self.handle()
        for number in range(3):
            response = self.signal(endpoint, token, {'id': str(number)})
            self.assertEqual(200, response.status_int, response.body)
        response = self.signal(endpoint, token, {'id': 'more'})
        self.assertEqual(400, response.status_int, response.body)
        self.assertIn('max_signals_per_handle',
                      response.json['error']['message'])
        # A replay of a kept id is still the no-op it always is.
        self.assertEqual(200, self.signal(endpoint, token,
                                          {'id': '1'}).status_int)
        self.assertEqual(['0', '1', '2'], sorted(self.metadata(stack_id)))
