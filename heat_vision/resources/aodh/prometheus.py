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

"""OS::Aodh::PrometheusAlarm: a threshold on a PromQL query's result.

Heat's schema (heat/engine/resources/openstack/aodh/alarm.py
``PrometheusAlarm``), as Aodh's ``prometheus_rule``
(aodh/api/controllers/v2/alarm_rules/prometheus.py). Aodh takes it
without asking Prometheus; its evaluator queries Prometheus.
"""

from heat_vision.common.i18n import _
from heat_vision.resources.aodh import base
from heat_vision.resources.aodh import gnocchi
from heat_vision.resources.aodh import schema
from heat_vision.template import constraints

Schema = constraints.Schema


class PrometheusAlarm(base.BaseAlarm):
    """Fires when a PromQL query's value crosses a threshold."""

    alarm_type = 'prometheus'

    PROPERTIES = (COMPARISON_OPERATOR, QUERY, THRESHOLD) = (
        'comparison_operator', 'query', 'threshold')

    properties_schema = {
        COMPARISON_OPERATOR: gnocchi.common_gnocchi_properties_schema[
            gnocchi.COMPARISON_OPERATOR],
        QUERY: Schema(
            Schema.STRING,
            _('The PromQL query string to fetch metrics data from '
              'Prometheus.'), required=True, update_allowed=True,
            constraints=[constraints.Length(max=gnocchi.MAX_QUERY)]),
        THRESHOLD: gnocchi.common_gnocchi_properties_schema[
            gnocchi.THRESHOLD],
    }
    properties_schema.update(schema.common_properties_schema)

    def rule(self, properties):
        return {name: properties[name] for name in self.PROPERTIES
                if properties[name] is not None}
