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

"""The evaluation budget: sizes, pre-checks and the yaql time limit."""

import threading
import time

from heat_vision.common import exception
from heat_vision.template import budget
from heat_vision.template.hot import functions_yaql
from tests import base
from tests.unit.template import utils

V = '2021-04-16'


class SizeOfTest(base.TestCase):

    def test_sizes(self):
        self.assertEqual(4, budget.size_of('abc'))
        self.assertEqual(1, budget.size_of(7))
        # A list of two: itself, two items, and their own sizes.
        self.assertEqual(3 + 2 + 3, budget.size_of(['a', 'bc']))
        self.assertEqual(2 + 2 + 1, budget.size_of({'k': 1}))

    def test_stops_past_the_cap(self):
        shared = ['x' * 1000] * 1000
        huge = [shared] * 10 ** 6      # ~10^12 if walked to the end
        started = time.monotonic()
        self.assertGreater(budget.size_of(huge, cap=10 ** 5), 10 ** 5)
        # Walked to the end, it would take days: a generous bound proves
        # the stop without failing on a busy machine.
        self.assertLess(time.monotonic() - started, 30)


class BudgetedFunctionsTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.flags(max_evaluation_result_size=10000)

    def refused(self, value, fn):
        error = self.assertRaises(exception.FunctionError, utils.output,
                                  V, value)
        self.assertIn('"%s"' % fn, str(error))
        self.assertIn('max_evaluation_', str(error))
        return error

    def test_str_replace_refused_before_it_is_built(self):
        error = self.refused({'str_replace': {'template': 'a' * 100,
                                              'params': {'a': 'b' * 200}}},
                             'str_replace')
        self.assertEqual(['outputs', 'o', 'value'], error.path[:3])

    def test_cfn_join_and_replace(self):
        sd = utils.stack({'AWSTemplateFormatVersion': '2010-09-09',
                          'Outputs': {'o': {'Value': {'Fn::Join': [
                              'x' * 5000, ['a', 'b', 'c']]}}}})
        self.assertRaises(exception.FunctionError,
                          sd.output_definitions()['o'].resolve)
        sd = utils.stack({'AWSTemplateFormatVersion': '2010-09-09',
                          'Outputs': {'o': {'Value': {'Fn::Replace': [
                              {'a': 'b' * 500}, 'a' * 100]}}}})
        self.assertRaises(exception.FunctionError,
                          sd.output_definitions()['o'].resolve)

    def test_repeat_counts_combinations_first(self):
        self.refused({'repeat': {'for_each': {
            'a': ['1'] * 1000, 'b': ['2'] * 1000, 'c': ['3'] * 1000},
            'template': 'abc'}}, 'repeat')

    def test_list_join_with_a_growing_delimiter(self):
        value = 'xx'
        for _ in range(10):
            value = {'list_join': [value, ['a'] * 10]}
        self.refused(value, 'list_join')

    def test_arguments_are_measured(self):
        self.refused({'list_concat': [['x' * 100] * 40] * 5},
                     'list_concat')

    def test_values_within_the_budget_are_computed(self):
        self.assertEqual('b' * 100, utils.output(
            V, {'str_replace': {'template': 'a' * 10,
                                'params': {'a': 'b' * 10}}}))
        self.assertEqual(30, len(utils.output(V, {'repeat': {
            'for_each': {'a': ['1'] * 10, 'b': ['2'] * 3},
            'template': 'ab'}})))

    def test_siblings_share_one_budget(self):
        self.flags(max_evaluation_work=15000)
        chunk = {'str_replace': {'template': 'a' * 10,
                                 'params': {'a': 'b' * 500}}}
        self.assertEqual(2, len(utils.output(V, [chunk, chunk])))
        error = self.assertRaises(exception.FunctionError, utils.output,
                                  V, [chunk] * 4)
        self.assertIn('max_evaluation_work', str(error))


class YaqlTimeLimitTest(base.TestCase):

    SLOW = 'range(1000).select(range(1000).select(range(1000).select($)))'

    def test_a_slow_expression_is_stopped(self):
        self.flags(timeout=0.2, group='yaql')
        started = time.monotonic()
        error = self.assertRaises(exception.FunctionError, utils.output, V,
                                  {'yaql': {'expression': self.SLOW,
                                            'data': {}}})
        self.assertIn('[yaql] timeout', str(error))
        # Unstopped, the expression runs for hours: a generous bound
        # proves the stop without failing on a busy machine.
        self.assertLess(time.monotonic() - started, 60)
        # The evaluation thread is gone, not left running on a core.
        deadline = time.monotonic() + 60
        while any(t.name == 'yaql-evaluation' for t in threading.
                  enumerate()) and time.monotonic() < deadline:
            time.sleep(0.01)
        self.assertFalse(any(t.name == 'yaql-evaluation'
                             for t in threading.enumerate()))

    def test_fast_expressions_still_work(self):
        self.assertEqual(3, functions_yaql.evaluate('$.data.a + 2',
                                                    {'a': 1}))

    def test_the_iterator_limit_is_an_option(self):
        self.flags(limit_iterators=10, group='yaql')
        self.assertRaises(exception.FunctionError, utils.output, V,
                          {'yaql': {'expression': 'range(100).list()',
                                    'data': {}}})
