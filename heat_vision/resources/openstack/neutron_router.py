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

"""OS::Neutron::Router, RouterInterface, FloatingIP and
FloatingIPAssociation.
"""

from heat_vision.clients import openstack as os_clients
from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.resources import implicit
from heat_vision.resources.openstack import base
from heat_vision.resources.openstack import neutron_base
from heat_vision.template import constraints
from heat_vision.template import translation

Schema = base.Schema
prop = base.prop
attr = base.attr


class Router(neutron_base.NeutronResource):
    """A Neutron router."""

    path, key = '/routers', 'router'
    implicit = implicit.Declared(
        implicit.ROUTER, network=('external_gateway_info', 'network'))

    PROPERTIES = (
        NAME, EXTERNAL_GATEWAY, VALUE_SPECS, ADMIN_STATE_UP,
        L3_AGENT_IDS, DISTRIBUTED, HA, TAGS, TENANT_ID,
        AVAILABILITY_ZONE_HINTS,
    ) = (
        'name', 'external_gateway_info', 'value_specs', 'admin_state_up',
        'l3_agent_ids', 'distributed', 'ha', 'tags', 'tenant_id',
        'availability_zone_hints',
    )

    properties_schema = {
        NAME: prop(Schema.STRING, _('Name of the router.'),
                   update_allowed=True),
        EXTERNAL_GATEWAY: prop(
            Schema.MAP, _('The external network the router routes to.'),
            update_allowed=True, schema={
                'network': prop(Schema.STRING,
                                _('External network (name or id).'),
                                required=True, update_allowed=True,
                                constraints=base.name_or_id(
                                    'neutron.network')),
                'enable_snat': prop(Schema.BOOLEAN,
                                    _('Whether SNAT is on.'),
                                    update_allowed=True),
                'external_fixed_ips': prop(
                    Schema.LIST, _('Addresses on the external network.'),
                    update_allowed=True,
                    constraints=[constraints.Length(max=64)],
                    schema=prop(Schema.MAP, _('An address.'), schema={
                        'ip_address': prop(Schema.STRING, _('Address.')),
                        'subnet': prop(Schema.STRING,
                                       _('Subnet (name or id).'))})),
            }),
        VALUE_SPECS: neutron_base.value_specs_schema(),
        ADMIN_STATE_UP: prop(Schema.BOOLEAN, _('Administrative state.'),
                             default=True, update_allowed=True),
        L3_AGENT_IDS: prop(Schema.LIST, _('L3 agents hosting it.'),
                           update_allowed=True,
                           schema=prop(Schema.STRING, _('An agent id.'))),
        DISTRIBUTED: prop(Schema.BOOLEAN, _('Whether it is distributed '
                                            '(admin only).')),
        HA: prop(Schema.BOOLEAN, _('Whether it is highly available '
                                   '(admin only).')),
        TAGS: neutron_base.tags_schema(),
        TENANT_ID: neutron_base.tenant_schema(),
        AVAILABILITY_ZONE_HINTS: prop(
            Schema.LIST, _('Availability zones to place it in.'),
            update_allowed=True),
        # Heat's hidden name (heat/engine/resources/openstack/neutron/
        # router.py: HIDDEN since 6.0.0, an ADD translation rule).
        'l3_agent_id': prop(Schema.STRING, _('Hidden: use l3_agent_ids.'),
                            update_allowed=True,
                            translation=translation.Append(L3_AGENT_IDS)),
    }

    attributes_schema = {
        name: attr(_('The router\'s %s.') % name) for name in (
            'status', 'external_gateway_info', 'name', 'admin_state_up',
            'tenant_id')
    }
    attributes_schema[base.SHOW] = base.SHOW_SCHEMA

    def create_body(self, properties):
        body = self.body_from(properties, {
            self.ADMIN_STATE_UP: 'admin_state_up',
            self.DISTRIBUTED: 'distributed', self.HA: 'ha',
            self.AVAILABILITY_ZONE_HINTS: 'availability_zone_hints'})
        if self.EXTERNAL_GATEWAY in properties:
            body['external_gateway_info'] = self._gateway(
                properties[self.EXTERNAL_GATEWAY])
        return body

    def _gateway(self, gateway):
        if not gateway:
            return {}
        out = {'network_id': self.network_id(gateway['network'])}
        if gateway.get('enable_snat') is not None:
            out['enable_snat'] = gateway['enable_snat']
        if gateway.get('external_fixed_ips') is not None:
            out['external_fixed_ips'] = [
                base.without_none({
                    'ip_address': ip.get('ip_address'),
                    'subnet_id': self.subnet_id(ip.get('subnet'))})
                for ip in gateway['external_fixed_ips']]
        return out

    def update_body(self, new_properties, changed):
        changed = {k: v for k, v in changed.items()
                   if k != self.L3_AGENT_IDS}
        return super().update_body(new_properties, changed)

    def handle_create(self):
        token = super().handle_create()
        for agent in self.properties[self.L3_AGENT_IDS] or []:
            self.api('POST', '/agents/%s/l3-routers' % agent,
                     body={'router_id': self.resource_id})
        return token


