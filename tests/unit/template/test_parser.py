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

"""Loading YAML and JSON safely."""

import time

from heat_vision.common import exception
from heat_vision import template
from tests import base

BILLION_LAUGHS = '''heat_template_version: 2016-10-14
a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]
b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]
c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]
d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]
e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]
f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]
g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]
h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]
i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]
'''


class TestLoad(base.TestCase):

    def test_yaml_and_json(self):
        self.assertEqual({'heat_template_version': '2016-10-14'},
                         template.load('heat_template_version: 2016-10-14'))
        self.assertEqual({'heat_template_version': '2016-10-14'},
                         template.load(b'{"heat_template_version": '
                                       b'"2016-10-14"}'))

    def test_dates_stay_strings(self):
        data = template.load('heat_template_version: 2016-10-14\n'
                             'outputs: {o: {value: 2020-01-01 10:00:00}}')
        self.assertEqual('2020-01-01 10:00:00', data['outputs']['o']['value'])

    def test_not_a_map_or_no_version(self):
        self.assertRaises(exception.InvalidTemplate, template.load, '[1]')
        exc = self.assertRaises(exception.InvalidTemplate, template.load,
                                'resources: {}')
        self.assertIn('version', str(exc))

    def test_syntax_error(self):
        exc = self.assertRaises(exception.InvalidTemplate, template.load,
                                'heat_template_version: [')
        self.assertEqual(400, exc.code)

    def test_yaml_error_quotes_the_line_with_a_caret(self):
        # As Heat's template_format and openstack stack create show it,
        # with the C parser as with the pure-Python one.
        exc = self.assertRaises(
            exception.InvalidTemplate, template.load,
            'heat_template_version: 2021-04-16\n'
            'description: d\u00e9j\u00e0 vu\n'
            'resources:\n'
            '  a: {type: OS::Heat::None\n'
            '  b: [1\n')
        self.assertEqual(
            'Error parsing template: while parsing a flow mapping\n'
            '  in "<unicode string>", line 4, column 6:\n'
            '      a: {type: OS::Heat::None\n'
            '         ^\n'
            'did not find expected \',\' or \'}\'\n'
            '  in "<unicode string>", line 5, column 4:\n'
            '      b: [1\n'
            '       ^', str(exc))

    def test_size_limit(self):
        text = 'heat_template_version: 2016-10-14\n#' + 'x' * 2000
        self.assertRaises(exception.InvalidTemplate, template.load, text,
                          max_size=1000)
        template.load(text, max_size=4000)

    def test_depth_limit(self):
        deep = 'heat_template_version: 2016-10-14\nx: ' + '[' * 500 + \
            ']' * 500
        self.assertRaises(exception.InvalidTemplate, template.load, deep)
        deep_json = '{"heat_template_version": "x", "x": ' + '[' * 500 + \
            ']' * 500 + '}'
        self.assertRaises(exception.InvalidTemplate, template.load,
                          deep_json)
        deep_block = 'heat_template_version: 2016-10-14\nx: ' + '- ' * 300
        self.assertRaises(exception.InvalidTemplate, template.load,
                          deep_block)

    def test_billion_laughs_refused_fast(self):
        start = time.monotonic()
        exc = self.assertRaises(exception.InvalidTemplate, template.load,
                                BILLION_LAUGHS)
        # Expanded, it would take hours and all the memory: a generous
        # bound proves the refusal without failing on a busy machine.
        self.assertLess(time.monotonic() - start, 30)
        self.assertIn('expands', str(exc))

    def test_small_aliases_allowed(self):
        data = template.load('heat_template_version: 2016-10-14\n'
                             'a: &x {k: v}\nb: *x\n')
        self.assertEqual({'k': 'v'}, data['b'])

    def test_unsafe_tags_refused(self):
        self.assertRaises(exception.InvalidTemplate, template.load,
                          'heat_template_version: 2016-10-14\n'
                          'x: !!python/object/apply:os.system ["true"]')

    def test_bad_input_type(self):
        self.assertRaises(exception.InvalidTemplate, template.load, 42)
