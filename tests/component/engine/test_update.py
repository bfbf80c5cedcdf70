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

"""Stack update through the API: in place, replacement, PATCH, rollback."""

from heat_vision.common import context
from heat_vision.db import resources as db_resources
from tests import base
from tests import fixtures as hv_fixtures

V1 = '''heat_template_version: 2021-04-16
parameters:
  greeting: {type: string, default: hello}
resources:
  keep: {type: OS::Heat::None}
  text:
    type: OS::Heat::Value
    properties: {value: {get_param: greeting}}
  swap: {type: OS::Heat::None, properties: {generation: 1}}
  gone: {type: OS::Heat::None}
outputs:
  text: {value: {get_attr: [text, value]}}
  swap: {value: {get_resource: swap}}
'''
V2 = V1.replace('generation: 1', 'generation: 2').replace(
    '  gone: {type: OS::Heat::None}',
    '  added: {type: OS::Heat::None, depends_on: swap}')


class UpdateCase(base.TestCase):
    """A stack ``up`` made of ``template``, and the helpers to update it."""

    template = V1

    def setUp(self):
        super().setUp()
        self.service = self.useFixture(
            hv_fixtures.EmbeddedService(self.state_dir))
        response = self.service.request('POST', '/v1/demo/stacks', body={
            'stack_name': 'up', 'template': self.template,
            'disable_rollback': False})
        self.assertEqual(201, response.status_int, response.body)
        self.path = '/v1/demo/stacks/up/%s' % response.json['stack']['id']
        self.first = self.wait('CREATE_COMPLETE')

    def wait(self, status):
        stack = self.service.wait_for_stack('demo', 'up')
        self.assertEqual(status, stack['stack_status'],
                         stack['stack_status_reason'])
        return stack

    def outputs(self, stack):
        return {o['output_key']: o['output_value'] for o in stack['outputs']}

    def resources(self):
        rows = db_resources.resource_get_all_by_stack(
            context.get_admin_context(), self.first['id'])
        return {r.name: r for r in rows}

    def update(self, method='PUT', **body):
        response = self.service.request(method, self.path, body=body)
        self.assertEqual(202, response.status_int, response.body)


class UpdateTest(UpdateCase):

    def test_update_adds_keeps_updates_replaces_and_removes(self):
        before = self.resources()
        self.update(template=V2, parameters={'greeting': 'hi'})
        stack = self.wait('UPDATE_COMPLETE')
        self.assertEqual('Stack UPDATE completed successfully',
                         stack['stack_status_reason'])
        after = self.resources()
        self.assertEqual({'keep', 'text', 'swap', 'added'}, set(after))
        # Unchanged and updated in place: the same resource.
        self.assertEqual(before['keep'].id, after['keep'].id)
        self.assertEqual('CREATE', after['keep'].action)
        self.assertEqual(before['text'].id, after['text'].id)
        self.assertEqual(('UPDATE', 'COMPLETE'),
                         (after['text'].action, after['text'].status))
        self.assertEqual('hi', self.outputs(stack)['text'])
        # A property that cannot change in place: a new resource.
        self.assertNotEqual(before['swap'].id, after['swap'].id)
        self.assertEqual(before['swap'].id, after['swap'].replaces)
        self.assertEqual({'generation': 2}, after['swap'].properties_data)
        self.assertEqual(('CREATE', 'COMPLETE'),
                         (after['added'].action, after['added'].status))

    def test_patch_keeps_the_template_and_other_parameters(self):
        self.update('PATCH', parameters={'greeting': 'patched'})
        stack = self.wait('UPDATE_COMPLETE')
        self.assertEqual('patched', self.outputs(stack)['text'])
        self.update('PATCH', clear_parameters=['greeting'])
        stack = self.wait('UPDATE_COMPLETE')
        self.assertEqual('hello', self.outputs(stack)['text'])
        self.assertEqual({'keep', 'text', 'swap', 'gone'},
                         set(self.resources()))

    def test_put_needs_a_template(self):
        response = self.service.request('PUT', self.path, body={})
        self.assertEqual(400, response.status_int)
        self.assertIn('template', response.json['error']['message'])

    def test_invalid_update_changes_nothing(self):
        response = self.service.request('PUT', self.path, body={
            'template': V1.replace('OS::Heat::Value', 'OS::Nope')})
        self.assertEqual(400, response.status_int)
        self.assertIn('resources.text', response.json['error']['message'])
        self.assertEqual('CREATE_COMPLETE', self.wait(
            'CREATE_COMPLETE')['stack_status'])

    def test_failed_update_rolls_back(self):
        broken = V2.replace('resources:\n', 'resources:\n  broken:\n'
                            '    type: OS::Heat::TestResource\n'
                            '    properties: {fail: true}\n')
        self.update(template=broken)
        stack = self.wait('ROLLBACK_COMPLETE')
        self.assertEqual({'keep', 'text', 'swap', 'gone'},
                         set(self.resources()))
        self.assertEqual('hello', self.outputs(stack)['text'])

    def with_test_resource(self, properties):
        """V1 plus a TestResource ``tr``, the stack updated to it."""
        template = V1.replace('resources:\n', 'resources:\n  tr:\n'
                              '    type: OS::Heat::TestResource\n'
                              '    properties: %s\n' % properties)
        self.update(template=template)
        self.wait('UPDATE_COMPLETE')
        return template, self.resources()['tr']

    def test_the_plugin_asks_for_a_replacement(self):
        template, before = self.with_test_resource('{value: a}')
        self.update(template=template.replace(
            '{value: a}', '{value: b, update_replace: true}'))
        self.wait('UPDATE_COMPLETE')
        after = self.resources()['tr']
        self.assertNotEqual(before.id, after.id)
        self.assertEqual(before.id, after.replaces)
        self.assertEqual(('CREATE', 'COMPLETE'), (after.action, after.status))
        self.assertEqual('b', after.attr_data['value'])

    def test_a_failed_replacement_is_deleted_and_the_old_one_kept(self):
        template, before = self.with_test_resource('{value: a}')
        self.update(template=template.replace(
            '{value: a}', '{value: b, update_replace: true, fail: true}'))
        self.wait('ROLLBACK_COMPLETE')
        rows = [row for row in db_resources.resource_get_all_by_stack(
            context.get_admin_context(), self.first['id'])
            if row.name == 'tr']
        self.assertEqual([before.id], [row.id for row in rows])
        self.assertIsNone(rows[0].replaced_by)
        self.assertEqual('a', rows[0].attr_data['value'])


