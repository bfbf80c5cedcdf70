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

"""OS::Heat::StructuredDeployment(Group): deployments of a structured
config whose ``get_input`` calls are replaced by the input values.

As Heat's heat/engine/resources/openstack/heat/structured_config.py
(``StructuredDeployment.parse``): in the config's data, a map of the one
key ``input_key`` (``get_input``) whose value is an input's name is
replaced by that input's value (the ``deploy_*`` inputs included);
with ``input_values_validate: STRICT`` an input without a value fails
the deployment instead of giving null.
"""

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.resources.heat import deployment_group
from heat_vision.resources.heat import software_deployment as sd
from heat_vision.template import constraints

Schema = constraints.Schema
INPUT_KEY, INPUT_VALUES_VALIDATE = 'input_key', 'input_values_validate'
VALIDATIONS = (LAX, STRICT) = ('LAX', 'STRICT')
STRUCTURED_SCHEMA = {
    INPUT_KEY: Schema(
        Schema.STRING,
        _('Name of key to use for substituting inputs during '
          'deployment.'), default='get_input',
        constraints=[constraints.Length(min=1, max=255)]),
    INPUT_VALUES_VALIDATE: Schema(
        Schema.STRING,
        _('Perform a check on the input values passed to verify that '
          'each required input has a corresponding value. When the '
          'property is set to STRICT and no value is passed, an '
          'exception is raised.'), default=LAX,
        constraints=[constraints.AllowedValues(VALIDATIONS)]),
}


class InputMissing(exception.HeatVisionException):
    msg_fmt = _('The config of %(name)s uses the input "%(input)s", '
                'which has no value (input_values_validate: STRICT).')


def parse(inputs, input_key, snippet, strict, name):
    """``snippet`` with each ``{input_key: <input name>}`` replaced.

    :param inputs: ``{input name: value}``.
    :raises: InputMissing for an input without value when ``strict``.
    """
    if isinstance(snippet, dict):
        if len(snippet) == 1:
            fn_name, fn_arg = next(iter(snippet.items()))
            if fn_name == input_key and isinstance(fn_arg, str):
                if strict and fn_arg not in inputs:
                    raise InputMissing(name=name, input=fn_arg)
                return inputs.get(fn_arg)
        return {key: parse(inputs, input_key, value, strict, name)
                for key, value in snippet.items()}
    if isinstance(snippet, list):
        return [parse(inputs, input_key, value, strict, name)
                for value in snippet]
    return snippet


class StructuredDeployment(sd.SoftwareDeployment):
    """A SoftwareDeployment of a structured config."""

    properties_schema = dict(sd.SoftwareDeployment.properties_schema,
                             **STRUCTURED_SCHEMA)

    def derived_config_text(self, action, source, inputs):
        config = source.get('config')
        if config is None:
            return {}
        values = {item['name']: item.get('value') for item in inputs}
        return parse(values, self.properties[INPUT_KEY], config,
                     self.properties[INPUT_VALUES_VALIDATE] == STRICT,
                     self.name)


class StructuredDeploymentGroup(deployment_group.SoftwareDeploymentGroup):
    """One StructuredDeployment per server of ``servers``."""

    MEMBER_TYPE = 'OS::Heat::StructuredDeployment'
    MEMBER_PROPERTIES = (deployment_group.SoftwareDeploymentGroup
                         .MEMBER_PROPERTIES +
                         (INPUT_KEY, INPUT_VALUES_VALIDATE))
    properties_schema = dict(
        deployment_group.SoftwareDeploymentGroup.properties_schema,
        **STRUCTURED_SCHEMA)


class StructuredDeployments(StructuredDeploymentGroup):
    """``OS::Heat::StructuredDeployments``: the group's old name."""

    support_status = deployment_group.hidden_alias(
        'OS::Heat::StructuredDeploymentGroup')
