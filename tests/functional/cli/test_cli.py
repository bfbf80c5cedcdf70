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

"""The ``heat-vision`` script against a real ``heat-vision-all``."""

import json
import os

from tests import base
from tests.functional.cli import service

TEMPLATE = """heat_template_version: 2021-04-16
description: functional test of the CLI
parameters:
  greeting: {type: string, default: hello}
resources:
  first:
    type: OS::Heat::None
  second:
    type: OS::Heat::None
    depends_on: first
outputs:
  greeting:
    value: {get_param: greeting}
"""
JOB = """name: two-steps
kind: sequence
tasks:
  - {name: first, action: noop}
  - {name: second, action: noop, requires: [first]}
"""
BAD_TEMPLATE = """heat_template_version: 2021-04-16
resources:
  broken:
    type: OS::No::Such::Type
"""


class TestCLI(base.TestCase):
    """One ``heat-vision-all`` for the class.

    Each test names stacks of its own and looks only for them in lists.
    """

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.heat = service.HeatVisionAll()
        cls.heat.setUp()

    @classmethod
    def tearDownClass(cls):
        cls.heat.cleanUp()
        super().tearDownClass()

    def setUp(self):
        super().setUp()
        self.template = self.write('stack.yaml', TEMPLATE)

    def write(self, name, text):
        path = os.path.join(self.state_dir, name)
        with open(path, 'w') as handle:
            handle.write(text)
        return path

    def ok(self, *args):
        result = self.heat.cli(*args)
        self.assertEqual(0, result.returncode,
                         'stderr: %s\nserver log: %s' % (result.stderr,
                                                         self.heat.log()))
        return result

    def ok_json(self, *args):
        return json.loads(self.ok(*(args + ('-f', 'json'))).stdout)

    def test_stack_lifecycle_with_wait(self):
        created = self.ok('stack', 'create', 'life', '-t', self.template,
                          '--parameter', 'greeting=hi', '--wait',
                          '--poll', '0.2', '-f', 'json')
        self.assertEqual({'greeting': 'hi'}, json.loads(created.stdout))
        self.assertIn('Stack life CREATE_COMPLETE', created.stderr)

        rows = self.ok_json('stack', 'list')
        self.assertIn('life', [row['Stack Name'] for row in rows])
        shown = self.ok_json('stack', 'show', 'life')
        self.assertEqual('CREATE_COMPLETE', shown['stack_status'])

        deleted = self.ok('stack', 'delete', 'life', '--wait', '--poll',
                          '0.2')
        self.assertIn('DELETE_COMPLETE', deleted.stderr)
        self.assertNotIn('life', [row['Stack Name']
                                  for row in self.ok_json('stack', 'list')])
        log = self.heat.log(tail=None)
        self.assertNotIn('application-written content was ignored', log)
        self.assertEqual(1, log.count('creates stack life'), log)

    def test_stack_parts(self):
        self.ok('stack', 'create', 'parts', '-t', self.template, '--wait',
                '--poll', '0.2')
        result = self.heat.cli('stack', 'resource', 'list', 'parts', '-f',
                               'json')
        self.assertEqual(0, result.returncode, result.stderr)
        names = sorted(row['Resource Name']
                       for row in json.loads(result.stdout))
        self.assertEqual(['first', 'second'], names)
        events = self.ok_json('stack', 'event', 'list', 'parts')
        self.assertIn('CREATE_COMPLETE',
                      [row['Status'] for row in events])
        self.assertEqual('hello', self.ok_json(
            'stack', 'output', 'show', 'parts', 'greeting')['output_value'])
        self.assertEqual('2021-04-16', self.ok_json(
            'stack', 'template', 'show', 'parts')['heat_template_version'])
        graph = self.ok('stack', 'graph', 'parts').stdout
        self.assertIn('->', graph)

    def test_create_of_invalid_template_fails_cleanly(self):
        bad = self.write('bad.yaml', BAD_TEMPLATE)
        result = self.heat.cli('stack', 'create', 'bad', '-t', bad, '--wait')
        self.assertEqual(1, result.returncode)
        self.assertIn('OS::No::Such::Type', result.stderr)
        self.assertEqual(1, len(result.stderr.strip().splitlines()),
                         result.stderr)

    def test_missing_stack_is_a_one_line_error(self):
        result = self.heat.cli('stack', 'show', 'nothing-here')
        self.assertEqual(1, result.returncode)
        self.assertEqual('EntityNotFound (HTTP 404): The Stack '
                         '(nothing-here) could not be found.\n',
                         result.stderr)

    def test_template_commands(self):
        validated = self.ok_json('template', 'validate', '-t',
                                 self.template)
        self.assertEqual('functional test of the CLI',
                         validated['Description'])
        versions = self.ok_json('template', 'version', 'list')
        self.assertIn('heat_template_version.2021-04-16',
                      [row['Version'] for row in versions])

    def test_service_list_as_admin(self):
        rows = self.ok_json('--os-roles', 'admin', 'service', 'list')
        self.assertTrue(rows)
        self.assertEqual('up', rows[0]['Status'])

    def test_task_lifecycle(self):
        job = self.write('job.yaml', JOB)
        created = self.ok('task', 'create', job, '--wait', '--poll', '0.2',
                          '-f', 'json')
        shown = json.loads(created.stdout)
        self.assertEqual('COMPLETE', shown['status'])
        self.assertIn('COMPLETE (2/2 tasks)', created.stderr)
        self.assertEqual(['SUCCESS', 'SUCCESS'],
                         [step['state'] for step in shown['steps']])
        rows = self.ok_json('task', 'list', '--filter', 'status=COMPLETE')
        self.assertEqual([shown['id']], [row['ID'] for row in rows])
        again = self.heat.cli('task', 'cancel', shown['id'])
        self.assertEqual(1, again.returncode)
        self.assertIn('HTTP 409', again.stderr)
