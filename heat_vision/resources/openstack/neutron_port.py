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

"""OS::Neutron::Port."""

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.resources import implicit
from heat_vision.resources.openstack import base
from heat_vision.resources.openstack import neutron_base
from heat_vision.template import constraints

Schema = base.Schema
prop = base.prop
attr = base.attr

VNIC_TYPES = ['normal', 'direct', 'macvtap', 'direct-physical',
              'baremetal', 'virtio-forwarder', 'smart-nic', 'vdpa',
              'remote-managed', 'accelerator-direct',
              'accelerator-direct-physical']


def address_pairs_schema():
    return prop(
        Schema.LIST, _('Extra addresses the port may send from.'),
        update_allowed=True, constraints=[constraints.Length(max=256)],
        schema=prop(Schema.MAP, _('An address pair.'), schema={
            'mac_address': prop(
                Schema.STRING, _('MAC address (the port\'s if unset).'),
                constraints=[constraints.CustomConstraint('mac_addr')]),
            'ip_address': prop(Schema.STRING, _('IP address or CIDR.'),
                               required=True)}))


#: The properties a server's internal port shares with a port
#: (``port_extra_properties`` of OS::Nova::Server's networks).
def extra_properties_schema():
    return {
        'admin_state_up': prop(Schema.BOOLEAN,
                               _('Administrative state of the port.'),
                               default=True, update_allowed=True),
        'mac_address': prop(Schema.STRING, _('MAC address of the port.'),
                            constraints=[constraints.CustomConstraint(
                                'mac_addr')]),
        'allowed_address_pairs': address_pairs_schema(),
        'binding:vnic_type': prop(Schema.STRING, _('VNIC type.'),
                                  default='normal', update_allowed=True,
                                  constraints=[constraints.AllowedValues(
                                      VNIC_TYPES)]),
        'port_security_enabled': prop(
            Schema.BOOLEAN, _('Whether port security is on.'),
            update_allowed=True),
        'qos_policy': prop(Schema.STRING, _('QoS policy (name or id).'),
                           update_allowed=True),
        'propagate_uplink_status': prop(
            Schema.BOOLEAN, _('Whether the uplink status propagates.'),
            update_allowed=True),
        'no_fixed_ips': prop(Schema.BOOLEAN,
                             _('Whether the port gets no address.'),
                             default=False, update_allowed=True),
        'value_specs': neutron_base.value_specs_schema(),
    }


