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

"""Request bodies and query numbers are checked: 400/415, never a 500."""

import logging

import fixtures

from tests import base
from tests import fixtures as hv_fixtures
from tests import templates

TEMPLATE = templates.EMPTY


def nested(depth, leaf=None):
    """A value nesting ``depth`` lists around ``leaf``."""
    value = leaf
    for _ in range(depth):
        value = [value]
    return value


def deep_json(depth):
    """JSON text of ``depth`` nested lists (no recursion to build it)."""
    return '[' * depth + ']' * depth


class InputTestCase(base.TestCase):

    def setUp(self):
        super().setUp()
        self.service = self.useFixture(
            hv_fixtures.EmbeddedService(self.state_dir))

    def assertRefused(self, response, code, message_part):
        self.assertEqual(code, response.status_int, response.body)
        body = response.json
        self.assertEqual(code, body['code'])
        self.assertIn(message_part, body['error']['message'])
        self.assertIsNone(body['error']['traceback'])

    def create(self, raw=None, headers=None, **fields):
        body = dict({'stack_name': 'in', 'template': TEMPLATE}, **fields)
        return self.service.request('POST', '/v1/demo/stacks', body=body,
                                    raw=raw, headers=headers)


class JSONBodyTest(InputTestCase):

    def test_deep_body_is_refused_with_its_depth(self):
        for key in ('template', 'parameters', 'environment', 'files'):
            raw = ('{"stack_name": "in", "%s": {"a": %s}}'
                   % (key, deep_json(10000))).encode()
            self.assertRefused(self.create(raw=raw), 400,
                               'the body nests deeper than 128 levels')

    def test_depth_just_over_the_option_is_refused(self):
        self.flags(max_json_body_depth=20, group='api')
        response = self.create(parameters={'word': nested(19)})
        self.assertRefused(response, 400, 'deeper than 20 levels')

    def test_deep_task_input_is_refused(self):
        body = {'job': {'name': 'j', 'tasks': [
            {'name': 'a', 'action': 'noop', 'input': {'x': nested(500)}}]}}
        response = self.service.request('POST', '/v1/demo/tasks',
                                        body=body)
        self.assertRefused(response, 400, 'deeper than 128 levels')

    def test_template_dict_deeper_than_a_template_may_be(self):
        template = {'heat_template_version': '2021-04-16',
                    'description': nested(110, 'x')}
        self.assertRefused(self.create(template=template), 400,
                           'nests deeper than 100 levels')

    def test_deep_parameters_within_the_limit_get_no_500(self):
        response = self.create(parameters={'word': nested(120, 'x')})
        self.assertEqual(400, response.status_int, response.body)

    def test_nan_and_infinity_are_refused(self):
        for number in ('NaN', 'Infinity', '-Infinity', '1e400'):
            raw = ('{"stack_name": "in", "timeout_mins": %s}'
                   % number).encode()
            self.assertRefused(self.create(raw=raw), 400, 'not valid JSON')

    def test_invalid_utf8_names_the_byte(self):
        log = self.useFixture(fixtures.FakeLogger(level=logging.DEBUG))
        response = self.create(raw=b'{"stack_name": "caf\xe9"}')
        self.assertRefused(response, 400,
                           'the body is not valid UTF-8 at byte 19')
        self.assertNotIn('Traceback', log.output)
        self.assertNotIn('codec', log.output)


class TemplateSyntaxTest(InputTestCase):

    def test_yaml_error_keeps_its_lines_and_caret(self):
        response = self.create(template='heat_template_version: 2021-04-16\n'
                                        'resources:\n'
                                        '  a:\n'
                                        '    type: OS::Heat::None\n'
                                        '   b: 1\n')
        self.assertRefused(response, 400, 'Error parsing template')
        self.assertEqual(
            'Error parsing template: while parsing a block mapping\n'
            '  in "<unicode string>", line 3, column 3:\n'
            '      a:\n'
            '      ^\n'
            'did not find expected key\n'
            '  in "<unicode string>", line 5, column 4:\n'
            '       b: 1\n'
            '       ^', response.json['error']['message'])


class ContentTypeTest(InputTestCase):

    def test_wrong_content_types_get_415(self):
        for content_type in ('text/plain', 'application/xml',
                             'application/x-www-form-urlencoded',
                             'multipart/form-data; boundary=x'):
            response = self.create(headers={'Content-Type': content_type})
            self.assertRefused(response, 415, 'send application/json')
            self.assertIn(content_type.split(';')[0],
                          response.json['error']['message'])

    def test_json_types_are_accepted(self):
        for number, content_type in enumerate((
                'application/json', 'application/json; charset=UTF-8',
                'application/merge-patch+json', 'Application/JSON')):
            response = self.create(headers={'Content-Type': content_type},
                                   stack_name='in%d' % number)
            self.assertEqual(201, response.status_int, response.body)

    def test_missing_content_type_reads_json_as_heat_does(self):
        response = self.create(headers={'Content-Type': ''})
        self.assertEqual(201, response.status_int, response.body)

    def test_empty_body_with_any_type_passes(self):
        response = self.service.request(
            'POST', '/v1/demo/tasks', headers={'Content-Type': 'text/plain'})
        self.assertRefused(response, 400, "'job' is a required property")


class NumberRangeTest(InputTestCase):

    def test_timeout_mins_out_of_range(self):
        for value in (2 ** 63, 10 ** 18, '99999999999999999999', 10081, 0):
            self.assertRefused(self.create(timeout_mins=value), 400,
                               'timeout_mins must be an integer from 1 to '
                               '10080')

    def test_timeout_mins_at_the_maximum(self):
        self.assertEqual(201, self.create(timeout_mins=10080).status_int)

    def _list(self, path):
        return self.service.request('GET', '/v1/demo' + path)

    def test_huge_limits_are_lowered_to_max_limit(self):
        for path in ('/stacks?limit=%d' % 10 ** 30,
                     '/tasks?limit=%d' % 10 ** 30,
                     '/software_configs?limit=%d' % 10 ** 30,
                     '/stacks?limit=%d&with_count=true' % 2 ** 64):
            response = self._list(path)
            self.assertEqual(200, response.status_int, response.body)

    def test_limit_is_capped(self):
        self.flags(max_limit=1, group='api')
        for name in ('a1', 'a2'):
            self.create(stack_name=name)
        response = self._list('/stacks?limit=50')
        self.assertEqual(1, len(response.json['stacks']))

    def test_bad_integers_name_the_parameter(self):
        for path, name in (('/stacks?limit=-1', 'limit'),
                           ('/stacks?limit=1e3', 'limit'),
                           ('/stacks?limit=' + '9' * 5000, 'limit'),
                           ('/tasks?limit=x', 'limit'),
                           ('/tasks?limit=1&limit=2', 'limit'),
                           ('/software_configs?limit=0', 'limit')):
            self.assertRefused(self._list(path), 400, name)

    def test_huge_nested_depth_is_capped(self):
        self.assertEqual(201, self.create(stack_name='nd').status_int)
        stack = self.service.wait_for_stack('demo', 'nd')
        self.assertEqual('CREATE_COMPLETE', stack['stack_status'])
        for sub in ('resources', 'events'):
            response = self.service.follow(self._list(
                '/stacks/nd/%s?nested_depth=%d&limit=%d'
                % (sub, 10 ** 30, 10 ** 30)))
            self.assertEqual(200, response.status_int, response.body)
