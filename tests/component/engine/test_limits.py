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

"""Hostile templates against the embedded engine: every one a quick 400.

Function bombs, group counts past max_resources_per_stack, stored values
past their caps and test-only resource types all end in a clear error
naming what is wrong, before anything large is built or stored.
"""

import time

from tests.component.engine import stack_ops


def _nested(fn, depth, leaf):
    value = leaf
    for _ in range(depth):
        value = fn(value)
    return value


BOMBS = {
    'str_replace': _nested(
        lambda v: {'str_replace': {'template': 'a' * 10,
                                   'params': {'a': v}}}, 9, 'x' * 10),
    'list_join': _nested(lambda v: {'list_join': [v, ['a'] * 10]}, 10,
                         'xx'),
    'repeat': {'repeat': {
        'for_each': {'<%a%>': list(range(1000)), '<%b%>': list(range(1000)),
                     '<%c%>': list(range(1000))},
        'template': 'x'}},
    'repeat_in_one_item': {'repeat': {
        'for_each': {'k': ['y' * 20000]}, 'template': 'k' * 20000}},
    'list_concat': {'list_concat': [
        {'repeat': {'for_each': {'i': [str(i) for i in range(300)]},
                    'template': 'x' * 500}}] * 5},
    'map_merge': {'map_merge': [
        {'get_param': 'big'}, {'get_param': 'big'}, {'get_param': 'big'}]},
}


def assert_quick_400(test, template, mentions, seconds=5, **extra):
    """POST a create; it must be refused with a 400 within ``seconds``."""
    started = time.monotonic()
    response = test.service.request(
        'POST', '/v1/demo/stacks',
        body=dict(extra, stack_name='hostile', template=template))
    test.assertEqual(400, response.status_int, response.body)
    test.assertLess(time.monotonic() - started, seconds)
    test.assertIn(mentions, response.json['error']['message'])
    return response


class FunctionBudgetTest(stack_ops.StackOpsTestCase):

    template = None

    def refused(self, value, mentions, **extra):
        template = {
            'heat_template_version': '2021-04-16',
            'parameters': {'big': {'type': 'json',
                                   'default': {str(i): 'v' * 500
                                               for i in range(500)}}},
            'resources': {'v': {'type': 'OS::Heat::Value',
                                'properties': {'value': value}}}}
        return assert_quick_400(self, template, mentions, **extra)

    def test_bombs_are_refused_naming_the_function(self):
        for name, bomb in BOMBS.items():
            fn = name.split('_in_')[0]
            response = self.refused(bomb, 'max_evaluation_result_size')
            self.assertIn('resources.v.properties', response.json['error']
                          ['message'], name)
            self.assertIn('"%s"' % fn, response.json['error']['message'],
                          name)

    def test_the_limit_is_an_option(self):
        self.flags(max_evaluation_result_size=1024)
        self.refused({'str_replace': {'template': 'aaaa',
                                      'params': {'a': 'x' * 300}}},
                     'than 1024')
        self.flags(max_evaluation_result_size=2048)
        self.create('fits', {
            'heat_template_version': '2021-04-16',
            'resources': {'v': {'type': 'OS::Heat::Value', 'properties': {
                'value': {'str_replace': {'template': 'aaaa',
                                          'params': {'a': 'x' * 300}}}}}}})

    def test_work_is_bounded_across_one_value(self):
        self.flags(max_evaluation_work=200000)
        middling = {'repeat': {'for_each': {'i': [str(i) for i in range(100)]},
                               'template': 'x' * 1000}}
        self.refused([middling] * 3, 'max_evaluation_work')

    def test_an_output_bomb_fails_only_itself_and_quickly(self):
        stack_id = self.create('outs', {
            'heat_template_version': '2021-04-16',
            'resources': {'v': {'type': 'OS::Heat::Value',
                                'properties': {'value': 'ok'}}},
            'outputs': {
                'fine': {'value': {'get_attr': ['v', 'value']}},
                'bomb': {'value': BOMBS['str_replace']}}})
        started = time.monotonic()
        stack = self.service.request(
            'GET', '/v1/demo/stacks/outs/%s' % stack_id).json['stack']
        self.assertLess(time.monotonic() - started, 2)
        outputs = {o['output_key']: o for o in stack['outputs']}
        self.assertEqual('ok', outputs['fine']['output_value'])
        self.assertIn('max_evaluation_result_size',
                      outputs['bomb']['output_error'])


class StoredSizeTest(stack_ops.StackOpsTestCase):

    template = None

    def value_template(self, count, size):
        return {'heat_template_version': '2021-04-16',
                'resources': {'v%d' % i: {'type': 'OS::Heat::Value',
                                          'properties': {'value': 'x' * size}}
                              for i in range(count)}}

    def assertCapped(self, option, limit, count, size):
        self.flags(**{option: limit})
        self.create(option, self.value_template(count, size),
                    status='CREATE_FAILED')
        reason = self.wait('CREATE_FAILED', option)['stack_status_reason']
        self.assertIn(option, reason)

    def test_one_resource_past_its_cap_fails(self):
        self.assertCapped('max_resource_properties_size', 4096, 1, 5000)

    def test_the_stack_total_is_capped(self):
        self.assertCapped('max_stack_properties_size', 20000, 5, 5000)

    def test_within_the_caps_is_fine(self):
        self.create('small', self.value_template(5, 1000))


