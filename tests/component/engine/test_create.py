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

"""Stack create outcomes: failure, rollback, timeout, nesting limits."""

import logging
import time

import fixtures

from heat_vision.common import context
from heat_vision.db import api as db_api
from heat_vision.db import models
from heat_vision.engine.actions import common
from tests import base
from tests import fixtures as hv_fixtures

FAILING = '''heat_template_version: 2021-04-16
resources:
  fine: {type: OS::Heat::None}
  broken:
    type: OS::Heat::TestResource
    depends_on: fine
    properties: {fail: true}
  never: {type: OS::Heat::None, depends_on: broken}
'''


class CreateOutcomeTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.service = self.useFixture(
            hv_fixtures.EmbeddedService(self.state_dir))

    def create(self, name, template, **extra):
        response = self.service.request('POST', '/v1/demo/stacks', body=dict(
            extra, stack_name=name, template=template))
        self.assertEqual(201, response.status_int, response.body)
        return self.service.wait_for_stack('demo', name)

    def test_failure_names_the_resource_and_stops_dependents(self):
        stack = self.create('f', FAILING)
        self.assertEqual('CREATE_FAILED', stack['stack_status'])
        self.assertIn('resources.broken', stack['stack_status_reason'])
        self.assertIn('Test Resource failed', stack['stack_status_reason'])

    def test_failure_rolls_back_when_asked(self):
        stack = self.create('r', FAILING, disable_rollback=False)
        self.assertEqual('ROLLBACK_COMPLETE', stack['stack_status'])

    def test_the_engine_logs_each_state_it_ends_in(self):
        log = self.useFixture(fixtures.FakeLogger(
            name='heat_vision.engine.actions.common', level=logging.INFO,
            format='%(message)s'))
        stack = self.create('r', FAILING, disable_rollback=False)
        lines = [line for line in log.output.splitlines()
                 if line.startswith('Stack ')]
        sid = stack['id']
        self.assertEqual([
            'Stack ROLLBACK IN_PROGRESS (r, %s): Resource CREATE failed: '
            'ValueError: resources.broken: Test Resource failed broken' % sid,
            'Stack ROLLBACK COMPLETE (r, %s): Stack ROLLBACK completed '
            'successfully' % sid], lines)

    def test_timeout(self):
        template = '''heat_template_version: 2021-04-16
resources:
  slow:
    type: OS::Heat::TestResource
    properties: {action_wait_secs: {create: 120}}
'''
        # A stack timeout is in minutes; make this one half a second.
        self.patch(common, 'deadline_of', lambda row: time.monotonic() + 0.5)
        stack = self.create('t', template, timeout_mins=1)
        self.assertEqual('CREATE_FAILED', stack['stack_status'])
        self.assertIn('slow', stack['stack_status_reason'])

    def test_nested_depth_limit(self):
        self.flags(max_nested_stack_depth=1)
        group = '''heat_template_version: 2021-04-16
resources:
  outer:
    type: OS::Heat::ResourceGroup
    properties:
      count: 1
      resource_def:
        type: OS::Heat::ResourceGroup
        properties:
          count: 1
          resource_def: {type: OS::Heat::None}
'''
        stack = self.create('deep', group)
        self.assertEqual('CREATE_FAILED', stack['stack_status'])
        self.assertIn('Recursion depth exceeds 1',
                      stack['stack_status_reason'])

    def test_group_outputs_and_delete_of_children(self):
        template = '''heat_template_version: 2021-04-16
resources:
  g:
    type: OS::Heat::ResourceGroup
    properties:
      count: 3
      resource_def:
        type: OS::Heat::Value
        properties: {value: v-%index%}
outputs:
  values: {value: {get_attr: [g, value]}}
  second: {value: {get_attr: [g, resource.1, value]}}
'''
        stack = self.create('grp', template)
        outputs = {o['output_key']: o['output_value']
                   for o in stack['outputs']}
        self.assertEqual(['v-0', 'v-1', 'v-2'], outputs['values'])
        self.assertEqual('v-1', outputs['second'])
        path = '/v1/demo/stacks/grp/%s' % stack['id']
        self.assertEqual(204, self.service.request('DELETE',
                                                   path).status_int)
        self.assertEqual(404, self.service.wait_for_stack(
            'demo', 'grp').status_int)
        with db_api.reader(context.get_admin_context()) as session:
            live = session.query(models.Stack).filter(
                models.Stack.deleted_at.is_(None)).count()
        self.assertEqual(0, live)
