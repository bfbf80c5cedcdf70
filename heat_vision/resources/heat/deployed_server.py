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

Only POLL_SERVER_HEAT is offered (the resource metadata API); Heat's
other transports need the CFN API's key pairs (POLL_SERVER_CFN), Swift
(POLL_TEMP_URL) or Zaqar (ZAQAR_MESSAGE) and are refused at validation.
heat-vision makes no stack-domain user, so the ``heat`` entry carries
no user id or password: the agent polls with credentials of its own.
"""

from oslo_utils import uuidutils

from heat_vision.common.i18n import _
from heat_vision.resources import base
from heat_vision.resources.heat import deployment_io
from heat_vision.resources.heat import poll_heat
from heat_vision.template import attributes
from heat_vision.template import constraints

Schema = constraints.Schema
TRANSPORTS = (POLL_SERVER_CFN, POLL_SERVER_HEAT, POLL_TEMP_URL,
              ZAQAR_MESSAGE) = (
    'POLL_SERVER_CFN', 'POLL_SERVER_HEAT', 'POLL_TEMP_URL', 'ZAQAR_MESSAGE')
UNAVAILABLE = {POLL_SERVER_CFN: 'the CFN API\'s key pairs',
               POLL_TEMP_URL: 'Swift (object-store)',
               ZAQAR_MESSAGE: 'Zaqar (messaging)'}
OCC_KEY = 'os-collect-config'


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
              'resource metadata, with the agent\'s own Keystone '
              'credentials. POLL_SERVER_CFN, POLL_TEMP_URL and '
              'ZAQAR_MESSAGE are refused (no CFN key pairs, Swift or '
              'Zaqar here).'),
            default=POLL_SERVER_HEAT, update_allowed=True,
            constraints=[constraints.AllowedValues(TRANSPORTS)]),
        DEPLOYMENT_SWIFT_DATA: Schema(
            Schema.MAP,
            _('Swift container and object for POLL_TEMP_URL (which is '
              'refused here).'),
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
        deployment_io.refuse_unavailable(
            properties, path, cls.SOFTWARE_CONFIG_TRANSPORT, UNAVAILABLE,
            (POLL_SERVER_HEAT,))

    def handle_create(self):
        poll_heat.create_credentials(self)
        self.resource_id = uuidutils.generate_uuid()
        metadata = self.metadata
        if metadata is None:
            # The template's, which the stored metadata replaces.
            metadata = self.stack.definition.resource_definition(
                self.name).resolved_metadata(self.stack)
        self.metadata = self._collect_metadata(metadata)

    def handle_delete(self):
        poll_heat.delete_credentials(self)

    def handle_update(self, new_properties, changed):
        """Name, metadata and transport change in place (only one
        transport is offered, so the metadata stays as it is).
        """
        self.properties = new_properties

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

    def _collect_metadata(self, metadata):
        """Heat's ``_populate_deployments_metadata`` for POLL_SERVER_HEAT.
        """
        metadata = dict(metadata or {})
        metadata.setdefault('deployments', [])
        occ = dict(metadata.get(OCC_KEY) or {})
        # Values from boot time are overridden, as Heat does.
        for key in ('heat', 'zaqar', 'cfn', 'request'):
            if isinstance(occ.get(key), dict):
                occ[key] = {k: None for k in occ[key]}
        occ['heat'] = poll_heat.collector(self)
        occ['collectors'] = ['heat', 'local']
        metadata[OCC_KEY] = occ
        return metadata
