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

"""WSGI apps served on a loopback port in a thread, for the CEP tests."""

import socketserver
import threading
from wsgiref import simple_server

import fixtures


class _Quiet(simple_server.WSGIRequestHandler):
    def log_message(self, *args):
        pass


class _Server(socketserver.ThreadingMixIn, simple_server.WSGIServer):
    daemon_threads = True


class LoopbackServer(fixtures.Fixture):
    """Serves ``app`` on 127.0.0.1 (a free port) until cleanup.

    :ivar url: ``http://127.0.0.1:<port>``.
    """

    def __init__(self, app):
        super().__init__()
        self.app = app

    def _setUp(self):
        self.server = simple_server.make_server(
            '127.0.0.1', 0, self.app, server_class=_Server,
            handler_class=_Quiet)
        self.url = 'http://127.0.0.1:%d' % self.server.server_port
        thread = threading.Thread(target=self.server.serve_forever,
                                  kwargs={'poll_interval': 0.05},
                                  daemon=True)
        thread.start()
        self.addCleanup(thread.join, 10)
        self.addCleanup(self.server.server_close)
        self.addCleanup(self.server.shutdown)
