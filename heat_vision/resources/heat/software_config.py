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

"""OS::Heat::SoftwareConfig: a stored, immutable software config.

The config is stored like ``POST /software_configs`` stores it; its id is
the resource's physical id, so servers and deployments can refer to it.
"""

from heat_vision.common.i18n import _
from heat_vision.resources import base
from heat_vision.rpc import api as rpc_api
from heat_vision.template import attributes
from heat_vision.template import constraints

Schema = constraints.Schema
IO_TYPES = ('String', 'Number', 'CommaDelimitedList', 'Json', 'Boolean')

_IO_COMMON = {
    'name': Schema(Schema.STRING, _('Name of the input or output.'),
                   required=True),
    'description': Schema(Schema.STRING,
                          _('Description of the input or output.')),
    'type': Schema(Schema.STRING, _('Type of the value.'), default='String',
                   constraints=[constraints.AllowedValues(IO_TYPES)]),
}
INPUT_SCHEMA = dict(_IO_COMMON, **{
    'default': Schema(Schema.ANY, _('Default value of the input.')),
    'replace_on_change': Schema(
        Schema.BOOLEAN,
        _('Replace the deployment, not update it, when this input '
          'changes.'), default=False),
})
OUTPUT_SCHEMA = dict(_IO_COMMON, **{
    'error_output': Schema(
        Schema.BOOLEAN,
        _('A value in this output means the deployment failed.'),
        default=False),
})
GROUP_SCHEMA = Schema(
    Schema.STRING,
    _('Namespace that groups the config by the tool that applies it '
      '(script, puppet, cloud-init ...).'),
    default=rpc_api.SOFTWARE_CONFIG_DEFAULT_GROUP)


class SoftwareConfig(base.Resource):
    """Stores ``config`` with its inputs, outputs and options."""

    PROPERTIES = (GROUP, CONFIG, OPTIONS, INPUTS, OUTPUTS) = (
        'group', 'config', 'options', 'inputs', 'outputs')
    ATTRIBUTES = (CONFIG_ATTR,) = ('config',)
    # In a stack operation the config's row is queued with the walk's
    # next batch (``create_software_config``), not written by the handler.
    runs_in_walk = True

    properties_schema = {
        GROUP: GROUP_SCHEMA,
        CONFIG: Schema(Schema.STRING,
                       _('Configuration script or manifest which specifies '
                         'what actual configuration is performed.')),
        OPTIONS: Schema(Schema.MAP,
                        _('Map of options specific to the group.')),
        INPUTS: Schema(Schema.LIST, _('Schema of the config\'s inputs.'),
                       schema=Schema(Schema.MAP, _('An input.'),
                                     schema=INPUT_SCHEMA)),
        OUTPUTS: Schema(Schema.LIST, _('Schema of the config\'s outputs.'),
                        schema=Schema(Schema.MAP, _('An output.'),
                                      schema=OUTPUT_SCHEMA)),
    }
    attributes_schema = {
        CONFIG_ATTR: attributes.Schema(
            _('The config value of the software config.'),
            type=attributes.Schema.STRING),
    }

    def handle_create(self):
        """Store the config; its id becomes the physical id."""
        props = self.properties
        stored = self.stack.create_software_config(
            self.physical_resource_name(),
            self.config_text(), props.get(self.GROUP), props.get(self.INPUTS),
            props.get(self.OUTPUTS), props.get(self.OPTIONS))
        self.resource_id = stored['id']
        self.data[self.CONFIG_ATTR] = stored['config']

    def handle_delete(self):
        """Delete the stored config (already gone is fine)."""
        if self.resource_id:
            self.stack.delete_software_config(self.resource_id)

    def config_text(self):
        """:returns: the text to store as ``config``."""
        return self.properties.get(self.CONFIG)
