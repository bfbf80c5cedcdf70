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

"""ResourceGroup removal policies, batch_create and rolling_update."""

import fixtures
from oslo_serialization import jsonutils

from heat_vision.common import context
from heat_vision.db import resources as db_resources
from heat_vision.db import stacks as db_stacks
from heat_vision.engine.actions import resume
from heat_vision.engine.tree import nested
from heat_vision.resources.heat import group_batches
from tests import base
from tests import fixtures as hv_fixtures

GROUP = '''heat_template_version: 2021-04-16
parameters:
  count: {type: number, default: 4}
  removal: {type: json, default: []}
  mode: {type: string, default: append}
  word: {type: string, default: m}
resources:
  g:
    type: OS::Heat::ResourceGroup
    %(policy)s
    properties:
      count: {get_param: count}
      removal_policies: {get_param: removal}
      removal_policies_mode: {get_param: mode}
      resource_def:
        type: OS::Heat::Value
        properties:
          value: {list_join: ['-', [{get_param: word}, '%%index%%']]}
outputs:
  refs_map: {value: {get_attr: [g, refs_map]}}
  values: {value: {get_attr: [g, value]}}
  removed: {value: {get_attr: [g, removed_rsrc_list]}}
'''


class GroupPoliciesTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.service = self.useFixture(
            hv_fixtures.EmbeddedService(self.state_dir))
        self.updates = []
        self.engine_dies = False
        real = nested.update_child

        def counting(parent, child_id, tmpl_dict, *args, **kwargs):
            self.updates.append(sorted(tmpl_dict['resources'].items()))
            if self.engine_dies:
                raise RuntimeError('engine died')
            return real(parent, child_id, tmpl_dict, *args, **kwargs)

        self.useFixture(fixtures.MonkeyPatch(
            'heat_vision.engine.tree.nested.update_child', counting))

    def create(self, policy='', status='CREATE_COMPLETE', **parameters):
        template = GROUP % {'policy': policy}
        response = self.service.request('POST', '/v1/demo/stacks', body={
            'stack_name': 'g', 'template': template, 'disable_rollback': True,
            'parameters': parameters})
        self.assertEqual(201, response.status_int, response.body)
        self.stack_id = response.json['stack']['id']
        self.path = '/v1/demo/stacks/g/%s' % self.stack_id
        return self.finish(status)

    def update(self, status='UPDATE_COMPLETE', **parameters):
        for key in ('removal',):
            if key in parameters:
                parameters[key] = jsonutils.dumps(parameters[key])
        response = self.service.request('PATCH', self.path,
                                        body={'parameters': parameters})
        self.assertEqual(202, response.status_int, response.body)
        return self.finish(status)

    def finish(self, status):
        stack = self.service.wait_for_stack('demo', 'g')
        self.assertEqual(status, stack['stack_status'],
                         stack['stack_status_reason'])
        return {o['output_key']: o.get('output_value')
                for o in stack['outputs']}

    def members(self, outputs):
        return sorted(outputs['refs_map'], key=int)

    def test_shrink_removes_the_listed_member_and_the_highest(self):
        self.create(count=4)
        outputs = self.update(count=2, removal=[{'resource_list': ['0']}])
        self.assertEqual(['1', '2'], self.members(outputs))
        self.assertEqual(['m-1', 'm-2'], outputs['values'])
        self.assertEqual(['0'], outputs['removed'])
        # Growing never brings a removed name back.
        outputs = self.update(count=4)
        self.assertEqual(['1', '2', '3', '4'], self.members(outputs))
        self.assertEqual(['m-1', 'm-2', 'm-3', 'm-4'], outputs['values'])
        self.assertEqual(['0'], outputs['removed'])

    def test_removal_at_equal_count_and_by_reference(self):
        outputs = self.create(count=3)
        ref_of_2 = outputs['refs_map']['2']
        outputs = self.update(removal=[{'resource_list': ['1', ref_of_2]}])
        self.assertEqual(['0', '3', '4'], self.members(outputs))
        self.assertEqual(['1', '2'], outputs['removed'])

    def test_removal_at_create(self):
        outputs = self.create(count=2, removal=jsonutils.dumps(
            [{'resource_list': ['0']}]))
        self.assertEqual(['1', '2'], self.members(outputs))
        self.assertEqual(['0'], outputs['removed'])

    def test_update_mode_forgets_earlier_removals(self):
        self.create(count=2)
        outputs = self.update(removal=[{'resource_list': ['0']}])
        self.assertEqual(['1', '2'], self.members(outputs))
        outputs = self.update(removal=[], mode='update')
        self.assertEqual([], outputs['removed'])
        self.assertEqual(['0', '1'], self.members(outputs))

    def test_batch_create(self):
        policy = 'update_policy: {batch_create: {max_batch_size: 2}}'
        outputs = self.create(policy=policy, count=5)
        # The child is created with two members, then grows twice.
        self.assertEqual([['0', '1', '2', '3'], ['0', '1', '2', '3', '4']],
                         [[name for name, _ in u] for u in self.updates])
        self.assertEqual(['m-%d' % i for i in range(5)], outputs['values'])

    def test_pauses_longer_than_the_timeout_fail(self):
        policy = ('update_policy: {batch_create: '
                  '{max_batch_size: 1, pause_time: 40}}')
        template = GROUP % {'policy': policy}
        self.service.request('POST', '/v1/demo/stacks', body={
            'stack_name': 'g', 'template': template, 'timeout_mins': 1,
            'disable_rollback': True, 'parameters': {'count': 3}})
        stack = self.service.wait_for_stack('demo', 'g')
        self.assertEqual('CREATE_FAILED', stack['stack_status'])
        self.assertIn('timeout', stack['stack_status_reason'])
        self.assertEqual([], self.updates)

    def test_batch_create_taken_over(self):
        self.engine_dies = True
        policy = 'update_policy: {batch_create: {max_batch_size: 2}}'
        self.create(policy=policy, status='CREATE_FAILED', count=5)
        self.engine_dies = False
        # As if the engine had died after the first batch.
        ctxt = context.get_admin_context()
        db_stacks.stack_update(ctxt, self.stack_id, {
            'action': 'CREATE', 'status': 'IN_PROGRESS'})
        [row] = db_resources.resource_get_all_by_stack(ctxt, self.stack_id)
        db_resources.resource_update_many(ctxt, [{
            'id': row.id, 'action': 'CREATE', 'status': 'IN_PROGRESS'}])
        del self.updates[:]
        resume.resume(ctxt, self.stack_id)
        outputs = self.finish('CREATE_COMPLETE')
        self.assertEqual([['0', '1', '2', '3'], ['0', '1', '2', '3', '4']],
                         [[name for name, _ in u] for u in self.updates])
        self.assertEqual(['m-%d' % i for i in range(5)], outputs['values'])

    def test_rolling_update(self):
        policy = ('update_policy: {rolling_update: '
                  '{max_batch_size: 2, min_in_service: 0, pause_time: 0}}')
        self.create(policy=policy, count=4)
        outputs = self.update(word='n')
        self.assertEqual(2, len(self.updates))
        first = dict(self.updates[0])
        # Higher indices first; the others keep their old definition.
        self.assertEqual(['m-0', 'm-1', 'n-2', 'n-3'],
                         [first[n]['properties']['value']
                          for n in ('0', '1', '2', '3')])
        self.assertEqual(['n-%d' % i for i in range(4)], outputs['values'])

    def test_rolling_update_keeps_members_in_service(self):
        policy = ('update_policy: {rolling_update: '
                  '{max_batch_size: 2, min_in_service: 3}}')
        self.create(policy=policy, count=4)
        outputs = self.update(word='n')
        self.assertEqual(len(group_batches.batches(4, 4, 2, 3)),
                         len(self.updates))
        # Each batch leaves at least three members as they were.
        before = {str(i): 'm-%d' % i for i in range(4)}
        for batch in self.updates:
            now = {n: d['properties']['value'] for n, d in batch}
            self.assertGreaterEqual(
                len([n for n in now if before.get(n) == now[n]]), 3, batch)
            before = now
        self.assertEqual(['0', '1', '2', '3'], self.members(outputs))
        self.assertEqual(['n-%d' % i for i in range(4)], outputs['values'])

    def test_resize_without_new_definition_is_one_update(self):
        policy = 'update_policy: {rolling_update: {max_batch_size: 1}}'
        self.create(policy=policy, count=2)
        outputs = self.update(count=3)
        self.assertEqual(1, len(self.updates))
        self.assertEqual(['m-0', 'm-1', 'm-2'], outputs['values'])


class BatchesTest(base.TestCase):

    def test_batches(self):
        self.assertEqual([(2, 2), (4, 2), (5, 1)],
                         group_batches.batches(5, 0, 2))
        self.assertEqual([(4, 2), (4, 2)], group_batches.batches(4, 4, 2))
        self.assertEqual([(3, 2), (3, 1)], group_batches.batches(3, 3, 2))
        # Three of four stay in service: the group grows by one meanwhile.
        self.assertEqual([(5, 2), (5, 2), (4, 1)],
                         group_batches.batches(4, 4, 2, 3))
        # A batched create taken over after its first batch.
        self.assertEqual([(4, 2), (5, 1)],
                         group_batches.batches(5, 2, 2, up_to_date=2))

    def test_member_names_skip_removed(self):
        self.assertEqual(['1', '2', '4'],
                         group_batches.member_names(3, {'0', '3'}))
