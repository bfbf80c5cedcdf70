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

"""One YAML parse per document, and documents not parsed again: the
answers (data, or the error and its message) are those of the two-parse
path (``_scan`` then ``yaml.load``).
"""

import fixtures
import yaml

from heat_vision.common import exception
from heat_vision.template import parsed_cache
from heat_vision.template import parser
from tests import base

DOCUMENTS = (
    'heat_template_version: 2021-04-16\nresources: {a: {type: T}}\n',
    'a: &x {k: [1, 2.5, true, null, "s"]}\nb: *x\nc: [*x, *x]\n',
    'base: &b {x: 1, y: 2}\nm:\n  <<: *b\n  y: 3\n',
    'r: &r [1, [2, [3]]]\nq: [*r, *r, *r]\n',
    's: !!set {a, b}\no: !!omap [{a: 1}, {b: 2}]\nbin: !!binary aGk=\n',
    'd: 2021-04-16\nt: 2001-12-14t21:59:43.10-05:00\n',
    '- 1\n- - 2\n  - - 3\n',
    'scalar only',
    '',
)


def two_parses(text, max_depth=parser.MAX_DEPTH, max_nodes=parser.MAX_NODES):
    """What ``parse_text`` answered before: data, or the error's text."""
    try:
        parser._scan(text, max_depth, max_nodes)
        return yaml.load(text, Loader=parser.SafeLoader)
    except (ValueError, yaml.YAMLError) as exc:
        return 'Error parsing template: %s' % parser._quote_marks(exc, text)


def one_parse(text, **limits):
    try:
        return parser.parse_text(text, **limits)
    except exception.InvalidTemplate as exc:
        return str(exc)


class TestParseOnce(base.TestCase):

    def setUp(self):
        super().setUp()
        parsed_cache.clear()
        self.addCleanup(parsed_cache.clear)

    def test_the_same_data_as_two_parses(self):
        self.assertTrue(parser._COMPOSES_SAFELY)
        for text in DOCUMENTS:
            self.assertEqual(two_parses(text), one_parse(text), text)
            # Again, from the cache where kept.
            self.assertEqual(two_parses(text), one_parse(text), text)

    def test_aliases_still_share_their_data(self):
        data = parser.parse_text('a: &x {k: v}\nb: *x\n')
        self.assertIs(data['a'], data['b'])

    def test_limits_refused_with_the_same_message(self):
        cases = (
            ('x: ' + '[' * 150 + ']' * 150, {}),
            ('x:\n' + '- ' * 120 + 'y', {}),
            ('a: &a [1, 2, 3]\nb: [*a, *a, *a, *a]\n', {'max_nodes': 12}),
            ('a: [1, 2, 3]\nb: [4, 5, 6]\n', {'max_nodes': 8}),
            ('a: [[[1]]]', {'max_depth': 3}),
            ('x: ' + '[' * 1200 + ']' * 1200, {'max_depth': 5000}),
            ('a: [1\n', {}),
            ('a: *nowhere\n', {}),
            ('--- 1\n--- 2\n', {}),
        )
        for text, limits in cases:
            expected = two_parses(text, **limits)
            self.assertIsInstance(expected, str, text)
            self.assertEqual(expected, one_parse(text, **limits), text)

    def test_the_same_answer_on_either_side_of_the_limits(self):
        text = 'a: &a [1, [2, 3]]\nb: [*a, *a]\nc: &c {d: *a}\ne: *c\n'
        answers = set()
        for max_nodes in range(10, 40):
            for max_depth in (1, 2, 3, 4):
                parsed_cache.clear()
                expected = two_parses(text, max_depth, max_nodes)
                self.assertEqual(expected, one_parse(
                    text, max_depth=max_depth, max_nodes=max_nodes))
                answers.add(str(expected)[:40])
        # Refused for depth, for size, and accepted, in turn.
        self.assertEqual(3, len(answers), answers)

    def test_a_cached_document_is_a_copy(self):
        text = 'heat_template_version: 2021-04-16\nr: {a: [1, {b: 2}]}\n'
        first = parser.parse_text(text)
        first['r']['a'][1]['b'] = 'changed'
        first['r']['a'].append('more')
        second = parser.parse_text(text)
        self.assertEqual({'a': [1, {'b': 2}]}, second['r'])
        second['r']['a'][1]['b'] = 'again'
        self.assertEqual({'a': [1, {'b': 2}]}, parser.parse_text(text)['r'])

    def test_the_cache_is_bounded(self):
        self.useFixture(fixtures.MockPatchObject(
            parsed_cache, 'MAX_DOCUMENTS', 3))
        for number in range(10):
            parser.parse_text('n: %d\n' % number)
        self.assertEqual(3, len(parsed_cache._documents))
        self.useFixture(fixtures.MockPatchObject(
            parsed_cache, 'MAX_TOTAL_BYTES', 100))
        parser.parse_text('x: "%s"\n' % ('y' * 80))
        self.assertLessEqual(parsed_cache._total, 100)
        self.assertIsNone(parsed_cache.key_of(
            b'x' * (parsed_cache.MAX_DOCUMENT_BYTES + 1)))

    def test_limits_are_part_of_the_key(self):
        text = 'a: [[[1]]]\n'
        self.assertEqual({'a': [[[1]]]}, parser.parse_text(text))
        self.assertRaises(exception.InvalidTemplate, parser.parse_text,
                          text, max_depth=3)
