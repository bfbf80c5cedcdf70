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

"""OS::HeatVision::Alarm: the built-in threshold alarm (no Aodh needed).

Its properties are Aodh's threshold alarm's, as Heat's ``OS::Aodh::Alarm``
names them. The engine keeps the alarm and evaluates it on the task
system; a change of state goes on the queue as Aodh's transitions do, so
``alarm_actions: [{get_attr: [policy, alarm_url]}]`` scales a group.
"""

from oslo_config import cfg

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.resources import base
from heat_vision.template import attributes
from heat_vision.template import constraints

CONF = cfg.CONF
Schema = constraints.Schema
MAX_ACTIONS = 50
MAX_NAME = 255
MAX_VALUE = 1e15
STATISTICS = ('avg', 'min', 'max', 'sum', 'count')
COMPARISONS = ('lt', 'le', 'eq', 'ne', 'ge', 'gt')
SEVERITIES = ('low', 'moderate', 'critical')


def _actions(description):
    return Schema(Schema.LIST, description, default=[], update_allowed=True,
                  schema=Schema(Schema.STRING, _('A URL.'),
                                constraints=[constraints.Length(1, 2048)]),
                  constraints=[constraints.Length(max=MAX_ACTIONS)])


class Alarm(base.Resource):
    """A threshold alarm on heat-vision's own metric samples.

    Samples come from ``POST /v1/{tenant}/metrics`` or the queue. Every
    ``[monitoring] evaluation_interval`` seconds the statistic of each of
    the last ``evaluation_periods`` periods with samples (looking one
    period further back, as Aodh does) is compared with the threshold; a
    change of state is kept in the alarm's history (``heat-vision alarm
    history``) and published.
    """

    PROPERTIES = (METER_NAME, MATCHING_METADATA, STATISTIC, PERIOD,
                  EVALUATION_PERIODS, COMPARISON_OPERATOR, THRESHOLD,
                  ALARM_ACTIONS, OK_ACTIONS, INSUFFICIENT_DATA_ACTIONS,
                  REPEAT_ACTIONS, ENABLED, SEVERITY, DESCRIPTION) = (
        'meter_name', 'matching_metadata', 'statistic', 'period',
        'evaluation_periods', 'comparison_operator', 'threshold',
        'alarm_actions', 'ok_actions', 'insufficient_data_actions',
        'repeat_actions', 'enabled', 'severity', 'description')
    ATTRIBUTES = (ALARM_ID, STATE, STATE_REASON) = (
        'alarm_id', 'state', 'state_reason')

    properties_schema = {
        METER_NAME: Schema(
            Schema.STRING, _('The metric the alarm watches.'),
            required=True, update_allowed=True,
            constraints=[constraints.Length(1, MAX_NAME)]),
        MATCHING_METADATA: Schema(
            Schema.MAP,
            _('Dimensions a sample must have (name: value) to count.'),
            default={}, update_allowed=True),
        STATISTIC: Schema(
            Schema.STRING, _('How the samples of a period are reduced.'),
            default='avg', update_allowed=True,
            constraints=[constraints.AllowedValues(STATISTICS)]),
        PERIOD: Schema(
            Schema.INTEGER, _('Seconds of one evaluation period.'),
            default=60, update_allowed=True,
            constraints=[constraints.Range(1, 86400)]),
        EVALUATION_PERIODS: Schema(
            Schema.INTEGER,
            _('Consecutive periods that must breach (or not) to change '
              'state.'), default=1, update_allowed=True,
            constraints=[constraints.Range(1, 1000)]),
        COMPARISON_OPERATOR: Schema(
            Schema.STRING, _('How the statistic compares to threshold.'),
            default='eq', update_allowed=True,
            constraints=[constraints.AllowedValues(COMPARISONS)]),
        THRESHOLD: Schema(
            Schema.NUMBER, _('The value the statistic is compared with.'),
            required=True, update_allowed=True,
            constraints=[constraints.Range(-MAX_VALUE, MAX_VALUE)]),
        ALARM_ACTIONS: _actions(_('URLs to signal on a transition to '
                                  'alarm.')),
        OK_ACTIONS: _actions(_('URLs to signal on a transition to ok.')),
        INSUFFICIENT_DATA_ACTIONS: _actions(
            _('URLs to signal on a transition to insufficient data.')),
        REPEAT_ACTIONS: Schema(
            Schema.BOOLEAN,
            _('Signal the alarm actions at every evaluation that finds the '
              'alarm on, not only at the transition.'), default=True,
            update_allowed=True),
        ENABLED: Schema(Schema.BOOLEAN, _('Whether it is evaluated.'),
                        default=True, update_allowed=True),
        SEVERITY: Schema(
            Schema.STRING, _('The severity the transitions carry.'),
            default='low', update_allowed=True,
            constraints=[constraints.AllowedValues(SEVERITIES)]),
        DESCRIPTION: Schema(
            Schema.STRING, _('Free text.'), default='', update_allowed=True,
            constraints=[constraints.Length(max=4096)]),
    }
    attributes_schema = {
        ALARM_ID: attributes.Schema(_('The alarm id (also its reference).'),
                                    type=attributes.Schema.STRING),
        STATE: attributes.Schema(
            _('ok, alarm or insufficient data.'),
            type=attributes.Schema.STRING),
        STATE_REASON: attributes.Schema(_('Why it is in its state.'),
                                        type=attributes.Schema.STRING),
    }

    @classmethod
    def validate_properties(cls, properties, path):
        """matching_metadata is small and flat; the window is kept."""
        try:
            metadata = properties[cls.MATCHING_METADATA] or {}
            window = (properties[cls.PERIOD] *
                      properties[cls.EVALUATION_PERIODS])
        except (exception.UnresolvedReference,
                exception.UserParameterMissing):
            return
        where = path + [cls.MATCHING_METADATA]
        if len(metadata) > CONF.monitoring.max_dimensions:
            raise exception.StackValidationFailed(
                _('at most %d entries are allowed') %
                CONF.monitoring.max_dimensions, path=where)
        limit = CONF.monitoring.max_dimension_length
        for key, value in metadata.items():
            if not (isinstance(value, str) and
                    0 < len(value) <= limit and 0 < len(key) <= limit):
                raise exception.StackValidationFailed(
                    _('names and values must be strings of 1 to %d '
                      'characters') % limit, path=where + [key])
        if window > CONF.monitoring.metric_retention:
            raise exception.StackValidationFailed(
                _('period x evaluation_periods is %(w)d seconds, more than '
                  'the metric retention (%(r)d seconds)') %
                {'w': window, 'r': CONF.monitoring.metric_retention},
                path=path + [cls.PERIOD])

    def _definition(self, properties):
        definition = {key: properties[key] for key in self.PROPERTIES}
        definition['name'] = self.physical_resource_name()
        return definition

    def handle_create(self):
        alarm = self.stack.create_alarm(self.name,
                                        self._definition(self.properties))
        # Stored with the resource's next batch (creates_external); an
        # engine taking over finds the alarm by stack and resource.
        self.resource_id = alarm['id']

    def handle_update(self, new_properties, changed):
        self.validate_properties(new_properties, [self.name, 'properties'])
        if self.resource_id:
            self.stack.update_alarm(self.resource_id,
                                    self._definition(new_properties))

    def handle_delete(self):
        if self.resource_id:
            self.stack.delete_alarm(self.resource_id)

    def get_attribute(self, name, *path):
        if name == self.ALARM_ID:
            return self.resource_id
        if name in (self.STATE, self.STATE_REASON) and self.resource_id:
            alarm = self.stack.alarm(self.resource_id) or {}
            return alarm.get(name)
        return super().get_attribute(name, *path)
