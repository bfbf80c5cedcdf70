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

"""The embedded loop: samples -> built-in alarm -> queue -> listener ->
ScalingPolicy -> the group grows (inproc transport, sqlite).
"""

import os
import threading

import fixtures
from oslo_config import cfg
import oslo_messaging as messaging

from heat_vision.common import context
from heat_vision.engine import facade
from heat_vision.engine import stack as stack_mod
from heat_vision.engine.tree import nested
from heat_vision.monitoring import constants as c
from heat_vision.monitoring import publisher
from tests import base
from tests import fixtures as hv_fixtures
from tests import waiting

TEMPLATE = '''heat_template_version: 2021-04-16
resources:
  group:
    type: OS::Heat::AutoScalingGroup
    properties:
      min_size: 1
      max_size: 5
      desired_capacity: 1
      resource: {type: OS::Heat::Value, properties: {value: m}}
  up:
    type: OS::Heat::ScalingPolicy
    properties:
      auto_scaling_group_id: {get_resource: group}
      adjustment_type: change_in_capacity
      scaling_adjustment: 1
  cpu_high:
    type: OS::HeatVision::Alarm
    properties:
      meter_name: cpu_util
      matching_metadata: {group: web}
      statistic: avg
      period: 30
      evaluation_periods: 1
      comparison_operator: gt
      threshold: 80
      repeat_actions: false
      alarm_actions: [{get_attr: [up, alarm_url]}]
  state_at_create:
    type: OS::Heat::Value
    properties: {value: {get_attr: [cpu_high, state]}}
outputs:
  size: {value: {get_attr: [group, current_size]}}
  alarm_id: {value: {get_attr: [cpu_high, alarm_id]}}
  alarm_url: {value: {get_attr: [up, alarm_url]}}
  state_at_create: {value: {get_attr: [state_at_create, value]}}
'''


class _StackWithAlarm(base.TestCase):
    """An embedded service and a stack: a group, a policy, an alarm."""

    def setUp(self):
        super().setUp()
        self.flags(group='api', public_endpoint='http://heat.example:8004')
        self.aodh_exchange = 'aodh-' + self.getUniqueString()
        self.flags(group='monitoring', evaluation_interval=1,
                   aodh_exchange=self.aodh_exchange)
        self.service = self.useFixture(
            hv_fixtures.EmbeddedService(self.state_dir))
        response = self.service.request('POST', '/v1/demo/stacks', body={
            'stack_name': 'loop', 'template': TEMPLATE})
        self.assertEqual(201, response.status_int, response.body)
        stack = self.service.wait_for_stack('demo', 'loop')
        self.assertEqual('CREATE_COMPLETE', stack['stack_status'],
                         stack['stack_status_reason'])
        self.outputs = {o['output_key']: o['output_value']
                        for o in stack['outputs']}
        self.stack_id = stack['id']

    def size(self):
        stack = self.service.wait_for_stack('demo', 'loop')
        return {o['output_key']: o['output_value']
                for o in stack['outputs']}['size']

    def push(self, value, dimensions=None):
        response = self.service.request('POST', '/v1/demo/metrics', body={
            'samples': [{'name': 'cpu_util', 'value': value,
                         'dimensions': dimensions or {'group': 'web'}}]})
        self.assertEqual(202, response.status_int, response.body)
        return response.json

    def describe(self):
        return 'alarm %s' % self.alarm()

    def evaluate(self):
        """Run a round of the engine's alarm evaluator here and now.

        :returns: the ids of the alarms whose transitions it published.
        """
        return self.service.engine.alarm_evaluator.evaluate_share()

    def record_transitions(self):
        """:returns: a list to which each alarm transition the engine's
        listener handles from now on adds the ``(stack_id, resource,
        engine_id)`` it signalled (``[]``: none).
        """
        endpoint = self.service.engine.monitoring.endpoint
        handle = endpoint.handle_transition
        results = []

        def recording(payload):
            result = handle(payload)
            results.append(result)
            return result

        self.patch(endpoint, 'handle_transition', recording)
        return results

    def alarm(self):
        response = self.service.request(
            'GET', '/v1/demo/alarms/%s' % self.outputs['alarm_id'])
        self.assertEqual(200, response.status_int, response.body)
        return response.json['alarm']

    def aodh_notifier(self):
        """A notifier on Aodh's exchange and topic, as aodh-evaluator's."""
        own = cfg.CONF.control_exchange
        self.flags(control_exchange=self.aodh_exchange)
        transport = messaging.get_notification_transport(cfg.CONF,
                                                         url='inproc://')
        self.flags(control_exchange=own)
        return messaging.Notifier(transport, driver='messagingv2',
                                  publisher_id='alarming.evaluator',
                                  topics=['alarming'])


