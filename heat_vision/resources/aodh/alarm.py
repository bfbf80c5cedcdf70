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

"""OS::Aodh::Alarm: Heat's threshold alarm on a Ceilometer meter.

Aodh removed threshold alarms (and the Ceilometer API they read) years
ago: a current Aodh refuses to create one, and the resource fails with
Aodh's answer. Heat keeps the type, deprecated, for old templates; so
does heat-vision. New templates use OS::Aodh::EventAlarm, or the
built-in alarms.
"""

from heat_vision.common.i18n import _
from heat_vision.resources.aodh import base
from heat_vision.resources.aodh import schema
from heat_vision.template import constraints

Schema = constraints.Schema

#: Nova's meters carry their metadata under ``user_metadata.``.
NOVA_METERS = frozenset([
    'instance', 'memory', 'memory.usage', 'memory.resident', 'cpu',
    'cpu_util', 'vcpus', 'disk.read.requests', 'disk.read.requests.rate',
    'disk.write.requests', 'disk.write.requests.rate', 'disk.read.bytes',
    'disk.read.bytes.rate', 'disk.write.bytes', 'disk.write.bytes.rate',
    'disk.device.read.requests', 'disk.device.read.requests.rate',
    'disk.device.write.requests', 'disk.device.write.requests.rate',
    'disk.device.read.bytes', 'disk.device.read.bytes.rate',
    'disk.device.write.bytes', 'disk.device.write.bytes.rate',
    'disk.root.size', 'disk.ephemeral.size', 'network.incoming.bytes',
    'network.incoming.bytes.rate', 'network.outgoing.bytes',
    'network.outgoing.bytes.rate', 'network.incoming.packets',
    'network.incoming.packets.rate', 'network.outgoing.packets',
    'network.outgoing.packets.rate'])


class AodhAlarm(base.BaseAlarm):
    """Deprecated: a threshold on a meter's statistic.

    A current Aodh refuses it: use OS::Aodh::EventAlarm.
    """

    alarm_type = 'threshold'

    PROPERTIES = (
        COMPARISON_OPERATOR, EVALUATION_PERIODS, METER_NAME, PERIOD,
        STATISTIC, THRESHOLD, MATCHING_METADATA, QUERY,
    ) = (
        'comparison_operator', 'evaluation_periods', 'meter_name',
        'period', 'statistic', 'threshold', 'matching_metadata', 'query',
    )
    _RULE_FIELDS = (PERIOD, EVALUATION_PERIODS, THRESHOLD, STATISTIC,
                    COMPARISON_OPERATOR, METER_NAME)

    properties_schema = {
        COMPARISON_OPERATOR: Schema(
            Schema.STRING,
            _('Operator used to compare specified statistic with '
              'threshold.'), update_allowed=True,
            constraints=[constraints.AllowedValues(schema.OPERATORS)]),
        EVALUATION_PERIODS: Schema(
            Schema.INTEGER, _('Number of periods to evaluate over.'),
            update_allowed=True,
            constraints=[constraints.Range(min=1, max=10000)]),
        METER_NAME: Schema(
            Schema.STRING, _('Meter name watched by the alarm.'),
            required=True,
            constraints=[constraints.Length(max=schema.MAX_TEXT)]),
        PERIOD: Schema(
            Schema.INTEGER, _('Period (seconds) to evaluate over.'),
            update_allowed=True,
            constraints=[constraints.Range(min=1, max=31536000)]),
        STATISTIC: Schema(
            Schema.STRING, _('Meter statistic to evaluate.'),
            update_allowed=True,
            constraints=[constraints.AllowedValues(
                ['count', 'avg', 'sum', 'min', 'max'])]),
        THRESHOLD: Schema(
            Schema.NUMBER, _('Threshold to evaluate against.'),
            required=True, update_allowed=True),
        MATCHING_METADATA: Schema(
            Schema.MAP,
            _('Meter should match this resource metadata (key=value) '
              'additionally to the meter_name.'),
            default={}, update_allowed=True,
            constraints=[constraints.Length(max=schema.MAX_ITEMS)]),
        QUERY: schema.query_schema(_('Name of attribute to compare.')),
    }
    properties_schema.update(schema.common_properties_schema)

    def rule(self, properties):
        rule = {field: properties[field] for field in self._RULE_FIELDS
                if properties[field] is not None}
        query = base.without_none(properties[self.QUERY])
        prefix = ('user_metadata.' if properties[self.METER_NAME]
                  in NOVA_METERS else 'metering.')
        for key, value in (properties[self.MATCHING_METADATA] or {}).items():
            key = key[len('metadata.'):] if key.startswith(
                'metadata.') else key
            if key.startswith(('metering.', 'user_metadata.')):
                key = key.split('.', 1)[1]
            query.append({'field': 'metadata.%s%s' % (prefix, key),
                          'op': 'eq', 'value': str(value)})
        if query:
            rule[self.QUERY] = query
        return rule
