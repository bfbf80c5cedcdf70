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

"""OS::Heat::Stack: a nested stack from a template given as a property."""

from heat_vision.common.i18n import _
from heat_vision.resources import stack_resource
from heat_vision import template as hv_template
from heat_vision.template import attributes
from heat_vision.template import constraints


class NestedStack(stack_resource.StackResource):
    """Creates a child stack from ``template`` with ``parameters``.

    Attributes: ``outputs`` (all of the child's outputs, or one with a
    path: ``[res, outputs, name]``) and ``stack_name``.
    """

    PROPERTIES = (TEMPLATE, PARAMETERS, TIMEOUT, CONTEXT) = (
        'template', 'parameters', 'timeout', 'context')

    properties_schema = {
        TEMPLATE: constraints.Schema(
            constraints.Schema.STRING, _('The child stack\'s template.'),
            required=True, update_allowed=True),
        PARAMETERS: constraints.Schema(
            constraints.Schema.MAP, _('Parameter values for the child.'),
            default={}, update_allowed=True),
        TIMEOUT: constraints.Schema(
            constraints.Schema.INTEGER, _('Minutes the child may take.'),
            update_allowed=True),
        CONTEXT: constraints.Schema(
            constraints.Schema.MAP,
            _('Where the child runs (region_name); this region only.')),
    }
    attributes_schema = {
        'outputs': attributes.Schema(_('The child stack\'s outputs.')),
        'stack_name': attributes.Schema(_('The child stack\'s name.')),
    }

    def child_template(self):
        return hv_template.load(self.properties[self.TEMPLATE])

    def child_parameters(self):
        return self.properties[self.PARAMETERS] or {}

    def get_attribute(self, name, *path):
        if name == 'stack_name':
            return self.child().name
        value = self.child_outputs()
        for key in path:
            value = value[key]
        return value
