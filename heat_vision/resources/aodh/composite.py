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

"""OS::Aodh::CompositeAlarm: rules combined with "and" / "or".

Heat's schema (heat/engine/resources/openstack/aodh/composite_alarm.py):
``composite_rule: {operator, rules}`` becomes Aodh's
``composite_rule: {<operator>: rules}``. Each rule is an Aodh threshold
rule with its ``type`` (gnocchi_*, prometheus) or a nested
``{"and"|"or": [...]}``; Aodh checks them
(aodh/api/controllers/v2/alarm_rules/composite.py).
"""

from heat_vision.common.i18n import _
from heat_vision.resources.aodh import base
from heat_vision.resources.aodh import schema
from heat_vision.template import constraints

Schema = constraints.Schema


class CompositeAlarm(base.BaseAlarm):
    """An alarm whose state combines several threshold rules."""

    alarm_type = 'composite'

    PROPERTIES = (COMPOSITE_RULE,) = ('composite_rule',)
    RULE_KEYS = (OPERATOR, RULES) = ('operator', 'rules')

    properties_schema = {
        COMPOSITE_RULE: Schema(
            Schema.MAP, _('Composite threshold rules in JSON format.'),
            required=True, update_allowed=True,
            schema={
                OPERATOR: Schema(
                    Schema.STRING,
                    _('The operator indicates how to combine the rules.'),
                    required=True, update_allowed=True,
                    constraints=[constraints.AllowedValues(['or', 'and'])]),
                RULES: Schema(
                    Schema.LIST,
                    _('Rules list. Basic threshold/gnocchi rules and '
                      'nested dict which combine threshold/gnocchi rules '
                      'by "and" or "or" are allowed. For example, the form '
                      'is like: [RULE1, RULE2, {"and": [RULE3, RULE4]}], '
                      'the basic threshold/gnocchi rules must include a '
                      '"type" field.'),
                    required=True, update_allowed=True,
                    constraints=[constraints.Length(
                        min=2, max=schema.MAX_ITEMS)]),
            }),
    }
    properties_schema.update(schema.common_properties_schema)

    def rule(self, properties):
        rule = properties[self.COMPOSITE_RULE]
        return {rule[self.OPERATOR]: rule[self.RULES]}
