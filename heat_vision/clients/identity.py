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

"""Keystone, through keystoneauth1: who a context's session acts as."""

from keystoneauth1 import adapter
from keystoneauth1 import exceptions as ks_exceptions

from heat_vision.clients import errors

SERVICE = 'identity'
_NAME = 'Keystone'


class IdentityClient:
    """Keystone's v3 API as the context's session reaches it.

    :param session: the keystoneauth1 session acting for the context.
    :param options: ``Adapter`` options (interface, region_name,
        endpoint_override).
    """

    CONF_GROUP = 'clients_identity'

    def __init__(self, session, options):
        self._adapter = adapter.Adapter(session, service_type='identity',
                                        version=(3, 0),
                                        **options)

    def whoami(self):
        """Read the session's project with its token (proving Keystone
        takes it).

        :returns: ``{'user_id', 'project_id', 'trust_scoped'}`` of the
            token, as Keystone issued it (never the token or a trust id).
        """
        session = self._adapter.session
        with errors.translated(_NAME, ks_exceptions.ClientException):
            access = session.auth.get_access(session)
            self._adapter.get('projects/%s' % access.project_id,
                              raise_exc=True)
        return {'user_id': access.user_id,
                'project_id': access.project_id,
                'trust_scoped': bool(access.trust_scoped)}
