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

"""Policies of the stack actions, abandon/export, previews and snapshots.

The names are Heat's, so that an operator's Heat policy file applies.
"""

from heat_vision.policies import base

STACKS = '/v1/{tenant_id}/stacks'
STACK = STACKS + '/{stack_name}/{stack_id}'
SNAPSHOT = STACK + '/snapshots/{snapshot_id}'


def _action(name, description):
    return base.rule('actions:' + name, base.RULE_PROJECT_MEMBER, description,
                     'POST', STACK + '/actions')


rules = [
    _action('suspend', 'Suspend a stack.'),
    _action('resume', 'Resume a suspended stack.'),
    _action('check', 'Check the resources of a stack.'),
    _action('cancel_update', 'Cancel a stack update and roll it back.'),
    _action('cancel_without_rollback',
            'Cancel a stack update without rolling it back.'),
    base.rule('stacks:abandon', base.RULE_PROJECT_MEMBER,
              'Abandon a stack: forget it, keeping its resources.', 'DELETE',
              STACK + '/abandon'),
    base.rule('stacks:export', base.RULE_PROJECT_MEMBER,
              'Export a stack\'s data (as abandon gives it).', 'GET',
              STACK + '/export'),
    base.rule('stacks:preview', base.RULE_PROJECT_READER,
              'Preview the resources a stack create would make.', 'POST',
              STACKS + '/preview'),
    base.rule('stacks:preview_update', base.RULE_PROJECT_READER,
              'Preview what a stack update would change.', 'PUT',
              STACK + '/preview'),
    base.rule('stacks:preview_update_patch', base.RULE_PROJECT_READER,
              'Preview what a stack update (PATCH) would change.', 'PATCH',
              STACK + '/preview'),
    base.rule('stacks:snapshot', base.RULE_PROJECT_MEMBER,
              'Snapshot a stack.', 'POST', STACK + '/snapshots'),
    base.rule('stacks:list_snapshots', base.RULE_PROJECT_READER,
              'List the snapshots of a stack.', 'GET', STACK + '/snapshots'),
    base.rule('stacks:show_snapshot', base.RULE_PROJECT_READER,
              'Show a snapshot of a stack.', 'GET', SNAPSHOT),
    base.rule('stacks:delete_snapshot', base.RULE_PROJECT_MEMBER,
              'Delete a snapshot of a stack.', 'DELETE', SNAPSHOT),
    base.rule('stacks:restore_snapshot', base.RULE_PROJECT_MEMBER,
              'Restore a stack to a snapshot.', 'POST', SNAPSHOT + '/restore'),
]


def list_rules():
    return rules
