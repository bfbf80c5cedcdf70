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

"""A base for the tests of a stack's sub-resources (resources, events,
outputs ...): an embedded service with one created stack.
"""

import time

from tests import base
from tests import fixtures as hv_fixtures

TEMPLATE = '''heat_template_version: 2021-04-16
description: two resources and two outputs
parameters:
  greeting: {type: string, default: hello}
resources:
  first: {type: OS::Heat::None}
  second:
    type: OS::Heat::Value
    depends_on: first
    metadata: {role: web}
    properties:
      value: {list_join: ['-', [{get_param: greeting}, {get_resource: first}]]}
outputs:
  said: {value: {get_attr: [second, value]}, description: what it said}
  broken: {value: {str_split: [',', {list_join: [',', [1, 2]]}, 5]}}
'''

GROUP_TEMPLATE = '''heat_template_version: 2021-04-16
resources:
  lead: {type: OS::Heat::None}
  group:
    type: OS::Heat::ResourceGroup
    depends_on: lead
    properties:
      count: 2
      resource_def: {type: OS::Heat::None}
'''


class StackTestCase(base.TestCase):

    template = TEMPLATE

    def database_url(self):
        """The service's database: its own sqlite file by default."""
        return None

    def setUp(self):
        super().setUp()
        self.service = self.useFixture(hv_fixtures.EmbeddedService(
            self.state_dir, database_url=self.database_url()))
        self.stack_id = self.create('web', self.template)
        self.path = '/v1/demo/stacks/web/%s' % self.stack_id

    def create(self, name, template, **extra):
        response = self.service.request('POST', '/v1/demo/stacks', body=dict(
            extra, stack_name=name, template=template))
        self.assertEqual(201, response.status_int, response.body)
        stack = self.service.wait_for_stack('demo', name)
        self.assertEqual('CREATE_COMPLETE', stack['stack_status'],
                         stack['stack_status_reason'])
        self._wait_for_events(name, stack['id'])
        return stack['id']

    def _wait_for_events(self, name, stack_id):
        """The last events are written just after the stack's status."""
        path = '/v1/demo/stacks/%s/%s/events?resource_name=%s' % (
            name, stack_id, name)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            events = self.service.request('GET', path).json['events']
            if events and events[-1]['resource_status'] == 'CREATE_COMPLETE':
                return
            time.sleep(0.01)
        self.fail('the events of stack %s were not written' % name)

    def get(self, suffix, status=200, **kwargs):
        response = self.service.request('GET', self.path + suffix,
                                        **kwargs)
        self.assertEqual(status, response.status_int, response.body)
        return response.json

    def assertError(self, response, status, error_type=None, part=None):
        self.assertEqual(status, response.status_int, response.body)
        error = response.json['error']
        if error_type:
            self.assertEqual(error_type, error['type'])
        if part:
            self.assertIn(part, error['message'])
