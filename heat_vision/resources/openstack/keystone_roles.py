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

"""OS::Keystone::Group, OS::Keystone::UserRoleAssignment and
OS::Keystone::GroupRoleAssignment: roles granted to users and groups.

After Heat's keystone/group.py and role_assignments.py (its
``KeystoneRoleAssignmentMixin``): ``roles`` lists a role on a project
or on a domain (one of the two); what a resource granted is kept in
``self.data`` (the grant paths), so an update revokes exactly what the
template no longer lists and a delete revokes what it granted.
"""

from heat_vision.clients import openstack as os_clients
from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.resources.openstack import base
from heat_vision.resources.openstack import keystone
from heat_vision.template import constraints

Schema = base.Schema
prop = base.prop

ROLES = 'roles'
ROLES_SCHEMA = prop(
    Schema.LIST, _('Its role assignments.'), update_allowed=True,
    constraints=[constraints.Length(max=256)],
    schema=prop(Schema.MAP, _('A role on a project or a domain.'), schema={
        'role': prop(Schema.STRING, _('Role (name or id).'),
                     required=True),
        'project': prop(Schema.STRING, _('Project (name or id).')),
        'domain': prop(Schema.STRING, _('Domain (name or id).'))}))


def validate_roles(properties, path):
    """Heat's validate_assignment_properties: a project or a domain."""
    try:
        roles = properties.get(ROLES) or []
    except (exception.UnresolvedReference, exception.UserParameterMissing):
        return
    for number, item in enumerate(roles):
        if not isinstance(item, dict):
            continue
        where = list(path) + [ROLES, number]
        if item.get('project') is not None and \
                item.get('domain') is not None:
            raise exception.StackValidationFailed(
                _('Cannot define the following properties at the same '
                  'time: project, domain'), path=where)
        if item.get('project') is None and item.get('domain') is None:
            raise exception.StackValidationFailed(
                _('Either project or domain must be specified for role '
                  '%s') % item.get('role'), path=where)


class Grants:
    """The role grants of one user or group, kept in step."""

    def __init__(self, resource, actor):
        self.resource = resource
        self.actor = actor      # 'users' or 'groups'

    def paths(self, actor_id, roles):
        find = self.resource.keystone_id
        out = set()
        for item in roles or []:
            role = find('/roles', 'role', item['role'])
            if item.get('project'):
                target = 'projects/%s' % find('/projects', 'project',
                                              item['project'])
            else:
                target = 'domains/%s' % self.resource.domain_id(
                    item.get('domain'))
            out.add('/%s/%s/%s/roles/%s' % (target, self.actor, actor_id,
                                            role))
        return out

    def sync(self, actor_id, roles):
        """Grant ``roles``, revoke what was granted and is not listed."""
        data = self.resource.data
        was = set(data.get('assignments') or [])
        wanted = self.paths(actor_id, roles) if actor_id else set()
        for path in was - wanted:
            os_clients.ignoring_missing(self.resource.api, 'DELETE', path)
        for path in sorted(wanted - was):
            self.resource.api('PUT', path)
        data['assignments'] = sorted(wanted)


class Group(keystone.KeystoneResource):
    """A Keystone group and its roles."""

    path, key = '/groups', 'group'
    properties_schema = {
        'name': prop(Schema.STRING, _('Name of the group.'),
                     update_allowed=True,
                     constraints=[constraints.Length(max=255)]),
        'domain': prop(Schema.STRING, _('Domain (name or id).'),
                       default='default', update_allowed=True),
        'description': prop(Schema.STRING, _('Description.'), default='',
                            update_allowed=True,
                            constraints=[constraints.Length(max=65535)]),
        ROLES: ROLES_SCHEMA,
    }
    attributes_schema = {base.SHOW: base.SHOW_SCHEMA}

    def create_body(self, properties):
        body = base.without_none(
            {'description': properties.get('description')})
        if 'domain' in properties:
            body['domain_id'] = self.domain_id(properties['domain'])
        return body

    def update_body(self, new_properties, changed):
        return super().update_body(new_properties, {
            k: v for k, v in changed.items() if k != ROLES})

    def handle_create(self):
        super().handle_create()
        Grants(self, 'groups').sync(self.resource_id,
                                    self.properties[ROLES])

    def handle_update(self, new_properties, changed):
        super().handle_update(new_properties, changed)
        if ROLES in changed:
            Grants(self, 'groups').sync(self.resource_id, changed[ROLES])

    validate_properties = staticmethod(validate_roles)


class RoleAssignment(keystone.KeystoneResource):
    """Roles of a user or group made elsewhere; subclasses name which."""

    name_property = None
    #: the property naming the user or group, and Keystone's collection.
    actor_property = actor = None

    def actor_id(self, properties):
        return self.keystone_id('/' + self.actor, self.actor[:-1],
                                properties[self.actor_property])

    def handle_create(self):
        self.resource_id = self.physical_resource_name()
        Grants(self, self.actor).sync(self.actor_id(self.properties),
                                      self.properties[ROLES])

    def handle_update(self, new_properties, changed):
        grants = Grants(self, self.actor)
        if self.actor_property in changed:
            grants.sync(None, [])       # the old actor's grants go
        grants.sync(self.actor_id(new_properties), new_properties[ROLES])

    def handle_delete(self):
        Grants(self, self.actor).sync(None, [])

    def show_object(self):
        return {'assignments': self.data.get('assignments') or []}

    validate_properties = staticmethod(validate_roles)


class UserRoleAssignment(RoleAssignment):
    """Roles granted to a user."""

    actor_property, actor = 'user', 'users'
    properties_schema = {
        'user': prop(Schema.STRING, _('The user (name or id).'),
                     required=True, update_allowed=True),
        ROLES: ROLES_SCHEMA,
    }
    attributes_schema = {base.SHOW: base.SHOW_SCHEMA}


class GroupRoleAssignment(RoleAssignment):
    """Roles granted to a group."""

    actor_property, actor = 'group', 'groups'
    properties_schema = {
        'group': prop(Schema.STRING, _('The group (name or id).'),
                      required=True, update_allowed=True),
        ROLES: ROLES_SCHEMA,
    }
    attributes_schema = {base.SHOW: base.SHOW_SCHEMA}
