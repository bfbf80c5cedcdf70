import http.server
import threading
import time

from heat_vision.common import exception
from heat_vision.tasks import plugins
from heat_vision.tasks.plugins import base as plugin_base
from tests import base


class _Handler(http.server.BaseHTTPRequestHandler):

    def do_GET(self):
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
                          plugins.get('sleep')().execute, runtime, seconds=5)
        self.assertLess(time.monotonic() - start, 1)

    def test_sleep_timeout(self):
        self.assertRaises(exception.TaskTimedOut,
                          plugins.get('sleep')().execute,
                          self.runtime(timeout=0.05), seconds=5)

    def test_http_request(self):
        httpd = http.server.ThreadingHTTPServer(('127.0.0.1', 0), _Handler)
        self.addCleanup(httpd.server_close)
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        self.addCleanup(httpd.shutdown)
        url = 'http://127.0.0.1:%d/' % httpd.server_port
        plugin = plugins.get('http.request')()
        result = plugin.execute(self.runtime(), url=url + '201')
        self.assertEqual((201, 'hello'), (result['status'], result['body']))
        exc = self.assertRaises(exception.TaskFailed, plugin.execute,
                                self.runtime(), url=url + '500')
        self.assertIn('answered 500', str(exc))
        self.assertEqual(404, plugin.execute(
            self.runtime(), url=url + '404', expected_status=[404])['status'])