class EmbeddedLoopTest(_StackWithAlarm):

    def test_samples_over_threshold_grow_the_group(self):
        self.assertEqual(1, self.outputs['size'])
        self.assertEqual({'stored': 1}, self.push(95))
        waiting.wait_until(lambda: self.size() == 2, describe=self.describe)
        alarm = self.alarm()
        self.assertEqual(c.STATE_ALARM, alarm['state'])
        history = self.service.request(
            'GET', '/v1/demo/alarms/%s/history' % alarm['id']).json
        self.assertEqual([(c.STATE_INSUFFICIENT, c.STATE_ALARM)],
                         [(h['previous'], h['current'])
                          for h in history['alarm_history']])
        # No repeat: the alarm stays on, two more rounds publish nothing
        # and the group does not grow again.
        self.assertEqual([], self.evaluate())
        self.assertEqual([], self.evaluate())
        self.assertEqual(2, self.size())
        events = self.service.follow(self.service.request(
            'GET', '/v1/demo/stacks/loop/events?resource_name=up')).json
        reasons = [e['resource_status_reason'] for e in events['events']
                   if e['resource_status'] == 'SIGNAL_COMPLETE']
        self.assertEqual(1, len(reasons), reasons)

    def test_samples_of_other_dimensions_do_not_count(self):
        self.push(95, {'group': 'db'})
        self.assertEqual([], self.evaluate())
        self.assertEqual([], self.evaluate())
        self.assertEqual(c.STATE_INSUFFICIENT, self.alarm()['state'])
        self.assertEqual(1, self.size())

    def test_aodh_transition_with_alarm_url_grows_the_group(self):
        # As Aodh's evaluator publishes it, but on heat-vision's topic.
        publisher.publish_transition({
            'actions': [self.outputs['alarm_url']], 'alarm_id': 'a-1',
            'alarm_name': 'cpu', 'severity': 'low', 'previous': 'ok',
            'current': 'alarm', 'reason': 'test', 'reason_data': {}})
        waiting.wait_until(lambda: self.size() == 2)

    def test_the_listener_does_not_wait_for_the_resize(self):
        # The resize is held until the listener has taken the transition:
        # a listener that applied it on its own thread would wait forever.
        held = threading.Event()
        real = nested.update_child

        def held_update(*args, **kwargs):
            held.wait(60)
            return real(*args, **kwargs)

        self.useFixture(fixtures.MonkeyPatch(
            'heat_vision.engine.tree.nested.update_child', held_update))
        handled = threading.Event()
        endpoint = self.service.engine.monitoring.endpoint
        thread = threading.Thread(target=lambda: (endpoint.handle_transition({
            'actions': [self.outputs['alarm_url']], 'alarm_id': 'a-3',
            'alarm_name': 'cpu', 'severity': 'low', 'previous': 'ok',
            'current': 'alarm', 'reason': 'test', 'reason_data': {}}),
            handled.set()))
        thread.start()
        self.addCleanup(thread.join)
        self.addCleanup(held.set)
        self.assertTrue(handled.wait(30), 'the listener waited')
        self.assertEqual(1, self.size())
        held.set()
        waiting.wait_until(lambda: self.size() == 2)

    def test_forged_signature_is_ignored(self):
        url = self.outputs['alarm_url']
        forged = url[:-4] + ('0000' if not url.endswith('0000') else '1111')
        handled = self.record_transitions()
        publisher.publish_transition({
            'actions': [forged], 'alarm_id': 'a-2', 'alarm_name': 'cpu',
            'severity': 'low', 'previous': 'ok', 'current': 'alarm',
            'reason': 'test', 'reason_data': {}})
        # Handled, and nothing signalled.
        self.assertEqual([[]], waiting.wait_until(lambda: handled))
        self.assertEqual(1, self.size())

    def test_alarm_bound_by_id_signals_the_bound_resource(self):
        stack = facade.StackFacade(stack_mod.Stack.load(
            context.get_admin_context(), self.stack_id))
        stack.bind_alarm('up', 'aodh-alarm-1')
        notifier = self.aodh_notifier()
        transition = {'actions': ['log://'], 'alarm_id': 'aodh-alarm-1',
                      'alarm_name': 'cpu', 'severity': 'low',
                      'previous': 'ok', 'current': 'alarm',
                      'reason': 'bound', 'reason_data': {}}
        notifier.sample({}, c.TRANSITION_EVENT, transition)
        waiting.wait_until(lambda: self.size() == 2)
        self.assertEqual(1, stack.unbind_alarm('up'))
        handled = self.record_transitions()
        notifier.sample({}, c.TRANSITION_EVENT, transition)
        # Handled, and nothing signalled.
        self.assertEqual([[]], waiting.wait_until(lambda: handled))
        self.assertEqual(2, self.size())


