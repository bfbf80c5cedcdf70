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

"""OS::Neutron::Net and OS::Neutron::Subnet."""

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.resources import implicit
from heat_vision.resources.openstack import base
from heat_vision.resources.openstack import neutron_base
from heat_vision.template import constraints

Schema = base.Schema
prop = base.prop
attr = base.attr


class Net(neutron_base.NeutronResource):
    """A Neutron network."""

    path, key = '/networks', 'network'
    live_keys = {'admin_state_up': 'admin_state_up', 'shared': 'shared'}

    PROPERTIES = (
        NAME, VALUE_SPECS, ADMIN_STATE_UP, TENANT_ID, SHARED,
        DHCP_AGENT_IDS, PORT_SECURITY_ENABLED, QOS_POLICY, DNS_DOMAIN,
        TAGS, AVAILABILITY_ZONE_HINTS,
    ) = (
        'name', 'value_specs', 'admin_state_up', 'tenant_id', 'shared',
        'dhcp_agent_ids', 'port_security_enabled', 'qos_policy',
        'dns_domain', 'tags', 'availability_zone_hints',
    )

    properties_schema = {
        NAME: prop(Schema.STRING, _('Name of the network.'),
                   update_allowed=True),
        VALUE_SPECS: neutron_base.value_specs_schema(),
        ADMIN_STATE_UP: prop(Schema.BOOLEAN,
                             _('Administrative state of the network.'),
                             default=True, update_allowed=True),
        TENANT_ID: neutron_base.tenant_schema(),
        SHARED: prop(Schema.BOOLEAN,
                     _('Whether every project may use the network.'),
                     default=False, update_allowed=True),
        DHCP_AGENT_IDS: prop(Schema.LIST,
                             _('DHCP agents that serve the network.'),
                             update_allowed=True),
        PORT_SECURITY_ENABLED: prop(
            Schema.BOOLEAN, _('Default port security of its ports.'),
            update_allowed=True),
        QOS_POLICY: prop(Schema.STRING,
                         _('QoS policy (name or id) of the network.'),
                         update_allowed=True),
        DNS_DOMAIN: prop(Schema.STRING,
                         _('DNS domain of the network.'),
                         update_allowed=True),
        TAGS: neutron_base.tags_schema(),
        AVAILABILITY_ZONE_HINTS: prop(
            Schema.LIST, _('Availability zones to place the network in.')),
    }

    ATTRIBUTES = (
        STATUS, NAME_ATTR, SUBNETS, ADMIN_STATE_UP_ATTR, TENANT_ID_ATTR,
        PORT_SECURITY_ENABLED_ATTR, MTU, QOS_POLICY_ID, L2_ADJACENCY,
        SEGMENTS,
    ) = (
        'status', 'name', 'subnets', 'admin_state_up', 'tenant_id',
        'port_security_enabled', 'mtu', 'qos_policy_id', 'l2_adjacency',
        'segments',
    )

    attributes_schema = {
        STATUS: attr(_('Status of the network.'), 'String'),
        NAME_ATTR: attr(_('Name of the network.'), 'String'),
        SUBNETS: attr(_('Ids of its subnets.'), 'List'),
        ADMIN_STATE_UP_ATTR: attr(_('Administrative state.'), 'Boolean'),
        TENANT_ID_ATTR: attr(_('Project owning the network.'), 'String'),
        PORT_SECURITY_ENABLED_ATTR: attr(
            _('Default port security of its ports.'), 'Boolean'),
        MTU: attr(_('MTU of the network.'), 'Integer'),
        QOS_POLICY_ID: attr(_('Its QoS policy.'), 'String'),
        L2_ADJACENCY: attr(_('Whether its ports are L2-adjacent.'),
                           'Boolean'),
        SEGMENTS: attr(_('Its segments (provider networks).'), 'List'),
        base.SHOW: base.SHOW_SCHEMA,
    }

    def create_body(self, properties):
        body = self.body_from(properties, {
            self.ADMIN_STATE_UP: 'admin_state_up', self.SHARED: 'shared',
            self.PORT_SECURITY_ENABLED: 'port_security_enabled',
            self.DNS_DOMAIN: 'dns_domain',
            self.AVAILABILITY_ZONE_HINTS: 'availability_zone_hints'})
        if properties.get(self.QOS_POLICY) is not None:
            body['qos_policy_id'] = self.qos_policy_id(
                properties[self.QOS_POLICY])
        return body

    def handle_create(self):
        token = super().handle_create()
        agents = list(self.properties[self.DHCP_AGENT_IDS] or [])
        self._add_dhcp_agents(agents)
        self.data['dhcp_agent_ids'] = agents
        return token

    def _add_dhcp_agents(self, agents):
        for agent in agents:
            self.api('POST', '/agents/%s/dhcp-networks' % agent,
                     body={'network_id': self.resource_id})

    def update_body(self, new_properties, changed):
        changed = {k: v for k, v in changed.items()
                   if k != self.DHCP_AGENT_IDS}
        return super().update_body(new_properties, changed)

    def handle_update(self, new_properties, changed):
        token = super().handle_update(new_properties, changed)
        if self.DHCP_AGENT_IDS in changed:
            old = set(self.data.get('dhcp_agent_ids') or [])
            new = list(changed[self.DHCP_AGENT_IDS] or [])
            for agent in old - set(new):
                self.api('DELETE', '/agents/%s/dhcp-networks/%s' % (
                    agent, self.resource_id))
            self._add_dhcp_agents([a for a in new if a not in old])
            self.data['dhcp_agent_ids'] = new
        return token


