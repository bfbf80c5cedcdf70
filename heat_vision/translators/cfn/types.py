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

"""AWS resource types with a HOT equivalent, property by property.

A resource is given its HOT type only when every property it sets and
every attribute read from it has an equivalent here; otherwise it keeps
its AWS type (heat-vision, like Heat, may have a plugin for it).

The networking types follow Heat's own AWS plugins
(heat/engine/resources/aws/ec2/): a VPC is a Neutron network (vpc.py
creates a net; its CidrBlock is only the subnets' range), a route table
is a Neutron router (route_table.py) and its subnet association a router
interface, an internet gateway has no object of its own
(internet_gateway.py), and attaching it gives the VPC's routers the
external network as gateway (VPCGatewayAttachment.handle_create); an
EIP is a floating IP of the external network (eip.py).
"""

import collections
import json

#: A converter's answer for a value that has no HOT equivalent.
UNMAPPED = object()
#: The parameter naming the external network (Heat finds the one
#: ``router:external`` network; a template says it here).
EXTERNAL_NETWORK = ('aws_external_network', {
    'type': 'string', 'default': 'public',
    'description': 'The external network of internet gateways and EIPs',
    'constraints': [{'custom_constraint': 'neutron.network'}]})

Mapping = collections.namedtuple(
    'Mapping', 'hot_type properties attributes converters ignored ref '
               'fixed merged', defaults=({}, {}, {}, None, {}, ()))
Mapping.__doc__ = """How one AWS type maps.

:ivar hot_type: the HOT type.
:ivar properties: ``{AWS property: HOT property}``.
:ivar attributes: ``{AWS attribute: HOT attribute}`` (a tuple: the
    attribute and a path in it).
:ivar converters: ``{AWS property: function}`` turning a literal value
    into the HOT one (or UNMAPPED).
:ivar ignored: ``{AWS property: why}`` accepted with a note, having no
    effect in OpenStack.
:ivar ref: the HOT attribute ``Ref`` reads, when not the resource id.
:ivar fixed: HOT properties every such resource gets.
:ivar merged: HOT map properties that several AWS properties fill, each
    converted to a map of its own: one is used as it is, several are
    joined with ``map_merge``.
"""


def _tags_to_metadata(value):
    if not isinstance(value, list):
        return UNMAPPED
    out = {}
    for tag in value:
        if (not isinstance(tag, dict) or set(tag) != {'Key', 'Value'} or
                not isinstance(tag['Key'], str)):
            return UNMAPPED
        out[tag['Key']] = tag['Value']
    return out


def _tags_to_list(value):
    """Neutron's tags are strings: ``key=value``."""
    tags = _tags_to_metadata(value)
    if tags is UNMAPPED:
        return UNMAPPED
    return ['%s=%s' % (key, tag) if isinstance(tag, str) else
            {'list_join': ['=', [key, tag]]} for key, tag in tags.items()]


RULE_KEYS = {'IpProtocol': 'protocol', 'FromPort': 'port_range_min',
             'ToPort': 'port_range_max', 'CidrIp': 'remote_ip_prefix',
             'CidrIpv6': 'remote_ip_prefix', 'Description': 'description',
             'SourceSecurityGroupId': 'remote_group_id',
             'DestinationSecurityGroupId': 'remote_group_id'}


def _rules(direction):
    def convert(value):
        if not isinstance(value, list):
            return UNMAPPED
        rules = []
        for rule in value:
            if not isinstance(rule, dict) or not set(rule) <= set(RULE_KEYS):
                return UNMAPPED
            out = {RULE_KEYS[k]: v for k, v in rule.items()}
            if out.get('protocol') in ('-1', -1):
                del out['protocol']
            if 'remote_group_id' in out:
                out['remote_mode'] = 'remote_group_id'
            out['direction'] = direction
            rules.append(out)
        return rules
    return convert


def aws_protocol(value):
    # AWS's -1 is every protocol: Neutron's rule without one.
    return None if value in ('-1', -1) else value


