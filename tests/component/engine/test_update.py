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


class UpdateTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.service = self.useFixture(
            hv_fixtures.EmbeddedService(self.state_dir))
        response = self.service.request('POST', '/v1/demo/stacks', body={
            'stack_name': 'up', 'template': V1,
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
