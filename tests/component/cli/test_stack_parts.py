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

"""Events, resources, outputs, snapshots and the stack's template."""

from tests.component.cli import fakes


class StackPartsTestCase(fakes.CLITestCase):

    def setUp(self):
        super().setUp()
        self.heat.add_stack(fakes.stack())


class TestEvents(StackPartsTestCase):

    def test_list_with_filters_and_nested_stack_names(self):
        nested_event = fakes.event('e2', 'x', 'CREATE_COMPLETE')
        nested_event['links'] = [{'rel': 'stack', 'href':
                                  'http://h/v1/demo/stacks/inner/9'}]
        self.heat.add('GET', 'stacks/web/1111/events', (200, {'events': [
            fakes.event('e1', 'a', 'CREATE_COMPLETE'), nested_event]}))
        rows = self.run_json('stack', 'event', 'list', 'web', '--filter',
                             'resource_status=COMPLETE', '--nested-depth',
                             '2', '--sort', 'event_time:desc')
        self.assertEqual(['e1', 'e2'], [row['ID'] for row in rows])
        self.assertEqual([None, 'inner'], [row['Stack'] for row in rows])
        query = self.heat.calls('GET', 'stacks/web/1111/events')[0].query
        self.assertEqual({'resource_status': ['COMPLETE'],
                          'nested_depth': ['2'], 'sort_keys': ['event_time'],
                          'sort_dir': ['desc']}, query)

    def test_list_of_one_resource_and_show(self):
        path = 'stacks/web/1111/resources/a/events'
        self.heat.add('GET', path, (200, {'events': []}))
        self.heat.add('GET', path + '/e1', (200, {
            'event': fakes.event('e1', 'a', 'CREATE_COMPLETE')}))
        self.assertEqual([], self.run_json('stack', 'event', 'list', 'web',
                                           '--resource', 'a'))
        shown = self.run_json('stack', 'event', 'show', 'web', 'a', 'e1')
        self.assertEqual('CREATE_COMPLETE', shown['resource_status'])


class TestResources(StackPartsTestCase):

    def test_list_show_and_metadata(self):
        self.heat.add('GET', 'stacks/web/1111/resources', (200, {
            'resources': [fakes.resource('a', stack_ref='web/1111')]}))
        self.heat.add('GET', 'stacks/web/1111/resources/a', (200, {
            'resource': fakes.resource('a')}))
        self.heat.add('GET', 'stacks/web/1111/resources/a/metadata', (200, {
            'metadata': {'k': 'v'}}))
        rows = self.run_json('stack', 'resource', 'list', 'web', '-n', '1',
                             '--long', '--filter', 'type=OS::Heat::None')
        self.assertEqual('web', rows[0]['Stack Name'])
        self.assertEqual('state changed', rows[0]['Status Reason'])
        self.assertEqual({'nested_depth': ['1'], 'type': ['OS::Heat::None']},
                         self.heat.calls('GET', 'stacks/web/1111/resources')[
                             0].query)
        shown = self.run_json('stack', 'resource', 'show', 'web', 'a',
                              '--with-attr', 'x', '--with-attr', 'y')
        self.assertEqual('a', shown['resource_name'])
        self.assertEqual({'with_attr': ['x', 'y']}, self.heat.calls(
            'GET', 'stacks/web/1111/resources/a')[0].query)
        self.assertEqual({'k': 'v'}, self.run_json(
            'stack', 'resource', 'metadata', 'web', 'a'))

    def test_list_one_page(self):
        self.heat.add('GET', 'stacks/web/1111/resources', (200, {
            'resources': [fakes.resource('b', stack_ref='web/1111')]}))
        rows = self.run_json('stack', 'resource', 'list', 'web',
                             '--limit', '1', '--marker', 'a')
        self.assertEqual(['b'], [r['Resource Name'] for r in rows])
        self.assertEqual({'limit': ['1'], 'marker': ['a']},
                         self.heat.calls('GET', 'stacks/web/1111/resources')[
                             0].query)

    def test_signal_and_mark_unhealthy(self):
        self.heat.add('POST', 'stacks/web/1111/resources/a/signal',
                      (200, None))
        self.heat.add('PATCH', 'stacks/web/1111/resources/a', (200, None))
        self.run_ok('stack', 'resource', 'signal', 'web', 'a', '--data',
                    '{"n": 1}')
        self.run_ok('stack', 'resource', 'mark', 'unhealthy', 'web', 'a',
                    'broken')
        self.run_ok('stack', 'resource', 'mark', 'unhealthy', 'web', 'a',
                    '--reset')
        self.assertEqual({'n': 1}, self.heat.calls('POST')[0].body)
        self.assertEqual(
            [{'mark_unhealthy': True, 'resource_status_reason': 'broken'},
             {'mark_unhealthy': False, 'resource_status_reason': ''}],
            [call.body for call in self.heat.calls('PATCH')])

    def test_signal_with_bad_json_is_an_error(self):
        status, _out, err = self.run_cli('stack', 'resource', 'signal',
                                         'web', 'a', '--data', '{')
        self.assertEqual(1, status)
        self.assertIn('Signal data is not JSON', err)


