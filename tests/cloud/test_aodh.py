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

"""OS::Aodh::* against the real Aodh, on RabbitMQ and MariaDB.

Aodh (from PyPI, tests/cloud/aodh_service.py) and heat-vision's api
and engine run as processes. A stack with an OS::Aodh::EventAlarm makes
the alarm in Aodh; an event published the way Ceilometer publishes it
fires the alarm: (a) Aodh puts its transition on its queue, which this
test reads with a listener of its own pool; (b) aodh-notifier POSTs it
to the alarm_url of the stack's OS::Heat::ScalingPolicy, and the group
grows. Deleting the stack deletes the alarm.

The design's own path is tested too: heat-vision's engine listens on
Aodh's queue (a pool of its own) and signals the policy whose signed URL
the transition names, while the URL itself leads nowhere (so Aodh's HTTP
call cannot be what scales the group).
"""

import os
import shutil
import tempfile
import time
import uuid

import requests

from tests import backends
from tests import base
from tests.cloud import aodh_service
from tests.functional import processes

TENANT = 'aodh-tenant'

TEMPLATE = '''heat_template_version: 2021-04-16
parameters:
  instance: {type: string}
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
  alarm:
    type: OS::Aodh::EventAlarm
    properties:
      description: Scale up when the instance is rebooted
      event_type: compute.instance.reboot.*
      query:
        - field: traits.instance_id
          op: eq
          value: {get_param: instance}
      severity: critical
      repeat_actions: false
      alarm_actions: [{get_attr: [up, alarm_url]}]
outputs:
  size: {value: {get_attr: [group, current_size]}}
  alarm_id: {value: {get_resource: alarm}}
  alarm_url: {value: {get_attr: [up, alarm_url]}}
  shown: {value: {get_attr: [alarm, show]}}
'''

THRESHOLD_TEMPLATE = '''heat_template_version: 2021-04-16
resources:
  old:
    type: OS::Aodh::Alarm
    properties:
      meter_name: cpu_util
      statistic: avg
      period: 60
      evaluation_periods: 1
      threshold: 50
      comparison_operator: gt
'''

#: Heat's other alarm types. Aodh checks a composite alarm's rules by
#: their fields only (no Gnocchi asked). Its rules are not prometheus ones:
#: Aodh 23's PrometheusRule.validate_alarm sets scope_to_project on the
#: class, so once a prometheus alarm was made, a composite's prometheus
#: rules carry it and are refused (aodh/api/controllers/v2/alarm_rules/
#: prometheus.py). The gnocchi_* alarms need a Gnocchi: they are in
#: tests/cloud/openstack/test_cloud_gnocchi_alarms.py, on the test
#: cloud's Gnocchi and Aodh.
RULES_TEMPLATE = '''heat_template_version: 2016-10-14
resources:
  group:
    type: OS::Heat::AutoScalingGroup
    properties:
      min_size: 1
      max_size: 3
      resource: {type: OS::Heat::None}
  up:
    type: OS::Heat::ScalingPolicy
    properties:
      auto_scaling_group_id: {get_resource: group}
      adjustment_type: change_in_capacity
      scaling_adjustment: 1
  either:
    type: OS::Aodh::CompositeAlarm
    properties:
      alarm_actions: [{get_attr: [up, alarm_url]}]
      composite_rule:
        operator: or
        rules:
          - {type: gnocchi_resources_threshold, metric: cpu, threshold: 80,
             resource_id: vm-1, resource_type: instance,
             aggregation_method: mean, comparison_operator: gt}
          - and:
              - {type: gnocchi_resources_threshold, metric: mem,
                 threshold: 90, resource_id: vm-1, resource_type: instance,
                 aggregation_method: mean}
              - {type: gnocchi_resources_threshold, metric: disk,
                 threshold: 95, resource_id: vm-1, resource_type: instance,
                 aggregation_method: mean}
  members:
    type: OS::Aodh::LBMemberHealthAlarm
    properties:
      pool: 5b0c1d2e-pool
      stack: {get_param: "OS::stack_id"}
      autoscaling_group_id: {get_resource: group}
  promql:
    type: OS::Aodh::PrometheusAlarm
    properties:
      query: 'avg(rate(cpu[5m]))'
      threshold: 0.8
      comparison_operator: ge
      alarm_actions: [{get_attr: [up, alarm_url]}]
outputs:
  ids:
    value:
      either: {get_resource: either}
      members: {get_resource: members}
      promql: {get_resource: promql}
  group: {value: {get_resource: group}}
'''


