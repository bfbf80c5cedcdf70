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

from heat_vision.policies import base

RESOURCES = '/v1/{tenant_id}/stacks/{stack_name}/{stack_id}/resources'
RESOURCE = RESOURCES + '/{resource_name}'


rules = [
    base.rule('resource:index', base.RULE_PROJECT_READER, 'List the resources '
              'of a stack.', 'GET', RESOURCES),
    base.rule('resource:show', base.RULE_PROJECT_READER, 'Show a resource.',
              'GET', RESOURCE),
    base.rule('resource:metadata',
              '%s or %s' % (base.RULE_PROJECT_READER, base.RULE_STACK_USER),
              'Show the '
              'metadata of a resource.', 'GET', RESOURCE + '/metadata'),
    base.rule('resource:signal',
              '%s or %s' % (base.RULE_PROJECT_MEMBER, base.RULE_STACK_USER),
              'Send a signal to '
              'a resource.', 'POST', RESOURCE + '/signal'),
    base.rule('resource:mark_unhealthy', base.RULE_PROJECT_MEMBER,
              'Mark a resource unhealthy, or healthy again.', 'PATCH',
              RESOURCE),
    base.rule('resource:scaling', base.RULE_PROJECT_READER, 'Show the state '
              'of an autoscaling group (size, members, pending adjustments).',
              'GET', RESOURCE + '/scaling'),
    base.rule('resource:rotate_signal_url', base.RULE_PROJECT_MEMBER,
              'Give a resource a new signing secret, so that its signed URLs '
              'made before are refused.', 'POST',
              RESOURCE + '/rotate_signal_url'),
]


def list_rules():
    return rules
