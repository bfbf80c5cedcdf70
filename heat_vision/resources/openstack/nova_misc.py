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

"""OS::Nova::ServerGroup and OS::Nova::Flavor."""

from heat_vision.clients import openstack as os_clients
from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.resources.openstack import base
from heat_vision.template import constraints

Schema = base.Schema
prop = base.prop
attr = base.attr

POLICIES = ['anti-affinity', 'affinity', 'soft-anti-affinity',
            'soft-affinity']


class NovaResource(base.OpenStackResource):
    """A Nova object with no status: made at once, replaced on change.

    A subclass that changes something in place says so.
    """

    service = 'nova'
    ready_statuses = ()

    def adoptable(self):
        if self.properties.get(self.name_property):
            return None
        name = self.physical_resource_name()
        found = self.api('GET', self.path, key=self.list_key)
        return next((i for i in found if i.get('name') == name), None)

    def handle_update(self, new_properties, changed):
        raise exception.UpdateReplace(self.name)

    def check_delete_complete(self, token):
        return True


class ServerGroup(NovaResource):
    """A group of servers placed by a policy (affinity ...)."""

    path, key, list_key = '/os-server-groups', 'server_group', \
        'server_groups'
    microversion = '2.64'

    PROPERTIES = (NAME, POLICIES_PROP, RULES) = ('name', 'policies',
                                                 'rules')

    properties_schema = {
        NAME: prop(Schema.STRING, _('Name of the group.')),
        POLICIES_PROP: prop(Schema.LIST, _('Placement policy (one).'),
                            default=['anti-affinity'],
                            constraints=[constraints.Length(min=1, max=1)],
                            schema=prop(Schema.STRING, _('A policy.'),
                                        constraints=[
                                            constraints.AllowedValues(
                                                POLICIES)])),
        RULES: prop(Schema.MAP, _('Rules of the policy.'), schema={
            'max_server_per_host': prop(
                Schema.NUMBER, _('Servers per host (anti-affinity).'),
                constraints=[constraints.Range(min=1, max=10000)])}),
    }
    attributes_schema = {base.SHOW: base.SHOW_SCHEMA}

    def create_body(self, properties):
        body = {'policy': properties[self.POLICIES_PROP][0]}
        rules = base.without_none(properties.get(self.RULES) or {})
        if rules:
            body['rules'] = {k: int(v) for k, v in rules.items()}
        return body


class Flavor(NovaResource):
    """A Nova flavor (admin only).

    Its extra specs and the projects of a private flavor change in place.
    """

    path, key, list_key = '/flavors', 'flavor', 'flavors'
    microversion = '2.61'

    PROPERTIES = (
        NAME, FLAVORID, RAM, VCPUS, DISK, SWAP, EPHEMERAL, RXTX_FACTOR,
        EXTRA_SPECS, IS_PUBLIC, TENANTS,
    ) = (
        'name', 'flavorid', 'ram', 'vcpus', 'disk', 'swap', 'ephemeral',
        'rxtx_factor', 'extra_specs', 'is_public', 'tenants',
    )
    _SIZE = [constraints.Range(min=0, max=2 ** 31 - 1)]

    properties_schema = {
        NAME: prop(Schema.STRING, _('Name of the flavor.')),
        FLAVORID: prop(Schema.STRING, _('Id of the flavor (Nova makes '
                                        'one if unset).')),
        RAM: prop(Schema.INTEGER, _('Memory in MB.'), required=True,
                  constraints=[constraints.Range(min=1, max=2 ** 31 - 1)]),
        VCPUS: prop(Schema.INTEGER, _('Virtual CPUs.'), required=True,
                    constraints=[constraints.Range(min=1, max=4096)]),
        DISK: prop(Schema.INTEGER, _('Root disk in GB.'), default=0,
                   constraints=_SIZE),
        SWAP: prop(Schema.INTEGER, _('Swap in MB.'), default=0,
                   constraints=_SIZE),
        EPHEMERAL: prop(Schema.INTEGER, _('Ephemeral disk in GB.'),
                        default=0, constraints=_SIZE),
        RXTX_FACTOR: prop(Schema.NUMBER, _('RX/TX factor.'), default=1.0,
                          constraints=[constraints.Range(min=0, max=1e6)]),
        EXTRA_SPECS: prop(Schema.MAP, _('Extra specs of the flavor.'),
                          update_allowed=True,
                          constraints=[constraints.Length(max=256)]),
        IS_PUBLIC: prop(Schema.BOOLEAN, _('Whether every project may use '
                                          'it.'), default=True),
        TENANTS: prop(Schema.LIST, _('Projects that may use a private '
                                     'flavor.'), default=[],
                      update_allowed=True,
                      schema=prop(Schema.STRING, _('A project id.'))),
    }
    attributes_schema = {
        'extra_specs': attr(_('Extra specs of the flavor.'), 'Map'),
        'is_public': attr(_('Whether the flavor is public.'), 'Boolean'),
        base.SHOW: base.SHOW_SCHEMA,
    }
    attribute_keys = {'is_public': 'os-flavor-access:is_public'}

    def create_body(self, properties):
        return base.without_none({
            'ram': properties[self.RAM], 'vcpus': properties[self.VCPUS],
            'disk': properties[self.DISK], 'swap': properties[self.SWAP],
            'OS-FLV-EXT-DATA:ephemeral': properties[self.EPHEMERAL],
            'rxtx_factor': properties[self.RXTX_FACTOR],
            'os-flavor-access:is_public': properties[self.IS_PUBLIC],
            'id': properties[self.FLAVORID]})

    def handle_create(self):
        super().handle_create()
        self._set_specs(self.properties[self.EXTRA_SPECS] or {}, {})
        self._set_tenants(self.properties[self.TENANTS] or [], [])

    def _set_specs(self, new, old):
        self.data['extra_specs'] = {k: str(v) for k, v in new.items()}
        for key in set(old) - set(new):
            os_clients.ignoring_missing(
                self.api, 'DELETE', '%s/os-extra_specs/%s' % (
                    self.object_path(), key))
        if new:
            self.api('POST', self.object_path() + '/os-extra_specs',
                     body={'extra_specs': {k: str(v)
                                           for k, v in new.items()}})

    def _set_tenants(self, new, old):
        self.data['tenants'] = list(new)
        for tenant in set(old) - set(new):
            self.api('POST', self.object_path() + '/action', body={
                'removeTenantAccess': {'tenant': tenant}})
        for tenant in [t for t in new if t not in old]:
            self.api('POST', self.object_path() + '/action', body={
                'addTenantAccess': {'tenant': tenant}})

    def handle_update(self, new_properties, changed):
        if self.EXTRA_SPECS in changed:
            self._set_specs(changed[self.EXTRA_SPECS] or {},
                            self.data.get('extra_specs') or {})
        if self.TENANTS in changed:
            self._set_tenants(changed[self.TENANTS] or [],
                              self.data.get('tenants') or [])
