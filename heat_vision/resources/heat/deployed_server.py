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

"""OS::Heat::DeployedServer: a server deployed outside OpenStack, which
software deployments configure.

As Heat's heat/engine/resources/openstack/heat/deployed_server.py and
heat/engine/resources/server_base.py: nothing is created; the physical
id is a new UUID, the id deployments name as their ``server``. The
metadata carries what the server's os-collect-config reads: the
configs deployed to it (``deployments``, filled in when the metadata
is read) and, under ``os-collect-config``, where to poll.

Every transport of Heat is offered (``server_transport``):
POLL_SERVER_HEAT (the resource metadata API), POLL_SERVER_CFN (the
CloudFormation Query API of the relay, with an EC2 keypair of the
server's stack-domain user), POLL_TEMP_URL (a Swift object read through a
temporary URL) and ZAQAR_MESSAGE (messages on a Zaqar queue of the
server's user). POLL_SERVER_CFN and ZAQAR_MESSAGE need a stack-user
domain; without one POLL_SERVER_HEAT's ``heat`` entry carries no user id
or password: the agent polls with credentials of its own.
"""

from oslo_utils import uuidutils

from heat_vision.common.i18n import _
from heat_vision.resources import base
from heat_vision.resources.heat import deployment_io
from heat_vision.resources.heat import server_transport
from heat_vision.template import attributes
from heat_vision.template import constraints

Schema = constraints.Schema
TRANSPORTS = (POLL_SERVER_CFN, POLL_SERVER_HEAT, POLL_TEMP_URL,
              ZAQAR_MESSAGE) = server_transport.TRANSPORTS
OCC_KEY = server_transport.OCC_KEY


class DeployedServer(base.Resource):
    """A server managed outside OpenStack, the target of deployments."""

    PROPERTIES = (NAME, METADATA, SOFTWARE_CONFIG_TRANSPORT,
                  DEPLOYMENT_SWIFT_DATA) = (
        'name', 'metadata', 'software_config_transport',
        'deployment_swift_data')
    ATTRIBUTES = (NAME_ATTR, OS_COLLECT_CONFIG, SHOW) = (
        'name', 'os_collect_config', 'show')

    properties_schema = {
        NAME: Schema(Schema.STRING, _('Server name.'), update_allowed=True,
                     constraints=[constraints.Length(max=255)]),
        METADATA: Schema(
            Schema.MAP,
            _('Ignored, as in Heat since 9.0.0 (deprecated): arbitrary '
              'key/value metadata for this server.'),
            update_allowed=True),
        SOFTWARE_CONFIG_TRANSPORT: Schema(
            Schema.STRING,
            _('How the server should receive the metadata required for '
              'software configuration. POLL_SERVER_HEAT: the Heat API\'s '
              'resource metadata. POLL_SERVER_CFN: the CloudFormation '
              'Query API (DescribeStackResource, signed with an EC2 '
              'keypair of the server\'s user). POLL_TEMP_URL: a Swift '
              'object, read through a temporary URL. ZAQAR_MESSAGE: '
              'messages on a Zaqar queue of the server\'s user. '
              'POLL_SERVER_CFN and ZAQAR_MESSAGE need a stack-user '
              'domain.'),
            default=POLL_SERVER_HEAT, update_allowed=True,
            constraints=[constraints.AllowedValues(TRANSPORTS)]),
        DEPLOYMENT_SWIFT_DATA: Schema(
            Schema.MAP,
            _('Swift container and object for POLL_TEMP_URL (by default '
              'the physical name and a UUID).'),
            default={}, update_allowed=True, schema={
                'container': Schema(Schema.STRING,
                                    _('Name of the container.'),
                                    constraints=[constraints.Length(
                                        min=1, max=255)]),
                'object': Schema(Schema.STRING, _('Name of the object.'),
                                 constraints=[constraints.Length(
                                     min=1, max=1024)])}),
    }
    attributes_schema = {
        NAME_ATTR: attributes.Schema(_('Name of the server.'),
                                     type=attributes.Schema.STRING),
        OS_COLLECT_CONFIG: attributes.Schema(
            _('The os-collect-config configuration for the server\'s '
              'local agent to be configured to connect to Heat to '
              'retrieve deployment data.'),
            type=attributes.Schema.MAP),
        SHOW: attributes.Schema(
            _('Detailed information about the resource: its '
              'os_collect_config, as Heat shows it.'),
            type=attributes.Schema.MAP),
    }
    # Its stack-domain user is made in Keystone (with a stack-user
    # domain configured).
    creates_external = True
    runs_in_walk = False
    takes_deployments = True

    @classmethod
    def validate_properties(cls, properties, path):
        server_transport.refuse_without_domain(
            properties, path, cls.SOFTWARE_CONFIG_TRANSPORT)

    def handle_create(self):
        self.resource_id = uuidutils.generate_uuid()
        self._set_up_transport(self.metadata)

    def _set_up_transport(self, metadata):
        """Heat's ``_create_transport_credentials`` and
        ``_populate_deployments_metadata``.
        """
        if metadata is None:
            # The template's, which the stored metadata replaces.
            metadata = self.stack.definition.resource_definition(
                self.name).resolved_metadata(self.stack)
        transport = self.properties[self.SOFTWARE_CONFIG_TRANSPORT]
        server_transport.create_credentials(self, transport)
        self.metadata = server_transport.populate(
            self, metadata, transport,
            swift_data=self.properties[self.DEPLOYMENT_SWIFT_DATA])

    def handle_delete(self):
        server_transport.delete(self)

    def handle_update(self, new_properties, changed):
        """Name and metadata change in place; a new transport replaces
        the old one's object or queue, as Heat's
        ``_update_software_config_transport``.
        """
        self.properties = new_properties
        if self.SOFTWARE_CONFIG_TRANSPORT in changed:
            server_transport.delete_delivery(self)
            self._set_up_transport(self.metadata)

    def get_attribute(self, name, *path):
        if not self.resource_id:
            return None
        if name == self.NAME_ATTR:
            value = (self.properties.get(self.NAME) or
                     self.physical_resource_name())
        elif name == self.OS_COLLECT_CONFIG:
            value = (self.metadata or {}).get(OCC_KEY, {})
        elif name == self.SHOW:
            value = {self.OS_COLLECT_CONFIG:
                     (self.metadata or {}).get(OCC_KEY, {})}
        else:
            return super().get_attribute(name, *path)
        return deployment_io.select(value, path)
