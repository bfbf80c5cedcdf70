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

"""The core OpenStack services, through openstacksdk.

One openstacksdk ``Connection`` per request context, built on the
keystoneauth1 session that acts for it (the catalog of its token finds
each service; ``[clients_openstack]`` picks the region and interface).
A plugin asks its facade for a service by the name Heat's client plugins
use (``self.stack.client('neutron')``) and calls the sdk proxy's methods
on what it gets; the sdk's errors come out as ``exception.Service*``
and generators as lists.
"""

import functools
import inspect

from oslo_config import cfg

from heat_vision.clients import errors
from heat_vision.clients import session
from heat_vision.common import exception

CONF = cfg.CONF

#: How often a request is sent again when its connection broke before an
#: answer (a server closing a kept-alive connection under the client, as
#: uWSGI's http-socket does) or its answer timed out. keystoneauth sends
#: it again itself (keystoneauth1/session.py ``_send_request``:
#: requests' ``Timeout`` is a retriable ``ConnectTimeout``) unless told
#: ``connect_retries=0``, as a resource's create POST is: a POST whose
#: answer was lost may have made the object, and the resource first
#: looks for it by name (resources/openstack/base.py ``post_create``).
CONNECT_RETRIES = 2

#: name a plugin asks for -> (name in messages, attribute of the
#: sdk ``Connection`` that is the service's proxy).
SERVICES = {
    'nova': ('Nova', 'compute'),
    'neutron': ('Neutron', 'network'),
    'cinder': ('Cinder', 'block_storage'),
    'glance': ('Glance', 'image'),
    'keystone': ('Keystone', 'identity'),
    'zaqar': ('Zaqar', 'message'),
    'octavia': ('Octavia', 'load_balancer'),
    'swift': ('Swift', 'object_store'),
}


def connect(context):
    """:returns: an sdk ``Connection`` acting for ``context``.

    :raises: exception.ServiceNotConfigured
    """
    # NOTE(heat-vision): openstacksdk is imported when a plugin first calls
    # a service, not when the plugins are loaded: it is ~11 MB of every
    # engine that never talks to one (OS::Heat::* stacks only).
    from openstack import connection
    options = CONF.clients_openstack
    return connection.Connection(
        session=session.keystone_session(context, 'OpenStack'),
        region_name=options.region_name, interface=options.interface,
        app_name='heat-vision')


class ServiceClient:
    """One service's sdk proxy whose errors are heat-vision's.

    :param name: a key of :data:`SERVICES`.
    :param conn: the context's sdk ``Connection``.
    """

    def __init__(self, name, conn):
        self.service, attribute = SERVICES[name]
        self._conn = conn
        self._attribute = attribute

    def translated(self):
        """A context in which the sdk's errors become ours."""
        return _translated(self.service)

    @property
    def _proxy(self):
        with self.translated():
            return getattr(self._conn, self._attribute)

    def api(self, method, path, body=None, key=None, microversion=None,
            params=None, headers=None, connect_retries=CONNECT_RETRIES):
        """One call of the service's REST API, as its reference says.

        :param method: ``'GET'``, ``'POST'``, ``'PUT'``, ``'DELETE'`` ...
        :param path: the path under the service's versioned endpoint
            (``'/networks'``).
        :param body: the JSON body, or None.
        :param key: the key of the answer's body to return (``'network'``),
            or None for all of it.
        :param microversion: the API microversion to ask for, if any.
        :param params: the query parameters, if any.
        :param headers: more request headers (a JSON-patch content type).
        :param connect_retries: how often keystoneauth sends the request
            again when its connection broke or its answer timed out.
        :returns: the decoded answer (None when it has no body).
        """
        response = self.request(method, path, body=body,
                                microversion=microversion, params=params,
                                headers=headers,
                                connect_retries=connect_retries)
        if not response.content:
            return None
        answer = response.json()
        return answer[key] if key is not None else answer

    def request(self, method, path, body=None, microversion=None,
                params=None, headers=None, data=None,
                connect_retries=CONNECT_RETRIES):
        """One call of the service's REST API; :returns: the answer
        itself (its headers are what Swift answers with).

        :param data: a raw body (bytes), instead of a JSON ``body``.
        :raises: exception.Service* for an HTTP error.
        """
        kwargs = {'params': params or {},
                  'connect_retries': connect_retries}
        if headers:
            kwargs['headers'] = headers
        if body is not None:
            kwargs['json'] = body
        if data is not None:
            kwargs['data'] = data
        if microversion is not None:
            kwargs['microversion'] = microversion
        from openstack import exceptions as sdk_exceptions
        with self.translated():
            response = self._proxy.request(path, method, **kwargs)
            sdk_exceptions.raise_from_response(response)
        return response

    def supports_microversion(self, version):
        """Whether the service's API offers microversion ``version``."""
        from openstack import utils as sdk_utils
        with self.translated():
            return sdk_utils.supports_microversion(self._proxy, version)

    def __getattr__(self, name):
        method = getattr(self._proxy, name)
        if not callable(method):
            return method

        @functools.wraps(method)
        def call(*args, **kwargs):
            with self.translated():
                result = method(*args, **kwargs)
                if inspect.isgenerator(result):
                    result = list(result)
                return result
        return call


def _translated(service):
    from openstack import exceptions as sdk_exceptions
    return errors.translated(
        service, sdk_exceptions.SDKException,
        not_found=(sdk_exceptions.NotFoundException,),
        not_configured=(sdk_exceptions.EndpointNotFound,
                        sdk_exceptions.ServiceDiscoveryException,
                        sdk_exceptions.ConfigException))


def ignoring_missing(call, *args, **kwargs):
    """``call(*args, **kwargs)``, or None if its object is gone."""
    try:
        return call(*args, **kwargs)
    except exception.ServiceObjectNotFound:
        return None
