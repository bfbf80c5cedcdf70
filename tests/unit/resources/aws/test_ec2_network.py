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

"""AWS::EC2 networking on Neutron, as Heat's aws/ec2 plugins: security
group rules, interfaces, a VPC's network and router, subnets joining it,
route tables, the gateway and Elastic IPs."""

import types

from heat_vision.common import exception
from heat_vision.resources.aws import ec2_eip
from heat_vision.resources.aws import ec2_secgroup
from heat_vision.resources.aws import ec2_vpc
from heat_vision.template import properties
from tests import base
from tests.unit.resources.openstack import fakes
from tests.unit.resources import utils

PATH = ['resources', 'r', 'properties']


class _Definition:
    """A stack definition's resource types and VpcIds."""

    def __init__(self, types):
        self.types = types

    def resource_definitions(self):
        return {name: types.SimpleNamespace(resource_type=resource_type,
                                            properties={'VpcId': vpc})
                for name, (resource_type, vpc) in self.types.items()}


class NetworkTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.stack = fakes.CloudStack()
        self.neutron = self.stack.client('neutron')

    def make(self, cls, props, name='r', **kwargs):
        return utils.make(cls, name, props, stack=self.stack, **kwargs)

    def test_security_group_rules_as_heats(self):
        group = self.make(ec2_secgroup.SecurityGroup, {
            'GroupDescription': 'web',
            'SecurityGroupIngress': [
                {'IpProtocol': 'tcp', 'FromPort': '80', 'ToPort': '80',
                 'CidrIp': '0.0.0.0/0'},
                {'IpProtocol': 'icmp', 'FromPort': '-1', 'ToPort': '-1',
                 'CidrIp': '10.0.0.0/8'},
                {'IpProtocol': 'tcp', 'SourceSecurityGroupName': 'other'}],
            'SecurityGroupEgress': [{'IpProtocol': '-1',
                                     'CidrIp': '0.0.0.0/0'}]})
        rules = group.os_properties(group.properties)['rules']
        self.assertEqual({'direction': 'ingress', 'ethertype': 'IPv4',
                          'protocol': 'tcp', 'port_range_min': 80,
                          'port_range_max': 80,
                          'remote_ip_prefix': '0.0.0.0/0'}, rules[0])
        self.assertEqual((None, None, '10.0.0.0/8'), (
            rules[1]['port_range_min'], rules[1]['port_range_max'],
            rules[1]['remote_ip_prefix']))
        self.assertEqual(('remote_group_id', 'other'), (
            rules[2]['remote_mode'], rules[2]['remote_group_id']))
        # No ports: no address range (Heat's _prop_rules_to_common).
        self.assertEqual({'direction': 'egress', 'ethertype': 'IPv4',
                          'protocol': None, 'port_range_min': None,
                          'port_range_max': None}, rules[3])
        self.neutron.objects['/security-groups/other'] = {
            'security_group': {'id': 'sg-other'}}
        self.neutron.objects['/security-groups/new-id'] = {
            'security_group': {'id': 'new-id', 'security_group_rules': []}}
        group.handle_create()
        [post] = self.neutron.sent('POST', '/security-groups')
        self.assertEqual({'description': 'web', 'stateful': True,
                          'name': 'teststack-r-abcdefghijkl'},
                         post[2]['security_group'])
        made = [call[2]['security_group_rule'] for call in
                self.neutron.sent('POST', '/security-group-rules')]
        self.assertEqual(4, len(made))
        self.assertEqual('sg-other', made[2]['remote_group_id'])

    def test_a_network_interface_is_a_port_on_the_subnet(self):
        self.neutron.objects['/subnets/sub-1'] = {'subnet': {
            'id': 'sub-1', 'network_id': 'net-1'}}
        self.neutron.objects['/networks/net-1'] = {'network': {
            'id': 'net-1'}}
        nic = self.make(ec2_secgroup.NetworkInterface, {
            'SubnetId': 'sub-1', 'PrivateIpAddress': '10.0.0.9',
            'GroupSet': []})
        nic.handle_create()
        [post] = self.neutron.sent('POST', '/ports')
        port = post[2]['port']
        self.assertEqual(('net-1', [], [{'subnet_id': 'sub-1',
                                         'ip_address': '10.0.0.9'}]),
                         (port['network_id'], port['security_groups'],
                          port['fixed_ips']))
        self.neutron.objects['/ports/new-id'] = {'port': {
            'id': 'new-id', 'fixed_ips': [{'ip_address': '10.0.0.9'}]}}
        self.assertEqual('10.0.0.9',
                         nic.get_attribute('PrivateIpAddress'))

    def test_a_vpc_is_a_network_and_a_router_of_its_name(self):
        vpc = self.make(ec2_vpc.VPC, {'CidrBlock': '10.0.0.0/16'})
        vpc.handle_create()
        self.neutron.objects['/networks/new-id'] = {'network': {
            'id': 'new-id', 'name': 'teststack-r-abcdefghijkl',
            'status': 'ACTIVE'}}
        self.assertFalse(vpc.check_create_complete(None))
        [net, router] = self.neutron.sent('POST')
        self.assertEqual({'network': {'name': 'teststack-r-abcdefghijkl'}},
                         net[2])
        self.assertEqual({'router': {'name': 'teststack-r-abcdefghijkl'}},
                         router[2])

    def vpc_router(self, gateway=None):
        self.neutron.objects['/networks/vpc'] = {'network': {
            'id': 'vpc', 'name': 'the-vpc'}}
        self.neutron.answers[('GET', '/routers')] = {'routers': [{
            'id': 'rt-vpc', 'name': 'the-vpc', 'status': 'ACTIVE',
            'external_gateway_info': gateway}]}

    def test_a_subnet_joins_the_vpcs_router(self):
        self.vpc_router()
        subnet = self.make(ec2_vpc.Subnet, {
            'VpcId': 'vpc', 'CidrBlock': '10.0.1.0/24',
            'AvailabilityZone': 'az'})
        subnet.handle_create()
        [post] = self.neutron.sent('POST', '/subnets')
        self.assertEqual({'network_id': 'vpc', 'cidr': '10.0.1.0/24',
                          'ip_version': 4,
                          'name': 'teststack-r-abcdefghijkl'},
                         post[2]['subnet'])
        self.assertTrue(subnet.check_create_complete(None))
        self.assertEqual(
            [('PUT', '/routers/rt-vpc/add_router_interface',
              {'subnet_id': 'new-id'}, None)],
            self.neutron.sent('PUT'))
        self.assertEqual('az', subnet.get_attribute('AvailabilityZone'))

    def define(self, **types):
        """The stack's definition: ``name=(type, VpcId)``."""
        self.stack.definition = _Definition(types)
        self.stack.resource_state = lambda name: ('CREATE', 'COMPLETE')

    def test_the_gateway_goes_to_the_route_tables_made(self):
        self.vpc_router()
        self.neutron.answers[('GET', '/networks')] = {'networks': [
            {'id': 'ext'}]}
        self.make(ec2_vpc.RouteTable, {'VpcId': 'vpc'}, name='table',
                  resource_id='rt-2')
        self.make(ec2_vpc.RouteTable, {'VpcId': 'other'}, name='elsewhere',
                  resource_id='rt-3')
        attach = self.make(ec2_vpc.VPCGatewayAttachment, {
            'VpcId': 'vpc', 'InternetGatewayId': 'gw'}, name='attach')
        self.define(table=(ec2_vpc.ROUTE_TABLE, 'vpc'),
                    elsewhere=(ec2_vpc.ROUTE_TABLE, 'other'),
                    attach=(ec2_vpc.ATTACHMENT, 'vpc'))
        attach.handle_create()
        [put] = self.neutron.sent('PUT')
        self.assertEqual(('/routers/rt-2', {'router': {
            'external_gateway_info': {'network_id': 'ext'}}}), put[1:3])
        attach.handle_delete()
        self.assertEqual({'router': {'external_gateway_info': {}}},
                         self.neutron.sent('PUT')[-1][2])

    def test_a_route_table_takes_the_vpc_routers_gateway(self):
        self.vpc_router(gateway={'network_id': 'ext'})
        table = self.make(ec2_vpc.RouteTable, {'VpcId': 'vpc'},
                          resource_id='rt-2')
        self.neutron.objects['/routers/rt-2'] = {'router': {
            'id': 'rt-2', 'status': 'ACTIVE'}}
        self.assertTrue(table.check_create_complete(None))
        [put] = self.neutron.sent('PUT', '/routers/rt-2')
        self.assertEqual({'network_id': 'ext'},
                         put[2]['router']['external_gateway_info'])

    def test_a_route_table_of_an_attached_vpc_takes_the_gateway(self):
        self.vpc_router()
        self.neutron.answers[('GET', '/networks')] = {'networks': [
            {'id': 'ext'}]}
        table = self.make(ec2_vpc.RouteTable, {'VpcId': 'vpc'},
                          name='table', resource_id='rt-2')
        self.neutron.objects['/routers/rt-2'] = {'router': {
            'id': 'rt-2', 'status': 'ACTIVE'}}
        self.define(table=(ec2_vpc.ROUTE_TABLE, 'vpc'))
        self.assertTrue(table.check_create_complete(None))
        self.assertEqual([], self.neutron.sent('PUT'))
        self.define(table=(ec2_vpc.ROUTE_TABLE, 'vpc'),
                    attach=(ec2_vpc.ATTACHMENT, 'vpc'))
        self.assertTrue(table.check_create_complete(None))
        [put] = self.neutron.sent('PUT', '/routers/rt-2')
        self.assertEqual({'network_id': 'ext'},
                         put[2]['router']['external_gateway_info'])

    def test_an_association_moves_the_subnet(self):
        self.vpc_router()
        self.neutron.objects['/subnets/sub'] = {'subnet': {
            'id': 'sub', 'network_id': 'vpc'}}
        assoc = self.make(ec2_vpc.SubnetRouteTableAssociation, {
            'RouteTableId': 'rt-2', 'SubnetId': 'sub'})
        assoc.handle_create()
        assoc.handle_delete()
        self.assertEqual([
            '/routers/rt-vpc/remove_router_interface',
            '/routers/rt-2/add_router_interface',
            '/routers/rt-2/remove_router_interface',
            '/routers/rt-vpc/add_router_interface'],
            [call[1] for call in self.neutron.sent('PUT')])

    def test_an_eip_is_a_floating_ip_of_the_external_network(self):
        self.neutron.answers[('GET', '/networks')] = {'networks': [
            {'id': 'ext'}]}
        self.neutron.answers[('GET', '/ports')] = {'ports': [
            {'id': 'port-1', 'network_id': 'net'}]}
        self.neutron.objects['/floatingips/new-id'] = {'floatingip': {
            'id': 'new-id', 'floating_ip_address': '172.24.4.9'}}
        eip = self.make(ec2_eip.ElasticIp, {'InstanceId': 's1'})
        eip.handle_create()
        self.assertTrue(eip.check_create_complete(None))
        [post] = self.neutron.sent('POST', '/floatingips')
        self.assertEqual({'floatingip': {'floating_network_id': 'ext'}},
                         post[2])
        [put] = self.neutron.sent('PUT', '/floatingips/new-id')
        self.assertEqual({'floatingip': {'port_id': 'port-1'}}, put[2])
        self.assertEqual('172.24.4.9', eip.get_reference_id())
        self.assertEqual('new-id', eip.get_attribute('AllocationId'))

    def test_heats_rules_of_eip_associations(self):
        def check(props):
            checked = properties.Properties(
                ec2_eip.ElasticIpAssociation.properties_schema, props,
                path=PATH)
            ec2_eip.ElasticIpAssociation.validate_properties(checked, PATH)
        for props, text in (
                ({'InstanceId': 's'}, "Either 'EIP' or 'AllocationId'"),
                ({'EIP': '1.2.3.4'}, "Must specify 'InstanceId'"),
                ({'AllocationId': 'a'}, 'InstanceId, NetworkInterfaceId')):
            error = self.assertRaises(exception.StackValidationFailed,
                                      check, props)
            self.assertIn(text, str(error))
        check({'AllocationId': 'a', 'NetworkInterfaceId': 'p'})

    def test_an_association_by_allocation_gives_the_router_a_gateway(self):
        self.vpc_router()
        self.neutron.objects['/ports/p1'] = {'port': {
            'id': 'p1', 'network_id': 'vpc'}}
        self.neutron.objects['/floatingips/fip'] = {'floatingip': {
            'id': 'fip', 'floating_network_id': 'ext'}}
        assoc = self.make(ec2_eip.ElasticIpAssociation, {
            'AllocationId': 'fip', 'NetworkInterfaceId': 'p1'})
        assoc.handle_create()
        assoc.handle_delete()
        self.assertEqual([
            ('/routers/rt-vpc', {'router': {'external_gateway_info': {
                'network_id': 'ext'}}}),
            ('/floatingips/fip', {'floatingip': {'port_id': 'p1'}}),
            ('/floatingips/fip', {'floatingip': {'port_id': None}})],
            [call[1:3] for call in self.neutron.sent('PUT')])
        self.assertEqual('fip', assoc.resource_id)
