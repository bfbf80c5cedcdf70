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

"""The mape.moving_average strategy."""

from heat_vision.cep import mape
from tests import base
from tests.unit.cep import strategy_base as sb


class MovingAverageTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.mape = mape.MovingAverage(target=0.5, window=3,
                                       tolerance=0.1)

    def decide(self, value, size=2, **kwargs):
        calls = self.mape.decide(sb.dispatch(value=value, size=size,
                                             **kwargs), 0)
        return [(c.url, c.body['capacity']) for c in calls]

    def test_exact_capacity_for_the_target(self):
        # 2 members at 100% -> 4 members at 50%.
        self.assertEqual([('http://hv/exact', 4)], self.decide(1.0))

    def test_moving_average_smooths_a_spike(self):
        self.assertEqual([], self.decide(0.5))
        self.assertEqual([], self.decide(0.5))
        # (0.5 + 0.5 + 0.8) / 3 = 0.6: 2 * 0.6 / 0.5 = 2.4 -> 3 members.
        self.assertEqual([('http://hv/exact', 3)], self.decide(0.8))

    def test_within_tolerance_nothing_is_done(self):
        self.assertEqual([], self.decide(0.54))
        self.assertEqual([], self.decide(0.46))

    def test_limits_and_scale_in(self):
        self.assertEqual([('http://hv/exact', 10)],
                         self.decide(100.0))
        mape_in = mape.MovingAverage(target=0.5, window=1)
        calls = mape_in.decide(sb.dispatch(value=0.1, size=8), 0)
        self.assertEqual([2], [c.body['capacity'] for c in calls])
        calls = mape_in.decide(sb.dispatch(value=0.0, size=8, min_size=1), 0)
        self.assertEqual([1], [c.body['capacity'] for c in calls])

    def test_no_metric_or_no_exact_policy(self):
        self.assertEqual([], self.decide(None))
        up_only = {'up': {'url': 'http://hv/up', 'group': 'web',
                          'adjustment_type': 'change_in_capacity',
                          'scaling_adjustment': 1}}
        self.assertEqual([], self.decide(1.0, policies=up_only))

    def test_two_stacks_sharing_the_cep_average_apart(self):
        self.assertEqual([], self.decide(0.5, stack='a'))
        self.assertEqual([], self.decide(0.5, stack='a'))
        # Stack b's first value is its own average: 2 * 1.0 / 0.5 = 4.
        self.assertEqual([('http://hv/exact', 4)],
                         self.decide(1.0, stack='b'))
        # Stack a's average is (0.5 + 0.5 + 0.5) / 3, untouched by b's.
        self.assertEqual([], self.decide(0.5, stack='a'))

    def test_default_target_is_a_percentage_as_alarms_carry(self):
        # The README's alarm: reason_data most_recent 91 (percent).
        default = mape.MovingAverage(window=1)
        calls = default.decide(sb.dispatch(value=91, size=2), 0)
        # 2 members at 91% -> ceil(2 * 91 / 60) = 4 at 60%, not max.
        self.assertEqual([4], [c.body['capacity'] for c in calls])

    def test_target_must_be_positive(self):
        self.assertRaises(ValueError, mape.MovingAverage, target=0)


class MovingAverageStateTest(base.TestCase):

    def test_windows_are_kept_for_the_groups_seen_last(self):
        planner = mape.MovingAverage(target=50, max_groups=3)
        for index in range(10):
            planner.decide(sb.dispatch(stack='s%d' % index, value=90), 0)
        self.assertEqual(['s7/web', 's8/web', 's9/web'],
                         list(planner.samples))
