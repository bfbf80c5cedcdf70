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

"""The template language library: parse, validate and resolve templates.

The engine's entry points::

    tmpl_dict = template.load(text)
    tmpl = template.Template.create(tmpl_dict, files)
    env = template.Environment.merged([env_dict, ...], files)
    sd = template.StackDefinition(tmpl, env, stack_name='s', stack_id=id,
                                  project_id=p)
    sd.validate(resource_lookup)
    sd.resource_definitions(); sd.output_definitions(); sd.dependencies()

Resources are resolved through a *resolver* the engine passes in::

    resolver.get_reference_id(resource_name) -> str
    resolver.get_attribute(resource_name, attr_name, *path) -> value
    resolver.get_all_attributes(resource_name) -> dict
    resolver.get_availability_zones() -> list   # optional (Fn::GetAZs)
"""

from heat_vision.template.api import available_versions  # noqa
from heat_vision.template.api import format_validate  # noqa
from heat_vision.template.api import version_functions  # noqa
from heat_vision.template.base import Template  # noqa
from heat_vision.template.definitions import OutputDefinition  # noqa
from heat_vision.template.definitions import ResourceDefinition  # noqa
from heat_vision.template.dependencies import Dependencies  # noqa
from heat_vision.template.environment import Environment  # noqa
from heat_vision.template.parser import load  # noqa
from heat_vision.template.parser import load_environment  # noqa
from heat_vision.template.stack_definition import StackDefinition  # noqa