class AodhResourcesTest(base.TestCase):

    TIMEOUT = 600
    aodh = None

    @classmethod
    def setUpClass(cls):
        """One Aodh for the class (the first run also installs it)."""
        super().setUpClass()
        if backends.reachable('rabbitmq') and backends.reachable('mysql'):
            cls.aodh_dir = tempfile.mkdtemp(prefix='hv-aodh-')
            cls.aodh = aodh_service.AodhService(cls.aodh_dir)
            cls.aodh.setUp()

    @classmethod
    def tearDownClass(cls):
        if cls.aodh is not None:
            cls.aodh.cleanUp()
            shutil.rmtree(cls.aodh_dir, ignore_errors=True)
        super().tearDownClass()

    def setUp(self):
        super().setUp()
        backends.require(self, 'rabbitmq')
        backends.require(self, 'mysql')
        self.aodh.attach_logs_to(self)
        self.transitions = self.useFixture(aodh_service.TransitionCollector(
            self.aodh, pool='hv-test-' + uuid.uuid4().hex[:12]))

    def start_heat_vision(self, **sections):
        port = processes.free_port()
        database = self.useFixture(backends.TemporaryDatabase(
            'mysql', migrated=True))
        config = processes.write_config(
            os.path.join(self.state_dir, 'hv.conf'), backends.merge_config({
                'DEFAULT': {'state_path': self.state_dir},
                'database': {'connection': database.url},
                'api': {'bind_port': port},
                'clients': {'auth_mode': 'noauth'},
                'clients_aodh': {'endpoint_override': self.aodh.url}},
                backends.isolated_messaging(), sections))
        return processes.start_api_and_engine(self, config, port, TENANT)

    def aodh_alarm(self, alarm_id):
        return requests.get(
            '%s/v2/alarms/%s' % (self.aodh.url, alarm_id),
            headers=self.aodh.headers(TENANT), timeout=30)

    def outputs(self, name, stack_id):
        response = self.client.request(
            'GET', '/stacks/%s/%s/outputs' % (name, stack_id))
        self.assertEqual(200, response.status_code, response.text)
        return {o['output_key']: self.client.request(
            'GET', '/stacks/%s/%s/outputs/%s' % (name, stack_id,
                                                 o['output_key'])
        ).json()['output']['output_value']
            for o in response.json()['outputs']}

    def create(self, name, template, **extra):
        stack_id = self.client.create(name, template, **extra)
        stack = self.client.wait(name, stack_id)
        return stack_id, stack

    def wait_for_size(self, name, stack_id, size, timeout=120):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.outputs(name, stack_id)['size'] == size:
                return
            time.sleep(0.2)
        self.fail('the group did not reach %d members' % size)

    def wait_for_event(self, name, stack_id, resource, reason, timeout=60):
        deadline = time.monotonic() + timeout
        while True:
            response = self.client.request(
                'GET', '/stacks/%s/%s/resources/%s/events'
                % (name, stack_id, resource))
            self.assertEqual(200, response.status_code, response.text)
            reasons = [e['resource_status_reason']
                       for e in response.json()['events']]
            if reason in reasons:
                return
            if time.monotonic() >= deadline:
                self.assertIn(reason, reasons)
            time.sleep(0.2)

    def test_event_alarm_fires_through_the_queue_and_scales_the_group(self):
        self.client = self.start_heat_vision()
        stack_id, stack = self.create(
            'watched', TEMPLATE, parameters={'instance': 'vm-1'})
        self.assertEqual('CREATE_COMPLETE', stack['stack_status'],
                         stack['stack_status_reason'])
        outputs = self.outputs('watched', stack_id)
        self.assertEqual(1, outputs['size'])
        alarm_id = outputs['alarm_id']

        # The alarm is in Aodh, as the template says.
        response = self.aodh_alarm(alarm_id)
        self.assertEqual(200, response.status_code, response.text)
        alarm = response.json()
        self.assertEqual('event', alarm['type'])
        self.assertEqual({'event_type': 'compute.instance.reboot.*',
                          'query': [{'field': 'traits.instance_id',
                                     'op': 'eq', 'value': 'vm-1',
                                     'type': 'string'}]},
                         alarm['event_rule'])
        self.assertEqual([outputs['alarm_url']], alarm['alarm_actions'])
        # A loopback URL, which [url_fetch] denies by default: the guard
        # is for what heat-vision fetches; here Aodh calls heat-vision.
        self.assertTrue(outputs['alarm_url'].startswith('http://127.0.0.1:'),
                        outputs['alarm_url'])
        self.assertEqual('critical', alarm['severity'])
        self.assertFalse(alarm['repeat_actions'])
        self.assertTrue(alarm['enabled'])
        self.assertEqual(TENANT, alarm['project_id'])
        self.assertTrue(alarm['name'].startswith('watched-alarm-'))
        self.assertEqual('Scale up when the instance is rebooted',
                         alarm['description'])
        self.assertEqual(alarm_id, outputs['shown']['alarm_id'])

        # An event of another instance changes nothing; the matching one
        # fires the alarm.
        self.aodh.publish_event('compute.instance.reboot.end',
                                {'instance_id': 'vm-2'}, TENANT)
        event = self.aodh.publish_event('compute.instance.reboot.end',
                                        {'instance_id': 'vm-1'}, TENANT)

        # (a) Aodh's transition on its queue, exactly.
        publisher, event_type, payload = self.transitions.wait_for(
            lambda p: p.get('alarm_id') == alarm_id)
        self.assertEqual('alarming.evaluator', publisher)
        self.assertEqual('alarm.update', event_type)
        self.assertEqual({'actions', 'alarm_id', 'alarm_name', 'severity',
                          'previous', 'current', 'reason', 'reason_data'},
                         set(payload))
        self.assertEqual([outputs['alarm_url']], payload['actions'])
        self.assertEqual(alarm['name'], payload['alarm_name'])
        self.assertEqual('critical', payload['severity'])
        self.assertEqual('insufficient data', payload['previous'])
        self.assertEqual('alarm', payload['current'])
        self.assertIn(event['message_id'], payload['reason'])
        self.assertEqual({'type': 'event', 'event': event},
                         payload['reason_data'])

        # (b) aodh-notifier POSTs to the policy's alarm_url: the group
        # grows, and the signal is the policy's event.
        self.wait_for_size('watched', stack_id, 2)
        self.assertEqual(1, len([p for _pub, _t, p in
                                 self.transitions.received
                                 if p['alarm_id'] == alarm_id]))

        # Deleting the stack deletes the alarm.
        self.assertIsNone(self.client.delete('watched', stack_id))
        self.assertEqual(404, self.aodh_alarm(alarm_id).status_code)

    def test_the_engine_takes_aodhs_transition_from_the_queue(self):
        # Signed URLs name a port nobody listens on: aodh-notifier's POST
        # fails, and only heat-vision's listener on Aodh's queue can act.
        nowhere = 'http://127.0.0.1:%d' % processes.free_port()
        self.client = self.start_heat_vision(
            api={'public_endpoint': nowhere},
            monitoring={'aodh_exchange': self.aodh.exchange,
                        'aodh_topics': self.aodh.alarm_topic})
        stack_id, stack = self.create(
            'queued', TEMPLATE, parameters={'instance': 'vm-q'})
        self.assertEqual('CREATE_COMPLETE', stack['stack_status'],
                         stack['stack_status_reason'])
        outputs = self.outputs('queued', stack_id)
        self.assertTrue(outputs['alarm_url'].startswith(nowhere))
        self.assertEqual(1, outputs['size'])
        self.aodh.publish_event('compute.instance.reboot.end',
                                {'instance_id': 'vm-q'}, TENANT)
        self.transitions.wait_for(
            lambda p: p.get('alarm_id') == outputs['alarm_id'])
        self.wait_for_size('queued', stack_id, 2)
        # The policy's event is written after the group has resized, so
        # the size can be read before it.
        self.wait_for_event('queued', stack_id, 'up',
                            'Signal: group group resized from 1 to 2')

    def test_a_rotated_url_reaches_the_alarm_in_aodh(self):
        self.client = self.start_heat_vision()
        stack_id, stack = self.create(
            'rotated', TEMPLATE, parameters={'instance': 'vm-r'})
        self.assertEqual('CREATE_COMPLETE', stack['stack_status'],
                         stack['stack_status_reason'])
        outputs = self.outputs('rotated', stack_id)
        response = self.client.request(
            'POST', '/stacks/rotated/%s/resources/up/rotate_signal_url'
            % stack_id)
        self.assertEqual(200, response.status_code, response.text)
        rotated = response.json()
        self.assertEqual(['alarm'], rotated['updated_resources'])
        self.assertNotEqual(outputs['alarm_url'], rotated['signed_url'])
        self.assertEqual([rotated['signed_url']], self.aodh_alarm(
            outputs['alarm_id']).json()['alarm_actions'])

        # aodh-notifier POSTs to the new URL: the group grows.
        self.aodh.publish_event('compute.instance.reboot.end',
                                {'instance_id': 'vm-r'}, TENANT)
        self.wait_for_size('rotated', stack_id, 2)
        # The old URL: refused as any wrong credential, and said so.
        refused = requests.post(outputs['alarm_url'], json={}, timeout=30)
        self.assertEqual(403, refused.status_code, refused.text)
        response = self.client.request(
            'GET', '/stacks/rotated/%s/resources/up/events' % stack_id)
        self.assertTrue(any(
            e['resource_status_reason'].startswith('Signal refused')
            for e in response.json()['events']), response.text)

    def test_update_suspend_and_resume_change_the_alarm(self):
        self.client = self.start_heat_vision()
        stack_id, stack = self.create(
            'changed', TEMPLATE, parameters={'instance': 'vm-1'})
        self.assertEqual('CREATE_COMPLETE', stack['stack_status'],
                         stack['stack_status_reason'])
        alarm_id = self.outputs('changed', stack_id)['alarm_id']
        response = self.client.request(
            'PATCH', '/stacks/changed/%s' % stack_id,
            json={'parameters': {'instance': 'vm-9'}})
        self.assertEqual(202, response.status_code, response.text)
        stack = self.client.wait('changed', stack_id)
        self.assertEqual('UPDATE_COMPLETE', stack['stack_status'],
                         stack['stack_status_reason'])
        alarm = self.aodh_alarm(alarm_id).json()
        self.assertEqual('vm-9', alarm['event_rule']['query'][0]['value'])

        for action, enabled in (('suspend', False), ('resume', True)):
            response = self.client.request(
                'POST', '/stacks/changed/%s/actions' % stack_id,
                json={action: None})
            self.assertEqual(202, response.status_code, response.text)
            stack = self.client.wait('changed', stack_id)
            self.assertEqual('%s_COMPLETE' % action.upper(),
                             stack['stack_status'],
                             stack['stack_status_reason'])
            self.assertEqual(enabled,
                             self.aodh_alarm(alarm_id).json()['enabled'])

    def test_heats_other_alarm_types_in_aodh(self):
        self.client = self.start_heat_vision()
        stack_id, stack = self.create('rules', RULES_TEMPLATE)
        self.assertEqual('CREATE_COMPLETE', stack['stack_status'],
                         stack['stack_status_reason'])
        outputs = self.outputs('rules', stack_id)
        alarms = {name: self.aodh_alarm(alarm_id).json()
                  for name, alarm_id in outputs['ids'].items()}
        self.assertEqual('composite', alarms['either']['type'])
        rule = alarms['either']['composite_rule']
        self.assertEqual(['or'], list(rule))
        self.assertEqual(['cpu', 'and'], [r.get('metric', next(iter(r)))
                                          for r in rule['or']])
        self.assertEqual(['mem', 'disk'],
                         [r['metric'] for r in rule['or'][1]['and']])
        self.assertEqual({'pool_id': '5b0c1d2e-pool', 'stack_id': stack_id,
                          'autoscaling_group_id': outputs['group']},
                         alarms['members'][
                             'loadbalancer_member_health_rule'])
        self.assertEqual(('avg(rate(cpu[5m]))', 0.8, 'ge'), tuple(
            alarms['promql']['prometheus_rule'][key] for key in
            ('query', 'threshold', 'comparison_operator')))
        self.assertEqual(alarms['either']['alarm_actions'],
                         alarms['promql']['alarm_actions'])

    def test_threshold_alarm_fails_with_aodhs_answer(self):
        self.client = self.start_heat_vision()
        _stack_id, stack = self.create('old', THRESHOLD_TEMPLATE)
        self.assertEqual('CREATE_FAILED', stack['stack_status'])
        self.assertIn('Aodh refused the request (HTTP 400)',
                      stack['stack_status_reason'])
        self.assertIn('threshold_rule', stack['stack_status_reason'])
