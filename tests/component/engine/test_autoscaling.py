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

"""OS::Heat::AutoScalingGroup and OS::Heat::ScalingPolicy, through the API.
"""

import urllib.parse

import fixtures

from heat_vision.common import context
from heat_vision.common import exception
from heat_vision.db import resources as db_resources
from heat_vision.db import stacks as db_stacks
from heat_vision.engine.signals import scaling as scaling_signals
from heat_vision.engine.tree import nested
from tests import base
from tests import fixtures as hv_fixtures

TEMPLATE = '''heat_template_version: 2021-04-16
parameters:
  word: {type: string, default: m}
  desired: {type: number, default: 2}
  group_cooldown: {type: number, default: 0}
  policy_cooldown: {type: number, default: 0}
resources:
  group:
    type: OS::Heat::AutoScalingGroup
    properties:
      min_size: 1
      max_size: 5
      desired_capacity: {get_param: desired}
      cooldown: {get_param: group_cooldown}
      rolling_updates: {max_batch_size: 2}
      resource:
        type: OS::Heat::Value
        properties: {value: {get_param: word}}
  up:
    type: OS::Heat::ScalingPolicy
    properties:
      auto_scaling_group_id: {get_resource: group}
      adjustment_type: change_in_capacity
      scaling_adjustment: 2
      cooldown: {get_param: policy_cooldown}
  down:
    type: OS::Heat::ScalingPolicy
    properties:
      auto_scaling_group_id: group
      adjustment_type: change_in_capacity
      scaling_adjustment: -1
  exact:
    type: OS::Heat::ScalingPolicy
    properties:
      auto_scaling_group_id: {get_resource: group}
      adjustment_type: exact_capacity
      scaling_adjustment: 3
  percent:
    type: OS::Heat::ScalingPolicy
    properties:
      auto_scaling_group_id: {get_resource: group}
      adjustment_type: percent_change_in_capacity
      scaling_adjustment: -10
      min_adjustment_step: 2
outputs:
  size: {value: {get_attr: [group, current_size]}}
  refs: {value: {get_attr: [group, refs]}}
  refs_map: {value: {get_attr: [group, refs_map]}}
  values: {value: {get_attr: [group, outputs_list, value]}}
  outputs: {value: {get_attr: [group, outputs, value]}}
  alarm_url: {value: {get_attr: [up, alarm_url]}}
  signal_url: {value: {get_attr: [up, signal_url]}}
'''


class ScalingTestBase(base.TestCase):
    """An embedded service, and helpers to create, signal and read."""

    def setUp(self):
        super().setUp()
        self.flags(group='api', public_endpoint='http://heat.example:8004')
        self.service = self.useFixture(hv_fixtures.EmbeddedService(
            self.state_dir, self.database_url()))
        self.updates = []
        real = nested.update_child

        def counting(parent, child_id, tmpl_dict, *args, **kwargs):
            self.updates.append(dict(tmpl_dict['resources']))
            return real(parent, child_id, tmpl_dict, *args, **kwargs)

        self.useFixture(fixtures.MonkeyPatch(
            'heat_vision.engine.tree.nested.update_child', counting))

    def database_url(self):
        return None

    def create(self, status='CREATE_COMPLETE', template=TEMPLATE,
               **parameters):
        response = self.service.request('POST', '/v1/demo/stacks', body={
            'stack_name': 'as', 'template': template,
            'disable_rollback': True, 'parameters': parameters})
        self.assertEqual(201, response.status_int, response.body)
        self.stack_id = response.json['stack']['id']
        self.path = '/v1/demo/stacks/as/%s' % self.stack_id
        return self.finish(status)

    def finish(self, status):
        stack = self.service.wait_for_stack('demo', 'as')
        self.assertEqual(status, stack['stack_status'],
                         stack['stack_status_reason'])
        return self.outputs()

    def update(self, **parameters):
        response = self.service.request('PATCH', self.path, body={
            'parameters': parameters})
        self.assertEqual(202, response.status_int, response.body)
        return self.finish('UPDATE_COMPLETE')

    def outputs(self):
        stack = self.service.request('GET', self.path).json['stack']
        return {o['output_key']: o.get('output_value')
                for o in stack['outputs']}

    def signal(self, policy, body=None, expected=202):
        """Signal ``policy``; wait until the signal is applied.

        :returns: the stack's outputs then.
        """
        response = self.service.request(
            'POST', '%s/resources/%s/signal' % (self.path, policy),
            body=body)
        self.assertEqual(expected, response.status_int, response.body)
        self.service.settle(response)
        return self.outputs()

    def signed(self, url, body=None, headers=None):
        """POST to a signed URL; wait until a signal taken is applied."""
        parts = urllib.parse.urlsplit(url)
        return self.service.settle(self.service.request(
            'POST', '%s?%s' % (parts.path, parts.query), body=body,
            headers=headers))

    def signal_reasons(self, resource):
        """The reasons of the resource's signal events, oldest first."""
        path = '%s/resources/%s/events?limit=1000' % (self.path, resource)
        response = self.service.request('GET', path)
        self.assertEqual(200, response.status_int, response.body)
        return [e['resource_status_reason'] for e in response.json['events']
                if e['resource_status_reason'].startswith('Signal')]

    def last_reason(self, policy):
        return self.signal_reasons(policy)[-1]