class RouterInterface(neutron_base.NeutronResource):
    """A router's interface on a subnet or a port.

    Its physical id is ``<router id>:subnet_id=<id>`` (or ``port_id=``),
    as Heat's.
    """

    path, key = '/routers', 'router'
    name_property = None
    ready_statuses = ()
    implicit = implicit.Declared(implicit.ROUTER_INTERFACE,
                                 subnet=('subnet',), router=('router',))

    PROPERTIES = (ROUTER, SUBNET, PORT) = ('router', 'subnet', 'port')

    properties_schema = {
        ROUTER: prop(Schema.STRING, _('The router (name or id).'),
                     required=True),
        SUBNET: prop(Schema.STRING, _('The subnet (name or id): give '
                                      'this or port.'),
                     constraints=base.name_or_id('neutron.subnet')),
        PORT: prop(Schema.STRING, _('The port (name or id): give this or '
                                    'subnet.'),
                   constraints=base.name_or_id('neutron.port')),
        # Heat's hidden names (heat/engine/resources/openstack/neutron/
        # router.py: HIDDEN since 6.0.0, translation_rules).
        'router_id': base.hidden(ROUTER),
        'subnet_id': base.hidden(SUBNET),
        'port_id': base.hidden(PORT),
    }
    attributes_schema = {base.SHOW: base.SHOW_SCHEMA}

    @classmethod
    def validate_properties(cls, properties, path):
        try:
            given = [k for k in (cls.SUBNET, cls.PORT)
                     if properties.get(k)]
        except (exception.UnresolvedReference,
                exception.UserParameterMissing):
            return
        if len(given) != 1:
            raise exception.StackValidationFailed(
                _('Exactly one of the properties "subnet" and "port" must '
                  'be given.'), path=list(path))

    def _parts(self):
        router, _sep, rest = self.resource_id.partition(':')
        key, _sep, value = rest.partition('=')
        return router, {key: value}

    def handle_create(self):
        router = self.neutron_id('/routers', 'router',
                                 self.properties[self.ROUTER])
        if self.properties[self.SUBNET]:
            key, value = 'subnet_id', self.subnet_id(
                self.properties[self.SUBNET])
        else:
            key, value = 'port_id', self.neutron_id(
                '/ports', 'port', self.properties[self.PORT])
        try:
            self.api('PUT', '/routers/%s/add_router_interface' % router,
                     body={key: value})
        except exception.ServiceError as exc:
            # A dead engine's create already added it: that is ours.
            if not (isinstance(exc, exception.ServiceConflict) or
                    exc.format_kwargs.get('status') == 400) or \
                    not self._has_interface(router, key, value):
                raise
        self.resource_id = '%s:%s=%s' % (router, key, value)

    def _has_interface(self, router, key, value):
        ports = self.api('GET', '/ports', key='ports',
                         params={'device_id': router})
        if key == 'port_id':
            return any(p['id'] == value for p in ports)
        return any(ip.get('subnet_id') == value
                   for p in ports for ip in p.get('fixed_ips') or [])

    def check_create_complete(self, token):
        return True

    def handle_update(self, new_properties, changed):
        raise exception.UpdateReplace(self.name)

    def handle_delete(self):
        if not self.resource_id:
            return None
        router, body = self._parts()
        try:
            self.api('PUT', '/routers/%s/remove_router_interface' % router,
                     body=body)
        except (exception.ServiceObjectNotFound, exception.ServiceConflict):
            # Gone already (404), or the router's interface is gone (409
            # names it in newer Neutron): nothing left to remove.
            pass
        return None

    def check_delete_complete(self, token):
        return True

    def handle_check(self):
        router, body = self._parts()
        key, value = next(iter(body.items()))
        if not self._has_interface(router, key, value):
            raise exception.ServiceObjectNotFound(
                service='Neutron', status=404,
                reason=_('router %(r)s has no interface %(v)s') % {
                    'r': router, 'v': value})

    def get_attribute(self, name, *path):
        if name != base.SHOW or not self.resource_id:
            return None
        router, body = self._parts()
        value = dict(body, router_id=router)
        for key in path:
            value = value[key]
        return value


