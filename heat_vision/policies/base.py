"""Rules the resource-specific policies are built from."""

from oslo_policy import policy

RULE_ADMIN = 'rule:context_is_admin'
RULE_PROJECT_MEMBER = 'rule:project_member'
RULE_PROJECT_READER = 'rule:project_reader'

rules = [
    policy.RuleDefault(
        name='context_is_admin', check_str='role:admin',
        description='Who is an administrator of the whole service.'),
    policy.RuleDefault(
        name='project_member',
        check_str='(role:member or role:admin) and '
                  'project_id:%(project_id)s',
        description='A member of the project the request is for.'),
    policy.RuleDefault(
        name='project_reader',
        check_str='(role:reader or role:member or role:admin) and '
                  'project_id:%(project_id)s',
        description='Someone who may read the project the request is '
                    'for.'),
]


def list_rules():
    return rules
