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

from heat_vision.policies import base

DEPLOYMENTS = '/v1/{tenant_id}/software_deployments'
DEPLOYMENT = DEPLOYMENTS + '/{deployment_id}'


rules = [
    base.rule('software_deployments:index', base.RULE_PROJECT_READER,
              'List software deployments.', 'GET', DEPLOYMENTS),
    base.rule('software_deployments:create', base.RULE_PROJECT_MEMBER,
              'Create a software deployment.', 'POST', DEPLOYMENTS),
    base.rule('software_deployments:show', base.RULE_PROJECT_READER,
              'Show a software deployment.', 'GET', DEPLOYMENT),
    base.rule('software_deployments:update', base.RULE_PROJECT_MEMBER,
              'Update a software deployment.', 'PUT', DEPLOYMENT),
    base.rule('software_deployments:delete', base.RULE_PROJECT_MEMBER,
              'Delete a software deployment.', 'DELETE', DEPLOYMENT),
    base.rule('software_deployments:metadata', base.RULE_PROJECT_READER,
              'Show the configs deployed to a server.', 'GET',
              DEPLOYMENTS + '/metadata/{server_id}'),
]


def list_rules():
    return rules
