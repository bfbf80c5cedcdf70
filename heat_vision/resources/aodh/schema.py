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

"""The properties every OS::Aodh::* alarm has, as Heat declares them.

Heat's names, types, defaults and update rules; heat-vision adds bounds
(list lengths, string sizes) that Heat leaves to Aodh.
"""

from heat_vision.common.i18n import _
from heat_vision.template import constraints

Schema = constraints.Schema

COMMON_PROPERTIES = (
    ALARM_ACTIONS, OK_ACTIONS, INSUFFICIENT_DATA_ACTIONS,
    ALARM_QUEUES, OK_QUEUES, INSUFFICIENT_DATA_QUEUES,
    REPEAT_ACTIONS, DESCRIPTION, ENABLED, TIME_CONSTRAINTS, SEVERITY,
) = (
    'alarm_actions', 'ok_actions', 'insufficient_data_actions',
    'alarm_queues', 'ok_queues', 'insufficient_data_queues',
    'repeat_actions', 'description', 'enabled', 'time_constraints',
    'severity',
)

#: Each Aodh state's actions property and the Zaqar queues that add to it.
ACTIONS_AND_QUEUES = ((ALARM_ACTIONS, ALARM_QUEUES),
                      (OK_ACTIONS, OK_QUEUES),
                      (INSUFFICIENT_DATA_ACTIONS, INSUFFICIENT_DATA_QUEUES))

QUERY_FIELDS = (QF_FIELD, QF_OP, QF_VALUE, QF_TYPE) = (
    'field', 'op', 'value', 'type')
OPERATORS = ['le', 'ge', 'eq', 'lt', 'gt', 'ne']
QUERY_TYPES = ['integer', 'float', 'string', 'boolean', 'datetime']

MAX_ITEMS = 64
MAX_URL = 2048
MAX_TEXT = 255


def _urls(description):
    return Schema(Schema.LIST, description, update_allowed=True,
                  constraints=[constraints.Length(max=MAX_ITEMS)],
                  schema=Schema(Schema.STRING, _('A URL.'), constraints=[
                      constraints.Length(min=1, max=MAX_URL)]))


def _queues(state):
    return Schema(
        Schema.LIST,
        _('A list of Zaqar queues to post to when state transitions to '
          '%s (needs Zaqar and Keystone trusts in Aodh).') % state,
        default=[], update_allowed=True,
        constraints=[constraints.Length(max=MAX_ITEMS)],
        schema=Schema(Schema.STRING, _('A Zaqar queue name.'),
                      constraints=[constraints.Length(min=1,
                                                      max=MAX_TEXT)]))


def query_schema(field_description):
    """A ``query`` list: conditions ANDed by Aodh."""
    return Schema(
        Schema.LIST,
        _('A list of query factors, each comparing an attribute with a '
          'value; all must hold.'),
        update_allowed=True,
        constraints=[constraints.Length(max=MAX_ITEMS)],
        schema=Schema(Schema.MAP, _('A query factor.'), schema={
            QF_FIELD: Schema(Schema.STRING, field_description,
                             constraints=[constraints.Length(
                                 max=MAX_TEXT)]),
            QF_TYPE: Schema(Schema.STRING, _('The type of the attribute.'),
                            default='string',
                            constraints=[constraints.AllowedValues(
                                QUERY_TYPES)]),
            QF_OP: Schema(Schema.STRING, _('Comparison operator.'),
                          constraints=[constraints.AllowedValues(
                              OPERATORS)]),
            QF_VALUE: Schema(Schema.STRING,
                             _('String value with which to compare.'),
                             constraints=[constraints.Length(
                                 max=MAX_TEXT)]),
        }))


_TIME_CONSTRAINT = {
    'name': Schema(Schema.STRING, _('Name for the time constraint.'),
                   required=True,
                   constraints=[constraints.Length(max=MAX_TEXT)]),
    'start': Schema(Schema.STRING,
                    _('Start time for the time constraint. A CRON '
                      'expression property.'), required=True,
                    constraints=[constraints.CustomConstraint(
                        'cron_expression')]),
    'description': Schema(Schema.STRING,
                          _('Description for the time constraint.'),
                          constraints=[constraints.Length(max=MAX_TEXT)]),
    'duration': Schema(Schema.INTEGER, _('Duration for the time '
                                         'constraint.'), required=True,
                       constraints=[constraints.Range(min=0,
                                                      max=31536000)]),
    'timezone': Schema(Schema.STRING,
                       _("Timezone for the time constraint (eg. "
                         "'Asia/Taipei', 'Europe/Amsterdam')."),
                       constraints=[constraints.CustomConstraint(
                           'timezone')]),
}

common_properties_schema = {
    DESCRIPTION: Schema(Schema.STRING, _('Description for the alarm.'),
                        update_allowed=True,
                        constraints=[constraints.Length(max=MAX_TEXT)]),
    ENABLED: Schema(Schema.BOOLEAN,
                    _('True if alarm evaluation/actioning is enabled.'),
                    default=True, update_allowed=True),
    ALARM_ACTIONS: _urls(_('A list of URLs (webhooks) to invoke when '
                           'state transitions to alarm.')),
    OK_ACTIONS: _urls(_('A list of URLs (webhooks) to invoke when state '
                        'transitions to ok.')),
    INSUFFICIENT_DATA_ACTIONS: _urls(_('A list of URLs (webhooks) to '
                                       'invoke when state transitions to '
                                       'insufficient-data.')),
    ALARM_QUEUES: _queues('alarm'),
    OK_QUEUES: _queues('ok'),
    INSUFFICIENT_DATA_QUEUES: _queues('insufficient-data'),
    REPEAT_ACTIONS: Schema(
        Schema.BOOLEAN,
        _("False to trigger actions when the threshold is reached AND the "
          "alarm's state has changed. By default, actions are called each "
          "time the threshold is reached."),
        default=True, update_allowed=True),
    SEVERITY: Schema(Schema.STRING, _('Severity of the alarm.'),
                     default='low', update_allowed=True,
                     constraints=[constraints.AllowedValues(
                         ['low', 'moderate', 'critical'])]),
    TIME_CONSTRAINTS: Schema(
        Schema.LIST,
        _('Describe time constraints for the alarm. Only evaluate the '
          'alarm if the time at evaluation is within this time '
          'constraint. Start point(s) of the constraint are specified '
          'with a cron expression, whereas its duration is given in '
          'seconds.'),
        default=[], constraints=[constraints.Length(max=MAX_ITEMS)],
        schema=Schema(Schema.MAP, _('A time constraint.'),
                      schema=_TIME_CONSTRAINT)),
}
