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

"""Task jobs may not read internal services through ``http.request``.

An "internal service" holding a secret listens on 127.0.0.1 and ::1; a
job pointing ``http.request`` at it, by any spelling of its address, by
name or through a redirect, must be refused at submission (an IP
literal) or fail when it runs (a name, a redirect), and the secret must
appear nowhere in what the API returns. One loopback address, 127.0.0.5,
is allowed by the service's configuration: a job to it still works.
"""

import http.server
import socket
import threading
import urllib.parse

from heat_vision.tasks import constants as c
from tests.functional.security import base
from tests import waiting

SECRET = 'internal-secret-7b3f0c'
ALLOWED = '127.0.0.5'


class _Handler(http.server.BaseHTTPRequestHandler):
    """Answers the secret; ``/to?<url>`` redirects to ``url``."""

    def do_GET(self):
        self.server.hits.append(self.path)
        if self.path.startswith('/to?'):
            self.send_response(302)
            self.send_header('Location', urllib.parse.unquote(
                self.path[len('/to?'):]))
            self.end_headers()
            return
        self.send_response(200)
        self.end_headers()
        self.wfile.write(self.server.answer.encode())

    def log_message(self, *args):
        pass


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = True


class _Server6(_Server):
    address_family = socket.AF_INET6


def _serve(server_class, address, answer):
    server = server_class((address, 0), _Handler)
    server.hits, server.answer = [], answer
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


class SsrfTest(base.SecurityTestCase):

    SERVICE_CONFIG = {'url_fetch': {'allowed_networks': ALLOWED + '/32'}}

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.servers = [_serve(_Server, '127.0.0.1', SECRET),
                       _serve(_Server6, '::1', SECRET),
                       _serve(_Server, ALLOWED, 'public-answer')]
        cls.internal, cls.internal6, cls.allowed = cls.servers

    @classmethod
    def tearDownClass(cls):
        for server in cls.servers:
            server.shutdown()
            server.server_close()
        super().tearDownClass()

    def setUp(self):
        super().setUp()
        for server in self.servers:
            del server.hits[:]
        self.port = self.internal.server_port
        self.port6 = self.internal6.server_port

    def job(self, url):
        return {'job': {'name': self.unique('ssrf'), 'tasks': [
            {'name': 'fetch', 'action': 'http.request',
             'input': {'url': url}}]}}

    def run_job(self, url):
        """Submit a job fetching ``url`` and wait for its end.

        :returns: the job's view and the text of every answer about it.
        """
        response = self.request('POST', '/tasks', json=self.job(url))
        self.assertEqual(201, response.status_code, response.text)
        texts = [response.text]
        job_id = response.json()['job']['id']

        def ended():
            response = self.request('GET', '/tasks/%s' % job_id)
            texts.append(response.text)
            job = response.json()['job']
            return job if job['status'] in c.FINAL_STATES else None
        job = waiting.wait_until(ended, timeout=30)
        texts.append(self.request('GET', '/tasks').text)
        return job, '\n'.join(texts)

    def assertNoLeak(self, text):
        self.assertNotIn(SECRET, text)
        self.assertEqual([], self.internal.hits)
        self.assertEqual([], self.internal6.hits)

    def test_ip_literals_refused_at_submission(self):
        for url, mentions in (
                ('http://127.0.0.1:%d/' % self.port,
                 '127.0.0.1 is a loopback address'),
                ('http://2130706433:%d/' % self.port,
                 '2130706433 resolves to 127.0.0.1, a loopback address'),
                ('http://0x7f.1:%d/' % self.port,
                 '0x7f.1 resolves to 127.0.0.1'),
                ('http://017700000001:%d/' % self.port,
                 '017700000001 resolves to 127.0.0.1'),
                ('http://[::1]:%d/' % self.port6,
                 '::1 is a loopback address'),
                ('http://[::ffff:127.0.0.1]:%d/' % self.port,
                 '::ffff:127.0.0.1 resolves to 127.0.0.1'),
                ('http://169.254.169.254/latest/meta-data/',
                 '169.254.169.254 is a link-local (cloud metadata) '
                 'address'),
                ('http://10.0.0.1/', 'a private address')):
            response = self.assertRefused('POST', '/tasks', status=400,
                                          mentions=mentions,
                                          json=self.job(url))
            self.assertIn('tasks[0].input.url',
                          response.json()['error']['message'])
        self.assertNoLeak('')

    def test_insecure_refused_at_submission(self):
        body = self.job('https://%s:%d/' % (ALLOWED,
                                            self.allowed.server_port))
        body['job']['tasks'][0]['input']['verify'] = False
        self.assertRefused('POST', '/tasks', status=400,
                           mentions='allow_insecure', json=body)

    def test_name_resolving_to_loopback_fails_the_job(self):
        job, text = self.run_job('http://localhost:%d/' % self.port)
        self.assertEqual(c.FAILED, job['status'])
        self.assertIn('localhost resolves to 127.0.0.1, a loopback address '
                      '(127.0.0.0/8), which [url_fetch] denied_networks '
                      'denies', job['status_reason'])
        self.assertNoLeak(text)
        self.assertServiceHealthy()

    def test_redirect_to_the_internal_service_fails_the_job(self):
        for target in ('http://127.0.0.1:%d/' % self.port,
                       'http://[::1]:%d/' % self.port6,
                       'http://localhost:%d/' % self.port):
            job, text = self.run_job('http://%s:%d/to?%s' % (
                ALLOWED, self.allowed.server_port, target))
            self.assertEqual(c.FAILED, job['status'])
            self.assertIn('the redirect to %s is refused' % target,
                          job['status_reason'])
            self.assertNoLeak(text)
        self.assertEqual(3, len(self.allowed.hits))
        self.assertServiceHealthy()

    def test_allowed_address_still_works(self):
        job, text = self.run_job('http://%s:%d/hello' % (
            ALLOWED, self.allowed.server_port))
        self.assertEqual(c.COMPLETE, job['status'], text[-2000:])
        result = job['steps'][0]['result']
        self.assertEqual((200, 'public-answer'),
                         (result['status'], result['body']))
        self.assertEqual(['/hello'], self.allowed.hits)
        self.assertNoLeak(text)