class GroupCountTest(stack_ops.StackOpsTestCase):

    template = None

    def group(self, count):
        return {'heat_template_version': '2021-04-16',
                'parameters': {'n': {'type': 'number', 'default': 1}},
                'resources': {'g': {'type': 'OS::Heat::ResourceGroup',
                                    'properties': {
                                        'count': count,
                                        'resource_def': {
                                            'type': 'OS::Heat::None'}}}}}

    def refused(self, template, **extra):
        assert_quick_400(self, template, 'max_resources_per_stack', **extra)

    def test_literal_and_parameter_counts_are_refused_up_front(self):
        self.refused(self.group(10 ** 9))
        self.refused(self.group(1000))      # 1000 members + the group
        self.refused(self.group({'get_param': 'n'}),
                     parameters={'n': 10 ** 5})

    def test_a_count_known_only_at_run_time_fails_the_group(self):
        template = self.group({'get_attr': ['n', 'value']})
        template['resources']['n'] = {'type': 'OS::Heat::Value',
                                      'properties': {'value': 10 ** 9,
                                                     'type': 'number'}}
        self.create('late', template, status='CREATE_FAILED')
        reason = self.wait('CREATE_FAILED', 'late')['stack_status_reason']
        self.assertIn('max_resources_per_stack', reason)

    def test_the_whole_tree_counts(self):
        self.flags(max_resources_per_stack=20)
        inner = {'type': 'OS::Heat::ResourceGroup',
                 'properties': {'count': 5, 'resource_def': {
                     'type': 'OS::Heat::None'}}}
        template = self.group(3)
        template['resources']['g']['properties']['resource_def'] = inner
        # 1 + 3 groups + 3 * 5 members = 19: fits.
        self.create('tree', template)
        template['resources']['g']['properties']['count'] = 4
        # 1 + 4 + 20 = 25: the fourth inner group cannot be made.
        self.create('forest', template, status='CREATE_FAILED')
        reason = self.wait('CREATE_FAILED', 'forest')['stack_status_reason']
        self.assertIn('max_resources_per_stack', reason)

    def test_autoscaling_group_sizes_are_counted(self):
        def asg(**sizes):
            return {'heat_template_version': '2021-04-16',
                    'parameters': {'n': {'type': 'number', 'default': 1}},
                    'resources': {'g': {
                        'type': 'OS::Heat::AutoScalingGroup',
                        'properties': dict(sizes, resource={
                            'type': 'OS::Heat::None'})}}}
        self.refused(asg(min_size=10 ** 9, max_size=10 ** 9))
        self.refused(asg(min_size=0, max_size=10 ** 9,
                         desired_capacity={'get_param': 'n'}),
                     parameters={'n': 10 ** 9})
        # A size known only at run time fails the group, allocating
        # nothing.
        template = asg(min_size=0, max_size=10 ** 9,
                       desired_capacity={'get_attr': ['n', 'value']})
        template['resources']['n'] = {'type': 'OS::Heat::Value',
                                      'properties': {'value': 10 ** 9,
                                                     'type': 'number'}}
        self.create('late-asg', template, status='CREATE_FAILED')
        reason = self.wait('CREATE_FAILED',
                           'late-asg')['stack_status_reason']
        self.assertIn('max_resources_per_stack', reason)

    def test_counts_within_the_limit_work(self):
        self.flags(max_resources_per_stack=10)
        self.create('fits', self.group(9))
        self.refused(self.group(10))


class TestTypesTest(stack_ops.StackOpsTestCase):

    template = None
    LEDGER = {'heat_template_version': '2021-04-16',
              'resources': {'l': {'type': 'HeatVision::Test::Ledger',
                                  'properties': {'directory': '/tmp'}}}}

    def test_not_loadable_by_default(self):
        response = self.service.request(
            'POST', '/v1/demo/stacks',
            body={'stack_name': 'ledger', 'template': self.LEDGER})
        self.assertEqual(400, response.status_int, response.body)
        self.assertIn('HeatVision::Test::Ledger',
                      response.json['error']['message'])
        types = self.service.request('GET', '/v1/demo/resource_types')
        self.assertNotIn('HeatVision::Test::Ledger', str(types.json))

    def test_loadable_when_a_test_configuration_enables_them(self):
        self.flags(enable_test_resource_types=True)
        types = self.service.request('GET', '/v1/demo/resource_types')
        self.assertIn('HeatVision::Test::Ledger', str(types.json))
