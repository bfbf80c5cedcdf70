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

"""``policy signal|rotate-url`` and ``group show``."""

from tests.component.cli import fakes

RESOURCES = 'stacks/web/1111/resources/'


class TestScalingCommands(fakes.CLITestCase):

    def setUp(self):
        super().setUp()
        self.heat.add_stack(fakes.stack())

    def test_policy_signal_sends_the_data(self):
        self.heat.add('POST', RESOURCES + 'up/signal', (200, None))
        self.run_ok('policy', 'signal', 'web', 'up', '--data',
                    '{"current": "alarm"}')
        self.assertEqual({'current': 'alarm'},
                         self.heat.calls('POST')[0].body)

    def test_policy_rotate_url_shows_the_new_url(self):
        self.heat.add('POST', RESOURCES + 'up/rotate_signal_url', (200, {
            'resource_name': 'up', 'signed_url': 'http://h/v1/signal/x'}))
        shown = self.run_json('policy', 'rotate-url', 'web', 'up')
        self.assertEqual('http://h/v1/signal/x', shown['signed_url'])

    def test_group_show(self):
        self.heat.add('GET', RESOURCES + 'asg/scaling', (200, {
            'scaling_group': {
                'resource_name': 'asg', 'current_size': 2, 'min_size': 1,
                'max_size': 5, 'desired_capacity': None, 'cooldown': 60,
                'cooldown_end': '2026-11-30T21:00:00+00:00',
                'scaling_in_progress': False,
                'members': [{'name': 'a', 'reference_id': 'r1'},
                            {'name': 'b', 'reference_id': 'r2'}],
                'pending_signals': 3,
                'pending_adjustments': [{'policy': 'up', 'signals': 3}],
                'pending_due_at': '2026-11-30T21:00:00'}}))
        shown = self.run_json('group', 'show', 'web', 'asg')
        self.assertEqual(2, shown['current_size'])
        self.assertEqual(['a', 'b'], shown['members'])
        self.assertEqual(3, shown['pending_signals'])
        self.assertEqual('2026-11-30T21:00:00+00:00', shown['cooldown_end'])

    def test_group_show_of_a_missing_group_is_an_error(self):
        status, _out, err = self.run_cli('group', 'show', 'web', 'nope')
        self.assertEqual(1, status)
