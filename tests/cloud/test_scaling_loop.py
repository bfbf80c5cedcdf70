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

"""The whole scaling loop on RabbitMQ, MariaDB and the real Aodh.

Processes: Aodh (API, listener, evaluator, notifier, from PyPI, see
``tests/cloud/aodh_service.py``), heat-vision's API and TWO engines
listening on Aodh's queue in one pool, and the sample ECA CEP run by its
console script ``heat-vision-cep-eca`` on loopback.

One stack holds a group, a scale-out policy ``up`` granted to an
``OS::HeatVision::CEP`` (the ECA CEP: one action per group per ten
minutes), a scale-in policy ``down`` with a long cooldown, and two Aodh
event alarms: ``high`` acts on the CEP's ``alarm_url``, ``low`` on
``down``'s. The test publishes events as Ceilometer does:

* ``high`` fires: Aodh's transition reaches an engine over the queue AND
  over aodh-notifier's POST to the CEP's URL; it is dispatched to the CEP
  once, the CEP calls ``up``'s pre-signed URL, the group grows 1 -> 2;
* ``high`` fires again: dispatched once more, the CEP's rate limit holds,
  the group stays at 2;
* forged, truncated, foreign (another stack's signature) and revoked
  (after ``rotate_signal_url``) URLs are refused; the rotated one works;
* ``low`` fires: 3 -> 2; fires again within ``down``'s cooldown: ignored.

Every transition is read from the queue by exactly one engine, and each
delivered twice (queue and HTTP) acts once: the second delivery is an
event that says so.
"""

import json
import os
import re
import shutil
import tempfile
import time
import urllib.parse
import uuid

import requests

from tests import backends
from tests import base
from tests.cloud import aodh_service
from tests.functional import client as heat_client
from tests.functional import processes
from tests import waiting

TENANT = 'loop-tenant'
CEP_SECRET = 'loop-test-cep-secret-0123456789'

TEMPLATE = '''heat_template_version: 2021-04-16
parameters:
  token: {type: string}
  cep_url: {type: string}
  cep_secret: {type: string}
resources:
  group:
    type: OS::Heat::AutoScalingGroup
    properties:
      min_size: 1
      max_size: 5
      desired_capacity: 1
      resource: {type: OS::Heat::None}
  up:
    type: OS::Heat::ScalingPolicy
    properties:
      auto_scaling_group_id: {get_resource: group}
      adjustment_type: change_in_capacity
      scaling_adjustment: 1
  down:
    type: OS::Heat::ScalingPolicy
    properties:
      auto_scaling_group_id: {get_resource: group}
      adjustment_type: change_in_capacity
      scaling_adjustment: -1
      cooldown: 3600
  cep:
    type: OS::HeatVision::CEP
    properties:
      url: {get_param: cep_url}
      shared_secret: {get_param: cep_secret}
      policies: [up]
  high:
    type: OS::Aodh::EventAlarm
    properties:
      event_type: hv.load.high
      query: [{field: traits.token, op: eq, value: {get_param: token}}]
      repeat_actions: true
      alarm_actions: [{get_attr: [cep, alarm_url]}]
  low:
    type: OS::Aodh::EventAlarm
    properties:
      event_type: hv.load.low
      query: [{field: traits.token, op: eq, value: {get_param: token}}]
      repeat_actions: true
      alarm_actions: [{get_attr: [down, alarm_url]}]
outputs:
  size: {value: {get_attr: [group, current_size]}}
  up_url: {value: {get_attr: [up, alarm_url]}}
  high_id: {value: {get_resource: high}}
  low_id: {value: {get_resource: low}}
'''

