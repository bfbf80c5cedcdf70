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

"""OS::Neutron::RBACPolicy: one of a project's Neutron objects shared
with another project.

As Heat's neutron/rbac_policy.py: the object is named or identified
(``object_id``), found among objects of ``object_type``; only networks
can be shared ``access_as_external``.
"""

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.resources.openstack import base
from heat_vision.resources.openstack import neutron_base
from heat_vision.template import constraints

Schema = base.Schema
prop = base.prop

#: object type -> (collection path, body key, the actions it allows).
OBJECT_TYPES = {
    'network': ('/networks', 'network',
                ('access_as_shared', 'access_as_external')),
    'qos_policy': ('/qos/policies', 'policy', ('access_as_shared',)),
    'security_group': ('/security-groups', 'security_group',
                       ('access_as_shared',)),
    'address_scope': ('/address-scopes', 'address_scope',
                      ('access_as_shared',)),
    'subnetpool': ('/subnetpools', 'subnetpool', ('access_as_shared',)),
}
ACTIONS = ['access_as_shared', 'access_as_external']


class RBACPolicy(neutron_base.NeutronResource):
    """A Neutron RBAC policy."""

    path, key = '/rbac-policies', 'rbac_policy'
    name_property = None
    ready_statuses = ()

    properties_schema = {
        'object_type': prop(Schema.STRING,
                            _('Type of the object the policy shares.'),
                            required=True,
                            constraints=[constraints.AllowedValues(
                                sorted(OBJECT_TYPES))]),
        'target_tenant': prop(Schema.STRING,
                              _('Id of the project the object is shared '
                                'with (* for every project).'),
                              required=True, update_allowed=True),
        'action': prop(Schema.STRING, _('What the policy allows; only '
                                        'networks can be '
                                        'access_as_external.'),
                       required=True,
                       constraints=[constraints.AllowedValues(ACTIONS)]),
        'object_id': prop(Schema.STRING, _('The object (name or id).'),
                          required=True),
        'tenant_id': prop(Schema.STRING,
                          _('The project owning the policy (admin '
                            'only).')),
    }
    attributes_schema = {base.SHOW: base.SHOW_SCHEMA}

    def create_body(self, properties):
        body = self.body_from(properties, {
            'object_type': 'object_type', 'action': 'action',
            'target_tenant': 'target_tenant'})
        if properties.get('object_id') is not None:
            path, key, _actions = OBJECT_TYPES[properties['object_type']]
            body['object_id'] = self.neutron_id(path, key,
                                                properties['object_id'])
        return body

    def update_body(self, new_properties, changed):
        return {'target_tenant': changed['target_tenant']} \
            if 'target_tenant' in changed else {}

    @classmethod
    def validate_properties(cls, properties, path):
        try:
            kind, action = (properties.get('object_type'),
                            properties.get('action'))
        except (exception.UnresolvedReference,
                exception.UserParameterMissing):
            return
        allowed = OBJECT_TYPES.get(kind, (None, None, ACTIONS))[2]
        if action is not None and action not in allowed:
            raise exception.StackValidationFailed(
                _('Invalid action "%(action)s" for object type '
                  '%(obj_type)s. Valid actions: %(valid)s') % {
                    'action': action, 'obj_type': kind,
                    'valid': ', '.join(allowed)},
                path=list(path) + ['action'])
