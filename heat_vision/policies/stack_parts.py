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

from heat_vision.policies import base

STACK = '/v1/{tenant_id}/stacks/{stack_name}/{stack_id}'
TYPE = '/v1/{tenant_id}/resource_types/{type_name}'


READER = base.RULE_PROJECT_READER

rules = [
    base.rule('stacks:template', READER, 'Show the template of a stack.',
              'GET', STACK + '/template'),
    base.rule('stacks:environment', READER,
              'Show the environment of a stack.', 'GET',
              STACK + '/environment'),
    base.rule('stacks:files', READER, 'Show the files of a stack.', 'GET',
              STACK + '/files'),
    base.rule('stacks:list_outputs', READER, 'List the outputs of a stack.',
              'GET', STACK + '/outputs'),
    base.rule('stacks:show_output', READER, 'Show one output of a stack.',
              'GET', STACK + '/outputs/{output_key}'),
    base.rule('stacks:resource_schema', READER,
              'Show the schema of a resource type.', 'GET', TYPE),
    base.rule('stacks:generate_template', READER,
              'Generate a template that uses a resource type.', 'GET',
              TYPE + '/template'),
    base.rule('build_info:build_info', READER,
              'Show the build information.', 'GET',
              '/v1/{tenant_id}/build_info'),
]


def list_rules():
    return rules