RANDOM = '''heat_template_version: 2021-04-16
resources:
  sick: {type: OS::Heat::RandomString}
  well: {type: OS::Heat::RandomString}
outputs:
  sick: {value: {get_attr: [sick, value]}}
  well: {value: {get_attr: [well, value]}}
'''


class FailedResourceUpdateTest(UpdateCase):
    """A resource in a ``*_FAILED`` state is replaced by the next update,
    even one that changes nothing (Heat's ``Resource._needs_update``).
    """

    template = RANDOM

    def resource(self, name):
        response = self.service.request(
            'GET', self.path + '/resources/' + name)
        self.assertEqual(200, response.status_int, response.body)
        return response.json['resource']

    def update_existing(self):
        """``openstack stack update --existing``: a PATCH with nothing."""
        before = self.outputs(self.first)
        self.update('PATCH')
        return before, self.outputs(self.wait('UPDATE_COMPLETE'))

    def test_marked_unhealthy_is_replaced_the_healthy_one_kept(self):
        response = self.service.request(
            'PATCH', self.path + '/resources/sick',
            body={'mark_unhealthy': True})
        self.assertEqual(200, response.status_int, response.body)
        old = self.resources()
        before, after = self.update_existing()
        self.assertNotEqual(before['sick'], after['sick'])
        self.assertEqual(before['well'], after['well'])
        new = self.resources()
        self.assertEqual(old['sick'].id, new['sick'].replaces)
        self.assertEqual(old['well'].id, new['well'].id)
        # The replacement is created, as Heat's is.
        self.assertEqual('CREATE_COMPLETE',
                         self.resource('sick')['resource_status'])
        self.assertEqual('CREATE_COMPLETE',
                         self.resource('well')['resource_status'])

    def test_other_failed_states_are_replaced_too(self):
        ctxt = context.get_admin_context()
        for action in ('SUSPEND', 'RESUME', 'CHECK', 'SNAPSHOT', 'ADOPT'):
            old = self.resources()['sick']
            db_resources.resource_update_many(ctxt, [{
                'id': old.id, 'action': action, 'status': 'FAILED'}])
            before = self.outputs(self.service.wait_for_stack('demo', 'up'))
            self.update('PATCH')
            after = self.outputs(self.wait('UPDATE_COMPLETE'))
            self.assertNotEqual(before['sick'], after['sick'], action)
            self.assertEqual(before['well'], after['well'], action)
            self.assertEqual(old.id, self.resources()['sick'].replaces)

    def test_the_preview_says_replaced(self):
        self.service.request('PATCH', self.path + '/resources/sick',
                             body={'mark_unhealthy': True})
        response = self.service.request(
            'PATCH', self.path + '/preview', body={})
        self.assertEqual(200, response.status_int, response.body)
        changes = response.json['resource_changes']
        self.assertEqual(['sick'], [r['resource_name']
                                    for r in changes['replaced']])
        self.assertEqual(['well'], [r['resource_name']
                                    for r in changes['unchanged']])


