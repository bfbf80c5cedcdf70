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

"""Which resources' steps the walk runs on its own thread."""

from unittest import mock

from heat_vision.engine.actions import common
from heat_vision.engine import scheduler
from heat_vision.engine import stack as stack_mod
from heat_vision.resources.heat import none
from tests.component.engine import stack_ops

CHILD = '''heat_template_version: 2021-04-16
resources:
  inner: {type: OS::Heat::None}
'''

TEMPLATE = '''heat_template_version: 2021-04-16
resources:
  plain: {type: OS::Heat::None}
  secret: {type: OS::Heat::RandomString}
  pause: {type: OS::Heat::Delay, properties: {min_wait: 0.01}}
  script: {type: OS::Heat::SoftwareConfig, properties: {config: echo}}
  cloud: {type: OS::Heat::CloudConfig, properties: {cloud_config: {}}}
  handle: {type: OS::Heat::WaitConditionHandle}
  cfn_handle: {type: AWS::CloudFormation::WaitConditionHandle}
  mime:
    type: OS::Heat::MultipartMime
    properties: {parts: [{config: {get_resource: script}}]}
  uses_secret:
    type: OS::Heat::Value
    properties: {value: {get_attr: [secret, value]}}
  nested: {type: OS::Heat::Stack, properties: {template: {get_file: c}}}
  uses_nested:
    type: OS::Heat::None
    properties: {value: {get_attr: [nested, outputs]}}
  provided: {type: child.yaml}
'''


class StepsInWalkTest(stack_ops.StackOpsTestCase):

    template = None

    def setUp(self):
        super().setUp()
        stack_id = self.create('mixed', TEMPLATE,
                               files={'c': CHILD, 'child.yaml': CHILD})
        self.stack = stack_mod.Stack.load(self.ctxt, stack_id)

    def test_light_plugins_whose_inputs_are_light_run_in_the_walk(self):
        in_walk = common.steps_in_walk(self.stack)
        self.assertEqual(
            {'plain': True, 'secret': True, 'uses_secret': True,
             'pause': True, 'script': True, 'cloud': True, 'mime': False,
             'handle': True, 'cfn_handle': True,
             'nested': False, 'uses_nested': False, 'provided': False},
            {name: in_walk(name) for name in self.stack.rows})

    def test_a_row_made_as_another_type_runs_on_the_pool(self):
        # A failed update can leave a server's row under a name the
        # template now gives a RandomString: deleting it calls the
        # server's plugin.
        self.stack.rows['secret'].type = 'OS::Nova::Server'
        in_walk = common.steps_in_walk(self.stack)
        self.assertFalse(in_walk('secret'))
        self.assertFalse(in_walk('uses_secret'))
        self.assertTrue(in_walk('plain'))

    def test_only_a_class_s_own_declaration_counts(self):
        class Reading(none.NoneResource):
            pass

        class Declared(Reading):
            runs_in_walk = True

        self.assertTrue(common.declares_runs_in_walk(none.NoneResource))
        self.assertFalse(common.declares_runs_in_walk(Reading))
        self.assertTrue(common.declares_runs_in_walk(Declared))

    def test_a_resource_the_stack_does_not_hold_runs_on_the_pool(self):
        self.assertFalse(common.steps_in_walk(self.stack)('missing'))

    def test_a_create_hands_the_walk_its_stack_s_choice(self):
        given = []
        real = scheduler.walk

        def walk(*args, **kwargs):
            given.append(kwargs['in_walk'])
            return real(*args, **kwargs)

        with mock.patch.object(scheduler, 'walk', walk):
            self.create('light', CHILD)
        [in_walk] = given
        self.assertTrue(in_walk('inner'))
        self.assertFalse(in_walk('plain'))
