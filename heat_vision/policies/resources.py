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

"""Policies of a stack's resources (the names Heat uses)."""

from oslo_policy import policy

from heat_vision.policies import base

RESOURCES = '/v1/{tenant_id}/stacks/{stack_name}/{stack_id}/resources'
RESOURCE = RESOURCES + '/{resource_name}'


def _rule(name, check_str, description, method, path):
    return policy.DocumentedRuleDefault(
        name='resource:' + name, check_str=check_str,
        description=description,
        operations=[{'path': path, 'method': method}],
        scope_types=['project'])


rules = [
    _rule('index', base.RULE_PROJECT_READER, 'List the resources of a '
          'stack.', 'GET', RESOURCES),
    _rule('show', base.RULE_PROJECT_READER, 'Show a resource.', 'GET',
          RESOURCE),
    _rule('metadata', base.RULE_PROJECT_READER, 'Show the metadata of a '
          'resource.', 'GET', RESOURCE + '/metadata'),
    _rule('signal', base.RULE_PROJECT_MEMBER, 'Send a signal to a '
          'resource.', 'POST', RESOURCE + '/signal'),
    _rule('mark_unhealthy', base.RULE_PROJECT_MEMBER, 'Mark a resource '
          'unhealthy, or healthy again.', 'PATCH', RESOURCE),
    _rule('scaling', base.RULE_PROJECT_READER, 'Show the state of an '
          'autoscaling group (size, members, pending adjustments).', 'GET',
          RESOURCE + '/scaling'),
    _rule('rotate_signal_url', base.RULE_PROJECT_MEMBER, 'Give a resource '
          'a new signing secret, so that its signed URLs made before are '
          'refused.', 'POST', RESOURCE + '/rotate_signal_url'),
]


def list_rules():
    return rules
