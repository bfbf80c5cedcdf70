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

"""A CloudFormation template through the Query API, on the test cloud.

boto3 creates, as a user porting an AWS template would, a VPC with a
public subnet (route table, internet gateway, default route), a security
group with a rule of its own, an instance on the subnet with an EBS
volume attached, an Elastic IP and a wait condition the instance
signals; the relay translates it to Neutron, Nova and Cinder resources.
The test plays the instance: it reads the signed URL from the server's
user data, as cfn-signal would, and signals it. The stack reaches
CREATE_COMPLETE; python-heatclient sees the same stack; each service
holds what the template says; DeleteStack leaves nothing behind.
"""

import base64
import re

from heatclient import client as heat_client
import requests

from tests.cloud.openstack import cloud_base

TEMPLATE = '''AWSTemplateFormatVersion: '2010-09-09'
Description: A web server in a VPC of its own
Parameters:
  ImageId: {Type: 'AWS::EC2::Image::Id'}
  InstanceType: {Type: String}
Resources:
  VPC:
    Type: AWS::EC2::VPC
    Properties:
      CidrBlock: 10.40.0.0/16
      Tags: [{Key: Name, Value: !Sub '${AWS::StackName}-vpc'}]
  Subnet:
    Type: AWS::EC2::Subnet
    Properties: {VpcId: !Ref VPC, CidrBlock: 10.40.1.0/24}
  Gateway: {Type: AWS::EC2::InternetGateway}
  Attachment:
    Type: AWS::EC2::VPCGatewayAttachment
    Properties: {VpcId: !Ref VPC, InternetGatewayId: !Ref Gateway}
  Routes:
    Type: AWS::EC2::RouteTable
    Properties: {VpcId: !Ref VPC}
  DefaultRoute:
    Type: AWS::EC2::Route
    DependsOn: Attachment
    Properties:
      RouteTableId: !Ref Routes
      DestinationCidrBlock: 0.0.0.0/0
      GatewayId: !Ref Gateway
  SubnetRoutes:
    Type: AWS::EC2::SubnetRouteTableAssociation
    Properties: {SubnetId: !Ref Subnet, RouteTableId: !Ref Routes}
  WebGroup:
    Type: AWS::EC2::SecurityGroup
    Properties:
      GroupDescription: HTTP in
      VpcId: !Ref VPC
      SecurityGroupIngress:
        - {IpProtocol: tcp, FromPort: 80, ToPort: 80, CidrIp: 0.0.0.0/0}
  SSH:
    Type: AWS::EC2::SecurityGroupIngress
    Properties:
      GroupId: !GetAtt WebGroup.GroupId
      IpProtocol: tcp
      FromPort: 22
      ToPort: 22
      CidrIp: 10.0.0.0/8
  ReadyHandle: {Type: AWS::CloudFormation::WaitConditionHandle}
  Web:
    Type: AWS::EC2::Instance
    DependsOn: SubnetRoutes
    Properties:
      ImageId: !Ref ImageId
      InstanceType: !Ref InstanceType
      SubnetId: !Ref Subnet
      SecurityGroupIds: [!Ref WebGroup]
      UserData:
        Fn::Base64: !Sub |
          #!/bin/sh
          /opt/aws/bin/cfn-signal -e 0 -d ready '${ReadyHandle}'
  Data:
    Type: AWS::EC2::Volume
    Properties: {Size: 1}
  DataAttachment:
    Type: AWS::EC2::VolumeAttachment
    Properties: {InstanceId: !Ref Web, VolumeId: !Ref Data, Device: /dev/vdb}
  Ready:
    Type: AWS::CloudFormation::WaitCondition
    DependsOn: Web
    Properties: {Handle: !Ref ReadyHandle, Timeout: 600, Count: 1}
  Address:
    Type: AWS::EC2::EIP
    DependsOn: Attachment
    Properties: {Domain: vpc}
Outputs:
  PublicIp: {Value: !Ref Address}
  WebAddress: {Value: !GetAtt Web.PrivateIp}
  Signal: {Value: !GetAtt Ready.Data}
'''
URL = re.compile(r"'(http://[^']+)'")