class RotatedUrlTest(_StackWithAlarm):
    """``policy rotate-url``: the stack's alarm follows the new URL; an
    alarm elsewhere that still holds the old one is refused, loudly.
    """

    def rotate(self):
        response = self.service.request(
            'POST', '/v1/demo/stacks/loop/%s/resources/up/rotate_signal_url'
            % self.stack_id)
        self.assertEqual(200, response.status_int, response.body)
        return response.json

    def up_events(self):
        events = self.service.follow(self.service.request(
            'GET', '/v1/demo/stacks/loop/events?resource_name=up')).json
        return [e['resource_status_reason'] for e in events['events']]

    def test_the_stacks_alarm_follows_the_rotated_url(self):
        rotated = self.rotate()
        self.push(95)
        waiting.wait_until(lambda: self.size() == 2, timeout=30,
                           describe=self.describe)
        self.assertEqual([], [r for r in self.up_events()
                              if r.startswith('Signal refused')])
        self.assertNotEqual(self.outputs['alarm_url'], rotated['signed_url'])
        self.assertEqual([rotated['signed_url']],
                         self.alarm()['alarm_actions'])
        self.assertEqual(['cpu_high'], rotated['updated_resources'])
        shown = self.service.follow(self.service.request(
            'GET', '/v1/demo/stacks/loop/resources/cpu_high')).json
        self.assertEqual('UPDATE_COMPLETE',
                         shown['resource']['resource_status'])

    def test_an_alarm_with_the_old_url_is_refused_with_an_event(self):
        self.rotate()
        publisher.publish_transition({
            'actions': [self.outputs['alarm_url']], 'alarm_id': 'a-3',
            'alarm_name': 'cpu', 'severity': 'low', 'previous': 'ok',
            'current': 'alarm', 'reason': 'test', 'reason_data': {}})
        refused = waiting.wait_until(lambda: [
            r for r in self.up_events() if r.startswith('Signal refused')])
        self.assertIn('an action of alarm a-3', refused[0])
        self.assertIn('rotated away', refused[0])
        self.assertEqual(1, self.size())


class AlarmApiTest(_StackWithAlarm):
    """The alarm and metric routes (on the loop's stack)."""

    def test_list_and_show_only_the_projects_alarms(self):
        alarms = self.service.request('GET', '/v1/demo/alarms').json
        self.assertEqual([self.outputs['alarm_id']],
                         [a['id'] for a in alarms['alarms']])
        alarm = alarms['alarms'][0]
        self.assertEqual('cpu_util', alarm['meter_name'])
        # Read by a resource of the create that made it.
        self.assertEqual(c.STATE_INSUFFICIENT,
                         self.outputs['state_at_create'])
        self.assertEqual(self.stack_id, alarm['stack_id'])
        self.assertEqual([], self.service.request(
            'GET', '/v1/other/alarms').json['alarms'])
        for path in ('', '/history'):
            mine = self.service.request('GET', '/v1/other/alarms/%s%s' % (
                alarm['id'], path))
            missing = self.service.request(
                'GET', '/v1/demo/alarms/no-such-alarm%s' % path)
            self.assertEqual((404, 404),
                             (mine.status_int, missing.status_int))

    def test_bad_samples_are_refused_with_their_path(self):
        cases = [({'samples': [{'name': 'a', 'value': 'x'}]},
                  'samples.0.value'),
                 ({'samples': [{'name': 'a', 'value': 1,
                                'dimensions': {'k': 2}}]},
                  'samples.0.dimensions.k'),
                 ({'samples': [{'name': 'a', 'value': 1,
                                'timestamp': 'soon'}]},
                  'samples[0].timestamp'),
                 ({'samples': []}, 'samples')]
        for body, path in cases:
            response = self.service.request('POST', '/v1/demo/metrics',
                                            body=body)
            self.assertEqual(400, response.status_int, response.body)
            self.assertIn(path, response.text)

    def test_deleting_the_stack_deletes_the_alarm(self):
        alarm = self.alarm()
        response = self.service.request(
            'DELETE', '/v1/demo/stacks/loop/%s' % self.stack_id)
        self.assertEqual(204, response.status_int, response.body)
        self.service.wait_for_stack('demo', 'loop')
        self.assertEqual(404, self.service.request(
            'GET', '/v1/demo/alarms/%s' % alarm['id']).status_int)

    def test_alarm_properties_are_checked_with_their_path(self):
        self.flags(group='monitoring', metric_retention=3600,
                   max_dimensions=1)
        cases = [({'period': 60, 'evaluation_periods': 61}, 'period'),
                 ({'matching_metadata': {'a': '1', 'b': '2'}},
                  'matching_metadata'),
                 ({'matching_metadata': {'a': {'nested': 1}}},
                  'matching_metadata'),
                 ({'threshold': 1e16}, 'threshold'),
                 ({'statistic': 'median'}, 'statistic')]
        for properties, path in cases:
            template = {'heat_template_version': '2021-04-16',
                        'resources': {'a': {
                            'type': 'OS::HeatVision::Alarm',
                            'properties': dict(
                                {'meter_name': 'cpu', 'threshold': 1},
                                **properties)}}}
            response = self.service.request(
                'POST', '/v1/demo/validate', body={'template': template})
            self.assertEqual(400, response.status_int, properties)
            self.assertIn('resources.a.properties.%s' % path,
                          response.text)

    def test_the_example_template_validates(self):
        path = os.path.join(os.path.dirname(__file__), '..', '..', '..',
                            'examples', 'templates', 'alarm-scaling.yaml')
        with open(path) as f:
            template = f.read()
        response = self.service.request('POST', '/v1/demo/validate',
                                        body={'template': template})
        self.assertEqual(200, response.status_int, response.body)
