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

"""OS::Neutron::ExtraRouteSet and OS::Neutron::FloatingIPPortForward:
routes a router adds, and ports a floating IP forwards.

After Heat's neutron/extrarouteset.py (Neutron's ``extraroute-atomic``
extension: routes added and removed as a set, so several stacks may
share a router) and the FloatingIPPortForward of neutron/floatingip.py.
Both are ordered after the router interfaces they need (implicit
dependencies, as Heat's ``add_dependencies``).
"""

import ipaddress

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.resources import implicit
from heat_vision.resources.openstack import base
from heat_vision.resources.openstack import neutron_base
from heat_vision.template import constraints

Schema = base.Schema
prop = base.prop


def _routes(items):
    return {(r['destination'], r['nexthop']) for r in items or []}


def _listed(routes):
    return [{'destination': d, 'nexthop': n} for d, n in sorted(routes)]


class ExtraRouteSet(neutron_base.NeutronResource):
    """Extra routes of a router; its physical id is the router's."""

    path, key = '/routers', 'router'
    name_property = None
    ready_statuses = ()
    implicit = implicit.Declared(implicit.EXTRA_ROUTE_SET,
                                 router=('router',))

    properties_schema = {
        'router': prop(Schema.STRING, _('The router (name or id).'),
                       required=True),
        'routes': prop(Schema.LIST, _('The routes.'), default=[],
                       update_allowed=True,
                       constraints=[constraints.Length(max=1024)],
                       schema=prop(Schema.MAP, _('A route.'), schema={
                           'destination': prop(
                               Schema.STRING, _('Destination CIDR.'),
                               required=True, constraints=[
                                   constraints.CustomConstraint('cidr')]),
                           'nexthop': prop(
                               Schema.STRING, _('Next hop address.'),
                               required=True, constraints=[
                                   constraints.CustomConstraint(
                                       'ip_addr')])})),
    }
    attributes_schema = {base.SHOW: base.SHOW_SCHEMA}

    def _change(self, action, routes):
        if routes:
            self.api('PUT', self.object_path() + '/%s_extraroutes' % action,
                     body={'router': {'routes': _listed(routes)}})

    def _refuse_existing(self, routes):
        # Heat's _raise_if_duplicate: a route the router has already
        # belongs to someone else, and would be removed with this set.
        have = _routes(self.show_object().get('routes'))
        taken = sorted(routes & have)
        if taken:
            raise exception.Conflict(reason=_(
                'The router %(router)s has the route(s) %(routes)s '
                'already.') % {'router': self.resource_id, 'routes': ', '.join(
                    '%s=%s' % r for r in taken)})

    def handle_create(self):
        self.resource_id = self.neutron_id('/routers', 'router',
                                           self.properties['router'])
        routes = _routes(self.properties['routes'])
        if self.data.get('routes') is None:
            self._refuse_existing(routes)
        self.data['routes'] = _listed(routes)
        self._change('add', routes)

    def handle_update(self, new_properties, changed):
        old = _routes(self.data.get('routes'))
        new = _routes(new_properties['routes'])
        self._refuse_existing(new - old)
        self._change('remove', old - new)
        self._change('add', new - old)
        self.data['routes'] = _listed(new)

    def handle_delete(self):
        if self.resource_id:
            try:
                self._change('remove', _routes(self.data.get('routes')))
            except exception.ServiceObjectNotFound:
                pass

    def check_delete_complete(self, token):
        return True

    def get_reference_id(self):
        return self.resource_id or self.name


class FloatingIPPortForward(neutron_base.NeutronResource):
    """A port of a floating IP forwarded to a port's address."""

    key = 'port_forwarding'
    name_property = None
    ready_statuses = ()
    implicit = implicit.Declared(implicit.FLOATING_IP_ASSOCIATION)
    PROTOCOLS = ['tcp', 'udp', 'icmp', 'icmp6', 'sctp', 'dccp']
    _PORT_NUMBER = [constraints.Range(min=1, max=65535)]

    properties_schema = {
        'internal_ip_address': prop(
            Schema.STRING, _('Address of the internal port forwarded to.'),
            required=True, update_allowed=True,
            constraints=[constraints.CustomConstraint('ip_addr')]),
        'internal_port_number': prop(
            Schema.INTEGER, _('Port number forwarded to.'),
            update_allowed=True, constraints=_PORT_NUMBER),
        'external_port': prop(Schema.INTEGER,
                              _('Port number of the floating IP.'),
                              required=True, update_allowed=True,
                              constraints=_PORT_NUMBER),
        'internal_port': prop(Schema.STRING,
                              _('The Neutron port (name or id) forwarded '
                                'to.'),
                              required=True, update_allowed=True,
                              constraints=base.name_or_id('neutron.port')),
        'protocol': prop(Schema.STRING, _('The IP protocol.'),
                         required=True, update_allowed=True,
                         constraints=[constraints.AllowedValues(PROTOCOLS)]),
        'floating_ip': prop(Schema.STRING,
                            _('The floating IP (address or id).'),
                            required=True),
    }
    attributes_schema = {base.SHOW: base.SHOW_SCHEMA}

    @property
    def path(self):
        return '/floatingips/%s/port_forwardings' % self.data['fip_id']

    def floating_ip_id(self, value):
        try:
            ipaddress.ip_address(value)
        except ValueError:
            return self.api('GET', '/floatingips/%s' % value,
                            key='floatingip')['id']
        found = self.api('GET', '/floatingips', key='floatingips',
                         params={'floating_ip_address': value})
        if len(found) != 1:
            raise exception.ServiceObjectNotFound(
                service='neutron', status=404,
                reason=_('no floating IP %s') % value)
        return found[0]['id']

    def create_body(self, properties):
        body = self.body_from(properties, {
            'internal_ip_address': 'internal_ip_address',
            'internal_port_number': 'internal_port',
            'external_port': 'external_port', 'protocol': 'protocol'})
        if properties.get('internal_port') is not None:
            body['internal_port_id'] = self.neutron_id(
                '/ports', 'port', properties['internal_port'])
        return body

    def handle_create(self):
        self.data['fip_id'] = self.floating_ip_id(
            self.properties['floating_ip'])
        return super().handle_create()

    def handle_delete(self):
        if 'fip_id' in self.data:
            return super().handle_delete()

    def check_delete_complete(self, token):
        if 'fip_id' not in self.data:
            return True
        return super().check_delete_complete(token)