class TestOutputs(StackPartsTestCase):

    def test_list_and_show(self):
        self.heat.add('GET', 'stacks/web/1111/outputs', (200, {'outputs': [
            {'output_key': 'url', 'description': 'the URL'}]}))
        self.heat.add('GET', 'stacks/web/1111/outputs/url', (200, {
            'output': {'output_key': 'url', 'output_value': 'http://x'}}))
        self.assertEqual([{'Output Key': 'url', 'Description': 'the URL'}],
                         self.run_json('stack', 'output', 'list', 'web'))
        self.assertEqual('http://x', self.run_json(
            'stack', 'output', 'show', 'web', 'url')['output_value'])


class TestSnapshots(StackPartsTestCase):

    def test_lifecycle(self):
        base = 'stacks/web/1111/snapshots'
        snap = {'id': 's1', 'name': 'n', 'status': 'COMPLETE',
                'status_reason': '', 'data': {'big': 1},
                'creation_time': 't'}
        self.heat.add('POST', base, (200, snap))
        self.heat.add('GET', base, (200, {'snapshots': [snap]}))
        self.heat.add('GET', base + '/s1', (200, {'snapshot': snap}))
        self.heat.add('DELETE', base + '/s1', (204, None))
        self.heat.add('POST', base + '/s1/restore', (202, None))
        created = self.run_json('stack', 'snapshot', 'create', 'web',
                                '--name', 'n')
        self.assertNotIn('data', created)
        self.assertEqual({'name': 'n'}, self.heat.calls('POST', base)[0]
                         .body)
        self.assertEqual('s1', self.run_json(
            'stack', 'snapshot', 'list', 'web')[0]['ID'])
        self.assertEqual({'big': 1}, self.run_json(
            'stack', 'snapshot', 'show', 'web', 's1')['data'])
        self.run_ok('stack', 'snapshot', 'delete', 'web', 's1')
        self.run_ok('stack', 'snapshot', 'restore', 'web', 's1')
        self.assertEqual(1, len(self.heat.calls('POST',
                                                base + '/s1/restore')))


class TestStackTemplate(StackPartsTestCase):

    def test_show_defaults_to_yaml_with_version_first(self):
        self.heat.add('GET', 'stacks/web/1111/template', (200, {
            'resources': {'a': {'type': 'OS::Heat::None'}},
            'heat_template_version': '2021-04-16'}))
        out = self.run_ok('stack', 'template', 'show', 'web')
        self.assertTrue(out.startswith("heat_template_version: '2021-04-16'"),
                        out)
        self.assertIn('type: OS::Heat::None', out)
