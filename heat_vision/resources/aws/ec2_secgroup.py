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

"""AWS::EC2::SecurityGroup and AWS::EC2::NetworkInterface on Neutron.

As Heat's heat/engine/resources/aws/ec2/security_group.py (its
NeutronSecurityGroup): a group named with the physical name, its
GroupDescription; its rules' ports become integers, a negative one none,
a rule without ports has no address range, the source group is named by
id or name; given egress rules replace the default ones (the
``OS::Neutron::SecurityGroup`` doing the work does the same). Rules
change in place. AWS's protocol -1 (every one) is Neutron's rule without
a protocol, as the CFN translator maps it.

network_interface.py: a port on SubnetId's network with a fixed address
on it (PrivateIpAddress, if given); GroupSet sets its security groups
(an empty one: none).
"""

from heat_vision.common.i18n import _
from heat_vision.resources.aws import delegate
from heat_vision.resources.openstack import neutron_port
from heat_vision.resources.openstack import neutron_secgroup
from heat_vision.template import attributes
from heat_vision.template import constraints
from heat_vision.translators.cfn import types as cfn_types

Schema = constraints.Schema

RULE_KEYS = (CIDR_IP, FROM_PORT, TO_PORT, IP_PROTOCOL, SOURCE_GROUP_ID,
             SOURCE_GROUP_NAME, SOURCE_GROUP_OWNER_ID) = (
    'CidrIp', 'FromPort', 'ToPort', 'IpProtocol', 'SourceSecurityGroupId',
    'SourceSecurityGroupName', 'SourceSecurityGroupOwnerId')


def _rules_schema(description):
    rule = {key: Schema(Schema.STRING, key) for key in RULE_KEYS}
    rule[SOURCE_GROUP_OWNER_ID] = delegate.not_implemented()
    return Schema(Schema.LIST, description, update_allowed=True,
                  schema=Schema(Schema.MAP, _('A rule.'), schema=rule))


def _port(value):
    if value is None:
        return None
    value = int(value)
    return value if value >= 0 else None


def neutron_rule(rule, direction):
    """One AWS rule as ``OS::Neutron::SecurityGroup``'s."""
    ports = (_port(rule.get(FROM_PORT)), _port(rule.get(TO_PORT)))
    source = rule.get(SOURCE_GROUP_ID) or rule.get(SOURCE_GROUP_NAME)
    out = {'direction': direction, 'ethertype': 'IPv4',
           'protocol': cfn_types.aws_protocol(rule.get(IP_PROTOCOL)),
           'port_range_min': ports[0], 'port_range_max': ports[1]}
    if source:
        out.update(remote_mode='remote_group_id', remote_group_id=source)
    elif rule.get(FROM_PORT) is not None or rule.get(TO_PORT) is not None:
        out['remote_ip_prefix'] = rule.get(CIDR_IP)
    return out


class SecurityGroup(delegate.OnOpenStack):
    """An EC2-style security group: a Neutron one."""

    os_class = neutron_secgroup.SecurityGroup

    PROPERTIES = (GROUP_DESCRIPTION, VPC_ID, SECURITY_GROUP_INGRESS,
                  SECURITY_GROUP_EGRESS) = (
        'GroupDescription', 'VpcId', 'SecurityGroupIngress',
        'SecurityGroupEgress')

    properties_schema = {
        GROUP_DESCRIPTION: Schema(Schema.STRING,
                                  _('Description of the security group.'),
                                  required=True),
        VPC_ID: Schema(Schema.STRING, _('Physical ID of the VPC. Not '
                                        'implemented.')),
        SECURITY_GROUP_INGRESS: _rules_schema(
            _('List of security group ingress rules.')),
        SECURITY_GROUP_EGRESS: _rules_schema(
            _('List of security group egress rules.')),
    }
    attributes_schema = {delegate.SHOW: delegate.SHOW_SCHEMA}

    def os_properties(self, properties):
        rules = [neutron_rule(rule, 'ingress') for rule in
                 properties.get(self.SECURITY_GROUP_INGRESS) or []]
        rules += [neutron_rule(rule, 'egress') for rule in
                  properties.get(self.SECURITY_GROUP_EGRESS) or []]
        out = {'rules': rules}
        if properties.get(self.GROUP_DESCRIPTION) is not None:
            out['description'] = properties[self.GROUP_DESCRIPTION]
        return out


class NetworkInterface(delegate.OnOpenStack):
    """An EC2-style network interface: a Neutron port."""

    os_class = neutron_port.Port

    PROPERTIES = (DESCRIPTION, GROUP_SET, PRIVATE_IP_ADDRESS,
                  SOURCE_DEST_CHECK, SUBNET_ID, TAGS) = (
        'Description', 'GroupSet', 'PrivateIpAddress', 'SourceDestCheck',
        'SubnetId', 'Tags')
    ATTRIBUTES = (PRIVATE_IP_ADDRESS_ATTR,) = ('PrivateIpAddress',)

    properties_schema = {
        DESCRIPTION: Schema(Schema.STRING,
                            _('Description for this interface.')),
        GROUP_SET: Schema(Schema.LIST, _('List of security group IDs '
                                         'associated with this '
                                         'interface.'),
                          update_allowed=True),
        PRIVATE_IP_ADDRESS: Schema(Schema.STRING, _('Private address.')),
        SOURCE_DEST_CHECK: delegate.not_implemented(Schema.BOOLEAN),
        SUBNET_ID: Schema(Schema.STRING, _('Subnet ID to associate with '
                                           'this interface.'),
                          required=True, constraints=[
                              constraints.CustomConstraint(
                                  'neutron.subnet')]),
        TAGS: delegate.key_value_list(_('List of tags associated with '
                                        'this interface.')),
    }
    attributes_schema = {
        PRIVATE_IP_ADDRESS_ATTR: attributes.Schema(
            _('Private IP address of the network interface.'),
            type=attributes.Schema.STRING),
        delegate.SHOW: delegate.SHOW_SCHEMA,
    }

    def os_properties(self, properties):
        fixed = {'subnet': properties.get(self.SUBNET_ID)}
        if properties.get(self.PRIVATE_IP_ADDRESS):
            fixed['ip_address'] = properties[self.PRIVATE_IP_ADDRESS]
        out = {'network': self._network(properties.get(self.SUBNET_ID)),
               'fixed_ips': [fixed]}
        if properties.get(self.GROUP_SET) is not None:
            out['security_groups'] = properties[self.GROUP_SET]
        return out

    def _network(self, subnet):
        if 'network' not in self.data:
            plugin = self.os_class(self.name, {}, self.stack)
            self.data['network'] = plugin.api(
                'GET', '/subnets/%s' % plugin.subnet_id(subnet),
                key='subnet')['network_id']
        return self.data['network']

    def get_attribute(self, name, *path):
        if name == self.PRIVATE_IP_ADDRESS_ATTR:
            ips = self.os_attribute('fixed_ips') or []
            return ips[0]['ip_address'] if ips else None
        return super().get_attribute(name, *path)
