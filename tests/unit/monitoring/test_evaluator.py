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

"""The threshold rule of the built-in alarm."""

import datetime

from heat_vision.monitoring import constants as c
from heat_vision.monitoring import evaluator
from tests import base

NOW = datetime.datetime(2026, 11, 30, 12, 0, 0)


def rule(**overrides):
    definition = {'period': 60, 'evaluation_periods': 2, 'statistic': 'avg',
                  'comparison_operator': 'gt', 'threshold': 80,
                  'matching_metadata': {'group': 'web'}}
    definition.update(overrides)
    return definition


def sample(seconds_ago, value, group='web'):
    return (NOW - datetime.timedelta(seconds=seconds_ago), value,
            {'group': group})


class EvaluatorTest(base.TestCase):

    def test_every_period_breaching_is_alarm(self):
        state, reason, data = evaluator.evaluate(
            rule(), [sample(90, 85), sample(100, 95), sample(10, 81)], NOW)
        self.assertEqual(c.STATE_ALARM, state)
        self.assertEqual({'type': 'threshold', 'disposition': 'outside',
                          'count': 2, 'most_recent': 81}, data)
        self.assertIn('2 samples outside threshold', reason)

    def test_no_period_breaching_is_ok(self):
        state, _reason, data = evaluator.evaluate(
            rule(), [sample(90, 10), sample(10, 80)], NOW)
        self.assertEqual(c.STATE_OK, state)
        self.assertEqual('inside', data['disposition'])

    def test_a_mix_keeps_the_state(self):
        self.assertIsNone(evaluator.evaluate(
            rule(), [sample(90, 10), sample(10, 90)], NOW))

    def test_an_empty_period_is_insufficient_data(self):
        state, reason, data = evaluator.evaluate(rule(), [sample(10, 99)],
                                                 NOW)
        self.assertEqual(c.STATE_INSUFFICIENT, state)
        self.assertEqual(1, data['count'])

    def test_count_of_an_empty_period_is_zero(self):
        state, _reason, data = evaluator.evaluate(
            rule(statistic='count', comparison_operator='lt', threshold=1),
            [], NOW)
        self.assertEqual(c.STATE_ALARM, state)
        self.assertEqual(0, data['most_recent'])

    def test_other_dimensions_and_old_samples_do_not_count(self):
        state, _r, _d = evaluator.evaluate(
            rule(evaluation_periods=1),
            [sample(10, 99, group='db'), sample(125, 99), sample(5, 1)], NOW)
        self.assertEqual(c.STATE_OK, state)

    def test_a_sample_of_the_period_before_still_counts(self):
        # A round that started late, or ran before the sample was
        # stored, is not the only one to see it (Aodh's look_back).
        state, _r, data = evaluator.evaluate(
            rule(evaluation_periods=1), [sample(70, 99)], NOW)
        self.assertEqual(c.STATE_ALARM, state)
        self.assertEqual(99, data['most_recent'])

    def test_the_newest_periods_with_samples_are_compared(self):
        # Three periods hold samples; the two newest decide.
        self.assertEqual(c.STATE_OK, evaluator.evaluate(
            rule(), [sample(150, 99), sample(90, 10), sample(30, 20)],
            NOW)[0])
        self.assertEqual([85.0, 10.0], evaluator.bucket_statistics(
            rule(), [sample(150, 85), sample(90, 10)], NOW))

    def test_a_sample_older_than_one_period_more_does_not_count(self):
        state, _r, data = evaluator.evaluate(
            rule(evaluation_periods=1), [sample(121, 99)], NOW)
        self.assertEqual(c.STATE_INSUFFICIENT, state)
        self.assertEqual(1, data['count'])

    def test_count_takes_its_last_periods_as_they_are(self):
        # An empty period counts 0 and is not skipped for an older one.
        self.assertEqual([0], evaluator.bucket_statistics(
            rule(statistic='count', evaluation_periods=1),
            [sample(70, 1)], NOW))

    def test_statistics(self):
        values = [sample(5, v) for v in (1, 2, 6)]
        expected = {'avg': 3, 'min': 1, 'max': 6, 'sum': 9, 'count': 3}
        for name, value in expected.items():
            stats = evaluator.bucket_statistics(
                rule(statistic=name, evaluation_periods=1), values, NOW)
            self.assertEqual([value], stats, name)

    def test_comparisons(self):
        for operator, expected in (('lt', c.STATE_OK), ('le', c.STATE_ALARM),
                                   ('eq', c.STATE_ALARM), ('ne', c.STATE_OK),
                                   ('ge', c.STATE_ALARM), ('gt', c.STATE_OK)):
            state = evaluator.evaluate(
                rule(comparison_operator=operator, evaluation_periods=1),
                [sample(5, 80)], NOW)[0]
            self.assertEqual(expected, state, operator)