def _subnet_to_networks(value):
    return [{'subnet': value}]


_NO_TENANCY = 'OpenStack has no dedicated hosts per network'
_DNS = 'Neutron resolves names on every network'


def _rule_resource(direction):
    return Mapping(
        'OS::Neutron::SecurityGroupRule',
        {'GroupId': 'security_group', 'IpProtocol': 'protocol',
         'FromPort': 'port_range_min', 'ToPort': 'port_range_max',
         'CidrIp': 'remote_ip_prefix', 'CidrIpv6': 'remote_ip_prefix',
         'SourceSecurityGroupId': 'remote_group',
         'DestinationSecurityGroupId': 'remote_group',
         'Description': 'description'},
        converters={'IpProtocol': aws_protocol},
        fixed={'direction': direction})


#: AWS type -> Mapping.
TYPES = {
    'AWS::EC2::Instance': Mapping(
        'OS::Nova::Server',
        {'ImageId': 'image', 'InstanceType': 'flavor',
         'KeyName': 'key_name', 'UserData': 'user_data',
         'SecurityGroups': 'security_groups',
         'SecurityGroupIds': 'security_groups',
         'SubnetId': 'networks',
         'AvailabilityZone': 'availability_zone', 'Tags': 'metadata'},
        {'PublicIp': 'first_address', 'PrivateIp': 'first_address',
         'PublicDnsName': 'first_address', 'PrivateDnsName': 'name',
         'AvailabilityZone': 'OS-EXT-AZ:availability_zone'},
        {'Tags': _tags_to_metadata, 'SubnetId': _subnet_to_networks},
        ignored={'Monitoring': 'an instance\'s metrics are the cloud\'s '
                               'telemetry, at its own interval'}),
    'AWS::EC2::Volume': Mapping(
        'OS::Cinder::Volume',
        {'Size': 'size', 'AvailabilityZone': 'availability_zone',
         'SnapshotId': 'snapshot_id', 'Tags': 'metadata'},
        {}, {'Tags': _tags_to_metadata}),
    'AWS::EC2::VolumeAttachment': Mapping(
        'OS::Cinder::VolumeAttachment',
        {'InstanceId': 'instance_uuid', 'VolumeId': 'volume_id',
         'Device': 'mountpoint'}),
    'AWS::EC2::SecurityGroup': Mapping(
        'OS::Neutron::SecurityGroup',
        {'GroupDescription': 'description', 'GroupName': 'name',
         'SecurityGroupIngress': 'rules', 'SecurityGroupEgress': 'rules'},
        {'GroupId': ('show', 'id')},
        {'SecurityGroupIngress': _rules('ingress'),
         'SecurityGroupEgress': _rules('egress')},
        ignored={'VpcId': 'a Neutron security group belongs to the '
                          'project, not to a network',
                 'Tags': 'Neutron security groups have no tags here'}),
    'AWS::EC2::SecurityGroupIngress': _rule_resource('ingress'),
    'AWS::EC2::SecurityGroupEgress': _rule_resource('egress'),
    'AWS::EC2::VPC': Mapping(
        'OS::Neutron::Net', {'Tags': 'tags'}, {},
        {'Tags': _tags_to_list},
        ignored={'CidrBlock': 'the subnets carry the address ranges',
                 'InstanceTenancy': _NO_TENANCY,
                 'EnableDnsSupport': _DNS, 'EnableDnsHostnames': _DNS}),
    'AWS::EC2::Subnet': Mapping(
        'OS::Neutron::Subnet',
        {'CidrBlock': 'cidr', 'VpcId': 'network', 'Tags': 'tags'}, {},
        {'Tags': _tags_to_list},
        ignored={'AvailabilityZone': 'a Neutron subnet spans the zones',
                 'MapPublicIpOnLaunch': 'an instance gets no public '
                                        'address on its own: it is reached '
                                        'through a floating IP (an EIP)'}),
    'AWS::EC2::RouteTable': Mapping(
        'OS::Neutron::Router', {'Tags': 'tags'}, {},
        {'Tags': _tags_to_list},
        ignored={'VpcId': 'a router joins the networks of the subnets '
                          'associated with it'}),
    'AWS::EC2::SubnetRouteTableAssociation': Mapping(
        'OS::Neutron::RouterInterface',
        {'RouteTableId': 'router', 'SubnetId': 'subnet'}),
    'AWS::EC2::InternetGateway': Mapping(
        'OS::Heat::None', {'Tags': 'tags'}),
    'AWS::EC2::VPCGatewayAttachment': Mapping(
        'OS::Heat::None',
        {'VpcId': 'VpcId', 'InternetGatewayId': 'InternetGatewayId'}),
    'AWS::EC2::EIP': Mapping(
        'OS::Neutron::FloatingIP', {}, {'AllocationId': ('show', 'id')},
        ignored={'Domain': 'every floating IP is of the external '
                           'network'},
        ref='floating_ip_address',
        fixed={'floating_network': {'get_param': EXTERNAL_NETWORK[0]}}),
    'AWS::EC2::KeyPair': Mapping(
        'OS::Nova::KeyPair', {'KeyName': 'name'}, {}),
    'AWS::S3::Bucket': Mapping(
        'OS::Swift::Container',
        {'BucketName': 'name'},
        {'DomainName': 'DomainName', 'WebsiteURL': 'WebsiteURL'}),
}

