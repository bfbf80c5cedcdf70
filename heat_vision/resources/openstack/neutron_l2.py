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

"""OS::Neutron::ProviderNet, OS::Neutron::Segment and OS::Neutron::Trunk:
how a network meets the physical one, and a port carrying several.

After Heat's neutron/provider_net.py, segment.py and trunk.py (the same
properties; the provider fields go to Neutron as ``provider:*``).
"""

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.resources.openstack import base
from heat_vision.resources.openstack import neutron_base
from heat_vision.template import constraints

Schema = base.Schema
prop = base.prop
attr = base.attr

NETWORK_TYPES = (LOCAL, VLAN, VXLAN, GRE, GENEVE, FLAT) = (
    'local', 'vlan', 'vxlan', 'gre', 'geneve', 'flat')
TUNNELS = (VXLAN, GRE, GENEVE)


def _known(properties, names):
    """The values of ``names``; None when one is not known yet."""
    try:
        return [properties.get(name) for name in names]
    except (exception.UnresolvedReference, exception.UserParameterMissing):
        return None


def _refuse(message, path):
    raise exception.StackValidationFailed(message, path=list(path))


class ProviderNet(neutron_base.NeutronResource):
    """A network on a given physical network or segment (admin only)."""

    path, key = '/networks', 'network'
    PROVIDER = ('network_type', 'physical_network', 'segmentation_id')

    properties_schema = {
        'name': prop(Schema.STRING, _('Name of the network.'),
                     update_allowed=True),
        'network_type': prop(Schema.STRING, _('Type of the physical '
                                              'network.'),
                             required=True, update_allowed=True,
                             constraints=[constraints.AllowedValues(
                                 list(NETWORK_TYPES))]),
        'physical_network': prop(Schema.STRING,
                                 _('The physical network it is on.'),
                                 update_allowed=True),
        'segmentation_id': prop(Schema.STRING, _('VLAN id or tunnel id '
                                                 'on the physical network.'),
                                update_allowed=True),
        'admin_state_up': prop(Schema.BOOLEAN, _('Administrative state.'),
                               default=True, update_allowed=True),
        'shared': prop(Schema.BOOLEAN, _('Whether every project may use '
                                         'the network.'),
                       default=True, update_allowed=True),
        'port_security_enabled': prop(
            Schema.BOOLEAN, _('Default port security of its ports.'),
            update_allowed=True),
        'router_external': prop(Schema.BOOLEAN, _('Whether it is an '
                                                  'external network.'),
                                default=False, update_allowed=True),
        'dns_domain': prop(Schema.STRING, _('DNS domain of the network.'),
                           update_allowed=True),
        'availability_zone_hints': prop(
            Schema.LIST, _('Availability zones to place the network in.'),
            update_allowed=True),
        'tags': neutron_base.tags_schema(),
        'tenant_id': neutron_base.tenant_schema(),
    }
    attributes_schema = {
        'status': attr(_('Status of the network.'), 'String'),
        'subnets': attr(_('Ids of its subnets.'), 'List'),
        'segments': attr(_('Its segments.'), 'List'),
        base.SHOW: base.SHOW_SCHEMA,
    }

    def create_body(self, properties):
        body = self.body_from(properties, {
            'admin_state_up': 'admin_state_up', 'shared': 'shared',
            'port_security_enabled': 'port_security_enabled',
            'router_external': 'router:external',
            'dns_domain': 'dns_domain',
            'availability_zone_hints': 'availability_zone_hints'})
        for name in self.PROVIDER:
            if properties.get(name) is not None:
                body['provider:' + name] = properties[name]
        return body

    @classmethod
    def validate_properties(cls, properties, path):
        known = _known(properties, cls.PROVIDER)
        if known is None:
            return
        kind, physical, segment = known
        if segment and kind in (LOCAL, FLAT):
            _refuse(_('segmentation_id not allowed for network types: '
                      'local, flat'), path)
        if physical and kind in TUNNELS + (LOCAL,):
            _refuse(_('physical_network not allowed for network types: '
                      'vxlan, gre, geneve, local'), path)


