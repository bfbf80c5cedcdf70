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

"""The cfn translator's AWS -> OpenStack resource type mapping, and the
environment's resource_registry extending it."""

from heat_vision.common import exception
from heat_vision import translators
from tests import base

VPC = '''AWSTemplateFormatVersion: '2010-09-09'
Resources:
  VPC:
    Type: AWS::EC2::VPC
    Properties:
      CidrBlock: 10.0.0.0/16
      EnableDnsHostnames: true
      Tags: [{Key: Name, Value: !Ref AWS::StackName}, {Key: team, Value: a}]
  Subnet:
    Type: AWS::EC2::Subnet
    Properties:
      VpcId: !Ref VPC
      CidrBlock: 10.0.1.0/24
      MapPublicIpOnLaunch: true
  IGW: {Type: AWS::EC2::InternetGateway}
  Attach:
    Type: AWS::EC2::VPCGatewayAttachment
    Properties: {VpcId: !Ref VPC, InternetGatewayId: !Ref IGW}
  Table:
    Type: AWS::EC2::RouteTable
    Properties: {VpcId: !Ref VPC}
  Default:
    Type: AWS::EC2::Route
    DependsOn: Attach
    Properties:
      RouteTableId: !Ref Table
      DestinationCidrBlock: 0.0.0.0/0
      GatewayId: !Ref IGW
  Assoc:
    Type: AWS::EC2::SubnetRouteTableAssociation
    Properties: {SubnetId: !Ref Subnet, RouteTableId: !Ref Table}
  SG:
    Type: AWS::EC2::SecurityGroup
    Properties:
      GroupDescription: web
      VpcId: !Ref VPC
  SSH:
    Type: AWS::EC2::SecurityGroupIngress
    Properties:
      GroupId: !GetAtt SG.GroupId
      IpProtocol: tcp
      FromPort: 22
      ToPort: 22
      CidrIp: 0.0.0.0/0
  Web:
    Type: AWS::EC2::Instance
    Properties:
      ImageId: cirros
      InstanceType: m1.tiny
      SubnetId: !Ref Subnet
      SecurityGroupIds: [!Ref SG]
  IP:
    Type: AWS::EC2::EIP
    Properties: {Domain: vpc}
Outputs:
  Address: {Value: !Ref IP}
  Allocation: {Value: !GetAtt IP.AllocationId}
'''


def translate(doc, registry=None):
    return translators.load('cfn').translate(doc, registry=registry)


