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

"""Policies of stack events (the names Heat uses)."""

from heat_vision.policies import base

STACK = '/v1/{tenant_id}/stacks/{stack_name}/{stack_id}'


rules = [
    base.rule('events:index', base.RULE_PROJECT_READER,
              'List the events of a stack or of a resource.', 'GET',
              STACK + '/events',
              ('GET', STACK + '/resources/{resource_name}/events')),
    base.rule('events:show', base.RULE_PROJECT_READER, 'Show an event.',
              'GET', STACK + '/resources/{resource_name}/events/{event_id}'),
]


def list_rules():
    return rules
