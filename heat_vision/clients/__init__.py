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

from heat_vision.clients import aodh
from heat_vision.clients import identity
from heat_vision.clients import openstack
from heat_vision.clients import session

#: The services a plugin may ask for, by name (besides the openstacksdk
#: ones of ``openstack.SERVICES``).
SERVICES = {
    aodh.SERVICE: aodh.AodhClient,
    identity.SERVICE: identity.IdentityClient,
}


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
        if name not in self._clients and name in openstack.SERVICES:
            if self._connection is None:
                self._connection = openstack.connect(self.context)
            self._clients[name] = openstack.ServiceClient(
                name, self._connection)
        if name not in self._clients:
            factory = SERVICES[name]
            ks_session, options = session.for_service(self.context,
                                                      factory.CONF_GROUP)
            self._clients[name] = factory(ks_session, options)
        return self._clients[name]