_STATISTICS = {'Average': 'avg', 'Minimum': 'min', 'Maximum': 'max',
               'Sum': 'sum', 'SampleCount': 'count'}
_COMPARISONS = {'GreaterThanThreshold': 'gt',
                'GreaterThanOrEqualToThreshold': 'ge',
                'LessThanThreshold': 'lt',
                'LessThanOrEqualToThreshold': 'le'}


def _dimensions(value):
    if not isinstance(value, list):
        return UNMAPPED
    out = {}
    for dimension in value:
        if (not isinstance(dimension, dict) or
                set(dimension) != {'Name', 'Value'} or
                not isinstance(dimension['Name'], str)):
            return UNMAPPED
        out[dimension['Name']] = dimension['Value']
    return out


def _named(table):
    return lambda value: table.get(value, UNMAPPED) if isinstance(
        value, str) else UNMAPPED


# A CloudWatch alarm is heat-vision's own threshold alarm, whose
# properties are Aodh's (Heat maps it to a provider template of an
# OS::Aodh::Alarm in etc/heat/environment.d/default.yaml). A scaling
# policy's Ref is its alarm URL, so AlarmActions carry over.
TYPES['AWS::CloudWatch::Alarm'] = Mapping(
    'OS::HeatVision::Alarm',
    {'MetricName': 'meter_name', 'Dimensions': 'matching_metadata',
     'Statistic': 'statistic', 'Period': 'period',
     'EvaluationPeriods': 'evaluation_periods',
     'ComparisonOperator': 'comparison_operator', 'Threshold': 'threshold',
     'AlarmActions': 'alarm_actions', 'OKActions': 'ok_actions',
     'InsufficientDataActions': 'insufficient_data_actions',
     'ActionsEnabled': 'enabled', 'AlarmDescription': 'description'},
    converters={'Dimensions': _dimensions,
                'Statistic': _named(_STATISTICS),
                'ComparisonOperator': _named(_COMPARISONS)},
    ignored={'Namespace': 'a metric is named by MetricName alone',
             'Unit': 'samples carry their own unit',
             'AlarmName': 'the alarm is named after the resource'},
    fixed={'repeat_actions': False})

# A default route through an internet or NAT gateway: the route table's
# router gets the external network as its gateway, which also translates
# addresses (see routes.py); the NAT gateway is that router's SNAT.
TYPES['AWS::EC2::NatGateway'] = Mapping(
    'OS::Heat::None',
    {'AllocationId': 'AllocationId', 'SubnetId': 'SubnetId',
     'Tags': 'Tags'})
