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

"""Stacks of the leaf resources, end to end through the embedded service."""

import string
import time

from heat_vision.common import context
from heat_vision.db import events as db_events
from tests import base
from tests import fixtures as hv_fixtures

FAILING = '''heat_template_version: 2021-04-16
resources:
  good: {type: OS::Heat::TestResource}
  broken:
    type: OS::Heat::TestResource
    depends_on: good
    properties: {fail: true}
'''

SLOW_AND_FAST = '''heat_template_version: 2021-04-16
resources:
  slow:
    type: OS::Heat::TestResource
    properties:
      value: slow
      wait_secs: 60
      action_wait_secs: {create: 0.6, delete: 0}
  fast1: {type: OS::Heat::TestResource, properties: {value: one}}
  fast2:
    type: OS::Heat::TestResource
    properties: {value: {get_attr: [fast1, output]}}
outputs:
  both: {value: {list_join: [',', [{get_attr: [slow, output]},
                                   {get_attr: [fast2, output]}]]}}
'''

RANDOM = '''heat_template_version: 2021-04-16
resources:
  default: {type: OS::Heat::RandomString}
  pin:
    type: OS::Heat::RandomString
    properties:
      length: 12
      character_classes: [{class: digits, min: 12}]
  mixed:
    type: OS::Heat::RandomString
    properties:
      length: 20
      character_classes: [{class: uppercase, min: 5}]
      character_sequences: [{sequence: '#%', min: 5}]
  delay: {type: OS::Heat::Delay, properties: {min_wait: 0.1}}
outputs:
  default: {value: {get_attr: [default, value]}}
  pin: {value: {get_resource: pin}}
  mixed: {value: {get_attr: [mixed, value]}}
'''


class LeafResourceStackTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.service = self.useFixture(
            hv_fixtures.EmbeddedService(self.state_dir))

    def create(self, name, template):
        response = self.service.request('POST', '/v1/demo/stacks', body={
            'stack_name': name, 'template': template})
        self.assertEqual(201, response.status_int, response.body)
        return self.service.wait_for_stack('demo', name)

    def outputs(self, stack):
        return {o['output_key']: o['output_value']
                for o in stack['outputs']}

    def test_fail_names_the_resource(self):
        stack = self.create('failing', FAILING)
        self.assertEqual('CREATE_FAILED', stack['stack_status'])
        self.assertIn('resources.broken', stack['stack_status_reason'])
        self.assertIn('Test Resource failed broken',
                      stack['stack_status_reason'])

    def test_action_wait_secs_does_not_hold_up_others(self):
        started = time.monotonic()
        stack = self.create('waits', SLOW_AND_FAST)
        elapsed = time.monotonic() - started
        self.assertEqual('CREATE_COMPLETE', stack['stack_status'])
        self.assertEqual('slow,one', self.outputs(stack)['both'])
        self.assertGreaterEqual(elapsed, 0.6)
        self.assertLess(elapsed, 5)
        events = db_events.event_get_all_by_stack(
            context.get_admin_context(), stack['id'])
        done = [e.resource_name for e in events
                if e.resource_status == 'COMPLETE' and
                e.resource_name != 'waits']
        self.assertEqual('slow', done[-1])
        self.assertEqual({'fast1', 'fast2', 'slow'}, set(done))

    def test_random_strings(self):
        stack = self.create('random', RANDOM)
        self.assertEqual('CREATE_COMPLETE', stack['stack_status'])
        outputs = self.outputs(stack)
        self.assertEqual(32, len(outputs['default']))
        self.assertEqual(12, len(outputs['pin']))
        self.assertTrue(outputs['pin'].isdigit())
        mixed = outputs['mixed']
        self.assertEqual(20, len(mixed))
        self.assertLessEqual(set(mixed), set(string.ascii_uppercase + '#%'))
        self.assertGreaterEqual(sum(c in '#%' for c in mixed), 5)
