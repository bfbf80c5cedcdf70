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

"""Signals to scaling policies against the real service: answered at once,
applied once, each leaving its event.

Run twice: the distributed deployment (heat-vision-api and
heat-vision-engine on RabbitMQ and MariaDB) and the embedded default
(heat-vision-all, sqlite, in-process transport).

* A scale-out longer than ``rpc_response_timeout`` (2 s in that test,
  members that take 4 s to create): the POST to ``alarm_url`` is
  answered 202 at once (it was 503 after the timeout, while the resize
  went on), and a caller that retries (Aodh's body again; a client with
  an Idempotency-Key) scales once.
* A storm of 200 concurrent signals during a scale-out: every one is
  answered 202 (never 5xx: a contended claim once gave up with a 500),
  and every one leaves its event, where its answer said.
"""

import concurrent.futures
import os
import urllib.parse

import requests

from tests import backends
from tests import base
from tests.functional import client as heat_client
from tests.functional import processes
from tests import waiting

TEMPLATE = '''heat_template_version: 2021-04-16
parameters:
  wait_secs: {type: number, default: 4}
resources:
  group:
    type: OS::Heat::AutoScalingGroup
    properties:
      min_size: 1
      max_size: 5
      desired_capacity: 1
      resource:
        type: OS::Heat::TestResource
        properties: {wait_secs: {get_param: wait_secs}}
  up:
    type: OS::Heat::ScalingPolicy
    properties:
      auto_scaling_group_id: {get_resource: group}
      adjustment_type: change_in_capacity
      scaling_adjustment: 1
outputs:
  size: {value: {get_attr: [group, current_size]}}
  alarm_url: {value: {get_attr: [up, alarm_url]}}
'''
#: What Aodh's notifier POSTs (aodh/notifier/rest.py): no id, no time.
AODH_BODY = {'alarm_name': 'cpu-high', 'alarm_id': 'b7c5e2b0-aodh-alarm',
             'severity': 'low', 'previous': 'ok', 'current': 'alarm',
             'reason': 'Transition to alarm due to 1 samples outside '
                       'threshold, most recent: 91.0',
             'reason_data': {'type': 'threshold', 'disposition': 'outside',
                             'count': 1, 'most_recent': 91.0}}
RPC_TIMEOUT = 2
STORM = 200
#: Generous deadlines: the machine is shared and has two cores.
WAIT = 300


