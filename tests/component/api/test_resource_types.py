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

"""``/resource_types`` (list filters, schema, template) and build_info."""

from tests import base
from tests import fixtures as hv_fixtures


class ResourceTypesTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.service = self.useFixture(
            hv_fixtures.EmbeddedService(self.state_dir))

    def get(self, path, status=200):
        response = self.service.request('GET', '/v1/demo' + path)
        self.assertEqual(status, response.status_int, response.body)
        return response.json

    def test_list_and_filters(self):
        names = self.get('/resource_types')['resource_types']
        self.assertIn('OS::Heat::None', names)
        self.assertEqual(sorted(names), names)
        self.assertEqual(['OS::Heat::Value'], self.get(
            '/resource_types?name=OS::Heat::Val')['resource_types'])
        self.assertEqual(names, self.get(
            '/resource_types?support_status=SUPPORTED')['resource_types'])
        self.assertEqual([], self.get(
            '/resource_types?version=1999.1')['resource_types'])
        [described] = self.get('/resource_types?name=OS::Heat::Value'
                               '&with_description=true')['resource_types']
        self.assertEqual('OS::Heat::Value', described['resource_type'])
        self.assertIn('value', described['description'])

    def test_bad_list_filters(self):
        for query, part in (('support_status=GREAT', 'support status'),
                            ('with_description=maybe', 'with_description')):
            response = self.service.request(
                'GET', '/v1/demo/resource_types?' + query)
            self.assertEqual(400, response.status_int)
            self.assertIn(part, response.json['error']['message'])

    def test_schema(self):
        schema = self.get('/resource_types/OS::Heat::Value')
        self.assertEqual('OS::Heat::Value', schema['resource_type'])
        self.assertEqual({'status': 'SUPPORTED', 'version': None,
                          'message': None, 'previous_status': None},
                         schema['support_status'])
        prop = schema['properties']['type']
        self.assertEqual('string', prop['type'])
        self.assertFalse(prop['required'])
        self.assertTrue(prop['update_allowed'])
        self.assertEqual(['string', 'number', 'comma_delimited_list', 'json',
                          'boolean'],
                         prop['constraints'][0]['allowed_values'])
        self.assertEqual({'description': 'The value, converted to its '
                                         'type.'},
                         schema['attributes']['value'])
        self.assertNotIn('description', schema)
        self.assertIn('description', self.get(
            '/resource_types/OS::Heat::Value?with_description=true'))

    def test_hot_template(self):
        tmpl = self.get('/resource_types/OS::Heat::Value/template'
                        '?template_type=hot')
        self.assertEqual('2016-10-14', tmpl['heat_template_version'])
        self.assertEqual('Initial template of Value', tmpl['description'])
        self.assertEqual({'type': 'OS::Heat::Value',
                          'properties': {'value': {'get_param': 'value'},
                                         'type': {'get_param': 'type'}}},
                         tmpl['resources']['Value'])
        self.assertEqual('string', tmpl['parameters']['type']['type'])
        self.assertEqual({'get_attr': ['Value', 'value']},
                         tmpl['outputs']['value']['value'])

    def test_cfn_template_is_the_default(self):
        tmpl = self.get('/resource_types/OS::Heat::Value/template')
        self.assertEqual('2012-12-12', tmpl['HeatTemplateFormatVersion'])
        self.assertEqual({'Ref': 'type'},
                         tmpl['Resources']['Value']['Properties']['type'])
        self.assertEqual('String', tmpl['Parameters']['type']['Type'])
        self.assertEqual({'Fn::GetAtt': ['Value', 'value']},
                         tmpl['Outputs']['value']['Value'])

    def test_generated_template_validates(self):
        tmpl = self.get('/resource_types/OS::Heat::RandomString/template'
                        '?template_type=hot')
        response = self.service.request('POST', '/v1/demo/validate',
                                        body={'template': tmpl})
        self.assertEqual(200, response.status_int, response.body)

    def test_unknown_type_and_template_type(self):
        response = self.service.request('GET',
                                        '/v1/demo/resource_types/OS::No')
        self.assertEqual(404, response.status_int)
        self.assertIn('OS::No', response.json['error']['message'])
        response = self.service.request(
            'GET', '/v1/demo/resource_types/OS::Heat::None/template'
                   '?template_type=tosca')
        self.assertEqual(400, response.status_int)
        self.assertIn('tosca', response.json['error']['message'])

    def test_build_info(self):
        info = self.get('/build_info')
        self.assertEqual(info['api']['revision'], info['engine']['revision'])
        self.assertTrue(info['api']['revision'])
