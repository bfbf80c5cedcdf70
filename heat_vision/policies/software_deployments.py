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

"""Policies of the software deployment routes (the names Heat uses)."""

from oslo_policy import policy

from heat_vision.policies import base

DEPLOYMENTS = '/v1/{tenant_id}/software_deployments'
DEPLOYMENT = DEPLOYMENTS + '/{deployment_id}'


def _rule(name, check_str, description, method, path):
    return policy.DocumentedRuleDefault(
        name='software_deployments:' + name, check_str=check_str,
        description=description,
        operations=[{'path': path, 'method': method}],
        scope_types=['project'])


rules = [
    _rule('index', base.RULE_PROJECT_READER, 'List software deployments.',
          'GET', DEPLOYMENTS),
    _rule('create', base.RULE_PROJECT_MEMBER,
          'Create a software deployment.', 'POST', DEPLOYMENTS),
    _rule('show', base.RULE_PROJECT_READER, 'Show a software deployment.',
          'GET', DEPLOYMENT),
    _rule('update', base.RULE_PROJECT_MEMBER,
          'Update a software deployment.', 'PUT', DEPLOYMENT),
    _rule('delete', base.RULE_PROJECT_MEMBER,
          'Delete a software deployment.', 'DELETE', DEPLOYMENT),
    _rule('metadata', base.RULE_PROJECT_READER,
          'Show the configs deployed to a server.', 'GET',
          DEPLOYMENTS + '/metadata/{server_id}'),
]


def list_rules():
    return rules
