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

"""OS::Heat::ResourceChain: resources of the listed types, one after
another (or all at once with ``concurrent``), in a child stack."""

from heat_vision.common.i18n import _
from heat_vision.resources import stack_resource
from heat_vision.template import attributes
from heat_vision.template import constraints

CHAIN_TEMPLATE_VERSION = '2015-04-30'


class ResourceChain(stack_resource.MemberAttributes,
                    stack_resource.StackResource):
    """Members "0".."n-1" of the types in ``resources``.

    Each member depends on the one before unless ``concurrent``; every
    member gets ``resource_properties``. Attributes: see MemberAttributes.
    """

    PROPERTIES = (RESOURCES, CONCURRENT, RESOURCE_PROPERTIES) = (
        'resources', 'concurrent', 'resource_properties')

    properties_schema = {
        RESOURCES: constraints.Schema(
            constraints.Schema.LIST, _('The member types, in order.'),
            required=True, update_allowed=True,
            schema=constraints.Schema(constraints.Schema.STRING)),
        CONCURRENT: constraints.Schema(
            constraints.Schema.BOOLEAN,
            _('Create the members all at once instead of in order.'),
            default=False),
        RESOURCE_PROPERTIES: constraints.Schema(
            constraints.Schema.MAP, _('Properties of every member.'),
            default={}, update_allowed=True),
    }
    attributes_schema = {
        'refs': attributes.Schema(_('The members\' reference ids.')),
        'refs_map': attributes.Schema(_('Index to reference id.')),
        'attributes': attributes.Schema(_('Member name to an attribute.')),
    }
    dynamic_attributes = True

    def child_template(self):
        resources = {}
        for index, type_name in enumerate(self.properties[self.RESOURCES]):
            member = {'type': type_name}
            if self.properties[self.RESOURCE_PROPERTIES]:
                member['properties'] = dict(
                    self.properties[self.RESOURCE_PROPERTIES])
            if index and not self.properties[self.CONCURRENT]:
                member['depends_on'] = [str(index - 1)]
            resources[str(index)] = member
        return {'heat_template_version': CHAIN_TEMPLATE_VERSION,
                'resources': resources}
