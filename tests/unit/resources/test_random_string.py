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
        # 3 needs 2 bits: values 3 are drawn again, never folded onto 0.
        draws = random_string._Draws()
        counts = collections.Counter(draws.below(3) for _ in range(30000))
        self.assertEqual({0, 1, 2}, set(counts))
        for value in range(3):
            self.assertLess(abs(counts[value] - 10000), 600, counts)

    def test_ranges_wider_than_a_byte(self):
        draws = random_string._Draws()
        values = [draws.below(1000) for _ in range(5000)]
        self.assertTrue(all(0 <= v < 1000 for v in values))
        self.assertGreater(max(values), 900)
        self.assertEqual(1, len({draws.below(1) for _ in range(10)}))

    def test_shuffle_keeps_the_items(self):
        items = list(range(50))
        random_string._Draws().shuffle(items)
        self.assertEqual(list(range(50)), sorted(items))
