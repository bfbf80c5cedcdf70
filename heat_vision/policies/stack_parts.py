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

"""Policies of a stack's template, environment, files and outputs, of
resource type schemas and of build info (the names Heat uses).
"""

from oslo_policy import policy

from heat_vision.policies import base

STACK = '/v1/{tenant_id}/stacks/{stack_name}/{stack_id}'
TYPE = '/v1/{tenant_id}/resource_types/{type_name}'


def _rule(name, description, path, check_str=base.RULE_PROJECT_READER):
    return policy.DocumentedRuleDefault(
        name=name, check_str=check_str, description=description,
        operations=[{'path': path, 'method': 'GET'}],
        scope_types=['project'])


rules = [
    _rule('stacks:template', 'Show the template of a stack.',
          STACK + '/template'),
    _rule('stacks:environment', 'Show the environment of a stack.',
          STACK + '/environment'),
    _rule('stacks:files', 'Show the files of a stack.', STACK + '/files'),
    _rule('stacks:list_outputs', 'List the outputs of a stack.',
          STACK + '/outputs'),
    _rule('stacks:show_output', 'Show one output of a stack.',
          STACK + '/outputs/{output_key}'),
    _rule('stacks:resource_schema', 'Show the schema of a resource type.',
          TYPE),
    _rule('stacks:generate_template', 'Generate a template that uses a '
          'resource type.', TYPE + '/template'),
    _rule('build_info:build_info', 'Show the build information.',
          '/v1/{tenant_id}/build_info'),
]


def list_rules():
    return rules
