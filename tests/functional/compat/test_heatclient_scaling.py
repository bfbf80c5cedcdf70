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

"""python-heatclient's ``resources.signal`` on a scaling policy, as
``openstack stack resource signal`` uses it, against heat-vision-all.

The signal is answered 202 (heatclient takes any 2xx) and applied in the
background: the test polls for its effect.
"""

from tests.functional.compat import test_heatclient
from tests import waiting

TEMPLATE = '''heat_template_version: 2021-04-16
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
      scaling_adjustment: 2
outputs:
  size: {value: {get_attr: [group, current_size]}}
'''


class HeatclientScalingTest(test_heatclient.HeatclientTestCase):

    def size(self, name):
        stack = self.heat.stacks.get(name)
        return {o['output_key']: o['output_value']
                for o in stack.outputs}['size']

    def reasons(self, name):
        return [e.resource_status_reason for e in
                self.heat.events.list(name, resource_name='up')]

    def signal(self, name, **kwargs):
        """Signal ``up``; wait for the event its answer names.

        :returns: the answer's ``signal``.
        """
        signal = self.heat.resources.signal(name, 'up', **kwargs)['signal']
        waiting.wait_until(lambda: any(
            e.id == signal['event_id'] for e in
            self.heat.events.list(name, resource_name='up')))
        return signal

    def test_resource_signal_scales_the_group(self):
        name, _stack_id = self.create(template=TEMPLATE)
        self.assertEqual(1, self.size(name))
        self.assertEqual('accepted', self.signal(name)['status'])
        self.assertEqual(3, self.size(name))
        self.assertEqual('ignored', self.signal(
            name, data={'current': 'ok'})['status'])
        self.assertEqual(3, self.size(name))
        self.signal(name, data={'current': 'alarm'})
        self.assertEqual(4, self.size(name))
        self.assertIn('Signal: signal ignored: alarm state is ok',
                      self.reasons(name))
