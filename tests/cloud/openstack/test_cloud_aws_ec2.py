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

"""heat-vision's own AWS::EC2 types (Heat's aws/ec2 plugins) on the test
cloud: a heat-templates CloudFormation template unchanged, and a VPC.

``WordPress_Single_Instance_With_EBS_EIP.template`` (heat_templates/,
checked by its SHA-256) gets only what it asks for: a key pair, an image
named as its mapping says (``F17-x86_64-cfntools``, the demo project's
own), the flavor ``m1.small`` and, for Nova to put the instance on, one
network of the project's routed to the external network. Its instance
(a Nova server in its security group), the EBS volume attached at
/dev/vdc and the Elastic IP associated with the server are checked in
the services; deleting the stack leaves nothing.

The VPC template has every other EC2 networking type: a VPC with a
subnet, an internet gateway attached, a route table associated with the
subnet, a security group, a network interface on the subnet, an
instance on that interface and an Elastic IP given to the interface by
its allocation id.
"""

import hashlib
import os

from tests.cloud.openstack import cloud_base

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                    'heat_templates')
WORDPRESS = (
    'WordPress_Single_Instance_With_EBS_EIP.template',
    '8d21ae5ca9cf283986b4d1fc371be5254c872f5aea871eaec40c7249b16c2dc6')
#: the image and flavor the template's mappings and default name.
IMAGE, FLAVOR = 'F17-x86_64-cfntools', 'm1.small'

VPC_TEMPLATE = '''AWSTemplateFormatVersion: '2010-09-09'
Parameters:
  ImageId: {Type: String}
  InstanceType: {Type: String}
Resources:
  VPC:
    Type: AWS::EC2::VPC
    Properties: {CidrBlock: 10.62.0.0/16}
  Subnet:
    Type: AWS::EC2::Subnet
    Properties: {VpcId: {Ref: VPC}, CidrBlock: 10.62.1.0/24}
  Gateway: {Type: AWS::EC2::InternetGateway}
  Attachment:
    Type: AWS::EC2::VPCGatewayAttachment
    Properties: {VpcId: {Ref: VPC}, InternetGatewayId: {Ref: Gateway}}
  Routes:
    Type: AWS::EC2::RouteTable
    Properties: {VpcId: {Ref: VPC}}
  Association:
    Type: AWS::EC2::SubnetRouteTableAssociation
    Properties: {RouteTableId: {Ref: Routes}, SubnetId: {Ref: Subnet}}
  Web:
    Type: AWS::EC2::SecurityGroup
    Properties:
      GroupDescription: web
      VpcId: {Ref: VPC}
      SecurityGroupIngress:
      - {IpProtocol: tcp, FromPort: '80', ToPort: '80', CidrIp: 0.0.0.0/0}
  Interface:
    Type: AWS::EC2::NetworkInterface
    Properties:
      SubnetId: {Ref: Subnet}
      PrivateIpAddress: 10.62.1.20
      GroupSet: [{Ref: Web}]
  Server:
    Type: AWS::EC2::Instance
    Properties:
      ImageId: {Ref: ImageId}
      InstanceType: {Ref: InstanceType}
      NetworkInterfaces:
      - {NetworkInterfaceId: {Ref: Interface}, DeviceIndex: '0'}
  Address:
    Type: AWS::EC2::EIP
    Properties: {Domain: vpc}
  AddressAssociation:
    Type: AWS::EC2::EIPAssociation
    DependsOn: [Association, Attachment]
    Properties:
      AllocationId: {'Fn::GetAtt': [Address, AllocationId]}
      NetworkInterfaceId: {Ref: Interface}
Outputs:
  Address: {Value: {Ref: Address}}
  PrivateIp: {Value: {'Fn::GetAtt': [Server, PrivateIp]}}
  InterfaceIp: {Value: {'Fn::GetAtt': [Interface, PrivateIpAddress]}}
'''


