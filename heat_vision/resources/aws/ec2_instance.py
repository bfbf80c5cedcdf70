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

"""AWS::EC2::Instance: a Nova server (``OS::Nova::Server`` does the work).

Heat's heat/engine/resources/aws/ec2/instance.py: ImageId, InstanceType,
KeyName, AvailabilityZone and UserData (cfn-tools user data) go to Nova;
Tags become the server's metadata and NovaSchedulerHints its scheduler
hints; NetworkInterfaces (ports, by DeviceIndex) win over SubnetId, for
which a port is made on the subnet carrying the security groups (Heat's
``_build_nics``); BlockDeviceMappings are snapshots to boot volumes; the
Volumes are attached once the server is ACTIVE. The four address
attributes are all the server's first address (``server_to_ipaddress``),
and Ref is the server's id. InstanceType resizes, Tags and the network
properties change in place; anything else replaces the server.
"""

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.resources.aws import delegate
from heat_vision.resources.openstack import nova_server
from heat_vision.template import attributes
from heat_vision.template import constraints

Schema = constraints.Schema
AWS_TYPE = 'AWS::EC2::Instance'
#: the properties renamed as the CFN translator renames them.
_RENAMED = ('ImageId', 'InstanceType', 'KeyName', 'AvailabilityZone',
            'UserData')


def _string(description, **kwargs):
    return Schema(Schema.STRING, description, **kwargs)


def _map(description, keys, **kwargs):
    return Schema(Schema.MAP, description, schema=keys, **kwargs)


