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

"""The properties and attributes of OS::Nova::Server (Heat's names)."""

from heat_vision.common.i18n import _
from heat_vision.resources.openstack import base
from heat_vision.resources.openstack import neutron_port
from heat_vision.template import constraints

Schema = base.Schema
prop = base.prop
attr = base.attr

USER_DATA_FORMATS = (HEAT_CFNTOOLS, RAW, SOFTWARE_CONFIG) = (
    'HEAT_CFNTOOLS', 'RAW', 'SOFTWARE_CONFIG')
TRANSPORTS = (POLL_SERVER_CFN, POLL_SERVER_HEAT, POLL_TEMP_URL,
              ZAQAR_MESSAGE, NO_SIGNAL) = (
    'POLL_SERVER_CFN', 'POLL_SERVER_HEAT', 'POLL_TEMP_URL',
    'ZAQAR_MESSAGE', 'NO_SIGNAL')
_SIZE = [constraints.Range(min=1, max=1048576)]


def _bdm():
    return prop(Schema.MAP, _('A block device mapping.'), schema={
        'device_name': prop(Schema.STRING, _('Device name (vda).'),
                            required=True),
        'volume_id': prop(Schema.STRING, _('Volume to attach.'),
                          constraints=base.name_or_id('cinder.volume')),
        'snapshot_id': prop(Schema.STRING, _('Snapshot to make the '
                                             'volume from.')),
        'volume_size': prop(Schema.INTEGER, _('Size (GB) of the volume.'),
                            constraints=_SIZE),
        'delete_on_termination': prop(Schema.BOOLEAN,
                                      _('Delete the volume with the '
                                        'server.')),
    })


def _bdm_v2():
    return prop(Schema.MAP, _('A block device mapping.'), schema={
        'device_name': prop(Schema.STRING, _('Device name (vda).')),
        'volume_id': prop(Schema.STRING, _('Volume to attach.'),
                          constraints=base.name_or_id('cinder.volume')),
        # Hidden in Heat (a translation rule moves it to image), yet
        # listed as Heat lists a hidden name inside a map.
        'image_id': base.hidden('image', description=_(
            'Deprecated: use image.'),
            constraints=base.name_or_id('glance.image')),
        'image': prop(Schema.STRING, _('Image (name or id) to make the '
                                       'volume from.'),
                      constraints=base.name_or_id('glance.image')),
        'snapshot_id': prop(Schema.STRING, _('Snapshot to make the '
                                             'volume from.')),
        'swap_size': prop(Schema.INTEGER, _('Size (MB) of a swap '
                                            'device.'),
                          constraints=_SIZE),
        'ephemeral_size': prop(Schema.INTEGER, _('Size (GB) of an '
                                                 'ephemeral device.'),
                               constraints=_SIZE),
        'ephemeral_format': prop(Schema.STRING, _('Filesystem of the '
                                                  'ephemeral device.'),
                                 constraints=[constraints.AllowedValues(
                                     ['ext2', 'ext3', 'ext4', 'xfs',
                                      'ntfs'])]),
        'device_type': prop(Schema.STRING, _('disk or cdrom.'),
                            constraints=[constraints.AllowedValues(
                                ['cdrom', 'disk'])]),
        'disk_bus': prop(Schema.STRING, _('Bus of the device.'),
                         constraints=[constraints.AllowedValues(
                             ['ide', 'lame_bus', 'scsi', 'usb',
                              'virtio'])]),
        'boot_index': prop(Schema.INTEGER, _('Boot order (0 boots).'),
                           constraints=[constraints.Range(min=-1,
                                                          max=1024)]),
        'volume_size': prop(Schema.INTEGER, _('Size (GB) of the volume.'),
                            constraints=_SIZE),
        'volume_type': prop(Schema.STRING, _('Type of the volume made.')),
        'delete_on_termination': prop(Schema.BOOLEAN,
                                      _('Delete the volume with the '
                                        'server.')),
    })


def _network():
    return prop(Schema.MAP, _('A network of the server.'), schema={
        'uuid': base.hidden('network', description=_(
            'Deprecated: use network.'),
            constraints=base.name_or_id('neutron.network')),
        'network': prop(Schema.STRING, _('Network (name or id).'),
                        constraints=base.name_or_id('neutron.network')),
        'allocate_network': prop(Schema.STRING,
                                 _('auto or none: let Nova allocate '
                                   'the network, or none.'),
                                 update_allowed=True,
                                 constraints=[constraints.AllowedValues(
                                     ['none', 'auto'])]),
        'fixed_ip': prop(Schema.STRING, _('Fixed address on the '
                                          'network.'),
                         constraints=[constraints.CustomConstraint(
                             'ip_addr')]),
        'port': prop(Schema.STRING, _('Port (name or id) to use.'),
                     constraints=base.name_or_id('neutron.port')),
        'port_extra_properties': prop(
            Schema.MAP, _('Properties of the port made for this '
                          'network.'), update_allowed=True,
            schema=neutron_port.extra_properties_schema()),
        'subnet': prop(Schema.STRING, _('Subnet (name or id) the port '
                                        'made for this network is on.'),
                       constraints=base.name_or_id('neutron.subnet')),
        'floating_ip': prop(Schema.STRING, _('Floating IP (id) to '
                                             'associate.')),
        'tag': prop(Schema.STRING, _('Device tag of the interface.')),
    })