OTHER_TEMPLATE = '''heat_template_version: 2021-04-16
resources:
  group:
    type: OS::Heat::AutoScalingGroup
    properties:
      min_size: 1
      max_size: 5
      resource: {type: OS::Heat::None}
  up:
    type: OS::Heat::ScalingPolicy
    properties:
      auto_scaling_group_id: {get_resource: group}
      adjustment_type: change_in_capacity
      scaling_adjustment: 1
outputs:
  size: {value: {get_attr: [group, current_size]}}
  up_url: {value: {get_attr: [up, alarm_url]}}
'''
HANDLES = re.compile(r'Engine (\S+) handles alarm (\S+) for resource (\S+) '
                     r'of stack')
DUPLICATE = 'Signal: duplicate ignored: '


def with_signature(url, signature):
    """``url`` with its ``signature`` query parameter replaced."""
    parts = urllib.parse.urlsplit(url)
    query = dict(urllib.parse.parse_qsl(parts.query))
    query['signature'] = signature
    return urllib.parse.urlunsplit(
        parts._replace(query=urllib.parse.urlencode(query)))


def signature_of(url):
    return dict(urllib.parse.parse_qsl(
        urllib.parse.urlsplit(url).query))['signature']


class ScalingLoopTest(base.TestCase):

    TIMEOUT = 900

    def setUp(self):
        super().setUp()
        backends.require(self, 'rabbitmq')
        backends.require(self, 'mysql')
        aodh_dir = tempfile.mkdtemp(prefix='hv-loop-aodh-')
        self.addCleanup(shutil.rmtree, aodh_dir, True)
        self.aodh = self.useFixture(aodh_service.AodhService(aodh_dir))
        self.aodh.attach_logs_to(self)
        self.transitions = self.useFixture(aodh_service.TransitionCollector(
            self.aodh, pool='hv-loop-' + uuid.uuid4().hex[:12]))
        self.cep_url = self.start_cep()
        self.client = self.start_heat_vision()

    def start_cep(self):
        secret_file = os.path.join(self.state_dir, 'cep-secret')
        with open(secret_file, 'w') as f:
            f.write(CEP_SECRET + '\n')
        port = processes.free_port()
        cep = self.useFixture(processes.Process(
            'heat-vision-cep-eca',
            ['--port', str(port), '--secret-file', secret_file,
             '--interval-minutes', '10', '--quiet-periods', '1'],
            self.state_dir, 'cep-eca'))
        cep.attach_log_to(self)
        processes.wait_for_log(cep, 'listening on')
        return 'http://127.0.0.1:%d/' % port

    def start_heat_vision(self):
        """An API and two engines, listening on Aodh's queue."""
        port = processes.free_port()
        database = self.useFixture(backends.TemporaryDatabase(
            'mysql', migrated=True))
        config = processes.write_config(
            os.path.join(self.state_dir, 'hv.conf'), backends.merge_config({
                'DEFAULT': {'state_path': self.state_dir,
                            'report_interval': 1, 'service_down_time': 10},
                'database': {'connection': database.url},
                'api': {'bind_port': port},
                'clients': {'auth_mode': 'noauth'},
                'clients_aodh': {'endpoint_override': self.aodh.url},
                'cep': {'allowed_networks': '127.0.0.1/32'}},
                backends.isolated_messaging(), {
                'monitoring': {'aodh_exchange': self.aodh.exchange,
                               'aodh_topics': self.aodh.alarm_topic}}))
        self.engines = []
        for label in ('engine-a', 'engine-b'):
            engine = self.useFixture(processes.Process(
                'heat-vision-engine', ['--config-file', config],
                self.state_dir, label))
            engine.attach_log_to(self)
            self.engines.append(engine)
        api = self.useFixture(processes.Process(
            'heat-vision-api', ['--config-file', config], self.state_dir))
        api.attach_log_to(self)
        processes.wait_for_http('http://127.0.0.1:%d/' % port, api)
        for engine in self.engines:
            processes.wait_for_log(engine, processes.ENGINE_READY)
        client = heat_client.HeatClient(
            'http://127.0.0.1:%d/v1/%s' % (port, TENANT))
        self.wait_until(lambda: len(client.services()) == 2,
                        'both engines to report')
        return client

    # Helpers -------------------------------------------------------------

    def wait_until(self, predicate, what, timeout=180):
        return waiting.wait_until(predicate, timeout, interval=0.25,
                                  describe=what)

    def create(self, name, template, **extra):
        stack_id = self.client.create(name, template, **extra)
        stack = self.client.wait(name, stack_id, timeout=300)
        self.assertEqual('CREATE_COMPLETE', stack['stack_status'],
                         stack['stack_status_reason'])
        return stack_id

    def outputs(self, name, stack_id):
        stack = self.client.show(name, stack_id).json()['stack']
        return {o['output_key']: o['output_value'] for o in stack['outputs']}

    def size(self):
        return self.outputs('loop', self.stack_id)['size']

    def reasons(self, resource):
        response = self.client.request(
            'GET', '/stacks/loop/%s/resources/%s/events?limit=200'
            % (self.stack_id, resource))
        self.assertEqual(200, response.status_code, response.text)
        return [e['resource_status_reason']
                for e in response.json()['events']]

    def dispatch_jobs(self):
        response = self.client.request('GET', '/tasks?name=cep-dispatch-cep')
        self.assertEqual(200, response.status_code, response.text)
        return response.json()['jobs']

    def finished_dispatches(self, count):
        def finished():
            jobs = [j for j in self.dispatch_jobs()
                    if j['status'] in ('COMPLETE', 'FAILED')]
            return jobs if len(jobs) >= count else None

        jobs = self.wait_until(finished, '%d finished dispatches to the '
                               'CEP' % count)
        return sorted(jobs, key=lambda j: j['created_at'])

    def cep_answer(self, job):
        """What the CEP decided: the calls of its answer."""
        response = self.client.request('GET', '/tasks/%s' % job['id'])
        self.assertEqual(200, response.status_code, response.text)
        [step] = response.json()['job']['steps']
        self.assertEqual(202, step['result']['status'], step)
        return json.loads(step['result']['answer'])['calls']

    def fire(self, event_type, alarm_id, count):
        """Publish an event; :returns: Aodh's transition number ``count``
        of ``alarm_id``, once it is on the queue.
        """
        event = self.aodh.publish_event(event_type, {'token': self.token},
                                        TENANT)
        self.wait_until(lambda: len(self.of(alarm_id)) >= count,
                        'transition %d of alarm %s' % (count, alarm_id))
        transition = self.of(alarm_id)[count - 1]
        self.assertIn(event['message_id'], transition['reason'])
        return transition

    def of(self, alarm_id):
        return [p for _pub, _type, p in list(self.transitions.received)
                if p.get('alarm_id') == alarm_id]

    def handled(self):
        """``[(engine, alarm_id, resource)]`` read from the queue."""
        return [m for engine in self.engines
                for m in HANDLES.findall(engine.log())]

    def post(self, url, body=None):
        return requests.post(url, json=body or {}, timeout=60)

    def settle(self, seconds=5):
        """Give a second delivery or a late call time to show up."""
        time.sleep(seconds)

    # The loop ------------------------------------------------------------

    def test_alarm_to_cep_to_group_and_back(self):
        self.token = uuid.uuid4().hex
        self.stack_id = self.create('loop', TEMPLATE, parameters={
            'token': self.token, 'cep_url': self.cep_url,
            'cep_secret': CEP_SECRET})
        other_id = self.create('other', OTHER_TEMPLATE)
        out = self.outputs('loop', self.stack_id)
        self.assertEqual(1, out['size'])
        high, low = out['high_id'], out['low_id']

        # 1. high fires: queue + HTTP to the CEP, one dispatch, the CEP
        # calls up's URL, the group grows.
        first = self.fire('hv.load.high', high, 1)
        self.assertEqual(('insufficient data', 'alarm'),
                         (first['previous'], first['current']))
        self.wait_until(lambda: self.size() == 2, 'the group to grow')
        [job] = self.finished_dispatches(1)
        self.assertEqual('COMPLETE', job['status'])
        [call] = self.cep_answer(job)
        self.assertEqual('policy up', call['why'])

        # 2. high again, within the CEP's rate limit: dispatched, no call.
        second = self.fire('hv.load.high', high, 2)
        self.assertEqual(('alarm', 'alarm'),
                         (second['previous'], second['current']))
        jobs = self.finished_dispatches(2)
        self.assertEqual(['COMPLETE', 'COMPLETE'],
                         [j['status'] for j in jobs])
        self.assertEqual([], self.cep_answer(jobs[1]))
        self.settle()
        self.assertEqual(2, self.size())
        self.assertEqual(2, len(self.dispatch_jobs()))

        # 3. Refused URLs: forged, truncated, another stack's, revoked.
        up_url = out['up_url']
        other_url = self.outputs('other', other_id)['up_url']
        good = signature_of(up_url)
        forged = good[:-1] + ('A' if good[-1] != 'A' else 'B')
        for bad in (with_signature(up_url, forged),
                    with_signature(up_url, good[:len(good) // 2]),
                    with_signature(up_url, signature_of(other_url))):
            response = self.post(bad)
            self.assertEqual(403, response.status_code, bad)
        response = self.client.request(
            'POST', '/stacks/loop/%s/resources/up/rotate_signal_url'
            % self.stack_id)
        self.assertEqual(200, response.status_code, response.text)
        rotated = response.json()['signed_url']
        self.assertNotEqual(up_url, rotated)
        self.assertEqual(403, self.post(up_url).status_code)
        self.assertEqual(2, self.size())
        self.assertEqual(1, self.outputs('other', other_id)['size'])
        self.assertEqual(202, self.post(rotated).status_code)
        self.wait_until(lambda: self.size() == 3, 'the rotated URL to act')

        # 4. low fires: 3 -> 2; again within down's cooldown: ignored.
        self.fire('hv.load.low', low, 1)
        self.wait_until(lambda: self.size() == 2, 'the group to shrink')
        self.fire('hv.load.low', low, 2)
        self.wait_until(
            lambda: any('in cooldown until' in r
                        for r in self.reasons('down')),
            'the cooldown of down to hold')
        self.settle()
        self.assertEqual(2, self.size())

        # Each transition was read from the queue by one engine of two,
        # delivered twice (queue and HTTP) and acted on once.
        self.wait_until(lambda: len(self.handled()) >= 4,
                        'the engines to handle 4 transitions')
        handled = self.handled()
        self.assertEqual(sorted([(high, 'cep')] * 2 + [(low, 'down')] * 2),
                         sorted((a, r) for _e, a, r in handled))
        self.assertEqual(2, len(self.of(high)))
        self.assertEqual(2, len(self.of(low)))
        self.wait_until(
            lambda: (len([r for r in self.reasons('cep')
                          if r.startswith(DUPLICATE)]) == 2 and
                     len([r for r in self.reasons('down')
                          if r.startswith(DUPLICATE)]) == 2),
            'the second delivery of each transition')
        cep_signals = [r for r in self.reasons('cep')
                       if r.startswith('Signal: ')]
        self.assertEqual(4, len(cep_signals), cep_signals)
        self.assertEqual(2, len([r for r in cep_signals
                                 if 'started job' in r]))
        down = [r for r in self.reasons('down') if r.startswith('Signal: ')]
        self.assertEqual(4, len(down), down)
        self.assertEqual(1, len([r for r in down if 'resized from 3 to 2'
                                 in r]), down)
        up = [r for r in self.reasons('up') if 'resized' in r]
        self.assertEqual(['Signal: group group resized from 1 to 2',
                          'Signal: group group resized from 2 to 3'],
                         sorted(up))
