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

import os

from tests.component.cli import fakes

ALARM = {'id': 'a1', 'name': 'cpu_high', 'state': 'alarm',
         'meter_name': 'cpu_util', 'threshold': 80, 'stack_id': 's1',
         'resource_name': 'cpu_high', 'severity': 'low'}
HISTORY = [{'id': 'h2', 'timestamp': '2026-11-30T12:01:00Z',
            'previous': 'insufficient data', 'current': 'alarm',
            'reason': 'Transition to alarm', 'reason_data': {}}]


class TestAlarms(fakes.CLITestCase):

    def test_list_show_history(self):
        self.heat.add('GET', 'alarms', (200, {'alarms': [ALARM]}))
        self.heat.add('GET', 'alarms/a1', (200, {'alarm': ALARM}))
        self.heat.add('GET', 'alarms/a1/history',
                      (200, {'alarm_history': HISTORY}))
        rows = self.run_json('alarm', 'list', '--limit', '5')
        self.assertEqual([('a1', 'alarm')],
                         [(r['ID'], r['State']) for r in rows])
        self.assertEqual({'limit': ['5']},
                         self.heat.calls('GET', 'alarms')[0].query)
        self.assertEqual('low',
                         self.run_json('alarm', 'show', 'a1')['severity'])
        history = self.run_json('alarm', 'history', 'a1')
        self.assertEqual([('insufficient data', 'alarm')],
                         [(h['Previous'], h['Current']) for h in history])

    def test_unknown_alarm(self):
        self.heat.add('GET', 'alarms/nope', fakes.heat_error(
            404, 'EntityNotFound', 'The Alarm (nope) could not be found.'))
        status, _out, err = self.run_cli('alarm', 'show', 'nope')
        self.assertEqual(1, status)
        self.assertIn('HTTP 404', err)


class TestMetricPush(fakes.CLITestCase):

    def test_push_one_sample_with_dimensions(self):
        self.heat.add('POST', 'metrics', (202, {'stored': 1}))
        shown = self.run_json('metric', 'push', 'cpu_util', '95.5',
                              '--dimension', 'group=web',
                              '--timestamp', '2026-11-30T12:00:00Z')
        self.assertEqual({'stored': 1}, shown)
        self.assertEqual({'samples': [{
            'name': 'cpu_util', 'value': 95.5,
            'dimensions': {'group': 'web'},
            'timestamp': '2026-11-30T12:00:00Z'}]},
            self.heat.calls('POST', 'metrics')[0].body)

    def test_push_a_file_of_samples(self):
        path = os.path.join(self.state_dir, 'samples.yaml')
        with open(path, 'w') as f:
            f.write('- {name: cpu, value: 1}\n- {name: cpu, value: 2}\n')
        self.heat.add('POST', 'metrics', (202, {'stored': 2}))
        self.assertEqual({'stored': 2},
                         self.run_json('metric', 'push', '--file', path))
        self.assertEqual(2, len(
            self.heat.calls('POST', 'metrics')[0].body['samples']))

    def test_name_and_value_are_needed(self):
        status, _out, err = self.run_cli('metric', 'push', 'cpu')
        self.assertEqual(1, status)
        self.assertIn('NAME and VALUE are required', err)
        status, _out, err = self.run_cli('metric', 'push', 'cpu', '1',
                                         '--dimension', 'nokey')
        self.assertEqual(1, status)
        self.assertIn('--dimension expects KEY=VALUE', err)
