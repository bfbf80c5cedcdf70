"""python-heatclient's ``resources.signal`` on a scaling policy, as
``openstack stack resource signal`` uses it, against heat-vision-all."""

from tests.functional.compat import test_heatclient

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

    def test_resource_signal_scales_the_group(self):
        name, _stack_id = self.create(template=TEMPLATE)
        self.assertEqual(1, self.size(name))
        self.heat.resources.signal(name, 'up')
        self.assertEqual(3, self.size(name))
        self.heat.resources.signal(name, 'up', data={'current': 'ok'})
        self.assertEqual(3, self.size(name))
        self.heat.resources.signal(name, 'up', data={'current': 'alarm'})
        self.assertEqual(4, self.size(name))
        reasons = [e.resource_status_reason for e in
                   self.heat.events.list(name, resource_name='up')]
        self.assertIn('Signal: signal ignored: alarm state is ok', reasons)