class Subnet(neutron_base.NeutronResource):
    """A subnet of a Neutron network."""

    path, key = '/subnets', 'subnet'
    ready_statuses = ()
    implicit = implicit.Declared(implicit.SUBNET, network=('network',))

    PROPERTIES = (
        NETWORK, SUBNETPOOL, PREFIXLEN, CIDR, VALUE_SPECS, NAME,
        IP_VERSION, DNS_NAMESERVERS, GATEWAY_IP, ENABLE_DHCP,
        ALLOCATION_POOLS, TENANT_ID, HOST_ROUTES, IPV6_RA_MODE,
        IPV6_ADDRESS_MODE, SEGMENT, TAGS,
    ) = (
        'network', 'subnetpool', 'prefixlen', 'cidr', 'value_specs',
        'name', 'ip_version', 'dns_nameservers', 'gateway_ip',
        'enable_dhcp', 'allocation_pools', 'tenant_id', 'host_routes',
        'ipv6_ra_mode', 'ipv6_address_mode', 'segment', 'tags',
    )
    IPV6_MODES = ['dhcpv6-stateful', 'dhcpv6-stateless', 'slaac']

    properties_schema = {
        NETWORK: prop(Schema.STRING, _('The network (name or id).'),
                      required=True,
                      constraints=base.name_or_id('neutron.network')),
        SUBNETPOOL: prop(Schema.STRING,
                         _('Subnet pool (name or id) to allocate from.')),
        PREFIXLEN: prop(Schema.INTEGER,
                        _('Prefix length taken from the subnet pool.'),
                        constraints=[constraints.Range(min=0, max=128)]),
        CIDR: prop(Schema.STRING, _('CIDR of the subnet.'),
                   constraints=[constraints.CustomConstraint('cidr')]),
        VALUE_SPECS: neutron_base.value_specs_schema(),
        NAME: prop(Schema.STRING, _('Name of the subnet.'),
                   update_allowed=True),
        IP_VERSION: prop(Schema.INTEGER, _('IP version (4 or 6).'),
                         default=4,
                         constraints=[constraints.AllowedValues([4, 6])]),
        DNS_NAMESERVERS: prop(Schema.LIST, _('DNS servers of the subnet.'),
                              default=[], update_allowed=True,
                              constraints=[constraints.Length(max=64)]),
        GATEWAY_IP: prop(Schema.STRING,
                         _('Gateway address; empty for no gateway.'),
                         update_allowed=True),
        ENABLE_DHCP: prop(Schema.BOOLEAN, _('Whether DHCP serves it.'),
                          default=True, update_allowed=True),
        ALLOCATION_POOLS: prop(
            Schema.LIST, _('Ranges addresses are allocated from.'),
            update_allowed=True,
            constraints=[constraints.Length(max=256)],
            schema=prop(Schema.MAP, _('A range.'), schema={
                'start': prop(Schema.STRING, _('First address.'),
                              required=True),
                'end': prop(Schema.STRING, _('Last address.'),
                            required=True)})),
        TENANT_ID: neutron_base.tenant_schema(),
        HOST_ROUTES: prop(
            Schema.LIST, _('Routes handed to hosts by DHCP.'),
            update_allowed=True,
            constraints=[constraints.Length(max=256)],
            schema=prop(Schema.MAP, _('A route.'), schema={
                'destination': prop(Schema.STRING, _('Destination CIDR.'),
                                    required=True),
                'nexthop': prop(Schema.STRING, _('Next hop address.'),
                                required=True)})),
        IPV6_RA_MODE: prop(Schema.STRING, _('IPv6 router advertisement '
                                            'mode.'),
                           constraints=[constraints.AllowedValues(
                               IPV6_MODES)]),
        IPV6_ADDRESS_MODE: prop(Schema.STRING, _('IPv6 address mode.'),
                                constraints=[constraints.AllowedValues(
                                    IPV6_MODES)]),
        SEGMENT: prop(Schema.STRING, _('Segment (name or id) of the '
                                       'subnet.'), update_allowed=True),
        TAGS: neutron_base.tags_schema(),
        # Heat's hidden names (heat/engine/resources/openstack/neutron/
        # subnet.py: HIDDEN since 5.0.0, translation_rules).
        'network_id': base.hidden(NETWORK),
    }

    attributes_schema = {
        name: attr(_('The subnet\'s %s.') % name) for name in (
            'name', 'network_id', 'tenant_id', 'allocation_pools',
            'gateway_ip', 'host_routes', 'ip_version', 'cidr',
            'dns_nameservers', 'enable_dhcp')
    }
    attributes_schema[base.SHOW] = base.SHOW_SCHEMA

    def create_body(self, properties):
        body = self.body_from(properties, {
            self.PREFIXLEN: 'prefixlen', self.CIDR: 'cidr',
            self.IP_VERSION: 'ip_version',
            self.DNS_NAMESERVERS: 'dns_nameservers',
            self.ENABLE_DHCP: 'enable_dhcp',
            self.ALLOCATION_POOLS: 'allocation_pools',
            self.HOST_ROUTES: 'host_routes',
            self.IPV6_RA_MODE: 'ipv6_ra_mode',
            self.IPV6_ADDRESS_MODE: 'ipv6_address_mode'})
        if properties.get(self.NETWORK) is not None:
            body['network_id'] = self.network_id(properties[self.NETWORK])
        if properties.get(self.SUBNETPOOL) is not None:
            body['subnetpool_id'] = self.neutron_id(
                '/subnetpools', 'subnetpool', properties[self.SUBNETPOOL])
        if properties.get(self.SEGMENT) is not None:
            body['segment_id'] = self.neutron_id(
                '/segments', 'segment', properties[self.SEGMENT])
        if self.GATEWAY_IP in properties and \
                properties[self.GATEWAY_IP] is not None:
            body['gateway_ip'] = properties[self.GATEWAY_IP] or None
        return body

    @classmethod
    def validate_properties(cls, properties, path):
        try:
            given = properties.get(cls.CIDR) or properties.get(
                cls.SUBNETPOOL)
        except (exception.UnresolvedReference,
                exception.UserParameterMissing):
            return
        if given is None:
            raise exception.StackValidationFailed(
                _('One of the properties "cidr" or "subnetpool" must be '
                  'given.'), path=list(path))
