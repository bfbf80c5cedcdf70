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

"""``template_url``: the engine fetches the template, through the guard."""

from tests import base
from tests import file_server
from tests import fixtures as hv_fixtures

ALLOWED = '127.0.0.2'
TEMPLATE = '''heat_template_version: 2021-04-16
description: fetched
parameters:
  word: {type: string, default: hello}
resources:
  echo:
    type: OS::Heat::Value
    properties: {value: {get_param: word}}
outputs:
  said: {value: {get_attr: [echo, value]}}
'''
OTHER = TEMPLATE.replace('fetched', 'fetched again')
LATIN1 = (TEMPLATE + '# caf\xe9').encode('latin-1')


class TemplateURLTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.flags(group='url_fetch', allowed_networks=[ALLOWED + '/32'])
        self.service = self.useFixture(
            hv_fixtures.EmbeddedService(self.state_dir))
        self.files = self.useFixture(file_server.FileServer(
            ALLOWED, {'/t.yaml': TEMPLATE, '/other.yaml': OTHER,
                      '/big.yaml': TEMPLATE + '#' * 4096,
                      '/latin1.yaml': LATIN1}))

    def request(self, method, path, status, **body):
        response = self.service.request(method, path, body=body)
        self.assertEqual(status, response.status_int, response.body)
        return response.json if response.body else None

    def create(self, name, url):
        self.request('POST', '/v1/demo/stacks', 201, stack_name=name,
                     template_url=url)
        return self.service.wait_for_stack('demo', name)

    def test_create_update_preview_and_validate_fetch_it(self):
        stack = self.create('web', self.files.url('/t.yaml'))
        self.assertEqual(('CREATE_COMPLETE', 'fetched'),
                         (stack['stack_status'], stack['description']))
        path = '/v1/demo/stacks/web/%s' % stack['id']
        validated = self.request('POST', '/v1/demo/validate', 200,
                                 template_url=self.files.url('/t.yaml'))
        self.assertEqual('fetched', validated['Description'])
        preview = self.request('POST', '/v1/demo/stacks/preview', 200,
                               stack_name='pv',
                               template_url=self.files.url('/t.yaml'))
        self.assertEqual('fetched', preview['stack']['description'])
        changes = self.request('PUT', path + '/preview', 200,
                               template_url=self.files.url('/other.yaml'))
        self.assertIn('resource_changes', changes)
        self.request('PUT', path, 202,
                     template_url=self.files.url('/other.yaml'))
        stack = self.service.wait_for_stack('demo', 'web')
        self.assertEqual(('UPDATE_COMPLETE', 'fetched again'),
                         (stack['stack_status'], stack['description']))

    def test_a_template_given_wins_over_the_url(self):
        self.request('POST', '/v1/demo/stacks', 201, stack_name='web',
                     template=OTHER, template_url=self.files.url('/t.yaml'))
        stack = self.service.wait_for_stack('demo', 'web')
        self.assertEqual('fetched again', stack['description'])
        self.assertEqual([], self.files.hits)

    def test_fetch_failures_are_400_naming_the_url(self):
        self.flags(max_template_size=1024)
        for path, part in (('/nothing.yaml', 'HTTP 404'),
                           ('/big.yaml', 'max_template_size'),
                           ('/latin1.yaml', 'not UTF-8')):
            url = self.files.url(path)
            error = self.request('POST', '/v1/demo/stacks', 400,
                                 stack_name='web', template_url=url)
            self.assertEqual('URLFetchFailed', error['error']['type'])
            self.assertIn(url, error['error']['message'])
            self.assertIn(part, error['error']['message'])
        self.assertEqual(404, self.service.wait_for_stack('demo', 'web')
                         .status_int)

    def test_the_guard_refuses_what_users_may_not_reach(self):
        for url in ('http://127.0.0.1:%d/t.yaml' % self.files.server
                    .server_port, 'http://169.254.169.254/latest',
                    'file:///etc/passwd', 'ftp://example.com/t.yaml'):
            error = self.request('POST', '/v1/demo/validate', 400,
                                 template_url=url)
            self.assertEqual('URLRefused', error['error']['type'])
            self.assertIn(url, error['error']['message'])
        self.assertEqual([], self.files.hits)

    def test_a_template_or_its_url_is_required(self):
        for path, body in (('/v1/demo/stacks', {'stack_name': 'web'}),
                           ('/v1/demo/stacks/preview', {'stack_name': 'p'}),
                           ('/v1/demo/validate', {})):
            error = self.request('POST', path, 400, **body)
            self.assertIn('"template" or "template_url" is required',
                          error['error']['message'])
