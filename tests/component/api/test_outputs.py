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

"""A stack's outputs, template, environment and files, end to end."""

from tests.component.api import stack_base


class OutputsTest(stack_base.StackTestCase):

    def test_list_outputs_without_values(self):
        self.assertEqual(
            {'outputs': [
                {'output_key': 'said', 'description': 'what it said'},
                {'output_key': 'broken',
                 'description': 'No description given'}]},
            self.get('/outputs'))

    def test_show_output(self):
        output = self.get('/outputs/said')['output']
        self.assertEqual('said', output['output_key'])
        self.assertRegex(output['output_value'], r'^hello-web-first-')
        self.assertNotIn('output_error', output)

    def test_an_output_error_is_shown_not_raised(self):
        output = self.get('/outputs/broken')['output']
        self.assertIsNone(output['output_value'])
        self.assertTrue(output['output_error'])

    def test_missing_output_is_a_404(self):
        self.assertError(self.service.request(
            'GET', self.path + '/outputs/nope'), 404, part='nope')

    def test_template_environment_files(self):
        template = self.get('/template')
        self.assertEqual('2021-04-16', template['heat_template_version'])
        self.assertEqual(['first', 'second'],
                         sorted(template['resources']))
        environment = self.get('/environment')
        self.assertEqual({}, environment['parameters'])
        self.assertIn('resource_registry', environment)
        self.assertEqual({}, self.get('/files'))

    def test_parameters_and_files_are_kept(self):
        stack_id = self.create(
            'other', stack_base.TEMPLATE, parameters={'greeting': 'hi'},
            files={'notes.txt': 'kept'})
        path = '/v1/demo/stacks/other/%s' % stack_id
        self.assertEqual({'greeting': 'hi'}, self.service.request(
            'GET', path + '/environment').json['parameters'])
        self.assertEqual({'notes.txt': 'kept'}, self.service.request(
            'GET', path + '/files').json)

    def test_reader_may_read(self):
        for suffix in ('/outputs', '/outputs/said', '/template',
                       '/environment', '/files'):
            self.get(suffix, headers={'X-Roles': 'reader'})

    def test_wrong_method(self):
        response = self.service.request('POST', self.path + '/template')
        self.assertEqual(405, response.status_int)
        self.assertEqual('GET', response.headers['Allow'])
