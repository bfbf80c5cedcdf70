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

"""max_resources_per_stack across a tree while its top-level stack is
created: the tree is counted once, not once per nested stack, and the
limit holds across branches that grow at the same time.
"""

import json
from unittest import mock

from heat_vision.db import resources as db_resources
from tests.component.engine import stack_ops


def _stack(template):
    return {'type': 'OS::Heat::Stack',
            'properties': {'template': json.dumps(template)}}


def _template(resources):
    return {'heat_template_version': '2021-04-16', 'resources': resources}


NONE = {'type': 'OS::Heat::None'}


class TreeBudgetTest(stack_ops.StackOpsTestCase):

    template = None

    def live_resources(self, stack_id):
        return db_resources.resource_count_in_tree(self.ctxt, stack_id, 10)

    def test_a_wide_create_counts_the_tree_once(self):
        self.flags(max_resources_per_stack=100)
        child = _template({'leaf': NONE})
        template = _template({'c%d' % i: _stack(child) for i in range(30)})
        with mock.patch.object(
                db_resources, 'resource_count_in_tree',
                wraps=db_resources.resource_count_in_tree) as counts:
            stack_id = self.create('wide', template)
        self.assertEqual(1, counts.call_count)
        self.assertEqual(60, self.live_resources(stack_id))

    def test_branches_growing_at_once_share_the_limit(self):
        # Each branch stores a small stack, then a large one. Counted once
        # per branch, every large stack would see a tree of small ones and
        # fit: 4 + 4 * (2 + 1 + 8) = 48 resources against a limit of 30.
        self.flags(max_resources_per_stack=30)
        large = _template({'l%d' % i: NONE for i in range(8)})
        branch = _template({
            'small': _stack(_template({'s': NONE})),
            'large': dict(_stack(large), depends_on='small')})
        template = _template({'b%d' % i: _stack(branch) for i in range(4)})
        stack_id = self.create('forest', template, status='CREATE_FAILED')
        reason = self.wait('CREATE_FAILED', 'forest')['stack_status_reason']
        self.assertIn('max_resources_per_stack', reason)
        self.assertLessEqual(self.live_resources(stack_id), 30)

    def test_overlapping_plans_are_counted_again_not_refused(self):
        # The group's members are planned by the nested stack holding the
        # group (1 + 8) and again by the group's own child (8): 18 with
        # the top-level resource's 1, against a tree of 10.
        self.flags(max_resources_per_stack=10)
        group = {'type': 'OS::Heat::ResourceGroup',
                 'properties': {'count': 8, 'resource_def': NONE}}
        template = _template({'holder': _stack(_template({'g': group}))})
        stack_id = self.create('tight', template)
        self.assertEqual(10, self.live_resources(stack_id))

    def test_an_update_counts_the_tree_for_each_nested_stack(self):
        self.flags(max_resources_per_stack=100)
        child = _template({'leaf': NONE})
        stack_id = self.create('grown', _template({'c0': _stack(child)}))
        with mock.patch.object(
                db_resources, 'resource_count_in_tree',
                wraps=db_resources.resource_count_in_tree) as counts:
            response = self.service.request(
                'PUT', '/v1/demo/stacks/grown/%s' % stack_id, body={
                    'template': _template({'c%d' % i: _stack(child)
                                           for i in range(4)})})
            self.assertEqual(202, response.status_int, response.body)
            self.wait('UPDATE_COMPLETE', 'grown')
        self.assertEqual(3, counts.call_count)
