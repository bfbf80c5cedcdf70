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

"""Fuzzing the evaluation budget with generated trees of growing functions.

Hypothesis nests the functions that can grow a value (str_replace,
list_join, repeat, list_concat, map_merge, str_split) around large
leaves; every create must be accepted or refused with a 400 naming the
problem, never a 500, and the process must stay within a memory bound.
"""

import resource

from hypothesis import given
from hypothesis import HealthCheck
from hypothesis import settings
from hypothesis import strategies as st

from tests.component.engine import stack_ops

SETTINGS = settings(max_examples=60, deadline=None, database=None,
                    suppress_health_check=list(HealthCheck))
# Growth of the high-water mark of this process allowed over the run.
MEMORY_BOUND_MB = 400

STRINGS = st.one_of(
    st.sampled_from(['a', 'ab', 'x', '%i%']),
    st.builds(lambda c, n: c * n, st.sampled_from('ax%'),
              st.integers(1, 20000)))


def _str_replace(template, value):
    return {'str_replace': {'template': template, 'params': {'a': value}}}


def _list_join(delimiter, items):
    return {'list_join': [delimiter, items]}


def _repeat(lists, template):
    return {'repeat': {
        'for_each': {'%%i%d%%' % n: items for n, items in enumerate(lists)},
        'template': template}}


def _trees(children):
    string_lists = st.lists(children, min_size=1, max_size=6)
    return st.one_of(
        st.builds(_str_replace, children, children),
        st.builds(_list_join, children, string_lists),
        st.builds(_repeat, st.lists(
            st.lists(st.sampled_from(['1', '22', 'abc']), min_size=1,
                     max_size=300), min_size=1, max_size=3), children),
        st.builds(lambda ls: {'list_concat': ls},
                  st.lists(st.lists(children, max_size=4), max_size=40)),
        st.builds(lambda ms: {'map_merge': ms},
                  st.lists(st.dictionaries(st.sampled_from('abc'), children,
                                           max_size=3), max_size=5)),
        st.builds(lambda s: {'str_split': ['a', s]}, children))


TREES = st.recursive(STRINGS, _trees, max_leaves=12)


def _max_rss_mb():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0


class EvaluationBudgetFuzzTest(stack_ops.StackOpsTestCase):

    template = None
    TIMEOUT = 600

    def setUp(self):
        super().setUp()
        self.counter = 0
        self.start_rss = _max_rss_mb()

    @SETTINGS
    @given(TREES)
    def test_creates_succeed_or_are_refused_cleanly(self, tree):
        self.counter += 1
        name = 'fuzz%d' % self.counter
        template = {
            'heat_template_version': '2021-04-16',
            'resources': {'v': {'type': 'OS::Heat::Value',
                                'properties': {'value': tree}}},
            'outputs': {'o': {'value': tree}}}
        response = self.service.request(
            'POST', '/v1/demo/stacks',
            body={'stack_name': name, 'template': template})
        self.assertIn(response.status_int, (201, 400), response.body)
        if response.status_int == 400:
            self.assertEqual('StackValidationFailed',
                             response.json['error']['type'], response.body)
        else:
            stack = self.service.wait_for_stack('demo', name)
            self.assertIn(stack['stack_status'],
                          ('CREATE_COMPLETE', 'CREATE_FAILED'))
            shown = self.service.follow(self.service.request(
                'GET', '/v1/demo/stacks/%s' % name))
            self.assertEqual(200, shown.status_int, shown.body)
            self.service.request('DELETE', '/v1/demo/stacks/%s/%s' % (
                name, response.json['stack']['id']))
        self.assertLess(_max_rss_mb() - self.start_rss, MEMORY_BOUND_MB)
