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

"""The eca.rate_limit strategy."""

from heat_vision.cep import eca
from tests import base
from tests.unit.cep import strategy_base as sb

MINUTE = 60


class RateLimitTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.eca = eca.RateLimit(interval=10 * MINUTE, quiet_periods=3)

    def decide(self, at_minute, **kwargs):
        return sb.urls(self.eca.decide(sb.dispatch(**kwargs),
                                       at_minute * MINUTE))

    def test_one_action_per_interval_per_group(self):
        self.assertEqual(['http://hv/up'], self.decide(0))
        for minute in (1, 5, 9.9):
            self.assertEqual([], self.decide(minute))
        self.assertEqual(['http://hv/up'], self.decide(10))

    def test_two_stacks_sharing_the_cep_are_limited_apart(self):
        # Both stacks have a group named web.
        self.assertEqual(['http://hv/up'], self.decide(0, stack='a'))
        self.assertEqual(['http://hv/up'], self.decide(1, stack='b'))
        self.assertEqual([], self.decide(2, stack='a'))
        # Quiet periods are counted per stack too.
        self.eca = eca.RateLimit(interval=0, quiet_periods=2)
        self.assertEqual([], self.decide(10, current='ok', stack='a'))
        self.assertEqual([], self.decide(11, current='ok', stack='b'))
        self.assertEqual(['http://hv/down'],
                         self.decide(12, current='ok', stack='a'))

    def test_scale_in_after_k_quiet_periods_only(self):
        self.assertEqual(['http://hv/up'], self.decide(0))
        self.assertEqual([], self.decide(20, current='ok'))
        self.assertEqual([], self.decide(21, current='ok'))
        # An alarm starts the count again.
        self.assertEqual(['http://hv/up'],
                         self.decide(22, current='alarm', size=3))
        self.assertEqual([], self.decide(30.5, current='ok'))
        self.assertEqual([], self.decide(31, current='ok'))
        # Three quiet periods, but within the interval of the last action.
        self.assertEqual([], self.decide(31.9, current='ok'))
        self.assertEqual(['http://hv/down'], self.decide(32, current='ok'))
        # And the count restarts after a scale-in.
        self.assertEqual([], self.decide(50, current='ok'))

    def test_never_below_min_size(self):
        for minute in range(5):
            self.assertEqual([], self.decide(minute * 20, current='ok',
                                             size=1))

    def test_hysteresis_band(self):
        self.eca = eca.RateLimit(interval=0, quiet_periods=1, high=80,
                                 low=30)
        self.assertEqual([], self.decide(0, value=79.9))
        self.assertEqual(['http://hv/up'], self.decide(1, value=80))
        self.assertEqual([], self.decide(2, current='ok', value=31))
        self.assertEqual(['http://hv/down'],
                         self.decide(3, current='ok', value=30))

    def test_other_states_and_groups_without_policies(self):
        self.assertEqual([], self.decide(0, current='insufficient data'))
        exact_only = {'exact': {'url': 'http://hv/exact', 'group': 'web',
                                'adjustment_type': 'exact_capacity',
                                'scaling_adjustment': 3}}
        self.assertEqual([], self.decide(1, policies=exact_only))
        # Nothing was done, so nothing is rate limited.
        self.assertEqual(['http://hv/up'], self.decide(2))

    def test_the_state_holds_the_groups_seen_last(self):
        limited = eca.RateLimit(interval=10 * MINUTE, max_groups=2)
        for stack in ('a', 'b', 'c'):
            limited.decide(sb.dispatch(stack=stack), 0)
        self.assertEqual(['b/web', 'c/web'], list(limited.last_action))
        # The group dropped first is a stranger again: it may act at once.
        self.assertEqual(['http://hv/up'], sb.urls(
            limited.decide(sb.dispatch(stack='a'), MINUTE)))
        self.assertEqual(['c/web', 'a/web'], list(limited.last_action))

    def test_max_groups_is_ranged(self):
        for wrong in (0, -1, 10 ** 8):
            self.assertRaises(ValueError, eca.RateLimit, max_groups=wrong)
