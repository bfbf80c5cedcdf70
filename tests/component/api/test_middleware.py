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

"""oslo.middleware in the API pipeline: request id, CORS, healthcheck,
proxy headers and the body size limit."""

import io
import logging

# Registers [keystone_authtoken], which the tests set before the keystone
# pipeline (the only importer of keystonemiddleware) is built.
from keystonemiddleware import auth_token  # noqa: F401
from oslo_context import context
import webob

from tests import base
from tests import fixtures as hv_fixtures
from tests import templates

TEMPLATE = templates.EMPTY
REQUEST_ID = 'X-OpenStack-Request-ID'


class MiddlewareTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.service = self.useFixture(
            hv_fixtures.EmbeddedService(self.state_dir))

    def test_request_id_on_every_response(self):
        for method, path, code in (('GET', '/v1/demo/stacks', 200),
                                   ('GET', '/v1/demo/no_such_thing', 404),
                                   ('GET', '/healthcheck', 200)):
            response = self.service.request(method, path)
            self.assertEqual(code, response.status_int, path)
            self.assertRegex(response.headers[REQUEST_ID], '^req-[0-9a-f-]+$')
        first = self.service.request('GET', '/v1/demo/stacks')
        second = self.service.request('GET', '/v1/demo/stacks')
        self.assertNotEqual(first.headers[REQUEST_ID],
                            second.headers[REQUEST_ID])

    def test_request_id_reaches_the_engine_logs(self):
        # oslo.log prints the request id of the thread's current
        # context: the engine's log records must find it there.
        handler = _ContextIdHandler()
        engine_log = logging.getLogger('heat_vision.engine')
        engine_log.addHandler(handler)
        self.addCleanup(engine_log.removeHandler, handler)
        self.addCleanup(engine_log.setLevel, engine_log.level)
        engine_log.setLevel(logging.DEBUG)
        response = self.service.request(
            'POST', '/v1/demo/stacks',
            body={'stack_name': 'logged', 'template': TEMPLATE})
        self.assertEqual(201, response.status_int, response.body)
        request_id = response.headers[REQUEST_ID]
        self.assertIn(request_id, handler.request_ids, handler.request_ids)

    def test_healthcheck_needs_no_token(self):
        self.flags(auth_strategy='keystone', group='api')
        self.flags(www_authenticate_uri='http://127.0.0.1:9/v3',
                   group='keystone_authtoken')
        self.service.app = self._rebuilt_app()
        self.assertEqual(200, self.service.request(
            'GET', '/healthcheck').status_int)
        self.assertEqual(401, self.service.request(
            'GET', '/v1/demo/stacks').status_int)

    def test_cors_for_an_allowed_origin_only(self):
        self.flags(allowed_origin=['https://dashboard.example'],
                   group='cors')
        self.service.app = self._rebuilt_app()
        allowed = self.service.request(
            'OPTIONS', '/v1/demo/stacks',
            headers={'Origin': 'https://dashboard.example',
                     'Access-Control-Request-Method': 'POST'})
        self.assertEqual('https://dashboard.example',
                         allowed.headers['Access-Control-Allow-Origin'])
        simple = self.service.request(
            'GET', '/v1/demo/stacks',
            headers={'Origin': 'https://dashboard.example'})
        self.assertIn(REQUEST_ID, simple.headers[
            'Access-Control-Expose-Headers'])
        other = self.service.request(
            'GET', '/v1/demo/stacks', headers={'Origin': 'https://evil'})
        self.assertNotIn('Access-Control-Allow-Origin', other.headers)

    def test_proxy_headers_make_the_links(self):
        self.flags(enable_proxy_headers_parsing=True,
                   group='oslo_middleware')
        self.service.app = self._rebuilt_app()
        response = self.service.request(
            'POST', '/v1/demo/stacks',
            body={'stack_name': 'proxied', 'template': TEMPLATE},
            headers={'X-Forwarded-Proto': 'https',
                     'X-Forwarded-Host': 'orchestration.example'})
        self.assertEqual(201, response.status_int, response.body)
        self.assertTrue(response.json['stack']['links'][0]['href']
                        .startswith('https://orchestration.example/v1/'))

    def test_chunked_body_over_the_limit(self):
        self.flags(max_request_body_size=2048, group='oslo_middleware')
        request = webob.Request.blank('/v1/demo/stacks', method='POST')
        request.headers['Content-Type'] = 'application/json'
        request.headers['Transfer-Encoding'] = 'chunked'
        request.body_file_raw = io.BytesIO(b'{"x": "%s"}' % (b'y' * 4096))
        request.environ.pop('CONTENT_LENGTH', None)
        request.is_body_readable = True
        response = request.get_response(self.service.app)
        self.assertEqual(413, response.status_int, response.body)
        self.assertEqual('RequestTooLarge', response.json['error']['type'])
        self.assertIn('2048', response.json['error']['message'])

    def _rebuilt_app(self):
        from heat_vision.cmd import composite
        return composite.setup_app()


class _ContextIdHandler(logging.Handler):
    """Keeps the request id oslo.log would print with each record."""

    def __init__(self):
        super().__init__()
        self.request_ids = set()

    def emit(self, record):
        current = context.get_current()
        self.request_ids.add(getattr(current, 'request_id', None))
