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

"""Rules the resource-specific policies are built from.

The current OpenStack defaults: personas within a project (reader,
member; Keystone's implied roles make an admin a member and a member a
reader, and the checks name each role so that noauth's ``X-Roles`` work
without them), and ``admin`` as the cloud's administrator, who may act
in any project, as Heat's ``context_is_admin`` always could.
Cross-project operations (``global_tenant`` listings, the service list)
accept a system-scoped admin token as well as a project-scoped one.
"""

from oslo_policy import policy

RULE_ADMIN = 'rule:context_is_admin'
RULE_PROJECT_MEMBER = 'rule:project_member'
RULE_PROJECT_READER = 'rule:project_reader'
# A stack-domain user (a server's agent), as Heat's PROJECT_STACK_USER
# (heat/policies/base.py): the engine lets it find only its own stack.
RULE_STACK_USER = 'rule:stack_user'
# Scope of the rules that reach across projects.
CLOUD_SCOPES = ['system', 'project']
PROJECT_SCOPES = ['project']


def rule(name, check_str, description, method, path, *others):
    """A documented rule guarding ``method path`` (and the further
    ``(method, path)`` pairs of ``others``); the administrator's rules
    take system-scoped tokens too.
    """
    operations = [(method, path)] + list(others)
    return policy.DocumentedRuleDefault(
        name=name, check_str=check_str, description=description,
        operations=[{'path': where, 'method': how}
                    for how, where in operations],
        scope_types=(CLOUD_SCOPES if check_str == RULE_ADMIN
                     else PROJECT_SCOPES))


_MEMBER = '(role:member or role:admin) and project_id:%(project_id)s'
_READER = ('(role:reader or role:member or role:admin) and '
           'project_id:%(project_id)s')

rules = [
    policy.RuleDefault(
        name='context_is_admin', check_str='role:admin',
        description='Who is an administrator of the whole cloud.'),
    policy.RuleDefault(
        name='project_member',
        check_str='rule:context_is_admin or (%s)' % _MEMBER,
        description='A member of the project the request is for, or an '
                    'administrator.',
        deprecated_rule=policy.DeprecatedRule(
            name='project_member', check_str=_MEMBER,
            deprecated_reason='An administrator acts in every project, '
                              'as in the other OpenStack services.',
            deprecated_since='2026.2')),
    policy.RuleDefault(
        name='project_reader',
        check_str='rule:context_is_admin or (%s)' % _READER,
        description='Someone who may read the project the request is '
                    'for, or an administrator.',
        deprecated_rule=policy.DeprecatedRule(
            name='project_reader', check_str=_READER,
            deprecated_reason='An administrator acts in every project, '
                              'as in the other OpenStack services.',
            deprecated_since='2026.2')),
    policy.RuleDefault(
        name='stack_user',
        check_str='role:heat_stack_user and project_id:%(project_id)s',
        description='A user heat-vision made for a stack (a server\'s '
                    'agent polling metadata and signalling), in its '
                    'project of the stack-user domain.'),
]


def list_rules():
    return rules
