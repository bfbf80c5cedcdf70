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

"""OS::Neutron::AddressScope and OS::Neutron::SubnetPool: where
subnets' addresses come from.

After Heat's neutron/address_scope.py and subnetpool.py: the same
properties, the same checks of the prefix bounds at validation and of
the prefixes at update (a pool only grows).
"""

import ipaddress

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.resources.openstack import base
from heat_vision.resources.openstack import neutron_base
from heat_vision.template import constraints

Schema = base.Schema
prop = base.prop
attr = base.attr

_PREFIXLEN = [constraints.Range(min=0, max=128)]


class AddressScope(neutron_base.NeutronResource):
    """A Neutron address scope."""

    path, key = '/address-scopes', 'address_scope'
    ready_statuses = ()

    properties_schema = {
        'name': prop(Schema.STRING, _('Name of the address scope.'),
                     update_allowed=True),
        'shared': prop(Schema.BOOLEAN, _('Whether other projects may use '
                                         'it (admin only).'),
                       default=False, update_allowed=True),
        'tenant_id': neutron_base.tenant_schema(),
        'ip_version': prop(Schema.INTEGER, _('Address family, 4 or 6.'),
                           default=4,
                           constraints=[constraints.AllowedValues([4, 6])]),
    }
    attributes_schema = {base.SHOW: base.SHOW_SCHEMA}

    def create_body(self, properties):
        return self.body_from(properties, {'shared': 'shared',
                                           'ip_version': 'ip_version'})


class SubnetPool(neutron_base.NeutronResource):
    """A Neutron subnet pool."""

    path, key = '/subnetpools', 'subnetpool'
    ready_statuses = ()
    BOUNDS = ('min_prefixlen', 'default_prefixlen', 'max_prefixlen')

    properties_schema = {
        'name': prop(Schema.STRING, _('Name of the subnet pool.'),
                     update_allowed=True),
        'prefixes': prop(Schema.LIST, _('Its prefixes (CIDRs).'),
                         required=True, update_allowed=True,
                         constraints=[constraints.Length(min=1, max=256)],
                         schema=prop(Schema.STRING, _('A CIDR.'),
                                     constraints=[
                                         constraints.CustomConstraint(
                                             'cidr')])),
        'address_scope': prop(Schema.STRING,
                              _('Address scope (name or id) of the pool.'),
                              update_allowed=True),
        'default_quota': prop(Schema.INTEGER,
                              _('Per-project quota of prefix space '
                                'allocated from the pool.'),
                              update_allowed=True,
                              constraints=[constraints.Range(
                                  min=0, max=2 ** 31 - 1)]),
        'default_prefixlen': prop(Schema.INTEGER,
                                  _('Prefix length of a subnet that gives '
                                    'neither cidr nor prefixlen.'),
                                  update_allowed=True,
                                  constraints=_PREFIXLEN),
        'min_prefixlen': prop(Schema.INTEGER,
                              _('Smallest prefix length allocated.'),
                              update_allowed=True, constraints=_PREFIXLEN),
        'max_prefixlen': prop(Schema.INTEGER,
                              _('Largest prefix length allocated.'),
                              update_allowed=True, constraints=_PREFIXLEN),
        'is_default': prop(Schema.BOOLEAN,
                           _('Whether it is the default pool of its IP '
                             'family (admin only).'),
                           default=False, update_allowed=True),
        'tenant_id': neutron_base.tenant_schema(),
        'shared': prop(Schema.BOOLEAN, _('Whether every project may use '
                                         'it (admin only).'),
                       default=False),
        'tags': neutron_base.tags_schema(),
    }
    attributes_schema = {base.SHOW: base.SHOW_SCHEMA}

    def create_body(self, properties):
        body = self.body_from(properties, dict(
            {name: name for name in self.BOUNDS},
            prefixes='prefixes', default_quota='default_quota',
            is_default='is_default', shared='shared'))
        if 'address_scope' in properties:
            body['address_scope_id'] = self.neutron_id(
                '/address-scopes', 'address_scope',
                properties['address_scope'])
        return body

    def handle_update(self, new_properties, changed):
        if 'prefixes' in changed:
            _check_superset(self.data.get('prefixes') or [],
                            changed['prefixes'])
        token = super().handle_update(new_properties, changed)
        self.data['prefixes'] = list(new_properties['prefixes'])
        return token

    def handle_create(self):
        self.data['prefixes'] = list(self.properties['prefixes'])
        return super().handle_create()

    @classmethod
    def validate_properties(cls, properties, path):
        try:
            low, default, high = (properties.get(n) for n in cls.BOUNDS)
        except (exception.UnresolvedReference,
                exception.UserParameterMissing):
            return
        # Heat's SubnetPool._validate_prefix_bounds.
        for (key1, value1), (key2, value2), (small, big) in (
                (('max_prefixlen', high), ('min_prefixlen', low),
                 (low, high)),
                (('max_prefixlen', high), ('default_prefixlen', default),
                 (default, high)),
                (('min_prefixlen', low), ('default_prefixlen', default),
                 (low, default))):
            if small is not None and big is not None and small > big:
                raise exception.StackValidationFailed(
                    _('Illegal prefix bounds: %(key1)s=%(value1)s, '
                      '%(key2)s=%(value2)s.') % {
                        'key1': key1, 'value1': value1, 'key2': key2,
                        'value2': value2}, path=list(path))


def _check_superset(old, new):
    """Refuse new prefixes that drop some of the old address space."""
    new_nets = [ipaddress.ip_network(p, strict=False) for p in new]
    for prefix in old:
        net = ipaddress.ip_network(prefix, strict=False)
        if not any(net.version == other.version and net.subnet_of(other)
                   for other in new_nets):
            raise exception.Invalid(reason=_(
                'Property prefixes updated value %(new)s should be superset '
                'of existing value %(old)s.') % {
                    'new': sorted(new), 'old': sorted(old)})
