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

"""template validate/version/function, resource type, service list."""

import os

from tests.component.cli import fakes
from tests import templates

TEMPLATE = templates.VERSION_ONLY


class TestTemplates(fakes.CLITestCase):

    def test_validate_sends_raw_template_and_shows_yaml(self):
        path = os.path.join(self.state_dir, 't.yaml')
        with open(path, 'w') as handle:
            handle.write(TEMPLATE)
        self.heat.add('POST', 'validate', (200, {
            'Description': 'd', 'Parameters': {'x': {'Type': 'String'}}}))
        out = self.run_ok('template', 'validate', '-t', path,
                          '--parameter', 'x=1', '--show-nested')
        self.assertIn('Description: d', out)
        request = self.heat.calls('POST', 'validate')[0]
        self.assertEqual({'template': TEMPLATE, 'files': {},
                          'parameters': {'x': '1'}}, request.body)
        self.assertEqual({'show_nested': ['true']}, request.query)

    def test_validation_error_is_one_line(self):
        path = os.path.join(self.state_dir, 't.yaml')
        with open(path, 'w') as handle:
            handle.write(TEMPLATE)
        self.heat.add('POST', 'validate', fakes.heat_error(
            400, 'StackValidationFailed', 'resources.a: unknown type'))
        status, _out, err = self.run_cli('template', 'validate', '-t', path)
        self.assertEqual(1, status)
        self.assertEqual('StackValidationFailed (HTTP 400): resources.a: '
                         'unknown type\n', err)

    def test_versions_and_functions(self):
        self.heat.add('GET', 'template_versions', (200, {
            'template_versions': [{'version': 'heat_template_version.'
                                   '2021-04-16', 'type': 'hot',
                                   'aliases': ['wallaby']}]}))
        path = 'template_versions/heat_template_version.2021-04-16/functions'
        self.heat.add('GET', path, (200, {'template_functions': [
            {'functions': 'get_param', 'description': 'A parameter.'}]}))
        rows = self.run_json('template', 'version', 'list')
        self.assertEqual(['wallaby'], rows[0]['Aliases'])
        rows = self.run_json('template', 'function', 'list',
                             'heat_template_version.2021-04-16',
                             '--with-conditions')
        self.assertEqual('get_param', rows[0]['Function'])
        self.assertEqual({'with_condition_func': ['true']},
                         self.heat.calls('GET', path)[0].query)


class TestResourceTypes(fakes.CLITestCase):

    def test_list_names_or_descriptions(self):
        self.heat.add('GET', 'resource_types',
                      (200, {'resource_types': ['OS::B', 'OS::A']}),
                      (200, {'resource_types': [
                          {'resource_type': 'OS::A', 'description': 'a'}]}))
        rows = self.run_json('resource', 'type', 'list', '--filter',
                             'name=OS')
        self.assertEqual(['OS::A', 'OS::B'],
                         [row['Resource Type'] for row in rows])
        rows = self.run_json('resource', 'type', 'list', '--long')
        self.assertEqual('a', rows[0]['Description'])
        queries = [c.query for c in self.heat.calls('GET', 'resource_types')]
        self.assertEqual([{'name': ['OS']}, {'with_description': ['true']}],
                         queries)

    def test_show_schema_or_template(self):
        self.heat.add('GET', 'resource_types/OS::Heat::None', (200, {
            'resource_type': 'OS::Heat::None', 'properties': {}}))
        self.heat.add('GET', 'resource_types/OS::Heat::None/template',
                      (200, {'heat_template_version': '2016-10-14'}))
        self.assertEqual('OS::Heat::None', self.run_json(
            'resource', 'type', 'show', 'OS::Heat::None')['resource_type'])
        shown = self.run_json('resource', 'type', 'show', 'OS::Heat::None',
                              '--template-type', 'hot')
        self.assertEqual('2016-10-14', shown['heat_template_version'])


class TestServices(fakes.CLITestCase):

    def test_list_sends_roles_when_asked(self):
        self.heat.add('GET', 'services', (200, {'services': [
            {'hostname': 'h', 'binary': 'heat-vision-engine',
             'status': 'up'}]}))
        status, out, err = self.run_cli('--os-roles', 'admin', 'service',
                                        'list', '-f', 'value', '-c',
                                        'Status')
        self.assertEqual(0, status, err)
        self.assertEqual('up\n', out)
        self.assertEqual('admin',
                         self.heat.calls('GET', 'services')[0].headers[
                             'X-Roles'])