PROPERTIES = {
    'name': prop(Schema.STRING, _('Server name (the physical name if '
                                  'unset).'), update_allowed=True),
    'image': prop(Schema.STRING, _('Image (name or id) to boot.'),
                  update_allowed=True,
                  constraints=base.name_or_id('glance.image')),
    'block_device_mapping': prop(Schema.LIST, _('Legacy block device '
                                                'mappings.'),
                                 schema=_bdm()),
    'block_device_mapping_v2': prop(Schema.LIST, _('Block device '
                                                   'mappings.'),
                                    schema=_bdm_v2()),
    'flavor': prop(Schema.STRING, _('Flavor (name or id).'),
                   required=True, update_allowed=True,
                   constraints=base.name_or_id('nova.flavor')),
    'flavor_update_policy': prop(Schema.STRING,
                                 _('On a flavor change: resize in place, '
                                   'or replace.'), default='RESIZE',
                                 update_allowed=True,
                                 constraints=[constraints.AllowedValues(
                                     ['RESIZE', 'REPLACE'])]),
    'image_update_policy': prop(Schema.STRING,
                                _('On an image change: rebuild, or '
                                  'replace.'), default='REBUILD',
                                update_allowed=True,
                                constraints=[constraints.AllowedValues(
                                    ['REBUILD', 'REPLACE',
                                     'REBUILD_PRESERVE_EPHEMERAL'])]),
    'key_name': prop(Schema.STRING, _('Key pair to inject.'),
                     constraints=base.name_or_id('nova.keypair')),
    'admin_pass': prop(Schema.STRING, _('Administrator password.'),
                       update_allowed=True),
    'availability_zone': prop(Schema.STRING, _('Availability zone.')),
    'security_groups': prop(Schema.LIST, _('Security groups (names or '
                                           'ids).'), default=[]),
    'networks': prop(Schema.LIST, _('The networks of the server.'),
                     update_allowed=True, schema=_network(),
                     constraints=[constraints.Length(max=64)]),
    'scheduler_hints': prop(Schema.MAP, _('Hints for the scheduler.')),
    'metadata': prop(Schema.MAP, _('Server metadata (string values).'),
                     update_allowed=True,
                     constraints=[constraints.Length(max=128)]),
    'user_data_format': prop(Schema.STRING, _('How user_data is made.'),
                             default=HEAT_CFNTOOLS,
                             constraints=[constraints.AllowedValues(
                                 USER_DATA_FORMATS)]),
    'software_config_transport': prop(
        Schema.STRING, _('How the server gets its software '
                         'configuration.'),
        default=POLL_SERVER_HEAT, update_allowed=True,
        constraints=[constraints.AllowedValues(TRANSPORTS)]),
    'user_data_update_policy': prop(Schema.STRING,
                                    _('On a user_data change: replace, or '
                                      'ignore.'), default='REPLACE',
                                    update_allowed=True,
                                    constraints=[
                                        constraints.AllowedValues(
                                            ['REPLACE', 'IGNORE'])]),
    'user_data': prop(Schema.STRING,
                      _('User data: text, or a software config (id) '
                        'with RAW or SOFTWARE_CONFIG.'), default='',
                      update_allowed=True,
                      constraints=[constraints.Length(max=65535)]),
    'reservation_id': prop(Schema.STRING, _('Reservation id.')),
    'config_drive': prop(Schema.BOOLEAN, _('Whether to use a config '
                                           'drive.')),
    'diskConfig': prop(Schema.STRING, _('AUTO or MANUAL disk '
                                        'partitioning.'),
                       constraints=[constraints.AllowedValues(
                           ['AUTO', 'MANUAL'])]),
    'personality': prop(Schema.MAP, _('Files to inject (path: '
                                      'content).'), default={}),
    'deployment_swift_data': prop(
        Schema.MAP, _('Swift container and object for POLL_TEMP_URL.'),
        default={}, update_allowed=True, schema={
            'container': prop(Schema.STRING, _('Container name.')),
            'object': prop(Schema.STRING, _('Object name.'))}),
    'tags': prop(Schema.LIST, _('Server tags.'), update_allowed=True,
                 schema=prop(Schema.STRING, _('A tag.')),
                 constraints=[constraints.Length(max=50)]),
    # Heat's hidden name (heat/engine/resources/openstack/nova/server.py:
    # HIDDEN since 5.0.0): accepted and ignored, as in Heat.
    'admin_user': prop(Schema.STRING, _('Ignored: the image\'s cloud-init '
                                        'user is the administrator.'),
                       hidden=True),
}

ATTRIBUTES = {
    'name': attr(_('Name of the server.'), 'String'),
    'addresses': attr(_('Addresses of the server by network name and '
                        'id, each with its port, subnets and network.'),
                      'Map'),
    'networks': attr(_('Addresses by network name and id.'), 'Map'),
    'instance_name': attr(_('Name of the hypervisor\'s instance.'),
                          'String'),
    'accessIPv4': attr(_('IPv4 access address.'), 'String'),
    'accessIPv6': attr(_('IPv6 access address.'), 'String'),
    'console_urls': attr(_('Console URLs by type.'), 'Map'),
    'os_collect_config': attr(_('Where os-collect-config on the server '
                                'polls its configuration.'), 'Map'),
    'tags': attr(_('Server tags.'), 'List'),
    base.SHOW: base.SHOW_SCHEMA,
    # Hidden in Heat since 5.0.0 (use networks), still readable.
    'first_address': attr(_('The first address of the server (of the '
                            'last network by name), or "".'), 'String',
                          hidden=True),
}
