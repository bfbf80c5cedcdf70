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

"""OS::Heat::StructuredConfig and OS::Heat::SoftwareComponent: software
configs whose ``config`` is data rather than a script.

As Heat's heat/engine/resources/openstack/heat/structured_config.py and
software_component.py: a structured config stores its ``config`` map
as it is; a component stores ``{"configs": [...]}`` under the group
``component``, one config per lifecycle action (an action twice is
refused at validation). Their deployments (StructuredDeployment ...)
are not here yet.
"""

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.resources.heat import software_config
from heat_vision.template import attributes
from heat_vision.template import constraints

Schema = constraints.Schema
SC = software_config.SoftwareConfig
ACTIONS = ('CREATE', 'DELETE', 'UPDATE', 'SUSPEND', 'RESUME')
SHOW_SCHEMA = attributes.Schema(
    _('Detailed information about the resource: none here (the stored '
      'config is the software_configs API\'s).'),
    type=attributes.Schema.MAP)


class StructuredConfig(SC):
    """A software config whose ``config`` is a map."""

    properties_schema = dict(SC.properties_schema, **{
        SC.CONFIG: Schema(Schema.MAP,
                          _('Map representing the configuration data '
                            'structure which will be serialized to JSON '
                            'format.')),
    })
    attributes_schema = dict(SC.attributes_schema, show=SHOW_SCHEMA)


class SoftwareComponent(SC):
    """Configs of a software component, one per lifecycle action."""

    CONFIGS = 'configs'
    properties_schema = {
        CONFIGS: Schema(
            Schema.LIST, _('The configs of the component\'s lifecycle '
                           'actions.'),
            required=True, constraints=[constraints.Length(min=1, max=5)],
            schema=Schema(Schema.MAP, _('A config and its actions.'), schema={
                'actions': Schema(
                    Schema.LIST, _('Lifecycle actions the config applies '
                                   'to (CREATE, DELETE, UPDATE, SUSPEND, '
                                   'RESUME).'),
                    default=['CREATE', 'UPDATE'],
                    constraints=[constraints.Length(min=1, max=5)],
                    schema=Schema(Schema.STRING, _('An action.'))),
                'config': Schema(Schema.STRING,
                                 _('The configuration script or '
                                   'manifest.')),
                'tool': Schema(Schema.STRING,
                               _('The tool applying the config on a '
                                 'server (understood by in-instance '
                                 'tools).'), required=True)})),
        SC.INPUTS: SC.properties_schema[SC.INPUTS],
        SC.OUTPUTS: SC.properties_schema[SC.OUTPUTS],
        SC.OPTIONS: SC.properties_schema[SC.OPTIONS],
    }
    attributes_schema = dict(SC.attributes_schema, show=SHOW_SCHEMA)

    def handle_create(self):
        props = self.properties
        stored = self.stack.create_software_config(
            self.physical_resource_name(),
            {self.CONFIGS: props[self.CONFIGS]}, 'component',
            props.get(self.INPUTS), props.get(self.OUTPUTS),
            props.get(self.OPTIONS))
        self.resource_id = stored['id']
        self.data[self.CONFIG_ATTR] = stored['config']

    @classmethod
    def validate_properties(cls, properties, path):
        try:
            configs = properties.get(cls.CONFIGS) or []
        except (exception.UnresolvedReference,
                exception.UserParameterMissing):
            return
        seen = set()
        for config in configs:
            actions = set(config.get('actions') or ())
            if actions & seen:
                raise exception.StackValidationFailed(
                    _('Defining more than one configuration for the same '
                      'action in SoftwareComponent "%s" is not allowed.')
                    % path[1], path=list(path) + [cls.CONFIGS])
            seen |= actions