class TestNetworkTypes(base.TestCase):
    """A VPC with a public subnet, as Heat's AWS plugins build it."""

    def setUp(self):
        super().setUp()
        self.result = translate(VPC)
        self.hot = self.result.template
        self.res = self.hot['resources']

    def test_types(self):
        self.assertEqual({
            'VPC': 'OS::Neutron::Net', 'Subnet': 'OS::Neutron::Subnet',
            'IGW': 'OS::Heat::None', 'Attach': 'OS::Heat::None',
            'Table': 'OS::Neutron::Router', 'Default': 'OS::Heat::None',
            'Assoc': 'OS::Neutron::RouterInterface',
            'SG': 'OS::Neutron::SecurityGroup',
            'SSH': 'OS::Neutron::SecurityGroupRule',
            'Web': 'OS::Nova::Server', 'IP': 'OS::Neutron::FloatingIP',
        }, {n: r['type'] for n, r in self.res.items()})

    def test_properties(self):
        self.assertEqual({'tags': [
            {'list_join': ['=', ['Name', {'get_param': 'OS::stack_name'}]]},
            'team=a']}, self.res['VPC']['properties'])
        self.assertEqual({'network': {'get_resource': 'VPC'},
                          'cidr': '10.0.1.0/24'},
                         self.res['Subnet']['properties'])
        self.assertEqual({'router': {'get_resource': 'Table'},
                          'subnet': {'get_resource': 'Subnet'}},
                         self.res['Assoc']['properties'])
        self.assertEqual({'direction': 'ingress',
                          'security_group': {'get_attr': ['SG', 'show',
                                                          'id']},
                          'protocol': 'tcp', 'port_range_min': 22,
                          'port_range_max': 22,
                          'remote_ip_prefix': '0.0.0.0/0'},
                         self.res['SSH']['properties'])
        self.assertEqual([{'subnet': {'get_resource': 'Subnet'}}],
                         self.res['Web']['properties']['networks'])
        self.assertEqual([{'get_resource': 'SG'}],
                         self.res['Web']['properties']['security_groups'])

    def test_default_route_is_the_routers_gateway(self):
        gateway = {'network': {'get_param': 'aws_external_network'}}
        self.assertEqual(gateway, self.res['Table']['properties'][
            'external_gateway_info'])
        self.assertEqual('public', self.hot['parameters'][
            'aws_external_network']['default'])
        self.assertEqual('Attach', self.res['Default']['depends_on'])

    def test_eip_ref_is_its_address(self):
        self.assertEqual({'get_param': 'aws_external_network'},
                         self.res['IP']['properties']['floating_network'])
        outputs = self.hot['outputs']
        self.assertEqual({'get_attr': ['IP', 'floating_ip_address']},
                         outputs['Address']['value'])
        self.assertEqual({'get_attr': ['IP', 'show', 'id']},
                         outputs['Allocation']['value'])

    def test_ignored_properties_are_noted(self):
        noted = dict(self.result.notes)
        for path in ('VPC.Properties.CidrBlock',
                     'VPC.Properties.EnableDnsHostnames',
                     'Subnet.Properties.MapPublicIpOnLaunch',
                     'SG.Properties.VpcId', 'IP.Properties.Domain'):
            self.assertIn('Resources.' + path, noted)


class TestUnmapped(base.TestCase):

    def refused(self, doc):
        with self.assertRaises(exception.NoCounterpart) as caught:
            translate(doc)
        return caught.exception.items

    def test_a_route_to_elsewhere_is_a_no_counterpart_item(self):
        doc = VPC.replace('GatewayId: !Ref IGW', 'GatewayId: !Ref SG')
        self.assertEqual(
            ['Resources.Default.Type (AWS::EC2::Route other than a default '
             'route to an internet or NAT gateway of the template)'],
            self.refused(doc))

    def test_a_property_without_equivalent_keeps_the_type(self):
        # heat-vision runs AWS::EC2::EIP natively (resources/aws/ec2_eip).
        doc = VPC.replace('Properties: {Domain: vpc}',
                          'Properties: {InstanceId: !Ref Web}')
        out = translate(doc).template
        kept = [r for r in out['resources'].values()
                if r['type'] == 'AWS::EC2::EIP']
        self.assertEqual([{'InstanceId': {'get_resource': 'Web'}}],
                         [r['properties'] for r in kept])


