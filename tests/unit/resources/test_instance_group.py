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

"""OS::Heat::InstanceGroup's members and OS::Heat::AccessPolicy's check."""

from unittest import mock

from heat_vision.common import exception
from heat_vision.resources.aws import autoscaling
from heat_vision.resources.heat import access_policy
from heat_vision.resources.heat import instance_group
from tests import base
from tests.unit.resources import utils


class InstanceGroupTest(base.TestCase):

    def make(self, tags):
        stack = utils.FakeStack()
        stack.get_reference_id = lambda name: name
        utils.make(autoscaling.LaunchConfiguration, 'launch', {
            'ImageId': 'img', 'InstanceType': 'm1.small'}, stack=stack)
        return utils.make(instance_group.InstanceGroup, 'group', {
            'AvailabilityZones': [], 'LaunchConfigurationName': 'launch',
            'Size': 2, 'Tags': tags}, stack=stack)

    def test_members_are_the_launch_configuration_tagged(self):
        member = self.make([{'Key': 'team', 'Value': 'blue'}]) \
            .member_definition()
        self.assertEqual('AWS::EC2::Instance', member['type'])
        self.assertEqual('img', member['properties']['ImageId'])
        self.assertEqual([{'Key': 'team', 'Value': 'blue'},
                          {'Key': 'metering.groupname', 'Value': 'group'}],
                         member['properties']['Tags'])

    def test_a_metering_tag_of_the_user_is_kept_alone(self):
        tags = [{'Key': 'metering.mine', 'Value': 'x'}]
        self.assertEqual(tags, self.make(tags).member_definition()[
            'properties']['Tags'])

    def test_size_is_every_bound(self):
        group = self.make([])
        self.assertEqual(2, group._initial_size())


class PauseTimeTest(base.TestCase):

    def test_iso_durations(self):
        path = ['resources', 'group', 'update_policy', 'RollingUpdate',
                'PauseTime']
        self.assertEqual(0, instance_group.pause_seconds('PT0S', path))
        self.assertEqual(3600, instance_group.pause_seconds('PT1H', path))
        self.assertEqual(125, instance_group.pause_seconds('PT2M5S', path))
        for wrong in ('P1D', '5', 'PT1H1S', None):
            self.assertRaises(exception.StackValidationFailed,
                              instance_group.pause_seconds, wrong, path)


class AccessPolicyTest(base.TestCase):

    def test_names_must_be_resources_of_the_stack(self):
        check = access_policy.AccessPolicy.validate_in_stack
        path = ['resources', 'policy', 'properties']
        stack = mock.Mock(resource_names={'a'})
        self.assertIsNone(check({'AllowedResources': ['a']}, path, stack))
        error = self.assertRaises(exception.StackValidationFailed, check,
                                  {'AllowedResources': ['a', 'b']}, path,
                                  stack)
        self.assertIn('AccessPolicy resource b not in stack', str(error))
        policy = utils.make(access_policy.AccessPolicy, 'policy',
                            {'AllowedResources': ['a']})
        utils.run(policy)
        self.assertEqual(('policy', True, False),
                         (policy.get_reference_id(),
                          policy.access_allowed('a'),
                          policy.access_allowed('b')))