class CloudFormationOnCloudTest(cloud_base.CloudTestCase):

    def stack_status(self, cfn, name):
        [stack] = cfn.describe_stacks(StackName=name)['Stacks']
        return stack

    def signal_from_the_instance(self, cfn, name):
        """Read the handle's URL in the server's user data and signal it
        (the instance's cfn-signal).
        """
        def server():
            for res in cfn.describe_stack_resources(
                    StackName=name)['StackResources']:
                if res['LogicalResourceId'] == 'Web' and \
                        res['ResourceStatus'] == 'CREATE_COMPLETE':
                    return res['PhysicalResourceId']
            status = self.stack_status(cfn, name)['StackStatus']
            self.assertEqual('CREATE_IN_PROGRESS', status)
            return None
        server_id = self.wait_for(server, timeout=600)
        user_data = self.admin.compute.get_server(server_id).user_data
        [url] = URL.findall(base64.b64decode(user_data).decode())
        response = requests.put(url, json={
            'Status': 'SUCCESS', 'Reason': 'booted', 'UniqueId': 'web',
            'Data': 'ready'}, timeout=60)
        self.assertEqual(200, response.status_code, response.text)

    def test_template_to_cloud_and_back(self):
        public = self.public_network()
        self.start_heat_vision()
        cfn = self.cfn()
        name = cloud_base.unique('cfn')
        # The external network is the translation's own parameter (an
        # operator may default it in [relay] cfn_environment).
        given = {'ImageId': self.image.id,
                 'InstanceType': self.flavors[0].name,
                 'aws_external_network': public.id}
        answer = cfn.create_stack(
            StackName=name, TemplateBody=TEMPLATE,
            Parameters=[{'ParameterKey': k, 'ParameterValue': v}
                        for k, v in given.items()])
        self.signal_from_the_instance(cfn, name)
        stack = self.wait_for(lambda: (
            lambda s: None if s['StackStatus'].endswith('IN_PROGRESS')
            else s)(self.stack_status(cfn, name)), timeout=900)
        self.assertEqual('CREATE_COMPLETE', stack['StackStatus'],
                         stack.get('StackStatusReason'))
        self.assertEqual(answer['StackId'], stack['StackId'])
        outputs = {o['OutputKey']: o['OutputValue']
                   for o in stack['Outputs']}
        self.assertEqual('{"web": "ready"}', outputs['Signal'])
        self.assertTrue(outputs['WebAddress'].startswith('10.40.1.'),
                        outputs)

        # python-heatclient sees the same stack, translated.
        heat = heat_client.Client(
            '1', endpoint='http://127.0.0.1:%d/v1/%s' % (
                self.port, self.demo.current_project_id),
            token=self.demo.auth_token)
        shown = heat.stacks.get(name)
        self.assertEqual(('CREATE_COMPLETE', stack['StackId'].rsplit(
            '/', 1)[-1]), (shown.stack_status, shown.id))
        types = {r.resource_name: r.resource_type
                 for r in heat.resources.list(shown.id)}
        self.assertEqual('OS::Nova::Server', types['Web'])
        self.assertEqual('OS::Neutron::Router', types['Routes'])
        ids = {r.resource_name: r.physical_resource_id
               for r in heat.resources.list(shown.id)}

        # Each service holds what the template says.
        network = self.admin.network
        router = network.get_router(ids['Routes'])
        self.assertEqual(public.id,
                         router.external_gateway_info['network_id'])
        subnet = network.get_subnet(ids['Subnet'])
        self.assertEqual(('10.40.1.0/24', ids['VPC']),
                         (subnet.cidr, subnet.network_id))
        self.assertEqual([ids['Subnet']], [
            ip['subnet_id'] for port in network.ports(
                device_id=router.id,
                device_owner='network:router_interface')
            for ip in port.fixed_ips])
        rules = network.get_security_group(ids['WebGroup'])[
            'security_group_rules']
        self.assertEqual({(80, '0.0.0.0/0'), (22, '10.0.0.0/8')}, {
            (r['port_range_min'], r['remote_ip_prefix']) for r in rules
            if r['direction'] == 'ingress'})
        server = self.admin.compute.get_server(ids['Web'])
        self.assertEqual([ids['Data']], [
            a.volume_id for a in self.admin.compute.volume_attachments(
                server)])
        fip = network.get_ip(ids['Address'])
        self.assertEqual((public.id, outputs['PublicIp']),
                         (fip.floating_network_id, fip.floating_ip_address))

        cfn.delete_stack(StackName=name)
        self.wait_for(lambda: self.stack_status(cfn, stack['StackId'])[
            'StackStatus'] == 'DELETE_COMPLETE', timeout=900)
        self.assertEqual(self.before, self.cloud_objects())
