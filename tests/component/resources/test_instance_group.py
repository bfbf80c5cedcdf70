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

"""OS::Heat::InstanceGroup and OS::Heat::AccessPolicy through the API.

As for the AWS group, AWS::EC2::Instance is mapped to a provider
template (test_aws_autoscaling.INSTANCE: a PublicIp from the ImageId).
"""

from tests.component.engine import stack_ops
from tests.component.engine import test_aws_autoscaling

TEMPLATE = '''heat_template_version: 2021-04-16
parameters:
  size: {type: number, default: 2}
  image: {type: string, default: img}
resources:
  launch:
    type: AWS::AutoScaling::LaunchConfiguration
    properties: {ImageId: {get_param: image}, InstanceType: m1.small}
  group:
    type: OS::Heat::InstanceGroup
    update_policy:
      RollingUpdate: {MaxBatchSize: 1, PauseTime: PT0S}
    properties:
      AvailabilityZones: []
      LaunchConfigurationName: {get_resource: launch}
      Size: {get_param: size}
      Tags: [{Key: team, Value: blue}]
  policy:
    type: OS::Heat::AccessPolicy
    properties: {AllowedResources: [group, launch]}
outputs:
  ips: {value: {get_attr: [group, InstanceList]}}
  policy: {value: {get_resource: policy}}
'''


class InstanceGroupTest(stack_ops.StackOpsTestCase):

    template = None

    def create_group(self, name, template=TEMPLATE, expected=201,
                     **params):
        response = self.service.request('POST', '/v1/demo/stacks', body={
            'stack_name': name, 'template': template, 'parameters': params,
            'files': {'instance.yaml': test_aws_autoscaling.INSTANCE},
            'environment': {'resource_registry': {
                'AWS::EC2::Instance': 'instance.yaml'}}})
        self.assertEqual(expected, response.status_int, response.body)
        return response

    def outputs(self, name):
        stack = self.service.wait_for_stack('demo', name)
        return {o['output_key']: o['output_value'] for o in stack['outputs']}

    def test_size_is_the_group(self):
        response = self.create_group('ig')
        self.stack_name = 'ig'
        self.stack_id = response.json['stack']['id']
        self.path = '/v1/demo/stacks/ig/%s' % self.stack_id
        self.wait('CREATE_COMPLETE')
        outputs = self.outputs('ig')
        self.assertEqual('10.0.0-img,10.0.0-img', outputs['ips'])
        self.assertEqual('policy', outputs['policy'])
        response = self.service.request('PATCH', self.path, body={
            'parameters': {'size': 3}})
        self.assertEqual(202, response.status_int, response.body)
        self.wait('UPDATE_COMPLETE')
        self.assertEqual(3, len(self.outputs('ig')['ips'].split(',')))
        # A new launch configuration rolls every member.
        response = self.service.request('PATCH', self.path, body={
            'parameters': {'image': 'new'}})
        self.assertEqual(202, response.status_int, response.body)
        self.wait('UPDATE_COMPLETE')
        self.assertEqual('10.0.0-new,10.0.0-new,10.0.0-new',
                         self.outputs('ig')['ips'])

    def test_pause_time_is_an_iso_duration(self):
        response = self.create_group(
            'pause', TEMPLATE.replace('PauseTime: PT0S', 'PauseTime: 5'),
            expected=400)
        self.assertIn('resources.group.update_policy.RollingUpdate.'
                      'PauseTime', response.text)

    def test_access_policy_names_resources_of_the_stack(self):
        response = self.create_group(
            'bad', TEMPLATE.replace('[group, launch]', '[group, nope]'),
            expected=400)
        self.assertIn('AccessPolicy resource nope not in stack',
                      response.text)
        self.assertIn('resources.policy.properties.AllowedResources',
                      response.text)
