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

"""Policies of the software config routes (the names Heat uses)."""

from heat_vision.policies import base

CONFIGS = '/v1/{tenant_id}/software_configs'
CONFIG = CONFIGS + '/{config_id}'


rules = [
    base.rule('software_configs:global_index', base.RULE_ADMIN,
              'List the software configs of every project.', 'GET', CONFIGS),
    base.rule('software_configs:index', base.RULE_PROJECT_READER,
              'List software configs.', 'GET', CONFIGS),
    base.rule('software_configs:create', base.RULE_PROJECT_MEMBER, 'Create a '
              'software config.', 'POST', CONFIGS),
    base.rule('software_configs:show', base.RULE_PROJECT_READER,
              'Show a software config.', 'GET', CONFIG),
    base.rule('software_configs:delete', base.RULE_PROJECT_MEMBER, 'Delete a '
              'software config.', 'DELETE', CONFIG),
]


def list_rules():
    return rules
