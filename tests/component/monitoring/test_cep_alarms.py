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

"""OS::HeatVision::CEP's ``alarms``: a built-in alarm bound to a CEP.

samples -> OS::HeatVision::Alarm -> queue -> listener -> the CEP (not the
policy its alarm_actions name) -> the CEP's service over HTTP -> policy
-> the group grows. Embedded: inproc transport, sqlite.
"""

from heat_vision.cep import app as cep_app
from heat_vision.cep import eca
from heat_vision.db import alarms as db_alarms
from tests import cep_servers
from tests.component.engine import test_cep
from tests import waiting

SECRET = test_cep.SECRET

_ALARM = '''
    type: OS::HeatVision::Alarm
    properties:
      meter_name: cpu_util
      matching_metadata: {group: web}
      statistic: avg
      period: 30
      evaluation_periods: 1
      comparison_operator: %s
      threshold: %d
      repeat_actions: false
      alarm_actions: %s
'''
TEMPLATE = '''heat_template_version: 2021-04-16
parameters:
  cep_url: {type: string}
  bind_high: {type: boolean, default: true}
conditions:
  high_bound: {get_param: bind_high}
resources:
  group:
    type: OS::Heat::AutoScalingGroup
    properties:
      min_size: 1
      max_size: 4
      resource: {type: OS::Heat::None}
  up:
    type: OS::Heat::ScalingPolicy
    properties:
      auto_scaling_group_id: {get_resource: group}
      adjustment_type: change_in_capacity
      scaling_adjustment: 1
  high:%s
  low:%s
  cep:
    type: OS::HeatVision::CEP
    properties:
      url: {get_param: cep_url}
      shared_secret: %s
      policies: [up]
      alarms:
        if: [high_bound, [{get_resource: high}], [{get_resource: low}]]
outputs:
  size: {value: {get_attr: [group, current_size]}}
  high: {value: {get_resource: high}}
  low: {value: {get_resource: low}}
''' % (_ALARM % ('gt', 80, '[{get_attr: [up, alarm_url]}]'),
       _ALARM % ('lt', 20, '[]'), SECRET)


class _BoundCepTest(test_cep.CepTestCase):

    def setUp(self):
        self.strategy = self.make_strategy()
        super().setUp()
        self.flags(group='monitoring', evaluation_interval=1,
                   aodh_exchange='aodh-' + self.getUniqueString())
        self.cep = cep_app.CepApp(self.strategy, SECRET)
        self.cep_url = self.useFixture(
            cep_servers.LoopbackServer(self.cep)).url + '/cep'
        self.out = self.create(self.cep_url, template=TEMPLATE)

    def push(self, value):
        response = self.service.request('POST', '/v1/demo/metrics', body={
            'samples': [{'name': 'cpu_util', 'value': value,
                         'dimensions': {'group': 'web'}}]})
        self.assertEqual(202, response.status_int, response.body)

    def bound(self, alarm):
        return list(dict.fromkeys(
            (stack_id, name) for stack_id, name, _type in
            db_alarms.bound_with_types(self.ctxt, self.out[alarm])))

    def signals_of(self, resource):
        return [r for a, _s, r in self.events(resource) if a == 'SIGNAL']


class BoundAlarmLoopTest(_BoundCepTest):

    @staticmethod
    def make_strategy():
        return eca.RateLimit(interval=3600, quiet_periods=2)

    def test_bound_alarm_goes_to_the_cep_not_the_policy(self):
        self.assertEqual([(self.stack_id, 'cep')], self.bound('high'))
        self.assertEqual(1, self.out['size'])
        self.push(95)
        waiting.wait_until(lambda: self.outputs()['size'] == 2)
        [job] = self.jobs_final('cep-dispatch-cep', 1)
        self.assertEqual('COMPLETE', job.status)
        self.assertTrue(self.cep.drain(30))
        [call] = self.cep.calls
        self.assertEqual('policy up', call['why'])
        self.assertEqual(2, self.outputs()['size'])
        # One signal on the policy: the CEP's call. The alarm's own
        # action (the policy's alarm_url) was not signalled. The signal
        # is applied after its 202: its event may follow the new size.
        waiting.wait_until(lambda: self.signals_of('up'))
        self.assertEqual(1, len(self.signals_of('up')),
                         self.signals_of('up'))
        [dispatched] = self.signals_of('cep')
        self.assertRegex(dispatched, '^Signal: alarm .* is alarm: started '
                                     'job ')


class RebindTest(_BoundCepTest):

    @staticmethod
    def make_strategy():
        return test_cep.Recording()

    def test_update_rebinds_and_delete_unbinds(self):
        self.assertEqual([(self.stack_id, 'cep')], self.bound('high'))
        self.assertEqual([], self.bound('low'))
        response = self.service.request('PATCH', self.path, body={
            'parameters': {'bind_high': False}})
        self.assertEqual(202, response.status_int, response.body)
        stack = self.service.wait_for_stack('demo', 'loop')
        self.assertEqual('UPDATE_COMPLETE', stack['stack_status'],
                         stack['stack_status_reason'])
        self.assertEqual([], self.bound('high'))
        self.assertEqual([(self.stack_id, 'cep')], self.bound('low'))
        self.push(5)
        waiting.wait_until(lambda: self.strategy.dispatches)
        [dispatch] = self.strategy.dispatches
        self.assertEqual((self.out['low'], 'alarm'),
                         (dispatch['alarm']['alarm_id'],
                          dispatch['alarm']['current']))
        response = self.service.request('DELETE', self.path)
        self.assertEqual(204, response.status_int, response.body)
        waiting.wait_until(lambda: self.stack_status('loop') in (
            None, 'DELETE_COMPLETE'))
        self.assertEqual([], self.bound('low'))

    def test_alarms_are_checked_with_their_path(self):
        template = TEMPLATE.replace(
            "if: [high_bound, [{get_resource: high}], "
            "[{get_resource: low}]]", "[a, a]")
        response = self.service.request('POST', '/v1/demo/stacks', body={
            'stack_name': 'dup', 'template': template,
            'parameters': {'cep_url': self.cep_url}})
        self.assertEqual(400, response.status_int, response.body)
        self.assertIn('resources.cep.properties.alarms', response.text)
        self.assertIn('duplicate name', response.text)

    def test_another_projects_alarm_cannot_be_bound(self):
        template = TEMPLATE.replace(
            "if: [high_bound, [{get_resource: high}], "
            "[{get_resource: low}]]", "[%s]" % self.out['high'])
        response = self.service.request('POST', '/v1/other/stacks', body={
            'stack_name': 'thief', 'template': template,
            'parameters': {'cep_url': self.cep_url}})
        self.assertEqual(201, response.status_int, response.body)
        stack = self.service.wait_for_stack('other', 'thief')
        self.assertEqual('CREATE_FAILED', stack['stack_status'])
        self.assertIn('is not an alarm of this project',
                      stack['stack_status_reason'])
        self.assertEqual([(self.stack_id, 'cep')], self.bound('high'))