TYPES['AWS::EC2::Route'] = Mapping(
    'OS::Heat::None',
    {'RouteTableId': 'RouteTableId', 'GatewayId': 'GatewayId',
     'NatGatewayId': 'NatGatewayId',
     'DestinationCidrBlock': 'DestinationCidrBlock'},
    converters={'DestinationCidrBlock':
                lambda v: v if v == '0.0.0.0/0' else UNMAPPED})


def _queue_setting(key):
    """An SQS property that is Zaqar's reserved queue metadata ``key``
    (zaqar/transport/validation.py, queue_metadata_putting).
    """
    return lambda value: {key: value}


def _queue_name_of(target):
    """A dead-letter queue's name: an ARN's last part, or what
    ``Fn::GetAtt Q.Arn`` gives (the queue's name, see below).
    """
    if isinstance(target, str):
        return target.rsplit(':', 1)[-1]
    return target


def _redrive(value):
    """``{deadLetterTargetArn, maxReceiveCount}``: Zaqar's dead-letter
    queue and the claims a message takes before it moves there. Under an
    ``Fn::If`` (or HOT's ``if``) each branch is converted, AWS::NoValue
    giving no setting.
    """
    if value is None:
        return {}
    if isinstance(value, str):
        try:
            value = json.loads(value)
        except ValueError:
            return UNMAPPED
    if isinstance(value, dict) and len(value) == 1:
        (fn, args), = value.items()
        if fn == 'Ref' and args == 'AWS::NoValue':
            return {}
        if fn in ('Fn::If', 'if') and isinstance(args, list) and \
                len(args) == 3:
            branches = [_redrive(branch) for branch in args[1:]]
            if UNMAPPED in branches:
                return UNMAPPED
            return {fn: [args[0]] + branches}
    if not isinstance(value, dict) or set(value) != {
            'deadLetterTargetArn', 'maxReceiveCount'}:
        return UNMAPPED
    return {'_dead_letter_queue': _queue_name_of(
        value['deadLetterTargetArn']),
        '_max_claim_count': value['maxReceiveCount']}


def _encryption(value):
    """SQS's own encryption off is Zaqar's default; on has no
    counterpart (Zaqar's encrypted queues take no key of SQS's).
    """
    return {} if value in (False, 'false') else UNMAPPED


# AWS::SQS::Queue (AWS CloudFormation Template Reference: "AWS::SQS::
# Queue", properties and return values) as a Zaqar queue; Heat has no SQS
# type. Ref gives the queue's URL (href), Fn::GetAtt QueueUrl too;
# QueueName and Arn give the queue's name, which is what names a Zaqar
# queue within its project (a dead-letter target's ARN included). The
# settings Zaqar keeps per queue become its reserved metadata, tags the
# rest of it. FIFO queues, KMS keys and redrive-allow policies have no
# counterpart and are refused.
TYPES['AWS::SQS::Queue'] = Mapping(
    'OS::Zaqar::Queue',
    {'QueueName': 'name', 'Tags': 'metadata',
     'MessageRetentionPeriod': 'metadata', 'DelaySeconds': 'metadata',
     'MaximumMessageSize': 'metadata', 'RedrivePolicy': 'metadata',
     'SqsManagedSseEnabled': 'metadata'},
    {'QueueName': 'queue_id', 'Arn': 'queue_id', 'QueueUrl': 'href'},
    {'Tags': _tags_to_metadata,
     'MessageRetentionPeriod': _queue_setting('_default_message_ttl'),
     'DelaySeconds': _queue_setting('_default_message_delay'),
     'MaximumMessageSize': _queue_setting('_max_messages_post_size'),
     'RedrivePolicy': _redrive, 'SqsManagedSseEnabled': _encryption},
    ignored={'VisibilityTimeout': 'a Zaqar consumer gives each claim '
                                  'its own ttl',
             'ReceiveMessageWaitTimeSeconds': 'a Zaqar consumer polls: '
                                              'a read answers at once'},
    ref='href', merged=('metadata',))
