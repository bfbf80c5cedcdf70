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

"""Policies of the task-system routes (``/v1/{tenant_id}/tasks``)."""

from oslo_policy import policy

from heat_vision.policies import base

TASKS = '/v1/{tenant_id}/tasks'
TASK = TASKS + '/{job_id}'


def _rule(name, check_str, description, method, path):
    return policy.DocumentedRuleDefault(
        name='tasks:' + name, check_str=check_str, description=description,
        operations=[{'path': path, 'method': method}],
        scope_types=['project'])


rules = [
    _rule('index', base.RULE_PROJECT_READER, 'List task jobs.', 'GET',
          TASKS),
    _rule('create', base.RULE_PROJECT_MEMBER, 'Submit a task job.', 'POST',
          TASKS),
    _rule('show', base.RULE_PROJECT_READER,
          'Show a task job with the state of each task.', 'GET', TASK),
    _rule('cancel', base.RULE_PROJECT_MEMBER, 'Cancel a task job.', 'POST',
          TASK + '/cancel'),
]


def list_rules():
    return rules
