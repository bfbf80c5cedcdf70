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

"""What a full (PUT) update does with the files of the stack: the relay's
original document kept while the template is, and a resource whose type
only the old environment mapped still deleted.
"""

from tests import base
from tests import fixtures as hv_fixtures

CHILD = '''heat_template_version: 2021-04-16
resources:
  inside: {type: OS::Heat::None}
'''
TEMPLATE = '''heat_template_version: 2021-04-16
parameters:
  word: {type: string, default: one}
resources:
  mapped: {type: My::Thing}
outputs:
  word: {value: {get_param: word}}
'''
NATIVE = '''heat_template_version: 2021-04-16
resources:
  plain: {type: OS::Heat::None}
'''
ORIGINAL = 'relay-original/tosca/service.yaml'
ENV = {'resource_registry': {'My::Thing': 'child.yaml'}}


class UpdateFilesTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.service = self.useFixture(
            hv_fixtures.EmbeddedService(self.state_dir))
        response = self.service.request('POST', '/v1/demo/stacks', body={
            'stack_name': 'files', 'template': TEMPLATE, 'environment': ENV,
            'files': {'child.yaml': CHILD, ORIGINAL: 'tosca: 1\n'}})
        self.assertEqual(201, response.status_int, response.body)
        self.path = '/v1/demo/stacks/files/%s' % response.json['stack']['id']
        self.wait('CREATE_COMPLETE')

    def wait(self, status):
        stack = self.service.wait_for_stack('demo', 'files')
        self.assertEqual(status, stack['stack_status'],
                         stack['stack_status_reason'])
        return stack

    def put(self, **body):
        response = self.service.request('PUT', self.path, body=body)
        self.assertEqual(202, response.status_int, response.body)
        return self.wait('UPDATE_COMPLETE')

    def files(self):
        return self.service.request('GET', self.path + '/files').json

    def test_same_template_keeps_the_original(self):
        stack = self.put(template=TEMPLATE, environment=ENV,
                         files={'child.yaml': CHILD},
                         parameters={'word': 'two'})
        self.assertEqual('two', stack['outputs'][0]['output_value'])
        self.assertEqual({'child.yaml': CHILD, ORIGINAL: 'tosca: 1\n'},
                         self.files())

    def test_own_original_replaces_it(self):
        self.put(template=TEMPLATE, environment=ENV,
                 files={'child.yaml': CHILD, ORIGINAL: 'tosca: 2\n'})
        self.assertEqual('tosca: 2\n', self.files()[ORIGINAL])

    def test_other_template_drops_it_and_deletes_the_mapped_resource(self):
        # The new environment no longer maps My::Thing: the removed
        # resource is deleted as the old environment made it.
        self.put(template=NATIVE)
        self.assertEqual({}, self.files())
        listed = self.service.request('GET', self.path + '/resources').json
        self.assertEqual(['plain'], [r['resource_name']
                                     for r in listed['resources']])
