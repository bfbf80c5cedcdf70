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

"""Aodh's threshold alarms on Gnocchi's metrics, with Heat's schemas.

OS::Aodh::GnocchiResourcesAlarm (one resource's metric),
OS::Aodh::GnocchiAggregationByMetricsAlarm (metrics by id) and
OS::Aodh::GnocchiAggregationByResourcesAlarm (a metric of the resources a
query finds), as heat/engine/resources/openstack/aodh/gnocchi/alarm.py
declares them; the rule properties go into Aodh's ``<type>_rule``.
Aodh asks Gnocchi when it creates one
(aodh/api/controllers/v2/alarm_rules/gnocchi.py ``validate_alarm``): an
Aodh without a Gnocchi refuses them (503), and the resource fails with
that answer.
"""

from heat_vision.common.i18n import _
from heat_vision.resources.aodh import base
from heat_vision.resources.aodh import schema
from heat_vision.template import constraints

Schema = constraints.Schema

COMMON_GNOCCHI_PROPERTIES = (
    COMPARISON_OPERATOR, EVALUATION_PERIODS, GRANULARITY,
    AGGREGATION_METHOD, THRESHOLD,
) = (
    'comparison_operator', 'evaluation_periods', 'granularity',
    'aggregation_method', 'threshold',
)

#: Gnocchi's JSON queries can be long; Aodh stores the rule as JSON text.
MAX_QUERY = 16384


def _text(description, required=False):
    return Schema(Schema.STRING, description, required=required,
                  update_allowed=True,
                  constraints=[constraints.Length(max=schema.MAX_TEXT)])


# Aodh's own bounds (AlarmGnocchiThresholdRule) where Heat sets none.
common_gnocchi_properties_schema = {
    COMPARISON_OPERATOR: Schema(
        Schema.STRING,
        _('Operator used to compare specified statistic with threshold.'),
        update_allowed=True,
        constraints=[constraints.AllowedValues(schema.OPERATORS)]),
    EVALUATION_PERIODS: Schema(
        Schema.INTEGER, _('Number of periods to evaluate over.'),
        update_allowed=True, constraints=[constraints.Range(min=1,
                                                            max=100)]),
    AGGREGATION_METHOD: _text(_('The aggregation method to compare to the '
                                'threshold.')),
    GRANULARITY: Schema(
        Schema.INTEGER, _('The time range in seconds.'),
        update_allowed=True,
        constraints=[constraints.Range(min=1, max=31536000)]),
    THRESHOLD: Schema(Schema.NUMBER, _('Threshold to evaluate against.'),
                      required=True, update_allowed=True),
}


class GnocchiResourcesAlarm(base.BaseAlarm):
    """A threshold on a metric of one Gnocchi resource."""

    alarm_type = 'gnocchi_resources_threshold'

    PROPERTIES = (METRIC, RESOURCE_ID, RESOURCE_TYPE) = (
        'metric', 'resource_id', 'resource_type')
    RULE_PROPERTIES = PROPERTIES + COMMON_GNOCCHI_PROPERTIES

    properties_schema = {
        METRIC: _text(_('Metric name watched by the alarm.'), True),
        RESOURCE_ID: _text(_('Id of a resource.'), True),
        RESOURCE_TYPE: _text(_('Resource type.'), True),
    }
    properties_schema.update(common_gnocchi_properties_schema)
    properties_schema.update(schema.common_properties_schema)

    def rule(self, properties):
        return {name: properties[name] for name in self.RULE_PROPERTIES
                if properties[name] is not None}


class GnocchiAggregationByMetricsAlarm(GnocchiResourcesAlarm):
    """A threshold on the aggregation of metrics given by id."""

    alarm_type = 'gnocchi_aggregation_by_metrics_threshold'

    PROPERTIES = (METRICS,) = ('metrics',)
    RULE_PROPERTIES = PROPERTIES + COMMON_GNOCCHI_PROPERTIES

    properties_schema = {
        METRICS: Schema(
            Schema.LIST, _('A list of metric ids.'), required=True,
            update_allowed=True,
            constraints=[constraints.Length(max=schema.MAX_ITEMS)],
            schema=Schema(Schema.STRING, _('A metric id.'),
                          constraints=[constraints.Length(
                              max=schema.MAX_TEXT)])),
    }
    properties_schema.update(common_gnocchi_properties_schema)
    properties_schema.update(schema.common_properties_schema)


class GnocchiAggregationByResourcesAlarm(GnocchiResourcesAlarm):
    """A threshold on a metric aggregated over the resources a query
    finds (the autoscaling templates' alarm: the members of a group).
    """

    alarm_type = 'gnocchi_aggregation_by_resources_threshold'

    PROPERTIES = (METRIC, QUERY, RESOURCE_TYPE) = (
        'metric', 'query', 'resource_type')
    RULE_PROPERTIES = PROPERTIES + COMMON_GNOCCHI_PROPERTIES

    properties_schema = {
        METRIC: _text(_('Metric name watched by the alarm.'), True),
        QUERY: Schema(Schema.STRING, _('The query to filter the metrics.'),
                      required=True, update_allowed=True,
                      constraints=[constraints.Length(max=MAX_QUERY)]),
        RESOURCE_TYPE: _text(_('Resource type.'), True),
    }
    properties_schema.update(common_gnocchi_properties_schema)
    properties_schema.update(schema.common_properties_schema)
