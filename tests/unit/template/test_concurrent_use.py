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

"""One stack definition used by many engine threads at once.

The engine's workers ask the same definition for their resources'
conditions and definitions concurrently: a condition another thread is
evaluating is not a circular one, and the template is checked once.
"""

import threading
import time
from unittest import mock

from heat_vision.template import conditions
from tests import base
from tests.unit.template import utils

COUNT = 200
THREADS = 16


class ConcurrentUseTest(base.TestCase):

    def definition(self):
        conditions = {'c%d' % i: {'equals': [{'get_param': 'p'}, 'x']}
                      for i in range(20)}
        conditions['all'] = {'and': [name for name in conditions]}
        resources = {'r%d' % i: {'type': 'OS::Heat::None',
                                 'condition': 'all'}
                     for i in range(COUNT)}
        return utils.stack(utils.hot(
            '2021-04-16', resources=resources, conditions=conditions,
            parameters={'p': {'type': 'string', 'default': 'x'}}))

    def run_threads(self, work):
        errors = []
        start = threading.Barrier(THREADS)

        def run():
            try:
                start.wait(30)
                work()
            except Exception as exc:
                errors.append(exc)

        threads = [threading.Thread(target=run) for _ in range(THREADS)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
        return errors

    def test_conditions_from_many_threads(self):
        definition = self.definition()
        results = []
        real = conditions.Conditions._to_bool

        def slow(value, path):
            # Long enough that the other threads ask meanwhile.
            time.sleep(0.01)
            return real(value, path)

        # mock restores the staticmethod itself (and no plain function).
        patcher = mock.patch.object(conditions.Conditions, '_to_bool',
                                    staticmethod(slow))
        patcher.start()
        self.addCleanup(patcher.stop)

        def work():
            results.append(all(definition.is_active('r%d' % i)
                               for i in range(COUNT)))

        self.assertEqual([], self.run_threads(work))
        self.assertEqual([True] * THREADS, results)

    def test_the_template_is_checked_once(self):
        definition = self.definition()
        checks = []
        real = type(definition.template).validate

        def counted(tmpl):
            checks.append(1)
            time.sleep(0.1)
            real(tmpl)

        patcher = mock.patch.object(type(definition.template), 'validate',
                                    counted)
        patcher.start()
        self.addCleanup(patcher.stop)
        self.assertEqual([], self.run_threads(
            lambda: definition.has_resource('r0')))
        self.assertEqual([1], checks)
