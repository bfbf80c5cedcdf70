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
"""The stack-user domain: Keystone users and projects a stack makes.

As Heat's heat/engine/clients/os/keystone/heat_keystoneclient.py
(``create_stack_domain_project``, ``create_stack_domain_user``,
``create_stack_domain_user_keypair``, ``delete_stack_domain_user``,
``delete_stack_domain_project``): every call is made by the
``stack_domain_admin`` user with a token scoped to the stack-user domain,
at ``[clients] auth_url``. A stack's users live in one project of that
domain named ``<owner project id>-<stack id>``, with the
``heat_stack_user_role`` on it; EC2 credentials are Keystone
credentials of type ``ec2`` whose blob holds ``access`` and ``secret``.
"""

import json
import secrets
import uuid

from keystoneauth1 import adapter
from keystoneauth1 import exceptions as ks_exceptions
from keystoneauth1.identity import v3
from keystoneauth1 import session as ks_session
from oslo_config import cfg

from heat_vision.clients import errors
from heat_vision.common import exception
from heat_vision.common import stack_users

CONF = cfg.CONF
_NAME = 'Keystone'
# Heat asks Keystone not to apply its security-compliance rules to these
# automated users (heat_keystoneclient.create_stack_domain_user).
_USER_OPTIONS = {'ignore_change_password_upon_first_use': True,
                 'ignore_password_expiry': True,
                 'ignore_lockout_failure_attempts': True}


def _not_configured():
    return exception.ServiceNotConfigured(
        service=_NAME,
        reason='stack-domain users need stack_user_domain_id (or _name), '
               'stack_domain_admin, stack_domain_admin_password and '
               '[clients] auth_url')


class StackDomain:
    """The stack-user domain, as its admin user manages it.

    :raises: exception.ServiceNotConfigured when the options are unset.
    """

    def __init__(self):
        if not stack_users.configured():
            raise _not_configured()
        domain = {'domain_id': CONF.stack_user_domain_id,
                  'domain_name': (None if CONF.stack_user_domain_id
                                  else CONF.stack_user_domain_name)}
        auth = v3.Password(auth_url=CONF.clients.auth_url,
                           username=CONF.stack_domain_admin,
                           password=CONF.stack_domain_admin_password,
                           user_domain_id=domain['domain_id'],
                           user_domain_name=domain['domain_name'],
                           **domain)
        session = ks_session.Session(auth=auth, timeout=CONF.clients.timeout)
        self._api = adapter.Adapter(session, service_type='identity',
                                    interface="public",
                                    endpoint_override=_v3(
                                        CONF.clients.auth_url))
        self._domain_id = CONF.stack_user_domain_id

    def _call(self, method, path, body=None, **kwargs):
        with errors.translated(_NAME, ks_exceptions.ClientException):
            resp = self._api.request(path, method, json=body,
                                     raise_exc=True, **kwargs)
        return resp.json() if resp.content else {}

    @property
    def domain_id(self):
        if self._domain_id is None:
            session = self._api.session
            with errors.translated(_NAME, ks_exceptions.ClientException):
                self._domain_id = session.auth.get_access(session).domain_id
        return self._domain_id

    # Projects ------------------------------------------------------------

    def stack_project(self, owner_project_id, stack_id):
        """:returns: the id of the stack's project in the domain, made if
            missing (found again by its name: one per stack).
        """
        name = stack_users.project_name(owner_project_id, stack_id)
        found = self._call('GET', 'projects', params={
            'name': name, 'domain_id': self.domain_id})['projects']
        if found:
            return found[0]['id']
        try:
            return self._call('POST', 'projects', {'project': {
                'name': name, 'domain_id': self.domain_id,
                'description': 'heat-vision stack user project'}}
            )['project']['id']
        except exception.ServiceConflict:
            return self.stack_project(owner_project_id, stack_id)

    def delete_project_if_unused(self, project_id):
        """Delete the stack's project once no user has a role on it."""
        assignments = self._call('GET', 'role_assignments', params={
            'scope.project.id': project_id})['role_assignments']
        if assignments:
            return
        try:
            project = self._call('GET', 'projects/%s' % project_id)
            if project['project']['domain_id'] != self.domain_id:
                return  # never delete a project outside the domain
            self._call('DELETE', 'projects/%s' % project_id)
        except exception.ServiceObjectNotFound:
            pass

    # Users ---------------------------------------------------------------

    def create_user(self, name, project_id, password=None):
        """Make a user in the domain with the stack-user role on
        ``project_id``.

        :returns: the user's id.
        """
        roles = self._call('GET', 'roles', params={
            'name': CONF.heat_stack_user_role})['roles']
        if len(roles) != 1:
            raise exception.ServiceError(
                service=_NAME, status=None,
                reason="can't find role %s" % CONF.heat_stack_user_role)
        body = {'name': name[:255], 'domain_id': self.domain_id,
                'default_project_id': project_id, 'options': _USER_OPTIONS}
        if password is not None:
            body['password'] = password
        try:
            user_id = self._call('POST', 'users',
                                 {'user': body})['user']['id']
        except exception.ServiceConflict:
            # Made before a take-over: the name is the resource's own.
            user_id = self._call('GET', 'users', params={
                'name': body['name'],
                'domain_id': self.domain_id})['users'][0]['id']
        self._call('PUT', 'projects/%s/users/%s/roles/%s' % (
            project_id, user_id, roles[0]['id']))
        return user_id

    def delete_user(self, user_id):
        try:
            self._call('DELETE', 'users/%s' % user_id)
        except exception.ServiceObjectNotFound:
            pass

    def set_user_enabled(self, user_id, enabled):
        self._call('PATCH', 'users/%s' % user_id,
                   {'user': {'enabled': enabled}})

    def call_as_user(self, user, service_type, method, path, body=None,
                     headers=None):
        """One request to a service as a stack-domain user (Heat's
        ``stack_domain_user_token``: a password login scoped to the
        user's project), the service found in the user's catalog.

        :param user: ``{'user_id', 'project_id', 'password'}``.
        :returns: the answer's JSON body ({} when empty).
        """
        auth = v3.Password(auth_url=CONF.clients.auth_url,
                           user_id=user['user_id'],
                           password=user['password'],
                           project_id=user['project_id'])
        session = ks_session.Session(auth=auth,
                                     timeout=CONF.clients.timeout)
        options = CONF.clients_openstack
        api = adapter.Adapter(session, service_type=service_type,
                              interface=options.interface,
                              region_name=options.region_name)
        with errors.translated(service_type, ks_exceptions.ClientException):
            resp = api.request(path, method, json=body, headers=headers,
                               raise_exc=True)
        return resp.json() if resp.content else {}

    # EC2 credentials -----------------------------------------------------

    def create_ec2(self, user_id, project_id):
        """:returns: ``{'id', 'access', 'secret'}`` of a new EC2 keypair."""
        blob = {'access': uuid.uuid4().hex,
                'secret': secrets.token_urlsafe(32)}
        made = self._call('POST', 'credentials', {'credential': {
            'user_id': user_id, 'project_id': project_id, 'type': 'ec2',
            'blob': json.dumps(blob)}})['credential']
        return dict(blob, id=made['id'])

    def delete_credential(self, credential_id):
        try:
            self._call('DELETE', 'credentials/%s' % credential_id)
        except exception.ServiceObjectNotFound:
            pass


def _v3(url):
    url = url.rstrip('/')
    return url if url.endswith('/v3') else url + '/v3'
