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

"""Hostile templates against a real heat-vision-all: bounded evaluation,
counts checked up front, stored values capped, no test-only types."""

import time

from tests.functional.security import base


def _nested(fn, depth, leaf):
    value = leaf
    for _ in range(depth):
        value = fn(value)
    return value


def _value_template(value, **sections):
    return dict({'heat_template_version': '2021-04-16',
                 'resources': {'v': {'type': 'OS::Heat::Value',
                                     'properties': {'value': value}}}},
                **sections)


def _wide(count, size):
    """A list of ``count`` strings of ``size`` characters, built by repeat."""
    return {'repeat': {'for_each': {'<%i%>': [str(i) for i in range(count)]},
                       'template': 'x' * size}}


def _long(size):
    """A string of ``size`` * 100 characters, built by str_replace."""
    return {'str_replace': {'template': 'a' * 100,
                            'params': {'a': 'x' * size}}}


# Each is small as JSON (a bomb must grow through the functions, not the
# document) and would be far over max_evaluation_result_size if built.
BOMBS = [
    _nested(lambda v: {'str_replace': {'template': 'a' * 10,
                                       'params': {'a': v}}}, 9, 'x' * 10),
    _nested(lambda v: {'str_replace_strict': {'template': 'ab' * 50,
                                              'params': {'a': v}}}, 6, 'x'),
    _nested(lambda v: {'list_join': [v, ['a'] * 10]}, 10, 'xx'),
    {'list_concat': [_wide(300, 2000), _wide(300, 2000)]},
    {'list_concat_unique': [_wide(300, 2000), _wide(300, 1999)]},
    {'map_merge': [{'a': _long(3000)}, {'b': _long(3000)}]},
    {'repeat': {'for_each': {'<%a%>': [str(i) for i in range(1000)],
                             '<%b%>': [str(i) for i in range(1000)],
                             '<%c%>': [str(i) for i in range(1000)]},
                'template': '<%a%><%b%><%c%>'}},
    {'repeat': {'for_each': {'k': ['y' * 50000]}, 'template': 'k' * 50000}},
    {'str_split': [',', {'list_join': [',', _wide(300, 2000)]}]},
    {'yaql': {'expression': '$.data', 'data': _wide(300, 2000)}},
    {'digest': ['sha256', {'list_join': ['', _wide(300, 2000)]}]},
]


class EvaluationBudgetTest(base.SecurityTestCase):

    def test_function_bombs_are_quick_400s(self):
        for bomb in BOMBS:
            body = {'stack_name': self.unique(),
                    'template': _value_template(bomb)}
            self.assertRefused('POST', '/stacks', status=400, json=body,
                               mentions='resources.v.properties.value')
            # The same through preview and validate.
            self.assertRefused('POST', '/stacks/preview', status=400,
                               json=body)

    def test_a_bomb_behind_a_parameter_is_refused(self):
        template = _value_template(
            {'str_replace': {'template': {'get_param': 't'},
                             'params': {'a': {'get_param': 'v'}}}},
            parameters={'t': {'type': 'string'}, 'v': {'type': 'string'}})
        self.assertRefused('POST', '/stacks', status=400, json={
            'stack_name': self.unique(), 'template': template,
            'parameters': {'t': 'a' * 100000, 'v': 'b' * 100000}},
            mentions='max_evaluation_result_size')

    def test_a_slow_yaql_expression_is_stopped(self):
        slow = {'yaql': {'expression': 'range(1000).select(range(1000).'
                                       'select(range(1000).select($)))',
                         'data': {}}}
        # [yaql] timeout is 1 s by default: documented, bounded time.
        self.assertRefused('POST', '/stacks', status=400, seconds=4,
                           json={'stack_name': self.unique(),
                                 'template': _value_template(slow)},
                           mentions='[yaql] timeout')

    def test_an_output_bomb_costs_nothing_on_reads(self):
        stack = self.create_stack(_value_template(
            'fine', outputs={'bomb': {'value': BOMBS[0]}}))
        self.assertEqual('CREATE_COMPLETE', stack['stack_status'])
        path = '/stacks/%s/%s' % (stack['stack_name'], stack['id'])
        for _ in range(3):
            started = time.monotonic()
            shown = self.request('GET', path)
            self.assertLess(time.monotonic() - started,
                            base.REFUSAL_SECONDS)
            self.assertEqual(200, shown.status_code)
            output = shown.json()['stack']['outputs'][0]
            self.assertIn('max_evaluation_result_size',
                          output['output_error'])
        self.assertServiceHealthy()

    def test_many_large_values_stay_bounded(self):
        def template(size):
            return {'heat_template_version': '2021-04-16', 'resources': {
                'v%d' % i: {'type': 'OS::Heat::Value', 'properties': {
                    'value': {'str_replace': {
                        'template': 'a' * 100,
                        'params': {'a': 'x' * size}}}}}
                for i in range(50)}}
        self.assertRefused('POST', '/stacks', status=400, json={
            'stack_name': self.unique(), 'template': template(6000)},
            mentions='max_evaluation_result_size')
        # Just under the per-value limit: 50 values of 400 KB are stored
        # (20 MB, under max_stack_properties_size) and reads stay quick.
        stack = self.create_stack(template(4000))
        self.assertEqual('CREATE_COMPLETE', stack['stack_status'])
        started = time.monotonic()
        shown = self.request(
            'GET', '/stacks/%s/%s' % (stack['stack_name'], stack['id']))
        self.assertEqual(200, shown.status_code)
        self.assertLess(time.monotonic() - started, base.REFUSAL_SECONDS)
        self.assertServiceHealthy()


