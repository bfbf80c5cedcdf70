"""Policy of the service list (engines and their heartbeats)."""

from oslo_policy import policy

from heat_vision.policies import base

rules = [
    policy.DocumentedRuleDefault(
        name='service:index', check_str=base.RULE_ADMIN,
        description='List the engines and whether they are up.',
        operations=[{'path': '/v1/{tenant_id}/services', 'method': 'GET'}],
        scope_types=base.CLOUD_SCOPES),
]


def list_rules():
    return rules
