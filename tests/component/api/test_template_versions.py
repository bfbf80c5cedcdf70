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

"""``/template_versions`` and a version's ``/functions``, in Heat's shape."""

from tests import base
from tests import fixtures as hv_fixtures

HOT = 'heat_template_version.2021-04-16'
CFN = 'AWSTemplateFormatVersion.2010-09-09'


class TemplateVersionsTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.service = self.useFixture(
            hv_fixtures.EmbeddedService(self.state_dir))

    def functions(self, version, query=''):
        path = '/v1/demo/template_versions/%s/functions' % version
        response = self.service.request('GET', path + query)
        self.assertEqual(200, response.status_int, response.body)
        return response.json['template_functions']

    def test_functions_are_named_by_the_functions_key(self):
        # heatclient's TemplateVersion objects and the "Functions" column
        # of "openstack orchestration template function list" read it.
        functions = self.functions(HOT)
        for item in functions:
            self.assertEqual({'functions', 'description'}, set(item))
        by_name = {f['functions']: f['description'] for f in functions}
        self.assertEqual('A function for resolving resource attributes.',
                         by_name['get_attr'])
        self.assertEqual('A function for iterating over a list of items '
                         'or a dict of keys.', by_name['repeat'])

    def test_condition_functions_come_with_the_others(self):
        for version, plain, condition in ((HOT, 'get_attr', 'equals'),
                                          (CFN, 'Fn::GetAtt', 'Fn::Equals')):
            names = {f['functions'] for f in self.functions(
                version, '?with_condition_func=true')}
            self.assertIn(plain, names)
            self.assertIn(condition, names)
            self.assertNotIn(condition, {f['functions'] for f in
                                         self.functions(version)})

    def test_descriptions_are_whole_sentences(self):
        by_name = {f['functions']: f['description']
                   for f in self.functions(CFN)}
        self.assertEqual('A placeholder function for converting to base64.',
                         by_name['Fn::Base64'])
        self.assertEqual('A function to convert lists with enumerated keys '
                         'and values to mapping.',
                         by_name['Fn::MemberListToMap'])
