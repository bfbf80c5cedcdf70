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

"""Provider templates named by URL and missing from ``files``: the engine
fetches them, through the URL guard, as Heat's engine does."""

from tests import base
from tests.component.api.test_template_url import TEMPLATE as INNER
from tests import file_server
from tests import fixtures as hv_fixtures

ALLOWED = '127.0.0.2'
# A provider whose own resource is a provider named by URL.
OUTER = '''heat_template_version: 2021-04-16
resources:
  deeper:
    type: %s
outputs:
  said: {value: {get_attr: [deeper, said]}}
'''


def _stack(resource_type, **props):
    return {'heat_template_version': '2021-04-16',
            'resources': {'thing': {'type': resource_type,
                                    'properties': props}},
            'outputs': {'said': {'value': {'get_attr': ['thing', 'said']}}}}


class ProviderTemplateURLTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.flags(group='url_fetch', allowed_networks=[ALLOWED + '/32'])
        self.service = self.useFixture(
            hv_fixtures.EmbeddedService(self.state_dir))
        self.server = self.useFixture(file_server.FileServer(
            ALLOWED, {'/inner.yaml': INNER}))
        self.server.documents['/outer.yaml'] = OUTER % self.server.url(
            '/inner.yaml')

    def request(self, method, path, status, **body):
        response = self.service.request(method, path, body=body)
        self.assertEqual(status, response.status_int, response.body)
        return response.json if response.body else None

    def output(self, name):
        stack = self.service.wait_for_stack('demo', name)
        self.assertEqual('CREATE_COMPLETE', stack['stack_status'],
                         stack.get('stack_status_reason'))
        return {o['output_key']: o['output_value']
                for o in stack['outputs']}['said']

    def test_a_type_that_is_a_url_is_fetched_and_stored(self):
        url = self.server.url('/inner.yaml')
        stack = self.request('POST', '/v1/demo/stacks', 201, stack_name='s',
                             template=_stack(url, word='hi'))['stack']
        self.assertEqual('hi', self.output('s'))
        files = self.request('GET', '/v1/demo/stacks/s/%s/files' %
                             stack['id'], 200)
        self.assertEqual(INNER, files[url])

    def test_a_registry_entry_that_is_a_url_is_fetched(self):
        self.request('POST', '/v1/demo/stacks', 201, stack_name='s',
                     template=_stack('My::Thing'),
                     environment={'resource_registry': {
                         'My::Thing': self.server.url('/inner.yaml')}})
        self.assertEqual('hello', self.output('s'))

    def test_providers_of_fetched_providers_and_group_members(self):
        outer = self.server.url('/outer.yaml')
        self.request('POST', '/v1/demo/stacks', 201, stack_name='s',
                     template=_stack(outer))
        self.assertEqual('hello', self.output('s'))
        group = {'heat_template_version': '2021-04-16', 'resources': {
            'g': {'type': 'OS::Heat::ResourceGroup', 'properties': {
                'count': 2, 'resource_def': {
                    'type': self.server.url('/inner.yaml')}}}}}
        self.request('POST', '/v1/demo/stacks', 201, stack_name='g',
                     template=group)
        stack = self.service.wait_for_stack('demo', 'g')
        self.assertEqual('CREATE_COMPLETE', stack['stack_status'],
                         stack.get('stack_status_reason'))

    def test_files_given_by_the_client_are_not_fetched(self):
        url = self.server.url('/inner.yaml')
        given = INNER.replace('default: hello', 'default: given')
        self.request('POST', '/v1/demo/stacks', 201, stack_name='s',
                     template=_stack(url), files={url: given})
        self.assertEqual('given', self.output('s'))
        self.assertEqual([], self.server.hits)

    def test_refusals_are_400_naming_the_url(self):
        blocked = 'http://127.0.0.1:%d/inner.yaml' % (
            self.server.server.server_port)
        error = self.request('POST', '/v1/demo/validate', 400,
                             template=_stack(blocked))
        self.assertEqual('URLRefused', error['error']['type'])
        self.assertIn(blocked, error['error']['message'])
        missing = self.server.url('/nothing.yaml')
        error = self.request('POST', '/v1/demo/stacks', 400, stack_name='s',
                             template=_stack(missing))
        self.assertEqual('URLFetchFailed', error['error']['type'])
        self.assertIn(missing, error['error']['message'])
        self.server.documents['/list.yaml'] = '[1, 2]'
        error = self.request('POST', '/v1/demo/validate', 400,
                             template=_stack(self.server.url('/list.yaml')))
        self.assertIn('list.yaml', error['error']['message'])

    def test_the_number_of_fetches_is_bounded(self):
        self.flags(group='url_fetch', max_provider_templates=1)
        error = self.request('POST', '/v1/demo/validate', 400,
                             template=_stack(self.server.url('/outer.yaml')))
        self.assertIn('max_provider_templates', error['error']['message'])
        self.assertEqual(['/outer.yaml'], self.server.hits)