class Instance(delegate.OnOpenStack):
    """An EC2-style instance: a Nova server."""

    os_class = nova_server.Server
    takes_deployments = True

    PROPERTIES = (
        IMAGE_ID, INSTANCE_TYPE, KEY_NAME, AVAILABILITY_ZONE,
        DISABLE_API_TERMINATION, KERNEL_ID, MONITORING,
        PLACEMENT_GROUP_NAME, PRIVATE_IP_ADDRESS, RAM_DISK_ID,
        SECURITY_GROUPS, SECURITY_GROUP_IDS, NETWORK_INTERFACES,
        SOURCE_DEST_CHECK, SUBNET_ID, TAGS, NOVA_SCHEDULER_HINTS, TENANCY,
        USER_DATA, VOLUMES, BLOCK_DEVICE_MAPPINGS,
    ) = (
        'ImageId', 'InstanceType', 'KeyName', 'AvailabilityZone',
        'DisableApiTermination', 'KernelId', 'Monitoring',
        'PlacementGroupName', 'PrivateIpAddress', 'RamDiskId',
        'SecurityGroups', 'SecurityGroupIds', 'NetworkInterfaces',
        'SourceDestCheck', 'SubnetId', 'Tags', 'NovaSchedulerHints',
        'Tenancy', 'UserData', 'Volumes', 'BlockDeviceMappings',
    )
    ATTRIBUTES = (
        AVAILABILITY_ZONE_ATTR, PRIVATE_DNS_NAME, PUBLIC_DNS_NAME,
        PRIVATE_IP, PUBLIC_IP,
    ) = (
        'AvailabilityZone', 'PrivateDnsName', 'PublicDnsName', 'PrivateIp',
        'PublicIp',
    )

    properties_schema = {
        IMAGE_ID: _string(_('Glance image ID or name.'), required=True,
                          constraints=[constraints.CustomConstraint(
                              'glance.image')]),
        INSTANCE_TYPE: _string(_('Nova instance type (flavor).'),
                               required=True, update_allowed=True,
                               constraints=[constraints.CustomConstraint(
                                   'nova.flavor')]),
        KEY_NAME: _string(_('Optional Nova keypair name.'),
                          constraints=[constraints.CustomConstraint(
                              'nova.keypair')]),
        AVAILABILITY_ZONE: _string(_('Availability zone to launch the '
                                     'instance in.')),
        DISABLE_API_TERMINATION: delegate.not_implemented(),
        KERNEL_ID: delegate.not_implemented(),
        MONITORING: delegate.not_implemented(Schema.BOOLEAN),
        PLACEMENT_GROUP_NAME: delegate.not_implemented(),
        PRIVATE_IP_ADDRESS: delegate.not_implemented(),
        RAM_DISK_ID: delegate.not_implemented(),
        SECURITY_GROUPS: Schema(Schema.LIST,
                                _('Security group names to assign.')),
        SECURITY_GROUP_IDS: Schema(Schema.LIST,
                                   _('Security group IDs to assign.')),
        NETWORK_INTERFACES: Schema(
            Schema.LIST, _('Network interfaces to associate with instance '
                           '(port ids, or maps of NetworkInterfaceId and '
                           'DeviceIndex).'), update_allowed=True),
        SOURCE_DEST_CHECK: delegate.not_implemented(Schema.BOOLEAN),
        SUBNET_ID: _string(_('Subnet ID to launch instance in.'),
                           update_allowed=True),
        TAGS: delegate.key_value_list(_('Tags to attach to instance.'),
                                      update_allowed=True),
        NOVA_SCHEDULER_HINTS: delegate.key_value_list(
            _('Scheduler hints to pass to Nova (Heat extension).')),
        TENANCY: delegate.not_implemented(constraints=[
            constraints.AllowedValues(['dedicated', 'default'])]),
        USER_DATA: _string(_('User data to pass to instance.')),
        VOLUMES: Schema(Schema.LIST, _('Volumes to attach to instance.'),
                        default=[], schema=_map(_('A volume.'), {
                            'Device': _string(_('The device where the '
                                                'volume is exposed.'),
                                              required=True),
                            'VolumeId': _string(_('The ID of the volume '
                                                  'to be attached.'),
                                                required=True)})),
        BLOCK_DEVICE_MAPPINGS: Schema(
            Schema.LIST, _('Block device mappings to attach to instance.'),
            schema=_map(_('A block device mapping.'), {
                'DeviceName': _string(_('A device name where the volume '
                                        'will be attached.'),
                                      required=True),
                'Ebs': _map(_('The volume (its SnapshotId is required).'), {
                    'DeleteOnTermination': Schema(
                        Schema.BOOLEAN, _('Whether the volume is deleted '
                                          'on instance termination.')),
                    'Iops': Schema(Schema.NUMBER,
                                   _('Not implemented (as in Heat).')),
                    'SnapshotId': _string(_('The ID of the snapshot to '
                                            'create a volume from.')),
                    'VolumeSize': _string(
                        _('The size of the volume, in GB.'),
                        constraints=[constraints.AllowedPattern(
                            '[1-9][0-9]{0,6}')]),
                    'VolumeType': _string(_('Not implemented (as in '
                                            'Heat).'))}),
                'NoDevice': Schema(Schema.MAP, _('Not implemented (as in '
                                                 'Heat).')),
                'VirtualName': _string(_('Not implemented (as in '
                                         'Heat).'))})),
    }
    attributes_schema = {
        name: attributes.Schema(description, type=attributes.Schema.STRING)
        for name, description in (
            (AVAILABILITY_ZONE_ATTR, _('The Availability Zone where the '
                                       'specified instance is launched.')),
            (PRIVATE_DNS_NAME, _('Private DNS name of the specified '
                                 'instance.')),
            (PUBLIC_DNS_NAME, _('Public DNS name of the specified '
                                'instance.')),
            (PRIVATE_IP, _('Private IP address of the specified '
                           'instance.')),
            (PUBLIC_IP, _('Public IP address of the specified '
                          'instance.')))}
    attributes_schema[delegate.SHOW] = delegate.SHOW_SCHEMA

    @classmethod
    def validate_properties(cls, properties, path):
        """As Heat's ``Instance.validate``."""
        known = delegate.known(properties, (
            cls.SECURITY_GROUPS, cls.SECURITY_GROUP_IDS,
            cls.NETWORK_INTERFACES, cls.BLOCK_DEVICE_MAPPINGS))
        groups, ids, interfaces, mappings = known
        if (groups or ids) and interfaces:
            raise exception.StackValidationFailed(
                _('%(groups)s and %(nics)s can not be used together.') % {
                    'groups': '/'.join([cls.SECURITY_GROUPS,
                                        cls.SECURITY_GROUP_IDS]),
                    'nics': cls.NETWORK_INTERFACES},
                path=path + [cls.NETWORK_INTERFACES])
        for index, mapping in enumerate(mappings or []):
            if not (mapping.get('Ebs') or {}).get('SnapshotId'):
                raise exception.StackValidationFailed(
                    _('SnapshotId is missing, this is required when '
                      'specifying BlockDeviceMappings.'),
                    path=path + [cls.BLOCK_DEVICE_MAPPINGS, index])
        for index, nic in enumerate(interfaces or []):
            if not isinstance(nic, str) and not (
                    isinstance(nic, dict) and
                    nic.get('NetworkInterfaceId') and
                    str(nic.get('DeviceIndex', '')).isdigit()):
                raise exception.StackValidationFailed(
                    _('A network interface is a port id or a map of '
                      'NetworkInterfaceId and DeviceIndex.'),
                    path=path + [cls.NETWORK_INTERFACES, index])

    # The OS::Nova::Server's properties -----------------------------------

    def os_properties(self, properties):
        out = delegate.renamed(AWS_TYPE, {
            key: properties.get(key) for key in _RENAMED})
        groups = list(properties.get(self.SECURITY_GROUPS) or []) + list(
            properties.get(self.SECURITY_GROUP_IDS) or [])
        networks = self._networks(properties)
        if networks:
            out['networks'] = networks
        elif groups:
            out['security_groups'] = groups
        if properties.get(self.TAGS):
            out['metadata'] = delegate.tags(properties[self.TAGS])
        hints = self._hints(properties.get(self.NOVA_SCHEDULER_HINTS))
        if hints:
            out['scheduler_hints'] = hints
        mappings = [self._mapping(m) for m in
                    properties.get(self.BLOCK_DEVICE_MAPPINGS) or []]
        if mappings:
            out['block_device_mapping'] = mappings
        return out

    def _networks(self, properties):
        nics = properties.get(self.NETWORK_INTERFACES)
        if nics:
            entries = [nic if isinstance(nic, dict) else {
                'NetworkInterfaceId': nic, 'DeviceIndex': index}
                for index, nic in enumerate(nics)]
            return [{'port': nic['NetworkInterfaceId']} for nic in sorted(
                entries, key=lambda nic: int(nic['DeviceIndex']))]
        if not properties.get(self.SUBNET_ID):
            return None
        entry = {'subnet': properties[self.SUBNET_ID]}
        groups = self.data.get('port_security_groups')
        if groups:
            entry['port_extra_properties'] = {'security_groups': groups}
        return [entry]

    @staticmethod
    def _hints(pairs):
        """Repeated keys give a list, as Heat's (novaclient's shell)."""
        hints = {}
        for pair in pairs or []:
            key, value = pair['Key'], pair['Value']
            if key not in hints:
                hints[key] = value
            elif isinstance(hints[key], list):
                hints[key].append(value)
            else:
                hints[key] = [hints[key], value]
        return hints

    @staticmethod
    def _mapping(mapping):
        ebs = mapping['Ebs']
        return {'device_name': mapping['DeviceName'],
                'snapshot_id': ebs['SnapshotId'],
                'volume_size': int(ebs['VolumeSize'])
                if ebs.get('VolumeSize') else None,
                'delete_on_termination': ebs.get('DeleteOnTermination')}

    # Create: the server, then its volumes -------------------------------

    def handle_create(self):
        groups = list(self.properties.get(self.SECURITY_GROUPS) or []) + \
            list(self.properties.get(self.SECURITY_GROUP_IDS) or [])
        if groups and self.properties.get(self.SUBNET_ID) and \
                'port_security_groups' not in self.data:
            # Neutron takes ids (Heat's get_secgroup_uuids).
            plugin = self.delegate()
            self.data['port_security_groups'] = [
                plugin.find_id('neutron', '/security-groups',
                               'security_group', group)
                for group in groups]
        return super().handle_create()

    def check_create_complete(self, token):
        if not self.data.get('server_ready'):
            if not super().check_create_complete(token):
                return False
            self.data['server_ready'] = True
        return self._volumes_attached()

    def _volumes_attached(self):
        """Attach the next volume, or see they are all in use."""
        attached = self.data.setdefault('volumes', [])
        for volume in self.properties[self.VOLUMES] or []:
            if volume['VolumeId'] in attached:
                continue
            plugin = self.delegate()
            try:
                plugin.api('GET', '/servers/%s/os-volume_attachments/%s' % (
                    self.resource_id, volume['VolumeId']))
            except exception.ServiceObjectNotFound:
                plugin.api('POST', '/servers/%s/os-volume_attachments' %
                           self.resource_id, body={'volumeAttachment': {
                               'volumeId': volume['VolumeId'],
                               'device': volume['Device']}})
            attached.append(volume['VolumeId'])
            return False
        plugin = self.delegate()
        return all(plugin.status_reached(plugin.api(
            'GET', '/volumes/%s' % volume_id, key='volume',
            service='cinder'), ('IN-USE',)) for volume_id in attached)

    # Attributes ----------------------------------------------------------

    def get_attribute(self, name, *path):
        if not self.resource_id:
            return None
        if name == self.AVAILABILITY_ZONE_ATTR:
            value = self.properties.get(self.AVAILABILITY_ZONE)
            if value is None:
                shown = self.os_attribute('show')
                value = (shown or {}).get('OS-EXT-AZ:availability_zone')
        elif name in self.ATTRIBUTES:
            # Heat answers 0.0.0.0 for a server without an address.
            value = self.os_attribute('first_address') or '0.0.0.0'
        else:
            return super().get_attribute(name, *path)
        return str(value) if value else None