class FloatingIP(neutron_base.NeutronResource):
    """A floating IP on an external network."""

    path, key = '/floatingips', 'floatingip'
    name_property = None
    implicit = implicit.Declared(implicit.FLOATING_IP,
                                 network=('floating_network',))

    PROPERTIES = (
        FLOATING_NETWORK, FLOATING_SUBNET, VALUE_SPECS, PORT_ID,
        FIXED_IP_ADDRESS, FLOATING_IP_ADDRESS, DNS_NAME, DNS_DOMAIN,
    ) = (
        'floating_network', 'floating_subnet', 'value_specs', 'port_id',
        'fixed_ip_address', 'floating_ip_address', 'dns_name',
        'dns_domain',
    )

    properties_schema = {
        FLOATING_NETWORK: prop(Schema.STRING,
                               _('External network (name or id).'),
                               required=True,
                               constraints=base.name_or_id(
                                   'neutron.network')),
        FLOATING_SUBNET: prop(Schema.STRING,
                              _('Subnet (name or id) to take it from.'),
                              constraints=base.name_or_id(
                                  'neutron.subnet')),
        VALUE_SPECS: neutron_base.value_specs_schema(False),
        PORT_ID: prop(Schema.STRING, _('Port (name or id) to associate '
                                       'it with.'), update_allowed=True,
                      constraints=base.name_or_id('neutron.port')),
        FIXED_IP_ADDRESS: prop(Schema.STRING, _('Address of the port to '
                                                'map it to.'),
                               update_allowed=True,
                               constraints=[constraints.CustomConstraint(
                                   'ip_addr')]),
        FLOATING_IP_ADDRESS: prop(Schema.STRING,
                                  _('The floating address to take.'),
                                  constraints=[
                                      constraints.CustomConstraint(
                                          'ip_addr')]),
        DNS_NAME: prop(Schema.STRING, _('DNS name.'), update_allowed=True),
        DNS_DOMAIN: prop(Schema.STRING, _('DNS domain.'),
                         update_allowed=True),
        # Heat's hidden name (heat/engine/resources/openstack/neutron/
        # floatingip.py: HIDDEN since 5.0.0, translation_rules).
        'floating_network_id': base.hidden(FLOATING_NETWORK),
    }

    attributes_schema = {
        name: attr(_('The floating IP\'s %s.') % name) for name in (
            'router_id', 'tenant_id', 'floating_network_id',
            'fixed_ip_address', 'floating_ip_address', 'port_id')
    }
    attributes_schema[base.SHOW] = base.SHOW_SCHEMA

    def create_body(self, properties):
        body = self.body_from(properties, {
            self.FIXED_IP_ADDRESS: 'fixed_ip_address',
            self.FLOATING_IP_ADDRESS: 'floating_ip_address',
            self.DNS_NAME: 'dns_name', self.DNS_DOMAIN: 'dns_domain'})
        if properties.get(self.FLOATING_NETWORK):
            body['floating_network_id'] = self.network_id(
                properties[self.FLOATING_NETWORK])
        if properties.get(self.FLOATING_SUBNET):
            body['subnet_id'] = self.subnet_id(
                properties[self.FLOATING_SUBNET])
        if self.PORT_ID in properties:
            body['port_id'] = self.neutron_id('/ports', 'port',
                                              properties[self.PORT_ID])
        return body


class FloatingIPAssociation(neutron_base.NeutronResource):
    """A floating IP's association with a port."""

    path, key = '/floatingips', 'floatingip'
    name_property = None
    ready_statuses = ()
    implicit = implicit.Declared(implicit.FLOATING_IP_ASSOCIATION)

    PROPERTIES = (FLOATINGIP_ID, PORT_ID, FIXED_IP_ADDRESS) = (
        'floatingip_id', 'port_id', 'fixed_ip_address')

    properties_schema = {
        FLOATINGIP_ID: prop(Schema.STRING, _('The floating IP\'s id.'),
                            required=True, update_allowed=True),
        PORT_ID: prop(Schema.STRING, _('The port (name or id).'),
                      required=True, update_allowed=True,
                      constraints=base.name_or_id('neutron.port')),
        FIXED_IP_ADDRESS: prop(Schema.STRING,
                               _('Address of the port to map it to.'),
                               update_allowed=True,
                               constraints=[constraints.CustomConstraint(
                                   'ip_addr')]),
    }
    attributes_schema = {base.SHOW: base.SHOW_SCHEMA}

    def _associate(self, properties):
        body = {'port_id': self.neutron_id('/ports', 'port',
                                           properties[self.PORT_ID])}
        if properties.get(self.FIXED_IP_ADDRESS):
            body['fixed_ip_address'] = properties[self.FIXED_IP_ADDRESS]
        self.api('PUT', self.object_path(properties[self.FLOATINGIP_ID]),
                 body={'floatingip': body})

    def handle_create(self):
        self._associate(self.properties)
        self.resource_id = self.properties[self.FLOATINGIP_ID]

    def handle_update(self, new_properties, changed):
        if self.FLOATINGIP_ID in changed:
            self.handle_delete()
        self._associate(new_properties)
        self.resource_id = new_properties[self.FLOATINGIP_ID]

    def handle_delete(self):
        if self.resource_id:
            os_clients.ignoring_missing(
                self.api, 'PUT', self.object_path(),
                body={'floatingip': {'port_id': None}})

    def check_delete_complete(self, token):
        return True
