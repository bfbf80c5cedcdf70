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

"""Pieces of the cep.dispatch task: backoff and the body's size bound."""

from heat_vision.engine.alarms import cep_dispatch
from tests import base


class RetryDelayTest(base.TestCase):

    def test_doubles_up_to_the_cap(self):
        self.flags(group='cep', retry_delay=0.5, max_retry_delay=3)
        self.assertEqual([0.5, 1, 2, 3, 3],
                         [cep_dispatch.retry_delay(n) for n in range(1, 6)])


class EncodeTest(base.TestCase):

    def body(self, entries):
        return {'alarm': {'current': 'alarm'},
                'history': [{'n': n, 'pad': 'x' * 100}
                            for n in range(entries)],
                'scaling_history': [{'n': n, 'pad': 'y' * 100}
                                    for n in range(entries)]}

    def test_small_body_is_sent_whole(self):
        body = self.body(3)
        data = cep_dispatch.encode(body)
        self.assertEqual(3, len(body['history']))
        self.assertIn(b'"scaling_history"', data)

    def test_oldest_history_goes_first_until_it_fits(self):
        self.flags(group='cep', max_body_size=1024)
        body = self.body(20)
        data = cep_dispatch.encode(body)
        self.assertLessEqual(len(data), 1024)
        self.assertEqual([], body['scaling_history'])
        self.assertEqual(list(range(20 - len(body['history']), 20)),
                         [h['n'] for h in body['history']])

    def test_body_that_never_fits_is_permanent(self):
        self.flags(group='cep', max_body_size=1024)
        body = {'alarm': {'reason': 'z' * 2000}}
        error = self.assertRaises(cep_dispatch.Permanent,
                                  cep_dispatch.encode, body)
        self.assertIn('more than [cep] max_body_size (1024)', str(error))