class AutoScalingTest(ScalingTestBase):

    def test_create_and_attributes(self):
        outputs = self.create()
        self.assertEqual(2, outputs['size'])
        self.assertEqual(['m', 'm'], outputs['values'])
        self.assertEqual(2, len(outputs['refs']))
        self.assertEqual(set(outputs['refs_map']), set(outputs['outputs']))
        # Heat's random short member names.
        for name in outputs['refs_map']:
            self.assertRegex(name, '^[a-z2-7]{12}$')
        self.assertEqual(
            'http://heat.example:8004/v1/demo/stacks/as/%s/resources/up/'
            'signal' % self.stack_id, outputs['signal_url'])
        self.assertIn('/v1/signal/%s/up?signature=' % self.stack_id,
                      outputs['alarm_url'])

    def test_each_adjustment_type_and_clamping(self):
        self.create()
        self.assertEqual(4, self.signal('up')['size'])
        # Clamped to max_size (5).
        self.assertEqual(5, self.signal('up')['size'])
        self.assertEqual(5, self.signal('up')['size'])
        self.assertIn('signal ignored: group group stays at 5',
                      self.last_reason('up'))
        self.assertEqual(3, self.signal('exact')['size'])
        self.assertEqual(2, self.signal('down')['size'])
        # Clamped to min_size (1).
        self.assertEqual(1, self.signal('percent')['size'])
        self.assertEqual(1, self.signal('down')['size'])

    def test_shrink_removes_the_oldest_members(self):
        first = self.create()['refs']
        grown = self.signal('up')['refs']
        self.assertEqual(first, grown[:2])
        self.assertEqual(grown[1:], self.signal('exact')['refs'])

    def test_alarm_url_scales_without_keystone(self):
        url = self.create()['alarm_url']
        response = self.signed(url)
        self.assertEqual(202, response.status_int, response.body)
        self.assertEqual(4, self.outputs()['size'])
        for bad in (url.replace('signature=', 'signature=0'), url[:-1],
                    url.replace('/up?', '/down?')):
            response = self.signed(bad)
            self.assertEqual(403, response.status_int)
            self.assertIn('The signal credential is missing or wrong',
                          response.text)
        self.assertEqual(4, self.outputs()['size'])

    def test_alarm_state_other_than_alarm_changes_nothing(self):
        self.create()
        self.assertEqual(2, self.signal('up', {'current': 'ok'})['size'])
        self.assertIn('alarm state is ok', self.last_reason('up'))

    def test_policy_cooldown_refuses_with_a_reason(self):
        self.create(policy_cooldown=600)
        self.assertEqual(4, self.signal('up')['size'])
        self.assertEqual(4, self.signal('up')['size'])
        self.assertIn('signal ignored: in cooldown until',
                      self.last_reason('up'))
        # Another policy is not held by this one's cooldown.
        self.assertEqual(3, self.signal('down')['size'])

    def test_group_cooldown_holds_every_policy(self):
        self.create(group_cooldown=600)
        self.assertEqual(4, self.signal('up')['size'])
        self.assertEqual(4, self.signal('down')['size'])
        self.assertIn('group group in cooldown until',
                      self.last_reason('down'))

    def test_group_not_complete_is_not_resized(self):
        self.create()
        [row] = [r for r in db_resources.resource_get_all_by_stack(
            context.get_admin_context(), self.stack_id) if r.name == 'group']
        db_resources.resource_update_many(context.get_admin_context(), [{
            'id': row.id, 'action': 'UPDATE', 'status': 'IN_PROGRESS'}])
        self.assertEqual(2, self.signal('up')['size'])
        # Heat drops it; heat-vision keeps it until the group is done.
        self.assertIn('signal queued: group group is UPDATE_IN_PROGRESS',
                      self.last_reason('up'))
        db_resources.resource_update_many(context.get_admin_context(), [{
            'id': row.id, 'action': 'CREATE', 'status': 'COMPLETE'}])
        scaling_signals.sweep(context.get_admin_context(),
                              lambda f, *args: f(*args),
                              self.service.engine.engine_id)
        self.assertEqual(4, self.outputs()['size'])
        self.assertIn('1 pending signal(s) from up applied: group group '
                      'resized from 2 to 4', self.last_reason('group'))

    def test_update_rolls_new_definition_in_batches(self):
        self.create(desired=4)
        self.updates.clear()
        outputs = self.update(word='n')
        self.assertEqual(['n'] * 4, outputs['values'])
        self.assertEqual(2, len(self.updates))
        self.assertEqual(
            ['m', 'm', 'n', 'n'],
            sorted(d['properties']['value']
                   for d in self.updates[0].values()))

    def test_update_keeps_the_scaled_size(self):
        self.create()
        self.signal('up')
        self.assertEqual(4, self.update(word='n')['size'])
        self.assertEqual(1, self.update(desired=1)['size'])

    def test_delete(self):
        self.create()
        child_id = self.service.request(
            'GET', '%s/resources/group' % self.path).json['resource'][
                'physical_resource_id']
        admin = context.get_admin_context()
        self.assertEqual('COMPLETE',
                         db_stacks.stack_get(admin, child_id).status)
        response = self.service.request('DELETE', self.path)
        self.assertEqual(204, response.status_int, response.body)
        response = self.service.wait_for_stack('demo', 'as')
        self.assertEqual(404, response.status_int)
        self.assertRaises(exception.StackNotFound, db_stacks.stack_get,
                          admin, child_id)

    def test_validation(self):
        for props, message in (
                ('min_size: 3, max_size: 2', 'may not be more than'),
                ('min_size: 1, max_size: 2, desired_capacity: 3',
                 'must be between'),
                ('min_size: -1, max_size: 2', 'min_size')):
            template = ('heat_template_version: 2021-04-16\nresources:\n'
                        '  g: {type: OS::Heat::AutoScalingGroup, '
                        'properties: {%s, resource: {type: OS::Heat::None}}}'
                        % props)
            response = self.service.request('POST', '/v1/demo/validate',
                                            body={'template': template})
            self.assertEqual(400, response.status_int, response.body)
            self.assertIn(message, response.text)
        template = ('heat_template_version: 2021-04-16\nresources:\n'
                    '  p: {type: OS::Heat::ScalingPolicy, properties: '
                    '{auto_scaling_group_id: g, scaling_adjustment: 1, '
                    'adjustment_type: change_in_capacity, '
                    'min_adjustment_step: 1}}')
        response = self.service.request('POST', '/v1/demo/validate',
                                        body={'template': template})
        self.assertEqual(400, response.status_int, response.body)
        self.assertIn('min_adjustment_step is only allowed', response.text)

    def test_listed_as_resource_types(self):
        response = self.service.request('GET', '/v1/demo/resource_types')
        types = response.json['resource_types']
        self.assertIn('OS::Heat::AutoScalingGroup', types)
        self.assertIn('OS::Heat::ScalingPolicy', types)
        for name, prop, attr in (
                ('OS::Heat::AutoScalingGroup', 'rolling_updates', 'refs'),
                ('OS::Heat::ScalingPolicy', 'min_adjustment_step',
                 'alarm_url')):
            response = self.service.request(
                'GET', '/v1/demo/resource_types/%s' % name)
            self.assertEqual(200, response.status_int, response.body)
            self.assertIn(prop, response.json['properties'])
            self.assertIn(attr, response.json['attributes'])