GROUP = '''heat_template_version: 2021-04-16
resources:
  group:
    type: OS::Heat::ResourceGroup
    properties:
      count: 1
      resource_def: {type: OS::Heat::RandomString}
outputs:
  member: {value: {get_attr: [group, resource.0.value]}}
'''


class MendsItsChild:
    """A failed resource that owns a child stack is updated, not replaced:
    the child decides (Heat's ``StackResource._needs_update``).
    """

    def member_row(self, child_id):
        rows = db_resources.resource_get_all_by_stack(
            context.get_admin_context(), child_id)
        [row] = [r for r in rows if r.replaced_by is None]
        return row

    def test_the_child_is_updated_and_mends_its_failed_member(self):
        ctxt = context.get_admin_context()
        group = self.resources()['group']
        member = self.member_row(group.physical_resource_id)
        db_resources.resource_update_many(ctxt, [
            {'id': group.id, 'action': 'SUSPEND', 'status': 'FAILED'},
            {'id': member.id, 'action': 'CHECK', 'status': 'FAILED'}])
        before = self.outputs(self.first)['member']
        self.update('PATCH')
        after = self.outputs(self.wait('UPDATE_COMPLETE'))['member']
        now = self.resources()['group']
        self.assertEqual(group.id, now.id)
        self.assertEqual(group.physical_resource_id,
                         now.physical_resource_id)
        self.assertEqual(('UPDATE', 'COMPLETE'), (now.action, now.status))
        self.assertEqual(member.id, self.member_row(
            now.physical_resource_id).replaces)
        self.assertNotEqual(before, after)


class FailedChildStackUpdateTest(MendsItsChild, UpdateCase):

    template = GROUP

    def test_marked_unhealthy_it_is_replaced(self):
        group = self.resources()['group']
        response = self.service.request(
            'PATCH', self.path + '/resources/group',
            body={'mark_unhealthy': True})
        self.assertEqual(200, response.status_int, response.body)
        before = self.outputs(self.first)['member']
        self.update('PATCH')
        after = self.outputs(self.wait('UPDATE_COMPLETE'))['member']
        now = self.resources()['group']
        self.assertEqual(group.id, now.replaces)
        self.assertNotEqual(group.physical_resource_id,
                            now.physical_resource_id)
        self.assertNotEqual(before, after)


ASG = '''heat_template_version: 2021-04-16
resources:
  group:
    type: OS::Heat::AutoScalingGroup
    properties:
      min_size: 1
      max_size: 3
      resource: {type: OS::Heat::RandomString}
outputs:
  member: {value: {get_attr: [group, outputs_list, value]}}
'''


class FailedScalingGroupUpdateTest(MendsItsChild, UpdateCase):
    """An autoscaling group's update of nothing mends its child too, as
    Heat's ``AutoScalingGroup.handle_update`` always resizes.
    """

    template = ASG


UPDATE_HANDLE = '''heat_template_version: 2021-04-16
parameters:
  config: {type: string, default: one}
resources:
  handle: {type: OS::Heat::UpdateWaitConditionHandle}
  other: {type: OS::Heat::None}
outputs:
  url: {value: {get_resource: handle}}
'''


class UpdateWaitConditionHandleTest(UpdateCase):

    template = UPDATE_HANDLE

    def test_every_update_replaces_the_handle(self):
        # As Heat's UpdateWaitConditionHandle (heat/engine/resources/
        # openstack/heat/wait_condition_handle.py): its _needs_update
        # always asks for a replacement, so signal senders must signal
        # the new handle's URL again after any update of the stack.
        before = self.resources()
        self.update(method='PATCH', parameters={'config': 'two'})
        stack = self.wait('UPDATE_COMPLETE')
        after = self.resources()
        self.assertNotEqual(before['handle'].physical_resource_id,
                            after['handle'].physical_resource_id)
        self.assertEqual(before['other'].physical_resource_id,
                         after['other'].physical_resource_id)
        self.assertNotEqual(self.outputs(self.first)['url'],
                            self.outputs(stack)['url'])
