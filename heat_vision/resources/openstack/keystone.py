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

"""OS::Keystone::Project, OS::Keystone::Role and OS::Keystone::User.

Keystone's v3 API (changes are PATCHes). A user's groups and role
assignments are set after the user is made and kept in step on update.
"""

from heat_vision.clients import openstack as os_clients
from heat_vision.common.i18n import _
from heat_vision.resources.openstack import base
from heat_vision.template import constraints

Schema = base.Schema
prop = base.prop
attr = base.attr

_TEXT = [constraints.Length(max=255)]


class KeystoneResource(base.OpenStackResource):
    """An object of Keystone's v3 API (no status)."""

    service = 'keystone'
    update_method = 'PATCH'
    ready_statuses = ()

    def keystone_id(self, path, key, value):
        return value and self.find_id('keystone', path, key, value)

    def domain_id(self, value):
        return self.keystone_id('/domains', 'domain', value or 'default')

    def check_delete_complete(self, token):
        return True


class Project(KeystoneResource):
    """A Keystone project."""

    path, key = '/projects', 'project'

    properties_schema = {
        'name': prop(Schema.STRING, _('Name of the project.'),
                     update_allowed=True, constraints=_TEXT),
        'domain': prop(Schema.STRING, _('Domain (name or id).'),
                       default='default', update_allowed=True),
        'description': prop(Schema.STRING, _('Description.'), default='',
                            update_allowed=True),
        'enabled': prop(Schema.BOOLEAN, _('Whether it is enabled.'),
                        default=True, update_allowed=True),
        'parent': prop(Schema.STRING, _('Parent project (name or id).')),
        'tags': prop(Schema.LIST, _('Tags of the project.'), default=[],
                     update_allowed=True,
                     constraints=[constraints.Length(max=80)]),
    }
    attributes_schema = {
        name: attr(_('The project\'s %s.') % name)
        for name in ('name', 'domain_id', 'enabled', 'parent_id',
                     'is_domain')}
    attributes_schema[base.SHOW] = base.SHOW_SCHEMA

    def create_body(self, properties):
        body = {k: properties[k] for k in ('description', 'enabled',
                                           'tags') if k in properties}
        if 'domain' in properties:
            body['domain_id'] = self.domain_id(properties['domain'])
        if properties.get('parent'):
            body['parent_id'] = self.keystone_id('/projects', 'project',
                                                 properties['parent'])
        return body


class Role(KeystoneResource):
    """A Keystone role."""

    path, key = '/roles', 'role'

    properties_schema = {
        'name': prop(Schema.STRING, _('Name of the role.'),
                     update_allowed=True, constraints=_TEXT),
        'domain': prop(Schema.STRING, _('Domain (name or id) of a domain '
                                        'role.')),
    }
    attributes_schema = {base.SHOW: base.SHOW_SCHEMA}

    def create_body(self, properties):
        if properties.get('domain'):
            return {'domain_id': self.domain_id(properties['domain'])}
        return {}


class User(KeystoneResource):
    """A Keystone user, its groups and its roles."""

    path, key = '/users', 'user'

    properties_schema = {
        'name': prop(Schema.STRING, _('Name of the user.'),
                     update_allowed=True, constraints=_TEXT),
        'domain': prop(Schema.STRING, _('Domain (name or id).'),
                       default='default', update_allowed=True),
        'description': prop(Schema.STRING, _('Description.'), default='',
                            update_allowed=True),
        'enabled': prop(Schema.BOOLEAN, _('Whether it is enabled.'),
                        default=True, update_allowed=True),
        'email': prop(Schema.STRING, _('E-mail address.'),
                      update_allowed=True, constraints=_TEXT),
        'password': prop(Schema.STRING, _('Password.'),
                         update_allowed=True,
                         constraints=[constraints.Length(max=4096)]),
        'default_project': prop(Schema.STRING,
                                _('Default project (name or id).'),
                                update_allowed=True),
        'groups': prop(Schema.LIST, _('Groups (names or ids) it is in.'),
                       update_allowed=True,
                       schema=prop(Schema.STRING, _('A group.'))),
        'roles': prop(Schema.LIST, _('Its role assignments.'),
                      update_allowed=True,
                      schema=prop(Schema.MAP, _('A role on a project or '
                                                'a domain.'), schema={
                          'role': prop(Schema.STRING,
                                       _('Role (name or id).'),
                                       required=True),
                          'project': prop(Schema.STRING,
                                          _('Project (name or id).')),
                          'domain': prop(Schema.STRING,
                                         _('Domain (name or id).'))})),
    }
    attributes_schema = {
        name: attr(_('The user\'s %s.') % name)
        for name in ('name', 'default_project_id', 'domain_id', 'enabled',
                     'password_expires_at')}
    attributes_schema[base.SHOW] = base.SHOW_SCHEMA

    def create_body(self, properties):
        body = {k: properties[k] for k in ('description', 'enabled',
                                           'email', 'password')
                if properties.get(k) is not None}
        if 'domain' in properties:
            body['domain_id'] = self.domain_id(properties['domain'])
        if 'default_project' in properties:
            body['default_project_id'] = self.keystone_id(
                '/projects', 'project', properties['default_project'])
        return body

    def _groups(self, names):
        return {self.keystone_id('/groups', 'group', g) for g in names}

    def _assignments(self, roles):
        out = set()
        for item in roles or []:
            role = self.keystone_id('/roles', 'role', item['role'])
            if item.get('project'):
                target = 'projects/%s' % self.keystone_id(
                    '/projects', 'project', item['project'])
            else:
                target = 'domains/%s' % self.domain_id(item.get('domain'))
            out.add('/%s/users/%s/roles/%s' % (
                target, self.resource_id, role))
        return out

    def sync(self, new):
        """Make the user's groups and role assignments ``new``'s.

        What was set before is kept in ``self.data`` (ids and paths), so
        an update removes exactly what the template no longer lists.
        """
        was = set(self.data.get('groups') or [])
        wanted = self._groups(new.get('groups') or [])
        for group in was - wanted:
            os_clients.ignoring_missing(self.api, 'DELETE',
                                        '/groups/%s/users/%s' % (
                                            group, self.resource_id))
        for group in wanted - was:
            self.api('PUT', '/groups/%s/users/%s' % (group,
                                                     self.resource_id))
        self.data['groups'] = sorted(wanted)
        was = set(self.data.get('assignments') or [])
        wanted = self._assignments(new.get('roles'))
        for path in was - wanted:
            os_clients.ignoring_missing(self.api, 'DELETE', path)
        for path in wanted - was:
            self.api('PUT', path)
        self.data['assignments'] = sorted(wanted)

    def handle_create(self):
        super().handle_create()
        self.sync(self.properties)

    def update_body(self, new_properties, changed):
        return super().update_body(
            new_properties, {k: v for k, v in changed.items()
                             if k not in ('groups', 'roles')})

    def handle_update(self, new_properties, changed):
        super().handle_update(new_properties, changed)
        if 'groups' in changed or 'roles' in changed:
            self.sync(new_properties)
