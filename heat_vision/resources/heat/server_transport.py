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
"""How a server's os-collect-config reaches its metadata: the
POLL_SERVER_CFN, POLL_TEMP_URL and ZAQAR_MESSAGE transports.

As Heat's heat/engine/resources/server_base.py
(``_create_transport_credentials``, ``_populate_deployments_metadata``,
``_delete_temp_url``, ``_delete_queue``), shared by OS::Nova::Server and
OS::Heat::DeployedServer (POLL_SERVER_HEAT is ``poll_heat``):

* POLL_SERVER_CFN: the server's stack-domain user with an EC2 keypair;
  ``os-collect-config.cfn`` names the CloudFormation Query API
  (``metadata_url``), the keypair, the stack and ``<name>.Metadata``, as
  os-collect-config's cfn collector (os_collect_config/cfn.py) signs a
  ``DescribeStackResource`` with them.
* POLL_TEMP_URL: the metadata is an object in a Swift container (the
  ``deployment_swift_data`` names, else the physical name and a UUID);
  ``os-collect-config.request.metadata_url`` is a GET temporary URL of
  it, and a PUT one (``metadata_put_url``) is kept to write it again
  whenever the server's deployments change.
* ZAQAR_MESSAGE: the server's stack-domain user with a password; the
  metadata is posted as a message to the queue
  ``os-collect-config.zaqar.queue_id`` in the user's project, again on
  each change; os-collect-config's zaqar collector pops it.

The data keys are Heat's: ``access_key``, ``secret_key`` (sealed here),
``metadata_put_url``, ``metadata_object_name``, ``metadata_queue_id``.
"""

import json
import re
import uuid

from keystoneauth1 import exceptions as ks_exceptions
from keystoneauth1 import session as ks_session
from oslo_config import cfg

from heat_vision.clients import errors
from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.common import signing
from heat_vision.common import stack_users
from heat_vision.common import trusts
from heat_vision.resources.heat import poll_heat
from heat_vision.resources.openstack import swift_base
from heat_vision.resources.openstack import zaqar_base
from heat_vision.resources import stack_user

CONF = cfg.CONF
TRANSPORTS = (POLL_SERVER_CFN, POLL_SERVER_HEAT, POLL_TEMP_URL,
              ZAQAR_MESSAGE) = (
    'POLL_SERVER_CFN', 'POLL_SERVER_HEAT', 'POLL_TEMP_URL', 'ZAQAR_MESSAGE')
OCC_KEY = 'os-collect-config'
#: The collector sections a new transport's values replace (Heat sets
#: the old ones' values to None "to override any boot-time config").
SECTIONS = ('heat', 'zaqar', 'cfn', 'request')
#: Heat's zaqar client plugin DEFAULT_TTL.
MESSAGE_TTL = 3600
PUT_URL, OBJECT_NAME, QUEUE_ID, CONTAINER = (
    'metadata_put_url', 'metadata_object_name', 'metadata_queue_id',
    'metadata_container')
ACCESS_KEY, SECRET_KEY, CREDENTIAL = ('access_key', 'secret_key',
                                      'ec2_credential_id')
_CLIENT = {'Client-ID': str(uuid.uuid5(uuid.NAMESPACE_URL,
                                       'heat-vision-server-metadata'))}
_QUEUE_CHARS = re.compile(r'[^a-zA-Z0-9_-]')


def needs_domain(transport):
    """:returns: whether ``transport`` needs a stack-user domain."""
    return transport in (POLL_SERVER_CFN, ZAQAR_MESSAGE)


def refuse_without_domain(properties, path, key):
    """Refuse POLL_SERVER_CFN and ZAQAR_MESSAGE without a stack-user
    domain (their agent needs a user of its own).
    """
    try:
        transport = properties.get(key)
    except (exception.UnresolvedReference, exception.UserParameterMissing):
        return
    if needs_domain(transport) and not stack_users.configured():
        raise exception.StackValidationFailed(
            _('%(key)s %(transport)s needs a stack-user domain, which this '
              'heat-vision is not configured with (stack_user_domain_id or '
              '_name, stack_domain_admin, stack_domain_admin_password); use '
              'POLL_SERVER_HEAT or POLL_TEMP_URL.') % {
                  'key': key, 'transport': transport},
            path=list(path) + [key])


