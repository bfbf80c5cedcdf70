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

from heat_vision.policies import base

TASKS = '/v1/{tenant_id}/tasks'
TASK = TASKS + '/{job_id}'


rules = [
    base.rule('tasks:index', base.RULE_PROJECT_READER, 'List task jobs.',
              'GET', TASKS),
    base.rule('tasks:create', base.RULE_PROJECT_MEMBER, 'Submit a task job.',
              'POST', TASKS),
    base.rule('tasks:show', base.RULE_PROJECT_READER,
              'Show a task job with the state of each task.', 'GET', TASK),
    base.rule('tasks:cancel', base.RULE_PROJECT_MEMBER, 'Cancel a task job.',
              'POST', TASK + '/cancel'),
]


def list_rules():
    return rules
