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

"""A loopback HTTP server of fixed documents, for ``template_url`` tests.

``FileServer(address, {path: body})`` answers 200 with the body (text
sent as UTF-8, or bytes) of a known path and 404 to any other;
``url(path)`` is the URL of a path and ``hits`` the paths asked for.
"""

import http.server
import threading

import fixtures


class _Handler(http.server.BaseHTTPRequestHandler):

    def do_GET(self):
        self.server.hits.append(self.path)
        body = self.server.documents.get(self.path)
        self.send_response(200 if body is not None else 404)
        self.end_headers()
        if body is None:
            body = b'missing'
        self.wfile.write(body if isinstance(body, bytes) else body.encode())

    def log_message(self, *args):
        pass


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = True


class FileServer(fixtures.Fixture):

    def __init__(self, address, documents):
        super().__init__()
        self.address = address
        self.documents = documents

    def _setUp(self):
        self.server = _Server((self.address, 0), _Handler)
        self.server.hits, self.server.documents = [], self.documents
        # A short poll: shutdown() waits for the loop's next look (half
        # a second by default, at every test's clean-up).
        threading.Thread(target=self.server.serve_forever,
                         kwargs={'poll_interval': 0.02},
                         daemon=True).start()
        self.addCleanup(self.server.server_close)
        self.addCleanup(self.server.shutdown)

    @property
    def hits(self):
        return self.server.hits

    def url(self, path):
        return 'http://%s:%d%s' % (self.address, self.server.server_port,
                                   path)
