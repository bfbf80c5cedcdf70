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

"""Policies of the stack routes (the names Heat uses)."""

from heat_vision.policies import base

STACKS = '/v1/{tenant_id}/stacks'
STACK = STACKS + '/{stack_name}/{stack_id}'


rules = [
    base.rule('stacks:index', base.RULE_PROJECT_READER, 'List stacks.', 'GET',
              STACKS),
    base.rule('stacks:detail', base.RULE_PROJECT_READER,
              "List stacks (Heat's detail route, without filters).", 'GET',
              STACKS + '/detail'),
    base.rule('stacks:global_index', base.RULE_ADMIN,
              "List every project's stacks (global_tenant=true).", 'GET',
              STACKS),
    base.rule('stacks:create', base.RULE_PROJECT_MEMBER, 'Create a stack.',
              'POST', STACKS),
    # As Heat 27 (heat/policies/stacks.py, PROJECT_READER_OR_STACK_USER):
    # a server's agent finds its stack by name.
    base.rule('stacks:lookup', '%s or %s' % (base.RULE_PROJECT_READER,
                                             base.RULE_STACK_USER),
              'Find a stack by name or id (redirects to it).', 'GET',
              STACKS + '/{stack_identity}'),
    base.rule('stacks:show', base.RULE_PROJECT_READER, 'Show a stack.', 'GET',
              STACK),
    base.rule('stacks:delete', base.RULE_PROJECT_MEMBER, 'Delete a stack.',
              'DELETE', STACK),
    base.rule('stacks:update', base.RULE_PROJECT_MEMBER, 'Update a stack.',
              'PUT', STACK),
    base.rule('stacks:update_patch', base.RULE_PROJECT_MEMBER,
              'Update a stack, keeping what the request leaves out.', 'PATCH',
              STACK),
    base.rule('stacks:validate_template', base.RULE_PROJECT_READER,
              'Validate a template.', 'POST', '/v1/{tenant_id}/validate'),
    base.rule('stacks:list_template_versions', base.RULE_PROJECT_READER,
              'List the template versions.', 'GET',
              '/v1/{tenant_id}/template_versions'),
    base.rule('stacks:list_template_functions', base.RULE_PROJECT_READER,
              'List the functions of a template version.', 'GET',
              '/v1/{tenant_id}/template_versions/{template_version}'
              '/functions'),
    base.rule('stacks:list_resource_types', base.RULE_PROJECT_READER,
              'List the resource types.', 'GET',
              '/v1/{tenant_id}/resource_types'),
]


def list_rules():
    return rules
