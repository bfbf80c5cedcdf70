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

"""OS::Keystone::Domain, Region, Service and Endpoint: the catalog and
its domains (Keystone v3, admin only).

After Heat's keystone/domain.py, region.py, service.py and endpoint.py:
the same properties; a name left out is the physical name. A domain is
disabled before its delete (Keystone refuses to delete an enabled one).
"""

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.resources.openstack import base
from heat_vision.resources.openstack import keystone
from heat_vision.template import constraints

Schema = base.Schema
prop = base.prop

_TEXT = [constraints.Length(max=255)]


def _description():
    return prop(Schema.STRING, _('Description.'), update_allowed=True,
                constraints=[constraints.Length(max=65535)])


def _enabled(what):
    return prop(Schema.BOOLEAN, _('Whether the %s is enabled.') % what,
                default=True, update_allowed=True)


class Domain(keystone.KeystoneResource):
    """A Keystone domain."""

    path, key = '/domains', 'domain'
    properties_schema = {
        'name': prop(Schema.STRING, _('Name of the domain.'),
                     update_allowed=True, constraints=_TEXT),
        'description': _description(),
        'enabled': _enabled(_('domain')),
    }
    attributes_schema = {base.SHOW: base.SHOW_SCHEMA}

    def create_body(self, properties):
        return base.without_none({k: properties.get(k) for k in (
            'description', 'enabled')})

    def handle_delete(self):
        if self.resource_id:
            try:
                self.api('PATCH', self.object_path(),
                         body={'domain': {'enabled': False}})
            except exception.ServiceObjectNotFound:
                return None
        return super().handle_delete()


class Region(keystone.KeystoneResource):
    """A Keystone region; its id is given or made by Keystone."""

    path, key = '/regions', 'region'
    name_property = None
    properties_schema = {
        'id': prop(Schema.STRING, _('Id of the region.'),
                   constraints=_TEXT),
        'parent_region': prop(Schema.STRING, _('The parent region (id).'),
                              update_allowed=True, constraints=_TEXT),
        'description': _description(),
        'enabled': _enabled(_('region')),
    }
    attributes_schema = {base.SHOW: base.SHOW_SCHEMA}

    def create_body(self, properties):
        body = base.without_none({
            'id': properties.get('id'),
            'description': properties.get('description'),
            'enabled': properties.get('enabled')})
        if 'parent_region' in properties:
            body['parent_region_id'] = properties['parent_region']
        return body


class Service(keystone.KeystoneResource):
    """A service of the Keystone catalog."""

    path, key = '/services', 'service'
    properties_schema = {
        'name': prop(Schema.STRING, _('Name of the service.'),
                     update_allowed=True, constraints=_TEXT),
        'description': _description(),
        'type': prop(Schema.STRING, _('Type of the service (compute, '
                                      'identity ...).'),
                     required=True, update_allowed=True,
                     constraints=_TEXT),
        'enabled': _enabled(_('service')),
    }
    attributes_schema = {base.SHOW: base.SHOW_SCHEMA}

    def create_body(self, properties):
        return base.without_none({k: properties.get(k) for k in (
            'description', 'type', 'enabled')})


class Endpoint(keystone.KeystoneResource):
    """An endpoint of a service of the Keystone catalog."""

    path, key = '/endpoints', 'endpoint'
    properties_schema = {
        'name': prop(Schema.STRING, _('Name of the endpoint.'),
                     update_allowed=True, constraints=_TEXT),
        'region': prop(Schema.STRING, _('The region (id).'),
                       update_allowed=True, constraints=_TEXT),
        'service': prop(Schema.STRING, _('The service (name or id).'),
                        required=True, update_allowed=True),
        'interface': prop(Schema.STRING, _('Interface of the endpoint.'),
                          required=True, update_allowed=True,
                          constraints=[constraints.AllowedValues(
                              ['public', 'internal', 'admin'])]),
        'url': prop(Schema.STRING, _('URL of the endpoint.'),
                    required=True, update_allowed=True,
                    constraints=[constraints.Length(max=2048)]),
        'enabled': _enabled(_('endpoint')),
    }
    attributes_schema = {base.SHOW: base.SHOW_SCHEMA}

    def create_body(self, properties):
        body = base.without_none({
            'interface': properties.get('interface'),
            'url': properties.get('url'),
            'enabled': properties.get('enabled')})
        if 'region' in properties:
            body['region_id'] = properties['region']
        if properties.get('service') is not None:
            body['service_id'] = self.keystone_id('/services', 'service',
                                                  properties['service'])
        return body
