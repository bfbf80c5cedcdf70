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

"""A fake Heat v1 API on 127.0.0.1, and a test case that runs the CLI.

Routes are ``(METHOD, path below /v1/demo)`` mapped to a response
``(status, body[, headers])``, a list of responses served in turn (the
last one repeats, for polling), or a callable taking the recorded
:class:`Request`. Unknown routes answer 404 with Heat's error body.
"""

import collections
import http.server
import io
import json
import logging
import threading
from urllib import parse

import fixtures

from heat_vision.cli import shell
from tests import base

TENANT = 'demo'
Request = collections.namedtuple('Request', 'method path query body headers')


def heat_error(status, error_type, message):
    return (status, {'code': status, 'title': 'Error',
                     'explanation': 'explained',
                     'error': {'type': error_type, 'message': message,
                               'traceback': None}})


class FakeHeat(fixtures.Fixture):
    """A threaded HTTP server that plays Heat's v1 API."""

    def _setUp(self):
        self.routes = {}
        self.requests = []
        fake = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def _serve(self):
                fake.serve(self)

            do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = _serve

        self.server = http.server.ThreadingHTTPServer(('127.0.0.1', 0),
                                                      Handler)
        thread = threading.Thread(target=self.server.serve_forever,
                                  kwargs={'poll_interval': 0.02},
                                  daemon=True)
        thread.start()
        self.addCleanup(self.server.server_close)
        self.addCleanup(self.server.shutdown)
        self.root = 'http://127.0.0.1:%d' % self.server.server_port
        self.url = '%s/v1/%s' % (self.root, TENANT)

    def add(self, method, path, *responses):
        """Serve ``responses`` (in turn) for ``method path``."""
        self.routes[(method, path)] = list(responses)

    def add_stack(self, stack):
        """Heat's lookup of a stack by name and by id, and its show."""
        name, ident = stack['stack_name'], stack['id']
        location = '%s/stacks/%s/%s' % (self.url, name, ident)

        def redirect(request):
            query = parse.urlencode(request.query, doseq=True)
            return 302, None, {'Location': location + (
                '?' + query if query else '')}

        for ref in (name, ident):
            self.add('GET', 'stacks/%s' % ref, redirect)
        self.add('GET', 'stacks/%s/%s' % (name, ident), (200, {'stack':
                                                               stack}))

    def calls(self, method=None, path=None):
        return [request for request in self.requests
                if (method is None or request.method == method) and
                (path is None or request.path == path)]

    def serve(self, handler):
        url = parse.urlsplit(handler.path)
        prefix = '/v1/%s/' % TENANT
        path = parse.unquote(url.path[len(prefix):]
                             if url.path.startswith(prefix) else url.path)
        length = int(handler.headers.get('Content-Length') or 0)
        raw = handler.rfile.read(length) if length else b''
        request = Request(handler.command, path, parse.parse_qs(url.query),
                          _body(raw, handler.headers.get('Content-Type')),
                          dict(handler.headers))
        self.requests.append(request)
        status, body, headers = self._respond(request)
        # A bytes body (an XML answer...) is sent as it is, its type in
        # ``headers``.
        payload = (b'' if body is None else body if isinstance(body, bytes)
                   else json.dumps(body).encode())
        handler.send_response(status)
        if 'Content-Type' not in (headers or {}):
            handler.send_header('Content-Type', 'application/json')
        handler.send_header('Content-Length', str(len(payload)))
        for name, value in (headers or {}).items():
            handler.send_header(name, value)
        handler.end_headers()
        handler.wfile.write(payload)

    def _respond(self, request):
        responses = self.routes.get((request.method, request.path))
        if not responses:
            return heat_error(404, 'EntityNotFound',
                              'No route %s %s' % (request.method,
                                                  request.path)) + (None,)
        response = responses.pop(0) if len(responses) > 1 else responses[0]
        if callable(response):
            response = response(request)
        return tuple(response) + (None,) * (3 - len(response))


def _body(raw, content_type):
    """JSON bodies decoded; others (YAML, zip, forms) kept as bytes."""
    if not raw:
        return None
    if (content_type or 'application/json').startswith('application/json'):
        return json.loads(raw)
    return raw


class CLITestCase(base.TestCase):
    """Runs ``heat-vision`` in-process against a :class:`FakeHeat`."""

    def setUp(self):
        super().setUp()
        self.heat = self.useFixture(FakeHeat())
        root = logging.getLogger()
        handlers, level = list(root.handlers), root.level
        self.addCleanup(setattr, root, 'handlers', handlers)
        self.addCleanup(root.setLevel, level)

    def run_cli(self, *argv, environ=None):
        """Run the CLI; return ``(exit status, stdout, stderr)``."""
        stdout, stderr = io.StringIO(), io.StringIO()
        app = shell.HeatVisionApp(environ=environ or {},
                                  stdin=io.StringIO(), stdout=stdout,
                                  stderr=stderr)
        status = app.run(['--os-endpoint', self.heat.url] + list(argv))
        return status, stdout.getvalue(), stderr.getvalue()

    def run_ok(self, *argv):
        status, out, err = self.run_cli(*argv)
        self.assertEqual(0, status, 'stderr: %s' % err)
        return out

    def run_json(self, *argv):
        return json.loads(self.run_ok(*(argv + ('-f', 'json'))))


def stack(name='web', ident='1111', status='CREATE_COMPLETE', **more):
    data = {'stack_name': name, 'id': ident, 'stack_status': status,
            'stack_status_reason': '', 'updated_time': None,
            'creation_time': '2026-01-01T00:00:00Z', 'outputs': []}
    data.update(more)
    return data


def resource(name, status='CREATE_COMPLETE', required_by=(), stack_ref=None,
             nested=None, reason='state changed', rtype='OS::Heat::None',
             physical_id=None):
    links = []
    if stack_ref:
        links.append({'rel': 'stack',
                      'href': 'http://x/v1/demo/stacks/%s' % stack_ref})
    if nested:
        links.append({'rel': 'nested',
                      'href': 'http://x/v1/demo/stacks/%s' % nested})
    return {'resource_name': name, 'resource_status': status,
            'resource_status_reason': reason, 'resource_type': rtype,
            'physical_resource_id': physical_id or name + '-id',
            'required_by': list(required_by), 'links': links,
            'updated_time': '2026-01-01T00:00:00Z'}


def event(ident, name, status, reason='state changed'):
    return {'id': ident, 'resource_name': name, 'resource_status': status,
            'resource_status_reason': reason,
            'event_time': '2026-01-01T00:00:00Z', 'links': []}