class CountsTest(base.SecurityTestCase):

    @staticmethod
    def group(count, **sections):
        return dict({'heat_template_version': '2021-04-16',
                     'parameters': {'n': {'type': 'number'}},
                     'resources': {'g': {
                         'type': 'OS::Heat::ResourceGroup',
                         'properties': {'count': count, 'resource_def': {
                             'type': 'OS::Heat::None'}}}}}, **sections)

    def test_group_counts_past_the_limit_are_refused_up_front(self):
        for count, params in ((10 ** 9, {}), (10 ** 5, {}), (1000, {}),
                              ({'get_param': 'n'}, {'n': 10 ** 9}),
                              ({'get_param': 'n'}, {'n': 2000})):
            self.assertRefused('POST', '/stacks', status=400, json={
                'stack_name': self.unique(), 'template': self.group(count),
                'parameters': dict(params, **({} if params else {'n': 1}))},
                mentions='max_resources_per_stack')

    def test_nested_groups_count_towards_the_limit(self):
        template = self.group(600)
        template['resources']['h'] = template['resources']['g']
        self.assertRefused('POST', '/stacks', status=400, json={
            'stack_name': self.unique(), 'template': template,
            'parameters': {'n': 1}}, mentions='max_resources_per_stack')


class TestTypesTest(base.SecurityTestCase):

    def test_test_only_types_are_unknown_in_production(self):
        for directory in ('/tmp', '/etc', '.'):
            template = {'heat_template_version': '2021-04-16',
                        'resources': {'l': {
                            'type': 'HeatVision::Test::Ledger',
                            'properties': {'directory': directory}}}}
            self.assertRefused('POST', '/stacks', status=400, json={
                'stack_name': self.unique(), 'template': template},
                mentions='HeatVision::Test::Ledger')
        listed = self.request('GET', '/resource_types').json()
        self.assertNotIn('HeatVision::Test', str(listed))
        self.assertRefused('GET', '/resource_types/HeatVision::Test::Ledger',
                           status=404)

    def test_no_type_names_a_path_of_the_host(self):
        # A provider template named by a path or a URL is only looked up
        # in the files the request carries.
        for type_name in ('/etc/passwd', 'file:///etc/passwd',
                          '../../etc/passwd.yaml'):
            template = {'heat_template_version': '2021-04-16',
                        'resources': {'r': {'type': type_name}}}
            response = self.assertRefused('POST', '/stacks', status=400,
                                          json={'stack_name': self.unique(),
                                                'template': template})
            self.assertNotIn('root:', response.text)
