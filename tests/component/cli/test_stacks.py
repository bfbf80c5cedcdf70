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

import json
import os

from tests.component.cli import fakes
from tests import templates

TEMPLATE = templates.one_none('a')


class TestListAndShow(fakes.CLITestCase):

    def test_list_sends_filters_and_shows_rows(self):
        self.heat.add('GET', 'stacks', (200, {'stacks': [fakes.stack()]}))
        rows = self.run_json('stack', 'list', '--property', 'status=FAILED',
                             '--tags', 'a,b', '--tag-mode', 'any',
                             '--sort', 'stack_name:desc', '--limit', '5',
                             '--nested', '--all-projects')
        self.assertEqual('web', rows[0]['Stack Name'])
        self.assertIn('Project', rows[0])
        query = self.heat.calls('GET', 'stacks')[0].query
        self.assertEqual({'status': ['FAILED'], 'tags_any': ['a,b'],
                          'sort_keys': ['stack_name'],
                          'sort_dir': ['desc'], 'limit': ['5'],
                          'show_nested': ['true'],
                          'global_tenant': ['true']}, query)

    def test_show_resolves_outputs(self):
        outputs = [{'output_key': 'url', 'output_value': 'http://x'}]
        self.heat.add_stack(fakes.stack(outputs=outputs))
        shown = self.run_json('stack', 'show', 'web')
        self.assertEqual(outputs, shown['outputs'])
        self.assertEqual({}, self.heat.calls('GET', 'stacks/web/1111')[0]
                         .query)

    def test_show_table_renders_structures_as_yaml(self):
        self.heat.add_stack(fakes.stack(parameters={'size': '3'}))
        out = self.run_ok('stack', 'show', 'web')
        self.assertIn('size: \'3\'', out)

    def test_missing_stack_exits_1_with_one_line(self):
        self.heat.add('GET', 'stacks/nope', fakes.heat_error(
            404, 'EntityNotFound', 'The Stack (nope) could not be found.'))
        status, out, err = self.run_cli('stack', 'show', 'nope')
        self.assertEqual(1, status)
        self.assertEqual('EntityNotFound (HTTP 404): The Stack (nope) could '
                         'not be found.\n', err)