def metadata_url(project_id):
    """The CloudFormation Query API the cfn collector is sent to, for
    the stack-user project ``project_id``: as Heat's
    ``get_cfn_metadata_server_url`` (heat/engine/clients/os/heat_plugin.py)
    makes it from ``heat_metadata_server_url``, here the relay's route
    that answers in heat-api-cfn's XML.
    """
    base = CONF.heat_metadata_server_url
    if not base and CONF.relay.mount_in_api:
        base = signing.public_base_url()
    elif not base:
        base = 'http://%s:%s' % (CONF.relay.bind_host, CONF.relay.bind_port)
    return '%s/v1/%s/relay/cfn/heat/' % (base.rstrip('/'), project_id)


# Credentials -------------------------------------------------------------

def create_credentials(plugin, transport):
    """Heat's ``_create_transport_credentials``: the user (and EC2
    keypair) the agent needs; made once.
    """
    if transport == POLL_SERVER_CFN:
        stack_user.create_user(plugin)
        if not plugin.data.get(ACCESS_KEY):
            made = plugin.stack.stack_domain().create_ec2(
                plugin.data['user_id'], plugin.data['user_project_id'])
            plugin.data.update({ACCESS_KEY: made['access'],
                                SECRET_KEY: trusts.seal(made['secret']),
                                CREDENTIAL: made['id']})
    elif transport == ZAQAR_MESSAGE or (transport == POLL_SERVER_HEAT and
                                        stack_users.configured()):
        stack_user.create_user_with_password(plugin)


def delete_credentials(plugin):
    """The EC2 keypair, then the user."""
    credential = plugin.data.pop(CREDENTIAL, None)
    if credential:
        plugin.stack.stack_domain().delete_credential(credential)
    plugin.data.pop(ACCESS_KEY, None)
    plugin.data.pop(SECRET_KEY, None)
    stack_user.delete_user(plugin)


def _user(data):
    return {'user_id': data['user_id'], 'project_id': data['user_project_id'],
            'password': trusts.unseal(data['password'])}


# The metadata ------------------------------------------------------------

def queue_name(plugin):
    """Heat's queue: the physical name (within Zaqar's 64 characters of
    letters, digits, ``_`` and ``-``).
    """
    return zaqar_base.reduced_name(
        _QUEUE_CHARS.sub('-', plugin.physical_resource_name()), 64)


def _swift_names(plugin, swift_data):
    swift_data = swift_data or {}
    container = swift_data.get('container') or \
        plugin.physical_resource_name()
    obj = (swift_data.get('object') or plugin.data.get(OBJECT_NAME) or
           str(uuid.uuid4()))
    return container[:swift_base.CONTAINER_NAME_LIMIT], obj


def populate(plugin, metadata, transport, default_collectors=(),
             swift_data=None):
    """Heat's ``_populate_deployments_metadata`` for every transport.

    :param metadata: the server's metadata (not changed).
    :returns: the metadata with ``deployments`` and ``os-collect-config``,
        which the caller stores; it is delivered to Swift or Zaqar here.
    """
    metadata = dict(metadata or {})
    metadata.setdefault('deployments', [])
    occ = dict(metadata.get(OCC_KEY) or {})
    for key in SECTIONS:
        if isinstance(occ.get(key), dict):
            occ[key] = {k: None for k in occ[key]}
    occ.update(_section(plugin, transport, swift_data))
    occ['collectors'] = list(default_collectors) + [
        _COLLECTORS[transport], 'local']
    metadata[OCC_KEY] = occ
    if transport == POLL_TEMP_URL:
        # As Heat: the first time with the resource's own Swift client.
        _account(plugin).swift('PUT', swift_base.quoted(
            plugin.data[CONTAINER], plugin.data[OBJECT_NAME]),
            data=json.dumps(plugin.stack.server_metadata(
                plugin.resource_id, metadata)).encode('utf-8'))
    elif transport == ZAQAR_MESSAGE:
        _post(plugin.data, plugin.stack.server_metadata(
            plugin.resource_id, metadata), plugin.stack.stack_domain())
    return metadata


