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

"""Previews of a stack create and of an update: shapes, nothing stored."""

from tests.component.engine import stack_ops

TEMPLATE = '''heat_template_version: 2021-04-16
description: previewed
parameters:
  word: {type: string, default: hi}
resources:
  first: {type: OS::Heat::None}
  second:
    type: OS::Heat::Value
    properties:
      value: {list_join: ['-', [{get_param: word}, {get_resource: first}]]}
  swap: {type: OS::Heat::None, properties: {generation: 1}}
  gone: {type: OS::Heat::None}
'''
CHANGED = TEMPLATE.replace('generation: 1', 'generation: 2').replace(
    '  gone: {type: OS::Heat::None}', '  added: {type: OS::Heat::None}')


class PreviewCreateTest(stack_ops.StackOpsTestCase):

    template = None

    def test_preview_shows_the_resources_and_stores_nothing(self):
        response = self.service.request('POST', '/v1/demo/stacks/preview',
                                        body={'stack_name': 'pv',
                                              'template': TEMPLATE,
                                              'parameters': {'word': 'yo'}})
        self.assertEqual(200, response.status_int, response.body)
        stack = response.json['stack']
        self.assertEqual(('None', 'pv', 'previewed'),
                         (stack['id'], stack['stack_name'],
                          stack['description']))
        self.assertNotIn('stack_status', stack)
        self.assertNotIn('stack_identity', stack)
        self.assertTrue(stack['links'][0]['href'].endswith(
            '/v1/demo/stacks/pv/None'))
        self.assertEqual('yo', stack['parameters']['word'])
        resources = {r['resource_name']: r for r in stack['resources']}
        self.assertEqual({'first', 'second', 'swap', 'gone'}, set(resources))
        second = resources['second']
        self.assertEqual(('INIT', 'COMPLETE', ''),
                         (second['resource_action'],
                          second['resource_status'],
                          second['physical_resource_id']))
        self.assertEqual('yo-first', second['properties']['value'])
        self.assertEqual(['second'], resources['first']['required_by'])
        self.assertEqual('/resources/second',
                         second['resource_identity']['path'])
        listed = self.service.request('GET', '/v1/demo/stacks').json
        self.assertEqual([], listed['stacks'])

    def test_invalid_template_is_400(self):
        response = self.service.request('POST', '/v1/demo/stacks/preview',
                                        body={'stack_name': 'pv',
                                              'template': TEMPLATE.replace(
                                                  'OS::Heat::Value',
                                                  'OS::Nope')})
        self.assertEqual(400, response.status_int)
        self.assertIn('resources.second', response.json['error']['message'])
        response = self.service.request('POST', '/v1/demo/stacks/preview',
                                        body={'stack_name': 'pv'})
        self.assertEqual(400, response.status_int)


class PreviewUpdateTest(stack_ops.StackOpsTestCase):

    template = TEMPLATE

    def changes(self, method='PUT', expected=200, **body):
        response = self.service.request(method, self.path + '/preview',
                                        body=body)
        self.assertEqual(expected, response.status_int, response.body)
        if expected != 200:
            return response.json['error']['message']
        return {kind: sorted(r['resource_name'] for r in resources)
                for kind, resources in
                response.json['resource_changes'].items()}

    def test_put_preview_classifies_every_resource(self):
        before = self.states()
        self.assertEqual({'added': ['added'], 'deleted': ['gone'],
                          'replaced': ['swap'], 'unchanged': ['first'],
                          'updated': ['second']},
                         self.changes(template=CHANGED,
                                      parameters={'word': 'ho'}))
        self.assertEqual(before, self.states())
        self.wait('CREATE_COMPLETE')

    def test_patch_preview_keeps_the_template(self):
        self.assertEqual({'added': [], 'deleted': [], 'replaced': [],
                          'unchanged': ['first', 'gone', 'swap'],
                          'updated': ['second']},
                         self.changes('PATCH', parameters={'word': 'ho'}))
        self.assertEqual({'added': [], 'deleted': [], 'replaced': [],
                          'unchanged': ['first', 'gone', 'second', 'swap'],
                          'updated': []},
                         self.changes('PATCH'))

    def test_errors(self):
        self.assertIn('template', self.changes(expected=400))
        message = self.changes(expected=400, template=TEMPLATE.replace(
            'OS::Heat::Value', 'OS::Nope'))
        self.assertIn('resources.second', message)
        response = self.service.request(
            'PUT', '/v1/demo/stacks/ops/%s/preview' % ('0' * 32),
            body={'template': TEMPLATE})
        self.assertEqual(404, response.status_int)
        response = self.service.request('GET', self.path + '/preview')
        self.assertEqual(405, response.status_int)
