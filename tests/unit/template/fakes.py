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

"""Test doubles: an in-memory resolver and resource classes."""

from heat_vision.common import exception
from heat_vision.template import attributes
from heat_vision.template import constraints as constr
from heat_vision.template.hot import functions_refs


class FakeResolver:
    """Resolves resources of a StackDefinition without creating them.

    ``OS::Heat::Value`` gives its resolved ``value`` property as the
    ``value`` attribute; every resource's reference id is
    ``<stack>-<name>-fake``.
    """

    def __init__(self, sd, attributes=None):
        self.sd = sd
        self.attributes = attributes or {}

    def get_reference_id(self, name):
        return '%s-%s-fake' % (self.sd.stack_name, name)

    def get_all_attributes(self, name):
        if name in self.attributes:
            return dict(self.attributes[name])
        defn = self.sd.resource_definitions()[name]
        if defn.resource_type == 'OS::Heat::Value':
            return {'value': defn.resolved_properties(self).get('value')}
        return {}

    def get_attribute(self, name, attr, *path):
        value = self.get_all_attributes(name).get(attr)
        return functions_refs.select_path(value, path) if path else value


class Server:
    properties_schema = {
        'name': constr.Schema(constr.Schema.STRING, 'Name.'),
        'count': constr.Schema(constr.Schema.INTEGER, 'Count.', default=1,
                               constraints=[constr.Range(min=0, max=10)]),
        'flavor': constr.Schema(constr.Schema.STRING, 'Flavor.',
                                required=True),
        'enabled': constr.Schema(constr.Schema.BOOLEAN, 'On?'),
        'networks': constr.Schema(
            constr.Schema.LIST, 'Networks.',
            schema=constr.Schema(constr.Schema.MAP, schema={
                'port': constr.Schema(constr.Schema.STRING, 'Port.'),
                'fixed_ip': constr.Schema(
                    constr.Schema.STRING, 'IP.', constraints=[
                        constr.CustomConstraint('ip_addr')]),
            })),
        'metadata': constr.Schema(constr.Schema.MAP, 'Metadata.'),
    }
    attributes_schema = {
        'first_address': attributes.Schema('The address.',
                                           attributes.Schema.STRING),
        'networks': attributes.Schema('Networks.', attributes.Schema.MAP),
    }


class Value:
    properties_schema = {
        'value': constr.Schema(constr.Schema.ANY, 'The value.'),
        'type': constr.Schema(constr.Schema.STRING, 'Its type.'),
    }
    attributes_schema = {'value': attributes.Schema('The value.')}


class NoneResource:
    properties_schema = {}
    attributes_schema = {}


class Group:
    properties_schema = {
        'count': constr.Schema(constr.Schema.INTEGER, 'Count.', default=1),
        'index_var': constr.Schema(constr.Schema.STRING, 'Index var.',
                                   default='%index%'),
        'resource_def': constr.Schema(constr.Schema.MAP, 'Definition.',
                                      required=True),
    }
    attributes_schema = {'refs': attributes.Schema('Refs.'),
                         'refs_map': attributes.Schema('Refs map.')}
    dynamic_attributes = True


TYPES = {'OS::Nova::Server': Server, 'OS::Heat::Value': Value,
         'OS::Heat::None': NoneResource,
         'OS::Heat::ResourceGroup': Group}


def lookup(type_name):
    """A resource_lookup for StackDefinition.validate."""
    try:
        return TYPES[type_name]
    except KeyError:
        raise exception.ResourceTypeNotFound(type_name)
