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

"""OS::Octavia::LoadBalancer and OS::Octavia::Listener.

Schemas and requests as Heat's heat/engine/resources/openstack/octavia/
loadbalancer.py and listener.py: the subnet, flavor, load balancer and
default pool are given by name or id and sent as ids
(``vip_subnet_id``, ``flavor_id``, ``loadbalancer_id``,
``default_pool_id``); a name left unset is the physical name.
"""

from heat_vision.common.i18n import _
from heat_vision.resources.openstack import base
from heat_vision.resources.openstack import octavia_base
from heat_vision.template import constraints

Schema = base.Schema
prop = base.prop
attr = base.attr

PROTOCOLS = ['TCP', 'HTTP', 'HTTPS', 'TERMINATED_HTTPS', 'PROXY', 'UDP']


class LoadBalancer(octavia_base.OctaviaResource):
    """An Octavia load balancer."""

    path, key = '/lbaas/loadbalancers', 'loadbalancer'
    references = {'vip_subnet': 'vip_subnet_id', 'flavor': 'flavor_id'}

    properties_schema = {
        'description': prop(Schema.STRING,
                            _('Description of this Load Balancer.'),
                            default='', update_allowed=True),
        'name': prop(Schema.STRING, _('Name of this Load Balancer.'),
                     update_allowed=True),
        'provider': prop(Schema.STRING,
                         _('Provider for this Load Balancer.')),
        'vip_address': prop(Schema.STRING, _('IP address for the VIP.'),
                            constraints=[constraints.CustomConstraint(
                                'ip_addr')]),
        'vip_subnet': prop(Schema.STRING,
                           _('The name or ID of the subnet on which to '
                             'allocate the VIP address.'),
                           required=True,
                           constraints=base.name_or_id('neutron.subnet')),
        'admin_state_up': prop(Schema.BOOLEAN,
                               _('The administrative state of this Load '
                                 'Balancer.'),
                               default=True, update_allowed=True),
        'tenant_id': prop(Schema.STRING,
                          _('The ID of the tenant who owns the Load '
                            'Balancer. Only administrative users can '
                            'specify a tenant ID other than their own.')),
        'flavor': prop(Schema.STRING,
                       _('The name or ID of the flavor of the Load '
                         'Balancer.'),
                       constraints=base.name_or_id('octavia.flavor')),
        'availability_zone': prop(Schema.STRING,
                                  _('The availability zone of the Load '
                                    'Balancer.')),
    }
    attributes_schema = {
        'vip_address': attr(_('The VIP address of the LoadBalancer.'),
                            'String'),
        'vip_port_id': attr(_('The VIP port of the LoadBalancer.'),
                            'String'),
        'vip_subnet_id': attr(_('The VIP subnet of the LoadBalancer.'),
                              'String'),
        'pools': attr(_('Pools this LoadBalancer is associated with.'),
                      'List'),
        'flavor_id': attr(_('The flavor ID of the LoadBalancer.'),
                          'String'),
        base.SHOW: base.SHOW_SCHEMA,
    }
    live_keys = {'description': 'description',
                 'admin_state_up': 'admin_state_up'}

    def resolve(self, properties):
        found = {}
        if 'vip_subnet' in properties:
            found['vip_subnet_id'] = self.find_id(
                'neutron', '/subnets', 'subnet', properties['vip_subnet'])
        if 'flavor' in properties:
            found['flavor_id'] = self.octavia_id(
                '/lbaas/flavors', 'flavor', properties['flavor'])
        return found


class Listener(octavia_base.OctaviaResource):
    """A listening endpoint of a load balancer."""

    path, key = '/lbaas/listeners', 'listener'
    references = {'loadbalancer': 'loadbalancer_id',
                  'default_pool': 'default_pool_id'}

    properties_schema = {
        'protocol_port': prop(Schema.INTEGER,
                              _('TCP or UDP port on which to listen for '
                                'client traffic.'),
                              required=True,
                              constraints=[constraints.Range(1, 65535)]),
        'protocol': prop(Schema.STRING,
                         _('Protocol on which to listen for the client '
                           'traffic.'),
                         required=True,
                         constraints=[constraints.AllowedValues(PROTOCOLS)]),
        'loadbalancer': prop(Schema.STRING,
                             _('ID or name of the load balancer with which '
                               'listener is associated.'),
                             required=True,
                             constraints=base.name_or_id(
                                 'octavia.loadbalancer')),
        'default_pool': prop(Schema.STRING,
                             _('ID or name of the default pool for the '
                               'listener.'),
                             update_allowed=True,
                             constraints=base.name_or_id('octavia.pool')),
        'name': prop(Schema.STRING, _('Name of this listener.'),
                     update_allowed=True),
        'admin_state_up': prop(Schema.BOOLEAN,
                               _('The administrative state of this '
                                 'listener.'),
                               default=True, update_allowed=True),
        'description': prop(Schema.STRING, _('Description of this '
                                             'listener.'),
                            default='', update_allowed=True),
        'default_tls_container_ref': prop(
            Schema.STRING, _('Default TLS container reference to retrieve '
                             'TLS information.'),
            update_allowed=True),
        'sni_container_refs': prop(
            Schema.LIST, _('List of TLS container references for SNI.'),
            update_allowed=True,
            constraints=[constraints.Length(max=256)]),
        'connection_limit': prop(
            Schema.INTEGER,
            _('The maximum number of connections permitted for this load '
              'balancer. Defaults to -1, which is infinite.'),
            default=-1, update_allowed=True,
            constraints=[constraints.Range(min=-1,
                                           max=octavia_base.INT_MAX)]),
        'tenant_id': prop(Schema.STRING,
                          _('The ID of the tenant who owns the listener.')),
        'allowed_cidrs': prop(
            Schema.LIST,
            _('A list of IPv4, IPv6 or mix of both CIDRs. The default is '
              'all allowed. When a list of CIDRs is provided, the default '
              'switches to deny all.'),
            update_allowed=True,
            constraints=[constraints.Length(max=256)],
            schema=prop(Schema.STRING, _('A CIDR.'),
                        constraints=[constraints.CustomConstraint('cidr')])),
    }
    attributes_schema = {
        'loadbalancers': attr(_('ID of the load balancer this listener is '
                                'associated to.'), 'List'),
        'default_pool_id': attr(_('ID of the default pool this listener '
                                  'is associated to.'), 'String'),
        base.SHOW: base.SHOW_SCHEMA,
    }
    live_keys = {'protocol_port': 'protocol_port', 'protocol': 'protocol',
                 'connection_limit': 'connection_limit',
                 'admin_state_up': 'admin_state_up'}

    @classmethod
    def validate_properties(cls, properties, path):
        known = octavia_base.known(properties, (
            'protocol', 'default_tls_container_ref'))
        if known and known[0] == 'TERMINATED_HTTPS' and known[1] is None:
            octavia_base.refuse(_('Property default_tls_container_ref '
                                  'required when protocol is '
                                  'TERMINATED_HTTPS.'), path)

    def resolve(self, properties):
        found = {}
        if 'loadbalancer' in properties:
            found['loadbalancer_id'] = self.octavia_id(
                '/lbaas/loadbalancers', 'loadbalancer',
                properties['loadbalancer'])
        if 'default_pool' in properties:
            found['default_pool_id'] = self.octavia_id(
                '/lbaas/pools', 'pool', properties['default_pool'])
        return found
