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

"""Keystone's v3 API through urllib: the cloud's users and catalog."""

import base64
import json
import os
import urllib.request

PASSWORD = 'hv-test-cloud-secret'
REGION = 'RegionOne'
ADMIN = 'admin'
SERVICE_PROJECT = 'service'
DEMO_PROJECT = 'demo'
DEMO_USER = 'demo'
# Heat's stack-user domain, as devstack's lib/heat makes it.
STACK_USER_DOMAIN = 'heat'
STACK_DOMAIN_ADMIN = 'heat_domain_admin'


def write_fernet_keys(repository):
    """A fresh Fernet key repository, as ``keystone-manage fernet_setup``
    leaves it: key 0 staged, key 1 primary (32 random bytes each,
    urlsafe base64), readable by this user only.
    """
    os.makedirs(repository, mode=0o700, exist_ok=True)
    os.chmod(repository, 0o700)
    for index in ('0', '1'):
        path = os.path.join(repository, index)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, 'wb') as key:
            key.write(base64.urlsafe_b64encode(os.urandom(32)))


def token(url, user, project, password=PASSWORD):
    body = {'auth': {
        'identity': {'methods': ['password'], 'password': {'user': {
            'name': user, 'domain': {'id': 'default'},
            'password': password}}},
        'scope': {'project': {'name': project,
                              'domain': {'id': 'default'}}}}}
    request = urllib.request.Request(
        url + '/auth/tokens', data=json.dumps(body).encode(),
        headers={'Content-Type': 'application/json'}, method='POST')
    with urllib.request.urlopen(request, timeout=60) as response:
        return response.headers['X-Subject-Token']


class Admin:
    """The bootstrap admin, scoped to project ``admin``."""

    def __init__(self, url):
        self.url = url
        self.token = token(url, ADMIN, ADMIN)

    def call(self, method, path, body=None):
        request = urllib.request.Request(
            '%s/%s' % (self.url, path), method=method,
            data=json.dumps(body).encode() if body is not None else None,
            headers={'X-Auth-Token': self.token,
                     'Content-Type': 'application/json'})
        with urllib.request.urlopen(request, timeout=60) as response:
            content = response.read()
        return json.loads(content) if content else None

    def create(self, collection, entity):
        key = collection[:-1]
        return self.call('POST', collection, {key: entity})[key]['id']

    def role_ids(self):
        return {r['name']: r['id'] for r in self.call('GET', 'roles')['roles']}

    def ensure_role(self, name):
        roles = self.role_ids()
        return roles.get(name) or self.create('roles', {'name': name})

    def user(self, name, project_id, roles):
        """Create user ``name`` with ``roles`` on ``project_id``."""
        user_id = self.create('users', {
            'name': name, 'domain_id': 'default', 'password': PASSWORD,
            'default_project_id': project_id})
        for role in roles:
            self.call('PUT', 'projects/%s/users/%s/roles/%s' % (
                project_id, user_id, self.ensure_role(role)))
        return user_id

    def stack_user_domain(self):
        """The domain of the users stacks make (``AWS::IAM::User``, the
        credentials of POLL_SERVER_HEAT servers), its admin user and the
        ``heat_stack_user`` role, as devstack makes Heat's:

        openstack domain create heat
        openstack user create --domain heat --password ... \\
            heat_domain_admin
        openstack role add --domain heat --user-domain heat \\
            --user heat_domain_admin admin
        openstack role create heat_stack_user
        """
        domain = self.create('domains', {'name': STACK_USER_DOMAIN})
        user = self.create('users', {'name': STACK_DOMAIN_ADMIN,
                                     'domain_id': domain,
                                     'password': PASSWORD})
        self.call('PUT', 'domains/%s/users/%s/roles/%s' % (
            domain, user, self.ensure_role('admin')))
        self.ensure_role('heat_stack_user')

    def forget(self, user, service_type):
        """Delete user ``user`` and the services of ``service_type``
        (Keystone deletes their endpoints with them).
        """
        for kind, query in (('users', 'name=' + user),
                            ('services', 'type=' + service_type)):
            for entity in self.call('GET', '%s?%s' % (kind, query))[kind]:
                self.call('DELETE', '%s/%s' % (kind, entity['id']))

    def register(self, service_type, name, url):
        """Put ``name`` in the catalog as ``service_type`` at ``url``."""
        service = self.create('services', {'type': service_type,
                                           'name': name})
        for interface in ('public', 'internal', 'admin'):
            self.create('endpoints', {
                'service_id': service, 'interface': interface, 'url': url,
                'region_id': REGION})
