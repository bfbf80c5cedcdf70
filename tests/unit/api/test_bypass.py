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

"""CORS, proxy-header and body-check layers go around the requests they
leave alone.
"""

from oslo_middleware import http_proxy_to_wsgi
import webob
import webob.dec

from heat_vision.web.middleware import bypass
from tests import base


def _app(seen, name):
    @webob.dec.wsgify
    def app(request):
        seen.append(name)
        return webob.Response(name)
    return app


class _AroundTest(base.TestCase):
    """``self.app``: ``LAYER`` around an app that answers ``ANSWER``,
    beside one that answers ``inner``; ``self.seen``: who answered.
    """

    def setUp(self):
        super().setUp()
        self.seen = []
        self.app = self.LAYER(_app(self.seen, self.ANSWER),
                              _app(self.seen, 'inner'))


class UnlessCORSTest(_AroundTest):
    LAYER, ANSWER = bypass.UnlessCORS, 'cors'

    def get(self, method='GET', **headers):
        request = webob.Request.blank('/v1/p/stacks', method=method,
                                      headers=headers)
        return request.get_response(self.app).text

    def test_a_request_without_origin_skips_cors(self):
        self.assertEqual('inner', self.get())
        self.assertEqual('inner', self.get('POST'))

    def test_an_origin_or_a_preflight_goes_through_cors(self):
        self.assertEqual('cors', self.get(Origin='https://a.example'))
        self.assertEqual('cors', self.get('OPTIONS'))
        self.assertEqual(['cors', 'cors'], self.seen)


class UnlessProxyHeadersTest(base.TestCase):

    def test_the_layer_runs_only_while_parsing_is_enabled(self):
        seen = []
        inner = _app(seen, 'inner')
        layer = http_proxy_to_wsgi.HTTPProxyToWSGI(inner, self.conf)
        app = bypass.UnlessProxyHeaders(_app(seen, 'proxy'), inner,
                                        self.conf)
        self.assertIsNotNone(layer)     # registered its options
        request = webob.Request.blank('/', headers={
            'X-Forwarded-Proto': 'https'})
        self.assertEqual('inner', request.get_response(app).text)
        self.flags(enable_proxy_headers_parsing=True,
                   group='oslo_middleware')
        self.assertEqual('proxy', request.get_response(app).text)


class UnlessBodyTest(_AroundTest):
    LAYER, ANSWER = bypass.UnlessBody, 'checks'

    def send(self, method='GET', body=None, **environ):
        request = webob.Request.blank('/v1/p/stacks', method=method)
        if body is not None:
            request.body = body
        request.environ.update(environ)
        return request.get_response(self.app).text

    def test_a_request_without_a_body_skips_the_checks(self):
        self.assertEqual('inner', self.send())
        self.assertEqual('inner', self.send('DELETE'))
        self.assertEqual('inner', self.send('POST', CONTENT_LENGTH='0'))
        self.assertEqual(['inner'] * 3, self.seen)

    def test_a_length_or_a_transfer_encoding_goes_through_the_checks(self):
        self.assertEqual('checks', self.send('POST', b'{}'))
        self.assertEqual('checks', self.send(
            'POST', HTTP_TRANSFER_ENCODING='chunked'))
        # Not a length: the size limit's to refuse, not skipped.
        self.assertEqual('checks', self.send('PUT', CONTENT_LENGTH='x'))
