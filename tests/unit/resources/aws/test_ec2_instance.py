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

"""AWS::EC2::Instance, Volume and VolumeAttachment: Heat's property
mapping onto the Nova server and Cinder volume the OS:: plugins make."""

from heat_vision.common import exception
from heat_vision.resources.aws import autoscaling
from heat_vision.resources.aws import ec2_instance
from heat_vision.resources.aws import ec2_volume
from heat_vision.template import properties
from tests import base
from tests.unit.resources.openstack import fakes
from tests.unit.resources import utils

PATH = ['resources', 'r', 'properties']


def check(cls, props):
    checked = properties.Properties(cls.properties_schema, props, path=PATH)
    checked.validate()
    cls.validate_properties(checked, PATH)


class InstanceTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.stack = fakes.CloudStack()
        self.nova = self.stack.client('nova')
        self.neutron = self.stack.client('neutron')
        self.cinder = self.stack.client('cinder')
        self.nova.objects['/flavors/m1.small'] = {'flavor': {'id': 'f1'}}
        self.stack.client('glance').objects['/images/F17'] = {'id': 'img'}

    def instance(self, **props):
        values = {'ImageId': 'F17', 'InstanceType': 'm1.small'}
        values.update(props)
        return utils.make(ec2_instance.Instance, 'web', values,
                          stack=self.stack)

    def posted(self):
        [call] = self.nova.sent('POST', '/servers')
        return call[2]

    def test_properties_become_the_servers(self):
        plugin = self.instance(
            KeyName='k', AvailabilityZone='nova', UserData='#!/bin/sh\n',
            SecurityGroups=['web'], SecurityGroupIds=['sg-2'],
            Tags=[{'Key': 'role', 'Value': 'web'}],
            NovaSchedulerHints=[{'Key': 'group', 'Value': 'a'},
                                {'Key': 'group', 'Value': 'b'},
                                {'Key': 'near', 'Value': 'x'}])
        plugin.handle_create()
        request = self.posted()
        body = request['server']
        self.assertEqual(('f1', 'img', 'k', 'nova'), (
            body['flavorRef'], body['imageRef'], body['key_name'],
            body['availability_zone']))
        self.assertEqual([{'name': 'web'}, {'name': 'sg-2'}],
                         body['security_groups'])
        self.assertEqual({'role': 'web'}, body['metadata'])
        self.assertEqual('auto', body['networks'])
        self.assertEqual('teststack-web-abcdefghijkl', body['name'])
        self.assertIn('user_data', body)
        self.assertEqual({'group': ['a', 'b'], 'near': 'x'},
                         request['os:scheduler_hints'])
        self.assertEqual('new-id', plugin.resource_id)

    def test_a_subnet_gets_a_port_with_the_security_groups(self):
        subnet = {'subnet': {'id': 'sub-1', 'network_id': 'net-1'}}
        self.neutron.objects['/subnets/sub-1'] = subnet
        self.neutron.objects['/security-groups/web'] = {
            'security_group': {'id': 'sg-1'}}
        plugin = self.instance(SubnetId='sub-1', SecurityGroups=['web'])
        plugin.handle_create()
        [port] = self.neutron.sent('POST', '/ports')
        self.assertEqual(['sg-1'], port[2]['port']['security_groups'])
        self.assertEqual([{'subnet_id': 'sub-1'}],
                         port[2]['port']['fixed_ips'])
        body = self.posted()['server']
        self.assertEqual([{'port': 'new-id'}], body['networks'])
        self.assertNotIn('security_groups', body)
        self.assertEqual(['new-id'], plugin.data['ports'])

    def test_network_interfaces_go_in_device_index_order(self):
        self.neutron.objects['/ports/p1'] = {'port': {'id': 'p1'}}
        self.neutron.objects['/ports/p2'] = {'port': {'id': 'p2'}}
        plugin = self.instance(NetworkInterfaces=[
            {'NetworkInterfaceId': 'p2', 'DeviceIndex': '1'},
            {'NetworkInterfaceId': 'p1', 'DeviceIndex': '0'}])
        self.assertEqual([{'port': 'p1'}, {'port': 'p2'}],
                         plugin.os_properties(plugin.properties)['networks'])
        plain = self.instance(NetworkInterfaces=['p2', 'p1'])
        self.assertEqual([{'port': 'p2'}, {'port': 'p1'}],
                         plain.os_properties(plain.properties)['networks'])

    def test_block_device_mappings_are_snapshots(self):
        plugin = self.instance(BlockDeviceMappings=[{
            'DeviceName': 'vdb', 'Ebs': {'SnapshotId': 'snap-1',
                                         'VolumeSize': 2,
                                         'DeleteOnTermination': True}}])
        self.assertEqual([{'device_name': 'vdb', 'snapshot_id': 'snap-1',
                           'volume_size': 2,
                           'delete_on_termination': True}],
                         plugin.os_properties(plugin.properties)[
                             'block_device_mapping'])

    def test_heats_validation(self):
        base_props = {'ImageId': 'F17', 'InstanceType': 'm1.small'}
        error = self.assertRaises(
            exception.StackValidationFailed, check, ec2_instance.Instance,
            dict(base_props, SecurityGroups=['a'], NetworkInterfaces=['p']))
        self.assertIn('can not be used together', str(error))
        error = self.assertRaises(
            exception.StackValidationFailed, check, ec2_instance.Instance,
            dict(base_props, BlockDeviceMappings=[{'DeviceName': 'vdb',
                                                   'Ebs': {}}]))
        self.assertIn('SnapshotId is missing', str(error))
        self.assertRaises(exception.StackValidationFailed, check,
                          ec2_instance.Instance, {'ImageId': 'F17'})
        check(ec2_instance.Instance, base_props)

    def test_volumes_are_attached_once_the_server_is_active(self):
        plugin = self.instance(Volumes=[{'VolumeId': 'v1',
                                         'Device': '/dev/vdb'}])
        token = plugin.handle_create()
        self.nova.objects['/servers/new-id'] = {'server': {
            'id': 'new-id', 'status': 'ACTIVE'}}
        self.cinder.objects['/volumes/v1'] = [
            {'volume': {'status': 'attaching'}},
            {'volume': {'status': 'in-use'}}]
        self.assertFalse(plugin.check_create_complete(token))
        [attach] = self.nova.sent('POST',
                                  '/servers/new-id/os-volume_attachments')
        self.assertEqual({'volumeAttachment': {
            'volumeId': 'v1', 'device': '/dev/vdb'}}, attach[2])
        self.assertFalse(plugin.check_create_complete(token))
        self.assertTrue(plugin.check_create_complete(token))

    def test_addresses_and_zone(self):
        plugin = self.instance(AvailabilityZone='az1')
        plugin.resource_id = 's1'
        self.nova.objects['/servers/s1'] = {'server': {
            'id': 's1', 'addresses': {'private': [{'addr': '10.0.0.4'}]}}}
        for name in ('PublicIp', 'PrivateIp', 'PublicDnsName',
                     'PrivateDnsName'):
            self.assertEqual('10.0.0.4', plugin.get_attribute(name))
        self.assertEqual('az1', plugin.get_attribute('AvailabilityZone'))
        self.assertEqual('s1', plugin.get_reference_id())

    def test_a_new_instance_type_resizes(self):
        plugin = self.instance()
        plugin.resource_id = 's1'
        self.nova.objects['/flavors/m1.large'] = {'flavor': {'id': 'f2'}}
        plugin.old_properties = dict(plugin.properties)
        new = dict(plugin.properties, InstanceType='m1.large',
                   Tags=[{'Key': 'a', 'Value': 'b'}])
        token = plugin.handle_update(new, {'InstanceType': 'm1.large',
                                           'Tags': new['Tags']})
        [meta] = self.nova.sent('PUT', '/servers/s1/metadata')
        self.assertEqual({'metadata': {'a': 'b'}}, meta[2])
        self.assertEqual({'resize': {'flavorRef': 'f2'}},
                         token['steps'][0]['action'])


class VolumeTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.stack = fakes.CloudStack()
        self.cinder = self.stack.client('cinder')

    def test_a_volume_restores_snapshot_id_as_a_backup(self):
        plugin = utils.make(ec2_volume.Volume, 'vol', {
            'AvailabilityZone': 'nova', 'Size': 1, 'SnapshotId': 'b1',
            'Tags': [{'Key': 'k', 'Value': 'v'}]}, stack=self.stack)
        plugin.handle_create()
        [post] = self.cinder.sent('POST', '/volumes')
        volume = post[2]['volume']
        self.assertEqual((1, 'nova', 'b1', {'k': 'v'}), (
            volume['size'], volume['availability_zone'],
            volume['backup_id'], volume['metadata']))
        self.assertEqual('new-id', plugin.get_reference_id())

    def test_an_attachment_is_novas(self):
        nova = self.stack.client('nova')
        plugin = utils.make(ec2_volume.VolumeAttachment, 'att', {
            'InstanceId': 's1', 'VolumeId': 'v1', 'Device': '/dev/vdc'},
            stack=self.stack)
        plugin.handle_create()
        [post] = nova.sent('POST', '/servers/s1/os-volume_attachments')
        self.assertEqual({'volumeAttachment': {
            'volumeId': 'v1', 'device': '/dev/vdc'}}, post[2])
        self.assertEqual('v1', plugin.resource_id)
        self.assertRaises(exception.StackValidationFailed, check,
                          ec2_volume.VolumeAttachment, {
                              'InstanceId': 's1', 'VolumeId': 'v1',
                              'Device': '/dev/sda'})


class GroupMemberTest(base.TestCase):

    def test_a_launch_configurations_members_are_valid_instances(self):
        config = utils.make(autoscaling.LaunchConfiguration, 'lc', {
            'ImageId': 'F17', 'InstanceType': 'm1.small', 'KeyName': 'k',
            'SecurityGroups': ['web'], 'UserData': '#!/bin/sh\n'})
        properties = config.instance_properties()
        properties.update(SubnetId='sub-1', Tags=[
            {'Key': 'metering.AutoScalingGroupName', 'Value': 'g'}])
        check(ec2_instance.Instance, properties)
