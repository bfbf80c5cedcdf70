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

"""OS::Heat::RandomString."""

import collections
import string

from heat_vision.common import exception
from heat_vision.resources.heat import random_string
from tests import base
from tests.unit.resources import utils

RandomString = random_string.RandomString


class RandomStringTest(base.TestCase):

    def create(self, **props):
        rsrc = utils.make(RandomString, props=props)
        utils.run(rsrc)
        return rsrc.get_attribute('value')

    def test_default_is_32_letters_and_digits(self):
        value = self.create()
        self.assertEqual(32, len(value))
        self.assertLessEqual(set(value),
                             set(string.ascii_letters + string.digits))

    def test_reference_id_is_the_value(self):
        rsrc = utils.make(RandomString, props={'length': 8})
        self.assertEqual('rsrc', rsrc.get_reference_id())
        utils.run(rsrc)
        self.assertEqual(rsrc.get_attribute('value'),
                         rsrc.get_reference_id())

    def test_lengths(self):
        for length in (1, 7, 512):
            self.assertEqual(length, len(self.create(length=length)))

    def test_length_out_of_range_is_refused(self):
        for length in (0, 513):
            self.assertRaises(exception.StackValidationFailed,
                              utils.make, RandomString,
                              props={'length': length})

    def test_each_class_only(self):
        for name, chars in random_string.CHARACTER_CLASSES.items():
            value = self.create(length=64,
                                character_classes=[{'class': name}])
            self.assertLessEqual(set(value), set(chars), name)

    def test_minimums_are_met(self):
        for _i in range(20):
            value = self.create(
                length=10,
                character_classes=[{'class': 'digits', 'min': 4},
                                   {'class': 'lowercase', 'min': 3}],
                character_sequences=[{'sequence': '!@', 'min': 3}])
            self.assertEqual(4, sum(c in string.digits for c in value))
            self.assertEqual(3, sum(c in string.ascii_lowercase
                                    for c in value))
            self.assertEqual(3, sum(c in '!@' for c in value))

    def test_sequences_alone(self):
        value = self.create(length=16,
                            character_sequences=[{'sequence': 'xy'}])
        self.assertLessEqual(set(value), {'x', 'y'})

    def test_deprecated_sequence(self):
        value = self.create(length=16, sequence='octdigits')
        self.assertLessEqual(set(value), set(string.octdigits))

    def test_minimums_beyond_length_fail(self):
        rsrc = utils.make(RandomString, props={
            'length': 3,
            'character_classes': [{'class': 'digits', 'min': 2},
                                  {'class': 'letters', 'min': 2}]})
        error = self.assertRaises(ValueError, rsrc.handle_create)
        self.assertIn('cannot be smaller than combined', str(error))

    def test_unknown_class_is_refused(self):
        self.assertRaises(exception.StackValidationFailed, utils.make,
                          RandomString,
                          props={'character_classes': [{'class': 'emoji'}]})

    def test_values_differ(self):
        self.assertNotEqual(self.create(), self.create())

    def test_no_property_updates_in_place(self):
        for schema in RandomString.properties_schema.values():
            self.assertFalse(schema.update_allowed)
            self.assertTrue(schema.description)


class DrawsTest(base.TestCase):

    def test_every_value_is_drawn_about_equally_often(self):
        # 256 % 3 == 1: byte 255 is dropped, never folded onto 0.
        counts = collections.Counter(random_string.draws(3, 30000))
        self.assertEqual({0, 1, 2}, set(counts))
        for value in range(3):
            self.assertLess(abs(counts[value] - 10000), 600, counts)

    def test_the_byte_past_the_last_multiple_is_dropped(self):
        table, dropped = random_string._byte_map(3)
        self.assertEqual(b'\xff', dropped)
        self.assertEqual([0, 1, 2, 0], list(table[:4]))
        self.assertEqual(b'', random_string._byte_map(256)[1])

    def test_ranges_wider_than_a_byte(self):
        values = random_string.draws(1000, 5000)
        self.assertEqual(5000, len(values))
        self.assertTrue(all(0 <= v < 1000 for v in values))
        self.assertGreater(max(values), 900)
        self.assertLess(min(values), 100)
        self.assertEqual([0] * 10, random_string.draws(1, 10))

    def test_exact_counts(self):
        for n in (1, 2, 62, 255, 256, 257, 70000):
            for count in (0, 1, 31, 512):
                self.assertEqual(count, len(random_string.draws(n, count)))

    def test_shuffled_keeps_the_items(self):
        items = list(range(50))
        mixed = random_string.shuffled(items)
        self.assertEqual(list(range(50)), sorted(mixed))
        self.assertEqual(list(range(50)), items)

    def test_every_order_comes_about_equally_often(self):
        counts = collections.Counter(
            tuple(random_string.shuffled('abc')) for _ in range(6000))
        self.assertEqual(6, len(counts))
        for order in counts:
            self.assertLess(abs(counts[order] - 1000), 150, counts)

    def test_minimum_characters_land_anywhere(self):
        # One digit among letters: without the shuffle it would always
        # come first.
        places = collections.Counter()
        for _ in range(400):
            value = random_string.generate(
                4, [(string.digits, 1), (string.ascii_letters, 3)])
            places[next(i for i, c in enumerate(value) if c.isdigit())] += 1
        self.assertEqual({0, 1, 2, 3}, set(places))
