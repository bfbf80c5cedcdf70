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

"""What the OS::Neutron::* plugins share: tags, value_specs, projects,
and finding Neutron objects by name or id.
"""

from heat_vision.common.i18n import _
from heat_vision.resources.openstack import base

Schema = base.Schema

SERVICE = 'neutron'


def tags_schema():
    return base.prop(Schema.LIST, _('Tags of the object (Neutron tags).'),
                     update_allowed=True,
                     schema=base.prop(Schema.STRING, _('A tag.')),
                     constraints=[base.constraints.Length(max=64)])


def value_specs_schema(update_allowed=True):
    return base.prop(Schema.MAP,
                     _('Extra fields of the request body, passed to '
                       'Neutron as they are.'),
                     default={}, update_allowed=update_allowed,
                     constraints=[base.constraints.Length(max=64)])


def tenant_schema():
    return base.prop(Schema.STRING,
                     _('The project owning the object (admin only).'))


class NeutronResource(base.OpenStackResource):
    """An object of Neutron's v2.0 API."""

    service = SERVICE
    ready_statuses = ('ACTIVE', 'DOWN')
    TAGS = 'tags'
    VALUE_SPECS = 'value_specs'
    TENANT_ID = 'tenant_id'

    def neutron_id(self, path, key, value):
        """The id of the Neutron ``key`` object named/identified by
        ``value`` (None for None).
        """
        if value is None:
            return None
        return self.find_id(SERVICE, path, key, value)

    def network_id(self, value):
        return self.neutron_id('/networks', 'network', value)

    def subnet_id(self, value):
        return self.neutron_id('/subnets', 'subnet', value)

    def qos_policy_id(self, value):
        return self.neutron_id('/qos/policies', 'policy', value)

    def body_from(self, properties, fields):
        """The body of ``fields`` (property -> body key) that are set,
        plus ``value_specs`` when it is among the properties.
        """
        body = {key: properties[name] for name, key in fields.items()
                if properties.get(name) is not None}
        if properties.get(self.TENANT_ID):
            body['tenant_id'] = properties[self.TENANT_ID]
        body.update(properties.get(self.VALUE_SPECS) or {})
        return body

    def set_tags(self, tags):
        if tags is not None and self.TAGS in self.properties_schema:
            self.api('PUT', self.object_path() + '/tags',
                     body={'tags': list(tags)})

    def handle_create(self):
        token = super().handle_create()
        self.set_tags(self.properties.get(self.TAGS))
        return token

    def handle_update(self, new_properties, changed):
        rest = {k: v for k, v in changed.items() if k != self.TAGS}
        token = super().handle_update(new_properties, rest)
        if self.TAGS in changed:
            self.set_tags(changed[self.TAGS] or [])
        return token
