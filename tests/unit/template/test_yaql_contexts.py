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

"""The yaql function's contexts: the standard library registered once,
each evaluation in a child of its own, the time limit on the evaluation
alone.

``yaql.create_context()`` took about 110 ms of CPU; made for each
evaluation inside its timed thread, it made a simple expression fail
with "took longer than 1.0 seconds" on a busy machine.
"""

from concurrent import futures
import time

import yaql

from heat_vision.template.hot import functions_yaql
from tests import base


class YaqlContextTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.patch(functions_yaql, '_base_context', None)
        self.made = 0
        real = yaql.create_context

        def counted(*args, **kwargs):
            self.made += 1
            return real(*args, **kwargs)

        self.patch(yaql, 'create_context', counted)

    def test_the_standard_library_is_registered_once(self):
        for n in range(3):
            self.assertEqual(n + 1, functions_yaql.evaluate(
                '$.data.n + 1', {'n': n}))
        self.assertEqual(1, self.made)

    def test_an_evaluation_sees_nothing_of_another(self):
        self.assertEqual(1, functions_yaql.evaluate(
            'let(kept => 1) -> $kept', {}))
        self.assertIsNone(functions_yaql.evaluate('$kept', {}))
        self.assertEqual({'y': 2}, functions_yaql.evaluate(
            '$.data', {'y': 2}))

    def test_concurrent_evaluations_keep_their_own_data(self):
        with futures.ThreadPoolExecutor(8) as pool:
            got = list(pool.map(lambda n: functions_yaql.evaluate(
                '$.data.n * 2', {'n': n}, timeout=30), range(40)))
        self.assertEqual([n * 2 for n in range(40)], got)

    def test_making_the_context_is_not_timed(self):
        real = yaql.create_context

        def slow(*args, **kwargs):
            time.sleep(1.2)
            return real(*args, **kwargs)

        self.patch(yaql, 'create_context', slow)
        self.assertEqual(3, functions_yaql.evaluate(
            '$.data + 1', 2, timeout=1.0))
