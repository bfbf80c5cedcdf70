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
"""

import collections

Mapping = collections.namedtuple('Mapping', 'hot_type properties attributes '
                                            'converters')


def _tags_to_metadata(value):
    if not isinstance(value, list):
        return None
    out = {}
    for tag in value:
        if (not isinstance(tag, dict) or set(tag) != {'Key', 'Value'} or
                not isinstance(tag['Key'], str)):
            return None
        out[tag['Key']] = tag['Value']
    return out


def _rules(direction):
    keys = {'IpProtocol': 'protocol', 'FromPort': 'port_range_min',
            'ToPort': 'port_range_max', 'CidrIp': 'remote_ip_prefix',
            'CidrIpv6': 'remote_ip_prefix',
            'Description': 'description'}

    def convert(value):
        if not isinstance(value, list):
            return None
        rules = []
        for rule in value:
            if not isinstance(rule, dict) or not set(rule) <= set(keys):
                return None
            out = {keys[k]: v for k, v in rule.items()}
            if out.get('protocol') in ('-1', -1):
                del out['protocol']
            out['direction'] = direction
            rules.append(out)
        return rules
    return convert


#: AWS type -> Mapping(hot type, {AWS property: HOT property},
#: {AWS attribute: HOT attribute}, {AWS property: value converter}).
TYPES = {
    'AWS::EC2::Instance': Mapping(
        'OS::Nova::Server',
        {'ImageId': 'image', 'InstanceType': 'flavor',
         'KeyName': 'key_name', 'UserData': 'user_data',
         'SecurityGroups': 'security_groups',
         'AvailabilityZone': 'availability_zone', 'Tags': 'metadata'},
        {'PublicIp': 'first_address', 'PrivateIp': 'first_address',
         'PublicDnsName': 'first_address', 'PrivateDnsName': 'name',
         'AvailabilityZone': 'OS-EXT-AZ:availability_zone'},
        {'Tags': _tags_to_metadata}),
    'AWS::EC2::Volume': Mapping(
        'OS::Cinder::Volume',
        {'Size': 'size', 'AvailabilityZone': 'availability_zone',
         'SnapshotId': 'snapshot_id', 'Tags': 'metadata'},
        {}, {'Tags': _tags_to_metadata}),
    'AWS::EC2::VolumeAttachment': Mapping(
        'OS::Cinder::VolumeAttachment',
        {'InstanceId': 'instance_uuid', 'VolumeId': 'volume_id',
         'Device': 'mountpoint'}, {}, {}),
    'AWS::EC2::SecurityGroup': Mapping(
        'OS::Neutron::SecurityGroup',
        {'GroupDescription': 'description', 'GroupName': 'name',
         'SecurityGroupIngress': 'rules', 'SecurityGroupEgress': 'rules'},
        {'GroupId': 'show'},
        {'SecurityGroupIngress': _rules('ingress'),
         'SecurityGroupEgress': _rules('egress')}),
    'AWS::EC2::Subnet': Mapping(
        'OS::Neutron::Subnet',
        {'CidrBlock': 'cidr', 'VpcId': 'network'}, {}, {}),
    'AWS::S3::Bucket': Mapping(
        'OS::Swift::Container',
        {'BucketName': 'name'},
        {'DomainName': 'DomainName', 'WebsiteURL': 'WebsiteURL'}, {}),
    'AWS::SQS::Queue': Mapping(
        'OS::Zaqar::Queue', {'QueueName': 'name'},
        {'QueueName': 'queue_id'}, {}),
}
