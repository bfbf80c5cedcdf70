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

"""Clients of the OpenStack services that resource plugins drive.

One :class:`Clients` per request context (the engine's stack facade holds
it): it builds one keystoneauth1 session for that context, and one client
per service on it. A plugin asks its facade (``self.stack.client('aodh')``)
and sees only the small client classes here, whose methods raise
``heat_vision.common.exception.Service*`` errors, never a library's own.
"""


def _factories():
    """:returns: ``{service: client class}`` of the services that are not
        openstacksdk's. Imported when a plugin first asks for a service,
        so that a process that calls none does not import keystoneauth
        (with requests and osprofiler).
    """
    from heat_vision.clients import aodh
    from heat_vision.clients import identity
    return {aodh.SERVICE: aodh.AodhClient,
            identity.SERVICE: identity.IdentityClient}


class Clients:
    """The service clients of one request context.

    :param context: the request context whose identity the requests carry.
    """

    def __init__(self, context):
        self.context = context
        self._clients = {}
        self._connection = None

    def client(self, name):
        """:returns: the client of service ``name`` (built once).

        :raises: KeyError for a service heat-vision has no client for.
        """
        if name not in self._clients:
            self._clients[name] = self._build(name)
        return self._clients[name]

    def _build(self, name):
        from heat_vision.clients import openstack
        from heat_vision.clients import session
        if name in openstack.SERVICES:
            if self._connection is None:
                self._connection = openstack.connect(self.context)
            return openstack.ServiceClient(name, self._connection)
        factory = _factories()[name]
        ks_session, options = session.for_service(self.context,
                                                  factory.CONF_GROUP)
        return factory(ks_session, options)