class RollingUpdateTest(ScalingTestBase):
    """rolling_updates: batches, members kept in service, pauses."""

    TEMPLATE = TEMPLATE.replace(
        'rolling_updates: {max_batch_size: 2}',
        'rolling_updates: {max_batch_size: 2, min_in_service: 3, '
        'pause_time: 7}')

    def test_batches_keep_min_in_service_and_pause(self):
        pauses = []
        self.useFixture(fixtures.MonkeyPatch(
            'heat_vision.resources.heat.group_batches.pause',
            lambda stack, seconds, deadline: pauses.append(seconds)))
        self.create(template=self.TEMPLATE, desired=4)
        before = self.outputs()['refs_map']
        self.updates.clear()
        outputs = self.update(word='n')
        self.assertEqual(['n'] * 4, outputs['values'])
        self.assertGreater(len(self.updates), 1)
        previous = {name: 'm' for name in before}
        for batch in self.updates:
            values = {name: d['properties']['value']
                      for name, d in batch.items()}
            kept = [n for n, v in values.items() if previous.get(n) == v]
            changed = [n for n in values if n not in kept]
            # Members untouched by the batch stay in service.
            self.assertGreaterEqual(len(kept), 3, batch)
            self.assertLessEqual(len(changed), 2, batch)
            previous = values
        self.assertEqual([7] * (len(self.updates) - 1), pauses)
