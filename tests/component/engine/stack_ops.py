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

"""A base for the stack operation tests: an embedded service, one stack."""

import time

from heat_vision.common import context
from heat_vision.db import events as db_events
from heat_vision.db import resources as db_resources
from tests import base
from tests import fixtures as hv_fixtures

TEMPLATE = '''heat_template_version: 2021-04-16
resources:
  base: {type: OS::Heat::TestResource, properties: {value: one}}
  middle:
    type: OS::Heat::TestResource
    depends_on: base
    properties: {value: two}
  top: {type: OS::Heat::None, depends_on: middle}
outputs:
  middle: {value: {get_attr: [middle, output]}}
'''

# A parent whose resource ``nested`` is a stack of the file ``child.yaml``
# (given by the test), passed the parameter ``value``.
NESTED_PARENT = '''heat_template_version: 2021-04-16
parameters:
  value: {type: string, default: a}
resources:
  nested:
    type: OS::Heat::Stack
    properties:
      template: {get_file: child.yaml}
      parameters: {value: {get_param: value}}
'''
# Longer than any test waits: a test that passes never waited for these.
LONG = 600
# ``wait`` waits for a signal to ``handle``, ten minutes at most.
WAITING = '''heat_template_version: 2021-04-16
resources:
  handle: {type: OS::Heat::WaitConditionHandle}
  wait:
    type: OS::Heat::WaitCondition
    properties:
      handle: {get_resource: handle}
      timeout: %d
  after: {type: OS::Heat::TestResource, depends_on: wait}
''' % LONG
# A group updated one member at a time, ten minutes between the two.
ROLLING = '''heat_template_version: 2021-04-16
parameters:
  value: {type: string, default: a}
resources:
  group:
    type: OS::Heat::ResourceGroup
    update_policy:
      rolling_update: {max_batch_size: 1, pause_time: %d}
    properties:
      count: 2
      resource_def:
        type: OS::Heat::TestResource
        properties: {value: {get_param: value}}
''' % LONG
RESOURCE_DEADLINE = 60


class StackOpsTestCase(base.TestCase):

    template = TEMPLATE
    stack_name = 'ops'

    def setUp(self):
        super().setUp()
        self.service = self.useFixture(hv_fixtures.EmbeddedService(
            self.state_dir, database_url=self.database_url()))
        self.ctxt = context.get_admin_context()
        if self.template:
            self.stack_id = self.create(self.stack_name, self.template)
            self.path = '/v1/demo/stacks/%s/%s' % (self.stack_name,
                                                   self.stack_id)

    def database_url(self):
        """The server database to run on; None: a sqlite file."""
        return None

    def create(self, name, template, status='CREATE_COMPLETE', **extra):
        body = dict(extra, stack_name=name)
        if template is not None:
            body['template'] = template
        response = self.service.request('POST', '/v1/demo/stacks', body=body)
        self.assertEqual(201, response.status_int, response.body)
        self.wait(status, name)
        return response.json['stack']['id']

    def start_create(self, template, **body):
        """Start creating stack ``stack_name``; do not wait for it."""
        response = self.service.request('POST', '/v1/demo/stacks', body=dict(
            body, stack_name=self.stack_name, template=template))
        self.assertEqual(201, response.status_int, response.body)
        self.stack_id = response.json['stack']['id']
        self.path = '/v1/demo/stacks/%s/%s' % (self.stack_name,
                                               self.stack_id)

    def wait(self, status, name=None):
        stack = self.service.wait_for_stack('demo', name or self.stack_name)
        self.assertEqual(status, stack['stack_status'],
                         stack['stack_status_reason'])
        return stack

    def post(self, suffix, body, expected=202, method='POST'):
        response = self.service.request(method, self.path + suffix,
                                        body=body)
        self.assertEqual(expected, response.status_int, response.body)
        return response

    def action(self, name, expected=202):
        return self.post('/actions', {name: None}, expected)

    def rows(self, stack_id=None):
        rows = db_resources.resource_get_all_by_stack(
            self.ctxt, stack_id or self.stack_id)
        return {r.name: r for r in rows if r.replaced_by is None}

    def states(self, stack_id=None):
        return {name: '%s_%s' % (row.action, row.status)
                for name, row in self.rows(stack_id).items()}

    def events(self, stack_id=None):
        """(resource name, action_status) of every event, oldest first."""
        return [(e.resource_name, '%s_%s' % (e.resource_action,
                                             e.resource_status))
                for e in db_events.event_get_all_by_stack(
                    self.ctxt, stack_id or self.stack_id)]

    def wait_for_resource(self, name, state, stack_id=None):
        """Wait until resource ``name`` is in ``state`` (say
        ``UPDATE_IN_PROGRESS``).
        """
        deadline = time.monotonic() + RESOURCE_DEADLINE
        while self.states(stack_id).get(name) != state:
            self.assertLess(time.monotonic(), deadline,
                            '%s never %s' % (name, state))
            time.sleep(0.02)

    def gone(self, path):
        """Whether the stack at ``path`` is deleted."""
        shown = self.service.request('GET', path)
        return shown.status_int == 404 or (
            shown.json['stack']['stack_status'] == 'DELETE_COMPLETE')