class TestRegistry(base.TestCase):
    """A type the environment maps is kept for the engine to resolve."""

    DOC = '''Resources:
  DB:
    Type: AWS::RDS::DBInstance
    Properties: {DBName: !Ref AWS::StackName, AllocatedStorage: 5}
  Web:
    Type: AWS::EC2::Instance
    Properties: {ImageId: cirros, InstanceType: m1.tiny}
Outputs:
  Endpoint: {Value: !GetAtt DB.Endpoint.Address}
'''

    def test_without_a_mapping_it_is_refused(self):
        with self.assertRaises(exception.NoCounterpart) as caught:
            translate(self.DOC)
        self.assertEqual(['Resources.DB.Type (the resource type '
                          'AWS::RDS::DBInstance)'], caught.exception.items)

    def test_a_provider_template_takes_an_aws_type(self):
        hot = translate(self.DOC, {
            'AWS::RDS::DBInstance': 'rds.yaml'}).template
        self.assertEqual({'type': 'AWS::RDS::DBInstance', 'properties': {
            'DBName': {'get_param': 'OS::stack_name'},
            'AllocatedStorage': 5}}, hot['resources']['DB'])
        self.assertEqual({'get_attr': ['DB', 'Endpoint.Address']},
                         hot['outputs']['Endpoint']['value'])

    def test_a_mapped_type_can_be_taken_over(self):
        """The operator's own AWS::EC2::Instance (a provider template
        with AWS's property names) wins over the built-in mapping.
        """
        hot = translate(self.DOC, {
            'AWS::RDS::DBInstance': 'rds.yaml',
            'resources': {'Web': {'AWS::EC2::Instance': 'web.yaml'}},
        }).template
        self.assertEqual('AWS::EC2::Instance',
                         hot['resources']['Web']['type'])
        self.assertEqual({'ImageId': 'cirros', 'InstanceType': 'm1.tiny'},
                         hot['resources']['Web']['properties'])

    def test_an_alias_to_an_os_type(self):
        hot = translate(self.DOC.replace('AWS::RDS::DBInstance',
                                         'AWS::Custom::Thing'),
                        {'AWS::Custom::*': 'OS::Heat::None'}).template
        self.assertEqual('AWS::Custom::Thing', hot['resources']['DB']['type'])

    def test_a_bad_registry_is_refused(self):
        self.assertRaises(exception.InvalidEnvironment, translate,
                          self.DOC, ['not a map'])


class TestCloudWatchAlarm(base.TestCase):

    DOC = '''Resources:
  Group:
    Type: AWS::AutoScaling::AutoScalingGroup
    Properties: {MinSize: 1, MaxSize: 3, LaunchConfigurationName: !Ref LC,
                 AvailabilityZones: !GetAZs ''}
  LC:
    Type: AWS::AutoScaling::LaunchConfiguration
    Properties: {ImageId: cirros, InstanceType: m1.tiny}
  Up:
    Type: AWS::AutoScaling::ScalingPolicy
    Properties: {AdjustmentType: ChangeInCapacity, ScalingAdjustment: 1,
                 AutoScalingGroupName: !Ref Group}
  CPUHigh:
    Type: AWS::CloudWatch::Alarm
    Properties:
      AlarmDescription: scale up on CPU
      Namespace: AWS/EC2
      MetricName: CPUUtilization
      Dimensions: [{Name: AutoScalingGroupName, Value: !Ref Group}]
      Statistic: Average
      Period: 60
      EvaluationPeriods: 2
      ComparisonOperator: GreaterThanThreshold
      Threshold: 80
      AlarmActions: [!Ref Up]
'''

    def test_alarm_is_the_builtin_threshold_alarm(self):
        result = translate(self.DOC)
        alarm = result.template['resources']['CPUHigh']
        self.assertEqual('OS::HeatVision::Alarm', alarm['type'])
        self.assertEqual({
            'repeat_actions': False, 'description': 'scale up on CPU',
            'meter_name': 'CPUUtilization',
            'matching_metadata': {
                'AutoScalingGroupName': {'get_resource': 'Group'}},
            'statistic': 'avg', 'period': 60, 'evaluation_periods': 2,
            'comparison_operator': 'gt', 'threshold': 80,
            'alarm_actions': [{'get_resource': 'Up'}]},
            alarm['properties'])
        self.assertIn('Resources.CPUHigh.Properties.Namespace',
                      dict(result.notes))

    def test_an_operator_aws_has_alone_keeps_the_type(self):
        doc = self.DOC.replace('GreaterThanThreshold',
                               'LessThanLowerOrGreaterThanUpperThreshold')
        with self.assertRaises(exception.NoCounterpart) as caught:
            translate(doc)
        self.assertIn('AWS::CloudWatch::Alarm with ComparisonOperator',
                      caught.exception.items[0])
