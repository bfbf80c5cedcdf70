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

"""AWS::CloudFormation::Stack: a nested stack from a template URL.

There is no network access: ``TemplateURL`` must be a key of the stack's
``files`` map, as clients that upload nested templates put it there.
"""

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.resources import stack_resource
from heat_vision import template as hv_template
from heat_vision.template import constraints

OUTPUT_PREFIX = 'Outputs.'


class CfnStack(stack_resource.StackResource):
    """Creates a child stack from the template at ``TemplateURL``.

    Attributes: ``Outputs.<name>``, the child's output ``name``.
    """

    PROPERTIES = (TEMPLATE_URL, TIMEOUT_IN_MINS, PARAMETERS) = (
        'TemplateURL', 'TimeoutInMinutes', 'Parameters')

    properties_schema = {
        TEMPLATE_URL: constraints.Schema(
            constraints.Schema.STRING,
            _('The URL of the child stack\'s template, found in the '
              'stack\'s files.'), required=True, update_allowed=True),
        TIMEOUT_IN_MINS: constraints.Schema(
            constraints.Schema.INTEGER,
            _('Minutes the child stack may take to be created.'),
            update_allowed=True, constraints=[constraints.Range(min=1)]),
        PARAMETERS: constraints.Schema(
            constraints.Schema.MAP,
            _('Parameter values for the child stack.'), default={},
            update_allowed=True),
    }
    attributes_schema = {}
    dynamic_attributes = True

    def child_template(self):
        url = self.properties[self.TEMPLATE_URL]
        if url not in (self.stack.files or {}):
            raise exception.StackValidationFailed(
                _('Could not fetch remote template "%s": it is not in the '
                  'files map (no network access).') % url,
                path=['resources', self.name, 'properties',
                      self.TEMPLATE_URL])
        return hv_template.load(self.stack.files[url])

    def child_parameters(self):
        return self.properties[self.PARAMETERS] or {}

    def handle_create(self):
        # NOTE(heat-vision): as the base does, with TimeoutInMinutes.
        self.resource_id = self.stack.create_child(
            self.name, self.child_template(), self.child_parameters(),
            files=self.child_files(),
            timeout_mins=self.properties[self.TIMEOUT_IN_MINS],
            registry=self.child_registry(), on_stored=self._child_stored)

    def get_attribute(self, name, *path):
        outputs = self.child_outputs() if self.resource_id else {}
        key = name[len(OUTPUT_PREFIX):]
        if not name.startswith(OUTPUT_PREFIX) or key not in outputs:
            raise exception.Invalid(reason=_(
                'The Referenced Attribute (%(res)s %(attr)s) is incorrect.')
                % {'res': self.name, 'attr': name})
        value = outputs[key]
        for step in path:
            value = value[step]
        return value
