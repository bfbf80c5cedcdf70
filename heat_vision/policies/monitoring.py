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

"""Policies of monitoring: metric samples and built-in alarms."""

from heat_vision.policies import base

METRICS = '/v1/{tenant_id}/metrics'
ALARMS = '/v1/{tenant_id}/alarms'
ALARM = ALARMS + '/{alarm_id}'


rules = [
    base.rule('metrics:create', base.RULE_PROJECT_MEMBER,
              "Push metric samples for the project's built-in alarms.", 'POST',
              METRICS),
    base.rule('alarms:index', base.RULE_PROJECT_READER,
              "List the project's built-in alarms.", 'GET', ALARMS),
    base.rule('alarms:show', base.RULE_PROJECT_READER,
              'Show a built-in alarm and its state.', 'GET', ALARM),
    base.rule('alarms:history', base.RULE_PROJECT_READER,
              "List a built-in alarm's state transitions.", 'GET',
              ALARM + '/history'),
]


def list_rules():
    return rules