class _SignalAnswers:
    """The tests; each deployment's class says how to start it."""

    TIMEOUT = 900

    def config(self):
        """:returns: the deployment's own config sections."""
        raise NotImplementedError

    def start(self, config_path, port):
        """Start the deployment. :returns: the Heat client."""
        raise NotImplementedError

    def deploy(self, rpc_response_timeout=60):
        port = processes.free_port()
        config = processes.write_config(
            os.path.join(self.state_dir, 'hv.conf'), backends.merge_config({
                'DEFAULT': {'state_path': self.state_dir,
                            'rpc_response_timeout': rpc_response_timeout},
                'api': {'bind_port': port}}, self.config()))
        self.client = self.start(config, port)

    def create(self, wait_secs):
        self.stack_id = self.client.create('scaled', TEMPLATE,
                                           parameters={'wait_secs':
                                                       wait_secs})
        stack = self.client.wait('scaled', self.stack_id, timeout=WAIT)
        self.assertEqual('CREATE_COMPLETE', stack['stack_status'])
        self.stack_path = '/stacks/scaled/%s' % self.stack_id

    def outputs(self):
        stack = self.client.show('scaled', self.stack_id).json()['stack']
        return {o['output_key']: o['output_value'] for o in stack['outputs']}

    def group(self):
        return self.client.request(
            'GET', self.stack_path + '/resources/group/scaling').json()[
                'scaling_group']

    def settled(self):
        """Nothing scales and nothing waits."""
        group = self.group()
        return (not group['scaling_in_progress'] and
                not group['pending_signals'])

    def event_of(self, response):
        """:returns: the signal's event, once it is there."""
        path = urllib.parse.urlsplit(response.headers['Location']).path
        path = path.split('/v1/%s' % self.tenant, 1)[1]

        def found():
            answer = self.client.request('GET', path)
            return answer.status_code == 200 and answer.json()['event']

        return waiting.wait_until(found, WAIT, interval=0.2,
                                  describe='the event at %s' % path)

    def post(self, url, body, headers=None):
        return requests.post(url, json=body, headers=headers, timeout=60)

    def test_slow_scale_out_is_answered_at_once_and_applied_once(self):
        # A member takes twice the RPC timeout to create.
        self.deploy(rpc_response_timeout=RPC_TIMEOUT)
        self.create(wait_secs=2 * RPC_TIMEOUT)
        url = self.outputs()['alarm_url']
        # Aodh's notifier, and a caller that retries the same request.
        first = self.post(url, AODH_BODY)
        self.assertEqual(202, first.status_code, first.text)
        signal = first.json()['signal']
        self.assertEqual('accepted', signal['status'])
        retries = [self.post(url, AODH_BODY) for _i in range(2)]
        for retry in retries:
            self.assertEqual(202, retry.status_code, retry.text)
            self.assertEqual(signal['id'], retry.json()['signal']['id'])
            self.assertEqual('duplicate', retry.json()['signal']['status'])
            self.assertEqual(first.headers['Location'],
                             retry.headers['Location'])
        # A client that names its signal: its retries do nothing.
        keyed = [self.post(url, {}, {'Idempotency-Key': 'scale-out-1'})
                 for _i in range(3)]
        self.assertEqual([202] * 3, [r.status_code for r in keyed])
        self.assertEqual({'scale-out-1'},
                         {r.json()['signal']['id'] for r in keyed})
        self.assertEqual(['duplicate'] * 2,
                         [r.json()['signal']['status'] for r in keyed[1:]])
        event = self.event_of(first)
        self.assertEqual('SIGNAL_COMPLETE', event['resource_status'])
        self.assertIn('resized from 1 to 2',
                      event['resource_status_reason'])
        self.event_of(keyed[0])
        waiting.wait_until(self.settled, WAIT, interval=0.2)
        # Two signals, each applied once: 1 + 1 + 1.
        self.assertEqual(3, self.outputs()['size'])

    def test_storm_of_signals_leaves_one_event_each(self):
        self.deploy()
        self.create(wait_secs=2)
        path = self.stack_path + '/resources/up/signal'
        with concurrent.futures.ThreadPoolExecutor(32) as pool:
            futures = [pool.submit(self.client.request, 'POST', path)
                       for _i in range(STORM)]
            answers = [f.result(WAIT) for f in futures]
        self.assertEqual([], [(a.status_code, a.text) for a in answers
                              if a.status_code != 202])
        self.assertEqual(STORM, len({a.headers['Location']
                                     for a in answers}))
        for answer in answers:
            self.event_of(answer)
        events = self.client.request(
            'GET', self.stack_path + '/resources/up/events',
            params={'resource_action': 'SIGNAL', 'limit': 1000}).json()[
                'events']
        self.assertEqual(STORM, len(events))
        waiting.wait_until(self.settled, WAIT, interval=0.2)
        self.assertEqual(5, self.outputs()['size'])


class DistributedSignalAnswersTest(_SignalAnswers, base.TestCase):
    """heat-vision-api and heat-vision-engine, RabbitMQ and MariaDB."""

    tenant = 'tenant'

    def config(self):
        backends.require(self, 'rabbitmq')
        backends.require(self, 'mysql')
        database = self.useFixture(backends.TemporaryDatabase(
            'mysql', migrated=True))
        return backends.merge_config(
            {'database': {'connection': database.url}},
            backends.isolated_messaging())

    def start(self, config_path, port):
        return processes.start_api_and_engine(self, config_path, port)


class EmbeddedSignalAnswersTest(_SignalAnswers, base.TestCase):
    """heat-vision-all as installed: sqlite, the in-process transport."""

    tenant = 'tenant'

    def config(self):
        return {}

    def start(self, config_path, port):
        service = self.useFixture(processes.Process(
            'heat-vision-all', ['--config-file', config_path],
            self.state_dir))
        service.attach_log_to(self)
        processes.wait_for_http('http://127.0.0.1:%d/' % port, service)
        return heat_client.HeatClient('http://127.0.0.1:%d/v1/%s'
                                      % (port, self.tenant))