class Port(neutron_base.NeutronResource):
    """A port on a Neutron network."""

    path, key = '/ports', 'port'
    implicit = implicit.Declared(implicit.PORT, network=('network',),
                                 subnets=('fixed_ips', '*', 'subnet'))

    REPLACEMENT_POLICY = 'replacement_policy'
    live_keys = {'admin_state_up': 'admin_state_up'}

    PROPERTIES = (
        NAME, NETWORK, FIXED_IPS, SECURITY_GROUPS, DEVICE_ID,
        DEVICE_OWNER, DNS_NAME, TAGS,
        ADMIN_STATE_UP, MAC_ADDRESS, ALLOWED_ADDRESS_PAIRS, VNIC_TYPE,
        PORT_SECURITY_ENABLED, QOS_POLICY, PROPAGATE_UPLINK_STATUS,
        NO_FIXED_IPS, VALUE_SPECS,
    ) = (
        'name', 'network', 'fixed_ips', 'security_groups', 'device_id',
        'device_owner', 'dns_name', 'tags',
        'admin_state_up', 'mac_address', 'allowed_address_pairs',
        'binding:vnic_type', 'port_security_enabled', 'qos_policy',
        'propagate_uplink_status', 'no_fixed_ips', 'value_specs',
    )

    properties_schema = dict(extra_properties_schema(), **{
        NAME: prop(Schema.STRING, _('Name of the port.'),
                   update_allowed=True),
        NETWORK: prop(Schema.STRING, _('The network (name or id).'),
                      required=True,
                      constraints=base.name_or_id('neutron.network')),
        FIXED_IPS: prop(
            Schema.LIST, _('Addresses of the port.'), update_allowed=True,
            constraints=[constraints.Length(max=256)],
            schema=prop(Schema.MAP, _('An address.'), schema={
                # Hidden in Heat, yet listed (as Heat lists a hidden
                # name inside a map).
                'subnet_id': base.hidden('subnet', description=_(
                    'Deprecated: use subnet.')),
                'subnet': prop(Schema.STRING, _('Subnet (name or id).'),
                               constraints=base.name_or_id(
                                   'neutron.subnet')),
                'ip_address': prop(Schema.STRING, _('The address.'),
                                   constraints=[
                                       constraints.CustomConstraint(
                                           'ip_addr')])})),
        SECURITY_GROUPS: prop(Schema.LIST,
                              _('Security groups (names or ids).'),
                              update_allowed=True,
                              constraints=[constraints.Length(max=64)]),
        DEVICE_ID: prop(Schema.STRING, _('Device using the port.'),
                        update_allowed=True),
        DEVICE_OWNER: prop(Schema.STRING, _('Kind of device using the '
                                            'port.'), update_allowed=True),
        DNS_NAME: prop(Schema.STRING, _('DNS name of the port.'),
                       update_allowed=True),
        TAGS: neutron_base.tags_schema(),
        # Heat's hidden names (heat/engine/resources/openstack/neutron/
        # port.py: HIDDEN since 5.0.0 and 9.0.0, translation_rules).
        'network_id': base.hidden(NETWORK),
        REPLACEMENT_POLICY: prop(
            Schema.STRING, _('REPLACE_ALWAYS replaces the port on any '
                             'update.'), update_allowed=True, hidden=True,
            constraints=[constraints.AllowedValues(['REPLACE_ALWAYS',
                                                    'AUTO'])]),
    })

    attributes_schema = {
        name: attr(_('The port\'s %s.') % name) for name in (
            'admin_state_up', 'device_id', 'device_owner', 'fixed_ips',
            'mac_address', 'name', 'network_id', 'security_groups',
            'status', 'tenant_id', 'allowed_address_pairs',
            'port_security_enabled', 'qos_policy_id', 'dns_assignment',
            'propagate_uplink_status')
    }
    attributes_schema.update({
        'network': attr(_('The port\'s network, as Neutron shows it.'),
                        'Map'),
        'subnets': attr(_('The subnets of its addresses.'), 'List'),
        base.SHOW: base.SHOW_SCHEMA,
    })

    def port_body(self, properties):
        """The fields of a port body the properties set."""
        body = self.body_from(properties, {
            self.ADMIN_STATE_UP: 'admin_state_up',
            self.MAC_ADDRESS: 'mac_address', self.VNIC_TYPE: self.VNIC_TYPE,
            self.PORT_SECURITY_ENABLED: 'port_security_enabled',
            self.PROPAGATE_UPLINK_STATUS: 'propagate_uplink_status',
            self.DEVICE_ID: 'device_id', self.DEVICE_OWNER: 'device_owner',
            self.DNS_NAME: 'dns_name'})
        if self.ALLOWED_ADDRESS_PAIRS in properties:
            body['allowed_address_pairs'] = [
                base.without_none(p) for p in
                properties[self.ALLOWED_ADDRESS_PAIRS] or []]
        if properties.get(self.QOS_POLICY) is not None:
            body['qos_policy_id'] = self.qos_policy_id(
                properties[self.QOS_POLICY])
        if properties.get(self.NO_FIXED_IPS):
            body['fixed_ips'] = []
        elif properties.get(self.FIXED_IPS) is not None:
            body['fixed_ips'] = [self._fixed_ip(i)
                                 for i in properties[self.FIXED_IPS]]
        if properties.get(self.SECURITY_GROUPS) is not None:
            body['security_groups'] = [
                self.neutron_id('/security-groups', 'security_group', g)
                for g in properties[self.SECURITY_GROUPS]]
        return body

    def _fixed_ip(self, item):
        out = {}
        if item.get('subnet'):
            out['subnet_id'] = self.subnet_id(item['subnet'])
        if item.get('ip_address'):
            out['ip_address'] = item['ip_address']
        return out

    def create_body(self, properties):
        body = self.port_body(properties)
        if properties.get(self.NETWORK) is not None:
            body['network_id'] = self.network_id(properties[self.NETWORK])
        return body

    def handle_update(self, new_properties, changed):
        if new_properties.get(self.REPLACEMENT_POLICY) == 'REPLACE_ALWAYS':
            raise exception.UpdateReplace(self.name)
        return super().handle_update(new_properties, changed)

    def update_body(self, new_properties, changed):
        body = self.port_body(changed)
        if self.NO_FIXED_IPS in changed and not changed[self.NO_FIXED_IPS]:
            body['fixed_ips'] = [self._fixed_ip(i) for i in
                                 new_properties[self.FIXED_IPS] or []]
        return body

    def get_attribute(self, name, *path):
        if name not in ('network', 'subnets') or not self.resource_id:
            return super().get_attribute(name, *path)
        shown = self.shown_for_attributes()
        if name == 'network':
            value = self.api('GET', '/networks/%s' % shown['network_id'],
                             key='network')
        else:
            value = [self.api('GET', '/subnets/%s' % ip['subnet_id'],
                              key='subnet')
                     for ip in shown.get('fixed_ips') or []]
        for key in path:
            value = value[key]
        return value
