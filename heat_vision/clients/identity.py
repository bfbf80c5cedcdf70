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
        """:returns: ``{'user_id', 'project_id', 'trust_scoped'}`` of the
        session's token (never the token or a trust id).
        """
        with errors.translated(_NAME, ks_exceptions.ClientException):
            token = self._adapter.get_token()
            body = self._adapter.get(
                'auth/tokens', headers={'X-Subject-Token': token},
                raise_exc=True).json()['token']
        return {'user_id': body['user']['id'],
                'project_id': (body.get('project') or {}).get('id'),
                'trust_scoped': 'OS-TRUST:trust' in body}
