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

"""Abandon, export and adopt through the API."""

from unittest import mock

from oslo_serialization import jsonutils

from heat_vision.resources.heat import test_resource
from tests.component.engine import stack_ops

TEMPLATE = '''heat_template_version: 2021-04-16
parameters:
  word: {type: string, default: hi}
resources:
  thing:
    type: OS::Heat::TestResource
    properties: {value: {get_param: word}}
  other: {type: OS::Heat::None, depends_on: thing}
outputs:
  said: {value: {get_attr: [thing, output]}}
'''


class AbandonAdoptTest(stack_ops.StackOpsTestCase):

    template = TEMPLATE

    def test_export_gives_the_data_and_keeps_the_stack(self):
        response = self.service.request('GET', self.path + '/export')
        self.assertEqual(200, response.status_int, response.body)
        data = response.json
        self.assertEqual((self.stack_id, 'ops', 'CREATE', 'COMPLETE'),
                         (data['id'], data['name'], data['action'],
                          data['status']))
        self.assertEqual({'thing', 'other'}, set(data['resources']))
        thing = data['resources']['thing']
        self.assertEqual(self.rows()['thing'].physical_resource_id,
                         thing['resource_id'])
        self.assertEqual('OS::Heat::TestResource', thing['type'])
        self.assertEqual('hi', thing['resource_data']['value'])
        self.assertEqual('demo', data['project_id'])
        self.assertIn('resources', data['template'])
        self.wait('CREATE_COMPLETE')

    def test_abandon_then_adopt_keeps_the_physical_ids(self):
        before = {n: r.physical_resource_id for n, r in self.rows().items()}
        with mock.patch.object(test_resource.TestResource, 'handle_delete',
                               side_effect=AssertionError('deleted')):
            response = self.service.request('DELETE',
                                            self.path + '/abandon')
        self.assertEqual(200, response.status_int, response.body)
        data = response.json
        self.assertEqual('COMPLETE', data['status'])
        # Gone by name; by id it shows its end, as a deleted stack does.
        response = self.service.request('GET', '/v1/demo/stacks/' +
                                        self.path.rsplit('/', 2)[1])
        self.assertEqual(404, response.status_int)
        response = self.service.request('GET', self.path)
        self.assertEqual('DELETE_COMPLETE',
                         response.json['stack']['stack_status'])
        self.assertIn(('thing', 'DELETE_COMPLETE'), self.events())

        with mock.patch.object(test_resource.TestResource, 'handle_create',
                               side_effect=AssertionError('created')):
            response = self.service.request('POST', '/v1/demo/stacks', body={
                'stack_name': 'again',
                'adopt_stack_data': jsonutils.dumps(data),
                'parameters': {'word': 'hi'}})
            self.assertEqual(201, response.status_int, response.body)
            stack = self.wait('ADOPT_COMPLETE', 'again')
        self.assertEqual('Stack ADOPT completed successfully',
                         stack['stack_status_reason'])
        adopted = response.json['stack']['id']
        self.assertNotEqual(self.stack_id, adopted)
        self.assertEqual(before, {n: r.physical_resource_id
                                  for n, r in self.rows(adopted).items()})
        self.assertEqual({'thing': 'ADOPT_COMPLETE',
                          'other': 'ADOPT_COMPLETE'}, self.states(adopted))
        self.assertEqual('hi', stack['outputs'][0]['output_value'])
        # The adopted stack is a stack like any other.
        response = self.service.request(
            'PATCH', '/v1/demo/stacks/again/%s' % adopted,
            body={'parameters': {'word': 'ho'}})
        self.assertEqual(202, response.status_int, response.body)
        self.assertEqual('ho', self.wait('UPDATE_COMPLETE', 'again')[
            'outputs'][0]['output_value'])

    def test_adopt_without_a_resource_id_fails(self):
        data = self.service.request('GET', self.path + '/export').json
        del data['resources']['other']
        self.create('partial', None, status='ADOPT_FAILED',
                    adopt_stack_data=data)
        self.assertEqual('ADOPT_FAILED', self.states(
            self.wait('ADOPT_FAILED', 'partial')['id'])['other'])

    def test_bad_adopt_data_is_400(self):
        for data, message in (('[1, 2]', 'it is not a map'),
                              ({'resources': {}}, '"template"'),
                              ('{not json: [', 'Invalid adopt data')):
            response = self.service.request('POST', '/v1/demo/stacks', body={
                'stack_name': 'bad', 'adopt_stack_data': data})
            self.assertEqual(400, response.status_int, response.body)
            self.assertIn(message, response.json['error']['message'])

    def test_abandon_of_a_busy_stack_is_409(self):
        slow = TEMPLATE.replace('{value: {get_param: word}}',
                                '{value: x, action_wait_secs: {update: 1}}')
        self.post('', {'template': slow}, method='PUT')
        response = self.service.request('DELETE', self.path + '/abandon')
        self.assertEqual(409, response.status_int, response.body)
        self.wait('UPDATE_COMPLETE')

    def test_missing_stack_is_404(self):
        for method, part in (('DELETE', 'abandon'), ('GET', 'export')):
            response = self.service.request(
                method, '/v1/demo/stacks/ops/%s/%s' % ('0' * 32, part))
            self.assertEqual(404, response.status_int)
