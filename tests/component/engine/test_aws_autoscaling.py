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

"""AWS::AutoScaling::* on the native autoscaling, through the API.

The members' AWS::EC2::Instance (a Nova server) is mapped to a provider
template here: a stand-in with a PublicIp output, no cloud needed.
"""

from tests.component.engine import test_autoscaling

INSTANCE = '''heat_template_version: 2021-04-16
parameters:
  ImageId: {type: string}
  InstanceType: {type: string}
  Tags: {type: json}
resources:
  ip:
    type: OS::Heat::Value
    properties: {value: {list_join: ['-', ['10.0.0', {get_param: ImageId}]]}}
outputs:
  PublicIp: {value: {get_attr: [ip, value]}}
'''

TEMPLATE = '''heat_template_version: 2021-04-16
parameters:
  image: {type: string, default: a}
resources:
  launch:
    type: AWS::AutoScaling::LaunchConfiguration
    properties: {ImageId: {get_param: image}, InstanceType: m1.small}
  group:
    type: AWS::AutoScaling::AutoScalingGroup
    properties:
      AvailabilityZones: []
      LaunchConfigurationName: {get_resource: launch}
      MinSize: 1
      MaxSize: 4
      DesiredCapacity: 2
  up:
    type: AWS::AutoScaling::ScalingPolicy
    properties:
      AutoScalingGroupName: {get_resource: group}
      AdjustmentType: ChangeInCapacity
      ScalingAdjustment: 1
  exact:
    type: AWS::AutoScaling::ScalingPolicy
    properties:
      AutoScalingGroupName: {get_resource: group}
      AdjustmentType: ExactCapacity
      ScalingAdjustment: 1
outputs:
  ips: {value: {get_attr: [group, InstanceList]}}
  url: {value: {get_attr: [up, AlarmUrl]}}
  ref: {value: {get_resource: up}}
'''


class AWSAutoScalingTest(test_autoscaling.ScalingTestBase):

    def create_aws(self, template=TEMPLATE):
        response = self.service.request('POST', '/v1/demo/stacks', body={
            'stack_name': 'as', 'template': template,
            'disable_rollback': True, 'files': {'instance.yaml': INSTANCE},
            'environment': {'resource_registry': {
                'AWS::EC2::Instance': 'instance.yaml'}}})
        self.assertEqual(201, response.status_int, response.body)
        self.stack_id = response.json['stack']['id']
        self.path = '/v1/demo/stacks/as/%s' % self.stack_id
        return self.finish('CREATE_COMPLETE')

    def test_group_scales_by_policy_and_alarm_url(self):
        outputs = self.create_aws()
        self.assertEqual('10.0.0-a,10.0.0-a', outputs['ips'])
        self.assertEqual(outputs['url'], outputs['ref'])
        self.assertEqual(202, self.signed(outputs['url']).status_int)
        self.assertEqual(3, len(self.outputs()['ips'].split(',')))
        self.signal('exact')
        self.assertEqual('10.0.0-a', self.outputs()['ips'])

    def test_new_launch_configuration_replaces_the_members(self):
        self.create_aws()
        outputs = self.update(image='b')
        self.assertEqual('10.0.0-b,10.0.0-b', outputs['ips'])

    def test_resources_made_after_the_group_see_physical_ids(self):
        # The group's create looks its launch configuration up among the
        # plugins of every resource, "first" and "copy" (not made yet)
        # included: "copy" must still be made with "first"'s id, not the
        # name its get_resource gave before "first" existed.
        template = TEMPLATE.replace('resources:\n', """resources:
  first:
    type: OS::Heat::RandomString
    depends_on: group
  copy:
    type: OS::Heat::Value
    properties: {value: {get_resource: first}}
""", 1).replace('outputs:\n', """outputs:
  first: {value: {get_resource: first}}
  copy: {value: {get_attr: [copy, value]}}
""", 1)
        outputs = self.create_aws(template)
        self.assertNotEqual('first', outputs['first'])
        self.assertEqual(outputs['first'], outputs['copy'])

    def test_validation_names_the_property(self):
        for old, new, message in (
                ('MinSize: 1', 'MinSize: 5', 'MinSize can not be greater'),
                ('DesiredCapacity: 2', 'DesiredCapacity: 9',
                 'DesiredCapacity must be between'),
                ('AdjustmentType: ExactCapacity',
                 'AdjustmentType: Exact', 'AdjustmentType')):
            response = self.service.request(
                'POST', '/v1/demo/validate',
                body={'template': TEMPLATE.replace(old, new)})
            self.assertEqual(400, response.status_int, response.body)
            self.assertIn(message, response.text)

    def test_listed_as_resource_types(self):
        for name, prop in (
                ('AWS::AutoScaling::AutoScalingGroup',
                 'LaunchConfigurationName'),
                ('AWS::AutoScaling::LaunchConfiguration', 'ImageId'),
                ('AWS::AutoScaling::ScalingPolicy', 'AdjustmentType')):
            response = self.service.request(
                'GET', '/v1/demo/resource_types/%s' % name)
            self.assertEqual(200, response.status_int, response.body)
            self.assertIn(prop, response.json['properties'])
