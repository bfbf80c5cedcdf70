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

import http.server
import threading
import time

from heat_vision.common import exception
from heat_vision.tasks import plugins
from heat_vision.tasks.plugins import base as plugin_base
from heat_vision.tasks.plugins import http as http_plugin
from tests import base


class _Handler(http.server.BaseHTTPRequestHandler):

    def do_GET(self):
        if self.path.startswith('/big'):
            self.send_response(200)
            self.end_headers()
            self.wfile.write(b'x' * 200000)
            return
        if self.path.startswith('/to/'):
            self.send_response(302)
            self.send_header('Location', self.path[len('/to/'):])
            self.end_headers()
            return
        status = int(self.path.strip('/') or 200)
        self.send_response(status)
        self.end_headers()
        self.wfile.write(b'hello')

    def log_message(self, *args):
        pass


class PluginsTest(base.TestCase):

    def runtime(self, timeout=None):
        self.event = threading.Event()
        self.event.reason = 'cancelled'
        return plugin_base.TaskRuntime(None, 'job', 1, 'task', self.event,
                                       timeout=timeout)

    def test_registered(self):
        for name in ('noop', 'sleep', 'log', 'http.request',
                     'stack.create', 'stack.delete'):
            self.assertIn(name, plugins.names())

    def test_noop_and_log(self):
        self.assertEqual({'a': 1},
                         plugins.get('noop')().execute(self.runtime(), a=1))
        self.assertEqual({'logged': 'x'}, plugins.get('log')().execute(
            self.runtime(), message='x', level='debug'))

    def test_sleep_stops_on_cancel(self):
        runtime = self.runtime()
        threading.Timer(0.1, self.event.set).start()
        start = time.monotonic()
        self.assertRaises(exception.TaskCancelled,
                          plugins.get('sleep')().execute, runtime,
                          seconds=3600)
        # Far less than the hour asked for (a generous bound, for a busy
        # machine).
        self.assertLess(time.monotonic() - start, 60)

    def test_sleep_timeout(self):
        self.assertRaises(exception.TaskTimedOut,
                          plugins.get('sleep')().execute,
                          self.runtime(timeout=0.05), seconds=5)

    def serve(self):
        """A server on 127.0.0.2, which the tests allow; :returns: its URL.
        """
        self.flags(group='url_fetch', allowed_networks=['127.0.0.2/32'])
        httpd = http.server.ThreadingHTTPServer(('127.0.0.2', 0), _Handler)
        self.addCleanup(httpd.server_close)
        # A short poll: shutdown() waits for the loop's next look.
        threading.Thread(target=httpd.serve_forever,
                         kwargs={'poll_interval': 0.02}, daemon=True).start()
        self.addCleanup(httpd.shutdown)
        return 'http://127.0.0.2:%d/' % httpd.server_port

    def test_http_request(self):
        url = self.serve()
        plugin = plugins.get('http.request')()
        result = plugin.execute(self.runtime(), url=url + '201')
        self.assertEqual((201, 'hello'), (result['status'], result['body']))
        exc = self.assertRaises(exception.TaskFailed, plugin.execute,
                                self.runtime(), url=url + '500')
        self.assertIn('answered 500', str(exc))
        self.assertEqual(404, plugin.execute(
            self.runtime(), url=url + '404', expected_status=[404])['status'])

    def test_http_request_refuses_internal_addresses(self):
        url = self.serve()
        plugin = plugins.get('http.request')()
        exc = self.assertRaises(
            exception.TaskFailed, plugin.execute, self.runtime(),
            url=url.replace('127.0.0.2', 'localhost'))
        self.assertIn('refused: localhost resolves to 127.0.0.1, a loopback '
                      'address (127.0.0.0/8), which [url_fetch] '
                      'denied_networks denies', str(exc))
        exc = self.assertRaises(
            exception.TaskFailed, plugin.execute, self.runtime(),
            url=url + 'to/http://127.0.0.3:%s/' % url.split(':')[2])
        self.assertIn('the redirect to http://127.0.0.3:', str(exc))
        self.assertEqual(302, plugin.execute(
            self.runtime(), url=url + 'to/http://127.0.0.3/',
            follow_redirects=False, expected_status=[302])['status'])

    def test_http_request_keeps_a_bounded_body(self):
        url = self.serve()
        plugin = plugins.get('http.request')()
        result = plugin.execute(self.runtime(), url=url + 'big')
        self.assertEqual((http_plugin.MAX_BODY, True),
                         (len(result['body']), result['truncated']))
        self.flags(group='url_fetch', max_response_size=2048)
        result = plugin.execute(self.runtime(), url=url + 'big')
        self.assertEqual(2048, len(result['body']))

    def test_http_request_validation(self):
        plugin = plugins.get('http.request')
        plugin.validate({'url': 'http://localhost/', 'timeout': 120})
        for inputs, path, reason in (
                ({'url': 'http://169.254.169.254/latest/'}, 'input.url',
                 '169.254.169.254 is a link-local (cloud metadata) '
                 'address'),
                ({'url': 'http://0x7f.1/'}, 'input.url',
                 '0x7f.1 resolves to 127.0.0.1, a loopback address'),
                ({'url': 'http://[::1]/'}, 'input.url', 'loopback'),
                ({'url': 'http://u@example.com/'}, 'input.url',
                 'user information'),
                ({'url': 'https://example.com/', 'verify': False},
                 'input.verify', 'allow_insecure'),
                ({'url': 'https://example.com/', 'timeout': 121},
                 'input.timeout', 'max_timeout')):
            exc = self.assertRaises(exception.InvalidTaskDocument,
                                    plugin.validate, inputs)
            self.assertEqual(path, exc.path)
            self.assertIn(reason, exc.reason)
        self.flags(group='url_fetch', allow_insecure=True,
                   allowed_networks=['169.254.169.254/32'])
        plugin.validate({'url': 'https://169.254.169.254/', 'verify': False})