class Segment(neutron_base.NeutronResource):
    """A segment of a network (Neutron's ``segments`` plugin)."""

    path, key = '/segments', 'segment'
    ready_statuses = ()

    properties_schema = {
        'network': prop(Schema.STRING, _('The network (name or id).'),
                        required=True,
                        constraints=base.name_or_id('neutron.network')),
        'network_type': prop(Schema.STRING, _('Type of the segment.'),
                             required=True,
                             constraints=[constraints.AllowedValues(
                                 list(NETWORK_TYPES))]),
        'physical_network': prop(Schema.STRING,
                                 _('The physical network it is on.')),
        'segmentation_id': prop(Schema.INTEGER,
                                _('VLAN id or tunnel id of the segment.'),
                                constraints=[constraints.Range(
                                    min=1, max=2 ** 24)]),
        'name': prop(Schema.STRING, _('Name of the segment.'),
                     update_allowed=True),
        'description': prop(Schema.STRING, _('Description.'),
                            update_allowed=True),
    }
    attributes_schema = {base.SHOW: base.SHOW_SCHEMA}

    def create_body(self, properties):
        body = self.body_from(properties, {
            'network_type': 'network_type', 'description': 'description',
            'physical_network': 'physical_network',
            'segmentation_id': 'segmentation_id'})
        if properties.get('network') is not None:
            body['network_id'] = self.network_id(properties['network'])
        return body

    @classmethod
    def validate_properties(cls, properties, path):
        # Heat's Segment.validate.
        known = _known(properties, ('network_type', 'physical_network',
                                    'segmentation_id'))
        if known is None:
            return
        kind, physical, segment = known
        required = _('%(prop)s is required for %(type)s provider network.')
        refused = _('%(prop)s is prohibited for %(type)s provider '
                    'network.')
        if kind in (FLAT, VLAN) and physical is None:
            _refuse(required % {'prop': 'physical_network', 'type': kind},
                    path)
        if kind == VLAN and segment is None:
            _refuse(required % {'prop': 'segmentation_id', 'type': kind},
                    path)
        if kind in (LOCAL, FLAT) and segment is not None:
            _refuse(refused % {'prop': 'segmentation_id', 'type': kind},
                    path)
        if kind in TUNNELS and physical is not None:
            _refuse(refused % {'prop': 'physical_network', 'type': kind},
                    path)
        if kind == VLAN and segment > 4094:
            _refuse(_('Up to 4094 VLAN network segments can exist on each '
                      'physical_network.'), path)


class Trunk(neutron_base.NeutronResource):
    """A trunk: a parent port and its VLAN subports."""

    path, key = '/trunks', 'trunk'

    properties_schema = {
        'name': prop(Schema.STRING, _('Name of the trunk.'),
                     update_allowed=True),
        'port': prop(Schema.STRING, _('The parent port (name or id).'),
                     required=True, immutable=True,
                     constraints=base.name_or_id('neutron.port')),
        'sub_ports': prop(
            Schema.LIST, _('Its subports.'), update_allowed=True,
            constraints=[constraints.Length(max=4094)],
            schema=prop(Schema.MAP, _('A subport.'), schema={
                'port': prop(Schema.STRING, _('The port (name or id).'),
                             required=True,
                             constraints=base.name_or_id('neutron.port')),
                'segmentation_type': prop(
                    Schema.STRING, _('Segmentation type of the subport.'),
                    required=True,
                    constraints=[constraints.AllowedValues(['vlan'])]),
                'segmentation_id': prop(
                    Schema.INTEGER, _('VLAN id the subport\'s network is '
                                      'presented on.'),
                    required=True,
                    constraints=[constraints.Range(min=1, max=4094)])})),
        'description': prop(Schema.STRING, _('Description.'),
                            update_allowed=True),
        'admin_state_up': prop(Schema.BOOLEAN, _('Whether subports may be '
                                                 'added and removed and '
                                                 'the trunk deleted.'),
                               update_allowed=True),
    }
    attributes_schema = {
        'port_id': attr(_('Id of the parent port.'), 'String'),
        base.SHOW: base.SHOW_SCHEMA,
    }

    def port_id(self, value):
        return self.neutron_id('/ports', 'port', value)

    def subports(self, items):
        """``items`` as Neutron's sub_ports (port ids)."""
        return [{'port_id': self.port_id(item['port']),
                 'segmentation_type': item['segmentation_type'],
                 'segmentation_id': item['segmentation_id']}
                for item in items or []]

    def create_body(self, properties):
        body = self.body_from(properties, {
            'description': 'description',
            'admin_state_up': 'admin_state_up'})
        if properties.get('port') is not None:
            body['port_id'] = self.port_id(properties['port'])
        if properties.get('sub_ports'):
            body['sub_ports'] = self.subports(properties['sub_ports'])
        return body

    def update_body(self, new_properties, changed):
        return super().update_body(new_properties, {
            k: v for k, v in changed.items() if k != 'sub_ports'})

    def handle_update(self, new_properties, changed):
        # As Heat: remove the subports no longer listed first (a port is
        # a subport once), then add the new ones.
        token = super().handle_update(new_properties, changed)
        if 'sub_ports' in changed:
            def by_port(items):
                return {item['port_id']: (item.get('segmentation_type'),
                                          item.get('segmentation_id'))
                        for item in items}
            have = by_port(self.show_object().get('sub_ports') or [])
            subports = self.subports(changed['sub_ports'])
            wanted = by_port(subports)
            gone = [{'port_id': port} for port, item in have.items()
                    if wanted.get(port) != item]
            new = [item for item in subports
                   if have.get(item['port_id']) != wanted[item['port_id']]]
            if gone:
                self.api('PUT', self.object_path() + '/remove_subports',
                         body={'sub_ports': gone})
            if new:
                self.api('PUT', self.object_path() + '/add_subports',
                         body={'sub_ports': new})
        return token