class AwsEc2OnCloudTest(cloud_base.CloudTestCase):

    def private_network(self, public):
        """The project's one network, routed to ``public``."""
        net = self.demo.network
        network = net.create_network(name=cloud_base.unique('private'))
        self.addCleanup(net.delete_network, network, ignore_missing=True)
        subnet = net.create_subnet(
            network_id=network.id, ip_version=4, cidr='10.63.0.0/24',
            name=cloud_base.unique('private-subnet'))
        self.addCleanup(net.delete_subnet, subnet, ignore_missing=True)
        router = net.create_router(
            name=cloud_base.unique('router'),
            external_gateway_info={'network_id': public.id})
        self.addCleanup(net.delete_router, router, ignore_missing=True)
        net.add_interface_to_router(router, subnet_id=subnet.id)
        self.addCleanup(net.remove_interface_from_router, router,
                        subnet_id=subnet.id)

    def named_image_and_flavor(self):
        image = self.demo.image.create_image(
            name=IMAGE, data=b'\0' * 4096, disk_format='raw',
            container_format='bare', visibility='private',
            allow_duplicates=True)
        self.addCleanup(self.demo.image.delete_image, image,
                        ignore_missing=True)
        flavor = self.admin.compute.find_flavor(FLAVOR)
        if flavor is None:
            flavor = self.admin.compute.create_flavor(
                name=FLAVOR, ram=128, vcpus=1, disk=1)
            self.addCleanup(self.admin.compute.delete_flavor, flavor,
                            ignore_missing=True)

    def create(self, template, parameters):
        name = cloud_base.unique('ec2')
        stack_id = self.client.create(name, template,
                                      parameters=parameters)
        self.addCleanup(self.delete_if_left, name, stack_id)
        stack = self.wait_stack(name, stack_id, 900)
        self.assertEqual('CREATE_COMPLETE', stack['stack_status'],
                         stack['stack_status_reason'])
        return name, stack_id

    def delete_if_left(self, name, stack_id):
        """Delete the stack a failed assertion left (heat-vision still
        runs: this cleanup comes after its own).
        """
        shown = self.client.show(name, stack_id)
        if shown.status_code == 200 and shown.json()['stack'][
                'stack_status'] != 'DELETE_COMPLETE':
            self.client.request('DELETE', '/stacks/%s/%s' % (name, stack_id))
            self.wait_stack(name, stack_id, 900)

    def test_wordpress_with_ebs_and_eip_unchanged(self):
        with open(os.path.join(HERE, WORDPRESS[0]), 'rb') as f:
            text = f.read()
        self.assertEqual(WORDPRESS[1], hashlib.sha256(text).hexdigest())
        public = self.public_network()
        self.private_network(public)
        self.named_image_and_flavor()
        key = self.demo.compute.create_keypair(name=cloud_base.unique('key'))
        self.addCleanup(self.demo.compute.delete_keypair, key,
                        ignore_missing=True)
        before = self.cloud_objects()
        self.start_heat_vision()
        name, stack_id = self.create(text.decode(), {'KeyName': key.name})
        ids = self.physical_ids(name, stack_id)
        server = self.demo.compute.get_server(ids['WikiServer'])
        self.assertEqual(('ACTIVE', key.name), (server.status,
                                                server.key_name))
        group = self.demo.network.get_security_group(
            ids['WikiServerSecurityGroup'])
        self.assertEqual({(rule['protocol'], rule['port_range_min'])
                          for rule in group.security_group_rules
                          if rule['direction'] == 'ingress'},
                         {('icmp', None), ('tcp', 80), ('tcp', 22)})
        volume = self.demo.block_storage.get_volume(ids['DataVolume'])
        self.assertEqual(('in-use', 1, {'Usage': 'Wiki Data Volume'}),
                         (volume.status, volume.size, volume.metadata))
        # (Nova names the device as its driver does: Heat's Device
        # "may not be honored".)
        self.assertEqual([server.id], [
            a['server_id'] for a in volume.attachments])
        floating = self.demo.network.get_ip(ids['IPAddress'])
        ports = list(self.demo.network.ports(device_id=server.id))
        self.assertEqual(ports[0].id, floating.port_id)
        outputs = self.outputs(name, stack_id)
        self.assertEqual(floating.floating_ip_address,
                         outputs['InstanceIPAddress'])
        address = ports[0].fixed_ips[0]['ip_address']
        self.assertEqual('http://%s/wordpress' % address,
                         outputs['WebsiteURL'])
        self.delete_stack(name, stack_id)
        self.assertEqual(before, self.cloud_objects())

    def test_a_vpc_with_every_networking_type(self):
        public = self.public_network()
        before = self.cloud_objects()
        self.start_heat_vision()
        name, stack_id = self.create(VPC_TEMPLATE, {
            'ImageId': self.image.id, 'InstanceType': self.flavors[0].name})
        ids = self.physical_ids(name, stack_id)
        net = self.demo.network
        network = net.get_network(ids['VPC'])
        [vpc_router] = list(net.routers(name=network.name))
        table = net.get_router(ids['Routes'])
        for router in (vpc_router, table):
            self.assertEqual(public.id,
                             router.external_gateway_info['network_id'])
        # The association moved the subnet to the route table's router.
        interfaces = {p.device_id for p in net.ports(
            network_id=network.id, device_owner='network:router_interface')}
        self.assertEqual({table.id}, interfaces)
        port = net.get_port(ids['Interface'])
        self.assertEqual(([ids['Web']], '10.62.1.20'), (
            port.security_group_ids, port.fixed_ips[0]['ip_address']))
        self.assertEqual(ids['Server'], port.device_id)
        floating = net.get_ip(ids['Address'])
        self.assertEqual((port.id, ids['Address']), (
            floating.port_id, ids['AddressAssociation']))
        self.assertEqual({'Address': floating.floating_ip_address,
                          'PrivateIp': '10.62.1.20',
                          'InterfaceIp': '10.62.1.20'},
                         self.outputs(name, stack_id))
        self.delete_stack(name, stack_id)
        self.assertEqual(before, self.cloud_objects())
