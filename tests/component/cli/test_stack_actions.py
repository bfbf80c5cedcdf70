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

import json
import os

from tests.component.cli import fakes


class TestActions(fakes.CLITestCase):

    def setUp(self):
        super().setUp()
        self.heat.add_stack(fakes.stack())
        self.heat.add('POST', 'stacks/web/1111/actions', (200, None))

    def test_each_action_posts_its_body(self):
        for verb, body in (('check', {'check': None}),
                           ('suspend', {'suspend': None}),
                           ('resume', {'resume': None})):
            shown = self.run_json('stack', verb, 'web')
            self.assertEqual('web', shown['stack_name'])
            self.assertEqual(body, self.heat.calls(
                'POST', 'stacks/web/1111/actions')[-1].body)

    def test_cancel_with_and_without_rollback(self):
        self.run_ok('stack', 'cancel', 'web')
        self.run_ok('stack', 'cancel', 'web', '--no-rollback')
        bodies = [call.body for call in self.heat.calls('POST')]
        self.assertEqual([{'cancel_update': None},
                          {'cancel_without_rollback': None}], bodies)

    def test_check_wait_ignores_the_old_status(self):
        self.heat.add('GET', 'stacks/web/1111',
                      (200, {'stack': fakes.stack(
                          stack_status='CHECK_COMPLETE', updated_time='t0')}),
                      (200, {'stack': fakes.stack(
                          stack_status='CHECK_IN_PROGRESS')}),
                      (200, {'stack': fakes.stack(
                          stack_status='CHECK_COMPLETE', updated_time='t1')}))
        self.heat.add('GET', 'stacks/web/1111/events',
                      (200, {'events': []}))
        self.heat.add('GET', 'stacks/web/1111/resources',
                      (200, {'resources': [fakes.resource(
                          'a', 'CHECK_COMPLETE')]}))
        status, out, err = self.run_cli('stack', 'check', 'web', '--wait',
                                        '--poll', '0', '-f', 'json')
        self.assertEqual(0, status, err)
        self.assertIn('Stack web CHECK_COMPLETE (1/1 resources)', err)
        self.assertEqual('t1', json.loads(out)['updated_time'])


class TestAbandonAdoptExport(fakes.CLITestCase):

    def test_abandon_prints_data_and_export_writes_file(self):
        data = {'name': 'web', 'resources': {'a': {}}}
        self.heat.add_stack(fakes.stack())
        self.heat.add('DELETE', 'stacks/web/1111/abandon', (200, data))
        self.heat.add('GET', 'stacks/web/1111/export', (200, data))
        self.assertEqual(data, json.loads(self.run_ok('stack', 'abandon',
                                                      'web')))
        target = os.path.join(self.state_dir, 'export.json')
        self.run_ok('stack', 'export', 'web', '--output-file', target)
        with open(target) as handle:
            self.assertEqual(data, json.load(handle))

    def test_adopt_sends_the_abandon_data(self):
        adopt = os.path.join(self.state_dir, 'adopt.json')
        with open(adopt, 'w') as handle:
            handle.write('{"name": "old"}')
        self.heat.add('POST', 'stacks', (201, {'stack': {'id': '1111'}}))
        self.heat.add_stack(fakes.stack(stack_status='ADOPT_COMPLETE'))
        shown = self.run_json('stack', 'adopt', 'web', '--adopt-file',
                              adopt, '--parameter', 'a=1')
        self.assertEqual('ADOPT_COMPLETE', shown['stack_status'])
        body = self.heat.calls('POST', 'stacks')[0].body
        self.assertEqual({'stack_name': 'web',
                          'adopt_stack_data': '{"name": "old"}',
                          'disable_rollback': True, 'files': {},
                          'parameters': {'a': '1'}}, body)
