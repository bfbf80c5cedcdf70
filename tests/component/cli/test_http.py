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

from unittest import mock

from heat_vision.cli import http
from tests.component.cli import fakes


class TestErrorFromResponse(fakes.base.TestCase):

    def response(self, status, body=None, text='', reason='Bad'):
        resp = mock.Mock(status_code=status, text=text, reason=reason)
        if body is None:
            resp.json.side_effect = ValueError
        else:
            resp.json.return_value = body
        return resp

    def test_heat_error_body_becomes_one_message(self):
        _status, body = fakes.heat_error(400, 'StackValidationFailed',
                                         'resources.web: bad  count \n')
        error = http.error_from_response(self.response(400, body))
        self.assertEqual('StackValidationFailed (HTTP 400): '
                         'resources.web: bad  count', str(error))
        self.assertEqual(400, error.status)

    def test_lines_of_a_yaml_error_are_kept_with_the_caret(self):
        message = ('Error parsing template: while parsing a block mapping\n'
                   '  in "<unicode string>", line 3, column 3:  \n'
                   '      a:\n'
                   '      ^\n')
        _status, body = fakes.heat_error(400, 'InvalidTemplate', message)
        error = http.error_from_response(self.response(400, body))
        self.assertEqual('InvalidTemplate (HTTP 400): Error parsing '
                         'template: while parsing a block mapping\n'
                         '  in "<unicode string>", line 3, column 3:\n'
                         '      a:\n'
                         '      ^', str(error))

    def test_404_is_not_found(self):
        _status, body = fakes.heat_error(404, 'EntityNotFound', 'gone')
        self.assertIsInstance(
            http.error_from_response(self.response(404, body)),
            http.NotFound)

    def test_non_json_body_uses_text(self):
        error = http.error_from_response(
            self.response(502, text='bad gateway\n', reason='Bad Gateway'))
        self.assertEqual('Bad Gateway (HTTP 502): bad gateway', str(error))

    def test_json_without_error_uses_explanation(self):
        error = http.error_from_response(
            self.response(413, {'explanation': 'too big'}))
        self.assertIn('too big', str(error))


class TestPath(fakes.base.TestCase):

    def test_segments_are_quoted(self):
        self.assertEqual('stacks/a%2Fb/1', http.path('stacks', 'a/b', 1))


class TestHeatClient(fakes.CLITestCase):

    def test_token_and_extra_headers_are_sent(self):
        self.heat.add('GET', 'stacks', (200, {'stacks': []}))
        client = http.HeatClient(self.heat.url, token='tok',
                                 headers={'X-Roles': 'admin'})
        self.assertEqual({'stacks': []}, client.get('stacks', limit=None))
        request = self.heat.calls('GET', 'stacks')[0]
        self.assertEqual('tok', request.headers['X-Auth-Token'])
        self.assertEqual('admin', request.headers['X-Roles'])
        self.assertEqual({}, request.query)

    def test_redirect_is_followed_with_its_query(self):
        self.heat.add_stack(fakes.stack())
        client = http.HeatClient(self.heat.url)
        body = client.get('stacks/web', resolve_outputs='false')
        self.assertEqual('1111', body['stack']['id'])
        final = self.heat.calls('GET', 'stacks/web/1111')[0]
        self.assertEqual({'resolve_outputs': ['false']}, final.query)

    def test_http_error_raises(self):
        client = http.HeatClient(self.heat.url)
        self.assertRaises(http.NotFound, client.get, 'stacks/none')

    def test_unreachable_endpoint_is_a_clean_error(self):
        client = http.HeatClient('http://127.0.0.1:1/v1/demo')
        error = self.assertRaises(http.CLIError, client.get, 'stacks')
        self.assertIn('Cannot reach http://127.0.0.1:1/v1/demo', str(error))

    def test_empty_body_is_none(self):
        self.heat.add('DELETE', 'stacks/a/1', (204, None))
        self.assertIsNone(http.HeatClient(self.heat.url).delete(
            'stacks/a/1'))