class TestCreateUpdate(fakes.CLITestCase):

    def setUp(self):
        super().setUp()
        self.template = os.path.join(self.state_dir, 't.yaml')
        with open(self.template, 'w') as handle:
            handle.write(TEMPLATE)
        self.env = os.path.join(self.state_dir, 'e.yaml')
        with open(self.env, 'w') as handle:
            handle.write('parameters: {x: 1}\n')

    def test_create_body(self):
        self.heat.add('POST', 'stacks', (201, {'stack': {'id': '1111'}}))
        self.heat.add_stack(fakes.stack(stack_status='CREATE_IN_PROGRESS'))
        shown = self.run_json(
            'stack', 'create', 'web', '-t', self.template, '-e', self.env,
            '--parameter', 'x=2', '--parameter', 'y=a=b', '--timeout', '7',
            '--tags', 't1,t2')
        self.assertEqual('CREATE_IN_PROGRESS', shown['stack_status'])
        body = self.heat.calls('POST', 'stacks')[0].body
        self.assertEqual({
            'stack_name': 'web', 'template': TEMPLATE,
            'environment_files': [self.env],
            'files': {self.env: 'parameters: {x: 1}\n'},
            'parameters': {'x': '2', 'y': 'a=b'}, 'timeout_mins': 7,
            'tags': 't1,t2', 'disable_rollback': True}, body)

    def test_enable_rollback(self):
        self.heat.add('POST', 'stacks', (201, {'stack': {'id': '1111'}}))
        self.heat.add_stack(fakes.stack())
        self.run_ok('stack', 'create', 'web', '-t', self.template,
                    '--enable-rollback')
        body = self.heat.calls('POST', 'stacks')[0].body
        self.assertFalse(body['disable_rollback'])

    def test_bad_parameter_is_an_error(self):
        status, _out, err = self.run_cli('stack', 'create', 'web', '-t',
                                         self.template, '--parameter', 'x')
        self.assertEqual(1, status)
        self.assertIn('--parameter expects KEY=VALUE', err)

    def test_missing_template_file_is_an_error(self):
        status, _out, err = self.run_cli('stack', 'create', 'web', '-t',
                                         '/nonexistent.yaml')
        self.assertEqual(1, status)
        self.assertIn('Cannot read template /nonexistent.yaml', err)

    def test_yaml_error_of_the_service_keeps_its_caret(self):
        message = ('Error parsing template: while parsing a block mapping\n'
                   '  in "<unicode string>", line 3, column 3:\n'
                   '      a:\n'
                   '      ^')
        self.heat.add('POST', 'stacks',
                      fakes.heat_error(400, 'InvalidTemplate', message))
        status, _out, err = self.run_cli('stack', 'create', 'web', '-t',
                                         self.template)
        self.assertEqual(1, status)
        self.assertEqual('InvalidTemplate (HTTP 400): %s\n' % message, err)

    def test_update_puts_and_existing_patches(self):
        self.heat.add_stack(fakes.stack())
        self.heat.add('PUT', 'stacks/web/1111', (202, None))
        self.heat.add('PATCH', 'stacks/web/1111', (202, None))
        self.run_ok('stack', 'update', 'web', '-t', self.template,
                    '--rollback', 'enabled')
        self.run_ok('stack', 'update', 'web', '--existing', '--parameter',
                    'x=3', '--clear-parameter', 'y', '--converge')
        put = self.heat.calls('PUT', 'stacks/web/1111')[0].body
        self.assertEqual(TEMPLATE, put['template'])
        self.assertFalse(put['disable_rollback'])
        patch = self.heat.calls('PATCH', 'stacks/web/1111')[0].body
        self.assertEqual({'files': {}, 'parameters': {'x': '3'},
                          'clear_parameters': ['y'], 'converge': True},
                         patch)

    def test_update_needs_template_or_existing(self):
        status, _out, err = self.run_cli('stack', 'update', 'web')
        self.assertEqual(1, status)
        self.assertIn('--existing', err)


class TestDelete(fakes.CLITestCase):

    def test_delete_several_reports_each_failure(self):
        self.heat.add_stack(fakes.stack())
        self.heat.add('DELETE', 'stacks/web/1111', (204, None))
        status, _out, err = self.run_cli('stack', 'delete', 'web', 'gone',
                                         '-y')
        self.assertEqual(1, status)
        self.assertEqual(1, len(self.heat.calls('DELETE')))
        self.assertIn('gone: EntityNotFound', err)

    def test_delete_wait_ends_when_stack_is_gone(self):
        self.heat.add('GET', 'stacks/web', (302, None, {
            'Location': self.heat.url + '/stacks/web/1111'}))
        self.heat.add('GET', 'stacks/1111',
                      (302, None, {'Location': self.heat.url +
                                   '/stacks/web/1111'}),
                      fakes.heat_error(404, 'EntityNotFound', 'gone'))
        self.heat.add('GET', 'stacks/web/1111',
                      (200, {'stack': fakes.stack()}))
        self.heat.add('GET', 'stacks/web/1111/events',
                      (200, {'events': [fakes.event('e0', 'a',
                                                    'CREATE_COMPLETE')]}),
                      (200, {'events': [fakes.event('e1', 'a',
                                                    'DELETE_COMPLETE')]}))
        self.heat.add('GET', 'stacks/web/1111/resources',
                      (200, {'resources': [fakes.resource('a')]}))
        self.heat.add('DELETE', 'stacks/web/1111', (204, None))
        status, _out, err = self.run_cli('stack', 'delete', 'web', '--wait',
                                         '--poll', '0')
        self.assertEqual(0, status, err)
        self.assertIn('a DELETE_COMPLETE', err)
        self.assertIn('Stack web DELETE_COMPLETE', err)
        events_query = self.heat.calls('GET', 'stacks/web/1111/events')[1]
        self.assertEqual(['e0'], events_query.query['marker'])
        self.assertEqual(json.loads('null'),
                         self.heat.calls('DELETE')[0].body)
