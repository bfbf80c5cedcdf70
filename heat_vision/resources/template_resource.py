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

"""Provider templates: a resource type that is a template.

The environment's ``resource_registry`` (or the type itself, when it is
a file name) maps a type to a template in the ``files``; the resource is
a child stack of that template with its properties as parameters, and its
attributes are the child's outputs. Like Heat, its reference id is the
child's ``OS::stack_id`` output when the template has one.
"""

import functools

from heat_vision.resources import stack_resource
from heat_vision import template as hv_template


class TemplateResource(stack_resource.StackResource):

    # Properties are checked as the child's parameters, when it is made.
    properties_schema = None
    # Heat's every provider property is update_allowed (heat/engine/
    # properties.py, Schema.from_parameter): the child stack is updated.
    schemaless_update_in_place = True
    dynamic_attributes = True
    template_path = None

    def child_template(self):
        return hv_template.load(self.stack.files[self.template_path])

    def child_parameters(self):
        return dict(self.properties or {})

    def get_reference_id(self):
        if self.resource_id is None:
            return self.name
        outputs = self.child().definition.output_definitions()
        if 'OS::stack_id' in outputs:
            return outputs['OS::stack_id'].resolve(self.child())
        return self.resource_id

    def get_attribute(self, name, *path):
        value = self.child_outputs()[name]
        for key in path:
            value = value[key]
        return value


@functools.lru_cache(maxsize=1024)
def for_template(path):
    """The plugin class of the provider template at ``path``.

    Cached so that one path gives one class, within a bound: the paths
    come from users' templates.
    """
    return type('TemplateResource', (TemplateResource,),
                {'template_path': path})
