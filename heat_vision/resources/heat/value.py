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

"""OS::Heat::Value: holds a value, optionally typed like a parameter."""

import json

from heat_vision.common.i18n import _
from heat_vision.resources import base
from heat_vision.template import attributes
from heat_vision.template import constraints

PARAMETER_TYPES = ('string', 'number', 'comma_delimited_list', 'json',
                   'boolean')


class Value(base.Resource):
    """Exposes ``value`` as the attribute of the same name.

    With ``type``, the value is converted as a parameter of that type
    would be, so that templates can compute typed values.
    """

    PROPERTIES = (VALUE, TYPE) = ('value', 'type')
    creates_external = False
    runs_in_walk = True

    properties_schema = {
        VALUE: constraints.Schema(
            constraints.Schema.ANY, _('The value.'), required=True,
            update_allowed=True),
        TYPE: constraints.Schema(
            constraints.Schema.STRING,
            _('The type to convert the value to, as a parameter type.'),
            constraints=[constraints.AllowedValues(PARAMETER_TYPES)],
            update_allowed=True),
    }
    attributes_schema = {
        VALUE: attributes.Schema(_('The value, converted to its type.')),
    }

    def handle_create(self):
        self._compute()
        self.resource_id = self.physical_resource_name()

    def handle_update(self, new_properties, changed):
        self._compute()

    def _compute(self):
        self.data[self.VALUE] = _convert(self.properties.get(self.VALUE),
                                         self.properties.get(self.TYPE))


def _convert(value, type_name):
    if type_name is None or value is None:
        return value
    if type_name == 'string':
        return value if isinstance(value, str) else json.dumps(value)
    if type_name == 'number':
        number = float(value)
        return int(number) if number.is_integer() else number
    if type_name == 'boolean':
        return str(value).lower() in ('true', '1', 'yes', 'on', 't', 'y')
    if type_name == 'comma_delimited_list':
        if isinstance(value, list):
            return value
        return [item.strip() for item in str(value).split(',')]
    return json.loads(value) if isinstance(value, str) else value