_COLLECTORS = {POLL_SERVER_HEAT: 'heat', ZAQAR_MESSAGE: 'zaqar',
               POLL_SERVER_CFN: 'cfn', POLL_TEMP_URL: 'request'}


def _account(plugin):
    return swift_base.Account(plugin.stack.client('swift'))


def _section(plugin, transport, swift_data):
    """:returns: ``{collector: its section}`` for ``transport``."""
    if transport == POLL_SERVER_HEAT:
        return {'heat': poll_heat.collector(plugin)}
    if transport == ZAQAR_MESSAGE:
        queue = plugin.data.get(QUEUE_ID) or queue_name(plugin)
        plugin.data[QUEUE_ID] = queue
        return {'zaqar': dict(_collector_login(plugin), queue_id=queue)}
    if transport == POLL_SERVER_CFN:
        return {'cfn': {
            'metadata_url': metadata_url(plugin.data['user_project_id']),
            'access_key_id': plugin.data[ACCESS_KEY],
            'secret_access_key': trusts.unseal(plugin.data[SECRET_KEY]),
            'stack_name': plugin.stack.name,
            'path': '%s.Metadata' % plugin.name}}
    container, obj = _swift_names(plugin, swift_data)
    account = _account(plugin)
    account.swift('PUT', swift_base.quoted(container))
    plugin.data.update({PUT_URL: account.temp_url(container, obj),
                        OBJECT_NAME: obj, CONTAINER: container})
    return {'request': {'metadata_url': account.temp_url(
        container, obj, method='GET')}}


def _collector_login(plugin):
    """What the heat and zaqar collectors log in with (Heat's)."""
    return {'user_id': plugin.data['user_id'],
            'password': stack_user.password(plugin),
            'auth_url': CONF.clients.auth_url,
            'project_id': plugin.data['user_project_id'],
            'region_name': CONF.clients_openstack.region_name}


def deliver(data, metadata, stack_domain):
    """Put the metadata where the server's agent reads it: the Swift
    object (through its PUT temporary URL, as Heat's
    ``_push_metadata_software_deployments``) or a message on the queue
    (as the server's user). Nothing for the polled transports.

    :param data: the server resource's data.
    :param stack_domain: makes a ``StackDomain`` (called only for Zaqar).
    """
    if data.get(PUT_URL):
        with errors.translated('swift', ks_exceptions.ClientException):
            ks_session.Session(timeout=CONF.clients.timeout).put(
                data[PUT_URL], data=json.dumps(metadata), raise_exc=True,
                headers={'Content-Type': 'application/json'})
    if data.get(QUEUE_ID):
        _post(data, metadata, stack_domain())


def _post(data, metadata, domain):
    if data.get('user_id'):
        domain.call_as_user(
            _user(data), 'messaging', 'POST',
            '/v2/queues/%s/messages' % data[QUEUE_ID],
            body={'messages': [{'body': metadata, 'ttl': MESSAGE_TTL}]},
            headers=_CLIENT)


def delete_delivery(plugin):
    """Heat's ``_delete_temp_url`` and ``_delete_queue``: the object
    (and its container once empty), the queue.
    """
    if plugin.data.get(OBJECT_NAME):
        account = _account(plugin)
        container = plugin.data.get(CONTAINER) or \
            plugin.physical_resource_name()
        account.delete_quietly(container, plugin.data[OBJECT_NAME])
        try:
            account.delete_quietly(container)
        except exception.ServiceConflict:
            pass    # other objects are still there
    for key in (OBJECT_NAME, PUT_URL, CONTAINER):
        plugin.data.pop(key, None)
    queue = plugin.data.get(QUEUE_ID)
    if queue and plugin.data.get('user_id'):
        try:
            plugin.stack.stack_domain().call_as_user(
                _user(plugin.data), 'messaging', 'DELETE',
                '/v2/queues/%s' % queue, headers=_CLIENT)
        except exception.ServiceObjectNotFound:
            pass
    plugin.data.pop(QUEUE_ID, None)


def delete(plugin):
    """Everything a transport made: delivery, keypair, user."""
    delete_delivery(plugin)
    delete_credentials(plugin)
