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

"""oslo.middleware layers skipped for the requests they leave as they are.

Each of oslo.middleware's configurable layers builds a webob request and
response around every request and inspects its own ``process_response``
signature (``inspect.getfullargspec``) each time: about a tenth of the
API's own CPU on a stack list, for two layers that change nothing of
most requests:

- CORS acts on a preflight (``OPTIONS``) and on a request with an
  ``Origin`` header; without either it neither reads nor changes
  anything (``oslo_middleware.cors.CORS.process_response``,
  ``_apply_cors_request_headers``);
- http_proxy_to_wsgi reads the ``Forwarded`` / ``X-Forwarded-*`` headers
  only when ``[oslo_middleware] enable_proxy_headers_parsing`` is set
  (``HTTPProxyToWSGI.process_request``).

The body checks (oslo.middleware's size limit, then the JSON layer) each
build a webob request, and the size limit a response, around every
request too; a request without a body gives them nothing to check.

Everything else still goes through the layer itself.
"""


class UnlessCORS:
    """Around oslo.middleware's CORS: requests it has nothing to do with
    go straight to ``application``.
    """

    def __init__(self, cors_layer, application):
        self.cors_layer = cors_layer
        self.application = application

    def __call__(self, environ, start_response):
        if (environ.get('REQUEST_METHOD') == 'OPTIONS' or
                'HTTP_ORIGIN' in environ):
            return self.cors_layer(environ, start_response)
        return self.application(environ, start_response)


class UnlessProxyHeaders:
    """Around oslo.middleware's http_proxy_to_wsgi: skipped while
    ``enable_proxy_headers_parsing`` is off (read at each request, as the
    layer itself reads it).
    """

    def __init__(self, proxy_layer, application, conf):
        self.proxy_layer = proxy_layer
        self.application = application
        self.conf = conf

    def __call__(self, environ, start_response):
        if self.conf.oslo_middleware.enable_proxy_headers_parsing:
            return self.proxy_layer(environ, start_response)
        return self.application(environ, start_response)


class UnlessBody:
    """Around the body checks: a request without a body goes straight to
    ``application``.

    A request has a body only if it has a Transfer-Encoding header or a
    Content-Length other than 0: with neither, its body's length is zero
    (RFC 9112, section 6.3, rule 7), and waitress and uWSGI read none.
    """

    def __init__(self, checks, application):
        self.checks = checks
        self.application = application

    def __call__(self, environ, start_response):
        if ('HTTP_TRANSFER_ENCODING' in environ or
                environ.get('CONTENT_LENGTH') not in (None, '', '0')):
            return self.checks(environ, start_response)
        return self.application(environ, start_response)
