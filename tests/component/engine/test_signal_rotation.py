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

"""A rotation re-points the stack's resources that hold the old URL.

The built-in alarm's case runs the whole loop in
tests/unit/monitoring/test_loop.py; here an ``OS::Aodh::EventAlarm``
talks to a recording stand-in of the Aodh client (the real Aodh answers
in tests/functional/test_aodh.py), and the resources that cannot follow
say so.
"""

import threading

import fixtures

from heat_vision.common import context
from heat_vision.common import exception
from heat_vision.db import locks as db_locks
from heat_vision.engine import facade
from tests.component.engine import test_autoscaling
from tests.unit.resources import test_aodh

TEMPLATE = '''heat_template_version: 2021-04-16
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
      event_type: compute.instance.reboot.*
      alarm_actions: [{get_attr: [up, alarm_url]}]
  salted:
    type: OS::Heat::RandomString
    properties: {salt: {get_attr: [up, alarm_url]}}
  slow:
    type: OS::Heat::TestResource
    properties: {value: a, action_wait_secs: {update: 3}}
outputs:
  alarm_url: {value: {get_attr: [up, alarm_url]}}
'''


class FailingAodh(test_aodh.RecordingAodh):

    def update_alarm(self, alarm_id, changes):
        raise exception.ServiceUnavailable(service='Aodh',
                                           reason='down for a while')


class RotationTest(test_autoscaling.ScalingTestBase):

    def setUp(self):
        super().setUp()
        self.aodh = test_aodh.RecordingAodh()
        self.useFixture(fixtures.MockPatchObject(
            facade.StackFacade, 'client',
            lambda stack, name: self.aodh))
        self.url = self.create(template=TEMPLATE)['alarm_url']

    def rotate(self, expected=200):
        response = self.service.request(
            'POST', '%s/resources/up/rotate_signal_url' % self.path)
        self.assertEqual(expected, response.status_int, response.body)
        return response.json

    def resource(self, name):
        response = self.service.request(
            'GET', '%s/resources/%s' % (self.path, name))
        self.assertEqual(200, response.status_int, response.body)
        return response.json['resource']

    def reasons(self, name):
        response = self.service.request(
            'GET', '%s/resources/%s/events' % (self.path, name))
        return [e['resource_status_reason']
                for e in response.json['events']]

    def test_the_aodh_alarm_is_updated_in_aodh(self):
        rotated = self.rotate()
        self.assertEqual(['alarm'], rotated['updated_resources'])
        self.assertEqual(['salted'], rotated['stale_resources'])
        [(call, alarm_id, body)] = [c for c in self.aodh.calls
                                    if c[0] == 'update']
        self.assertEqual([rotated['signed_url']], body['alarm_actions'])
        self.assertEqual([rotated['signed_url']],
                         self.aodh.alarms[alarm_id]['alarm_actions'])
        self.assertEqual('UPDATE_COMPLETE',
                         self.resource('alarm')['resource_status'])
        self.assertIn('Signed URL of up rotated: alarm_actions updated',
                      self.reasons('alarm'))

    def test_what_cannot_change_in_place_says_so(self):
        before = self.resource('salted')
        self.rotate()
        self.assertEqual(before['resource_status'],
                         self.resource('salted')['resource_status'])
        self.assertIn('Still holds the old signed URL of up (rotated): it '
                      'cannot change in place; a stack update replaces it',
                      self.reasons('salted'))

    def test_a_failed_update_is_replaced_by_the_next_stack_update(self):
        self.aodh.__class__ = FailingAodh
        rotated = self.rotate()
        self.assertEqual([], rotated['updated_resources'])
        self.assertEqual(['alarm', 'salted'], rotated['stale_resources'])
        shown = self.resource('alarm')
        self.assertEqual('UPDATE_FAILED', shown['resource_status'])
        self.assertIn('down for a while', shown['resource_status_reason'])
        self.aodh.__class__ = test_aodh.RecordingAodh
        response = self.service.request('PATCH', self.path, body={})
        self.assertEqual(202, response.status_int, response.body)
        self.finish('UPDATE_COMPLETE')
        # The replacement alarm is made with the new URL.
        creates = [body for call, body, *_ in self.aodh.calls
                   if call == 'create']
        self.assertEqual([self.outputs()['alarm_url']],
                         creates[-1]['alarm_actions'])
        self.assertEqual(2, len(creates))

    def test_the_lock_of_an_operation_just_ended_is_waited_for(self):
        # The operation stored its final state; its lock goes a moment
        # later.
        ctxt = context.get_admin_context()
        engine_id = self.service.engine.engine_id
        self.assertIsNone(db_locks.lock_create(ctxt, self.stack_id,
                                               engine_id))
        release = threading.Timer(0.3, db_locks.lock_release,
                                  (ctxt, self.stack_id, engine_id))
        release.start()
        self.addCleanup(release.cancel)
        self.assertNotEqual(self.url, self.rotate()['signed_url'])

    def test_not_while_the_stack_changes(self):
        response = self.service.request('PATCH', self.path, body={
            'parameters': {}, 'template': TEMPLATE.replace(
                '{value: a,', '{value: b,')})
        self.assertEqual(202, response.status_int, response.body)
        self.assertIn('already has an action',
                      self.rotate(409)['error']['message'])
        self.finish('UPDATE_COMPLETE')
        self.assertEqual(self.url, self.outputs()['alarm_url'])
