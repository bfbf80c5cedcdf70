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

"""Metric samples are checked against every limit, naming the path."""

import datetime

from oslo_utils import timeutils

from heat_vision.common import exception
from heat_vision.monitoring import samples
from tests import base


class CheckTest(base.TestCase):

    def assertRefused(self, value, path, error=exception.InvalidParameter):
        exc = self.assertRaises(error, samples.check, value)
        self.assertIn(path, str(exc))
        return exc

    def test_a_good_sample_is_normalised(self):
        stamp = timeutils.utcnow() - datetime.timedelta(seconds=30)
        [checked] = samples.check([{
            'name': 'cpu', 'value': 3, 'dimensions': {'host': 'a'},
            'timestamp': stamp.isoformat() + 'Z'}])
        self.assertEqual({'name': 'cpu', 'value': 3.0,
                          'dimensions': {'host': 'a'}},
                         {k: checked[k] for k in ('name', 'value',
                                                  'dimensions')})
        self.assertEqual(stamp.replace(microsecond=0),
                         checked['timestamp'].replace(microsecond=0))

    def test_values_are_ranged(self):
        for value in (True, 'x', float('nan'), float('inf'), 1e16, None):
            self.assertRefused([{'name': 'cpu', 'value': value}],
                               'samples[0].value')

    def test_names_and_dimensions_are_bounded(self):
        self.flags(group='monitoring', max_dimensions=2,
                   max_dimension_length=8)
        self.assertRefused([{'name': 'x' * 9, 'value': 1}],
                           'samples[0].name')
        self.assertRefused([{'name': '', 'value': 1}], 'samples[0].name')
        self.assertRefused(
            [{'name': 'a', 'value': 1, 'dimensions': {'a': '1', 'b': '2',
                                                      'c': '3'}}],
            'samples[0].dimensions')
        self.assertRefused(
            [{'name': 'a', 'value': 1}, {'name': 'a', 'value': 1,
                                         'dimensions': {'k': 'v' * 9}}],
            'samples[1].dimensions.k')
        self.assertRefused([{'name': 'a', 'value': 1,
                             'dimensions': {'k': 1}}],
                           'samples[0].dimensions.k')

    def test_timestamps_stay_in_the_retention(self):
        self.flags(group='monitoring', metric_retention=60)
        old = timeutils.utcnow() - datetime.timedelta(seconds=120)
        ahead = timeutils.utcnow() + datetime.timedelta(minutes=10)
        for stamp in (old.isoformat(), ahead.isoformat(), 'yesterday', 5):
            self.assertRefused([{'name': 'a', 'value': 1,
                                 'timestamp': stamp}],
                               'samples[0].timestamp')

    def test_request_size_and_shape(self):
        self.flags(group='monitoring', max_samples_per_request=2)
        self.assertRefused([{'name': 'a', 'value': 1}] * 3, 'samples',
                           exception.RequestTooLarge)
        self.assertRefused([], 'samples')
        self.assertRefused({'name': 'a'}, 'samples')
        self.assertRefused(['a'], 'samples[0]')
        self.assertRefused([{'name': 'a', 'value': 1, 'other': 2}],
                           'samples[0]')
