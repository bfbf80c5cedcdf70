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

"""The URL guard against every denied class and every way around it.

Linux routes all of 127.0.0.0/8 to the loopback interface, so the
servers listen on 127.0.0.2 (allowed by the tests) and 127.0.0.3 (still
denied, the "internal service" a redirect or a second DNS answer points
to).
"""

import datetime
import http.server
import os
import socket
import ssl
import threading
import time
from unittest import mock

from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives import serialization
from cryptography import x509
from cryptography.x509.oid import NameOID

from heat_vision.common import exception
from heat_vision.common import url_guard
from heat_vision.conf import url_fetch as url_fetch_conf
from tests import base

ALLOWED = '127.0.0.2'
INTERNAL = '127.0.0.3'
SECRET = b'the-internal-secret'
_getaddrinfo = socket.getaddrinfo


class Handler(http.server.BaseHTTPRequestHandler):
    """``/redirect/<status>?<url>``, ``/stream/<bytes>``, ``/drip``,
    ``/lie`` (a huge Content-Length), anything else echoes the request.
    """

    def do_GET(self):
        self.server.hits.append((self.command, self.path, dict(self.headers)))
        path, _, query = self.path.partition('?')
        if path.startswith('/redirect/'):
            self.send_response(int(path.split('/')[2]))
            self.send_header('Location', query)
            self.end_headers()
        elif path.startswith('/stream/'):
            self.send_response(200)
            self.end_headers()
            left = int(path.split('/')[2])
            while left > 0:
                self.wfile.write(b'x' * min(left, 65536))
                left -= 65536
        elif path == '/drip':
            self.send_response(200)
            self.end_headers()
            for _ in range(100):
                self.wfile.write(b'x')
                self.wfile.flush()
                time.sleep(0.1)
        elif path == '/lie':
            self.send_response(200)
            self.send_header('Content-Length', str(10 ** 12))
            self.end_headers()
            self.wfile.write(b'x' * 10)
        else:
            self.send_response(200)
            self.send_header('Content-Type', 'text/plain; charset=utf-8')
            self.end_headers()
            self.wfile.write(b'%s %s host=%s auth=%s %s' % (
                self.command.encode(), self.path.encode(),
                self.headers['Host'].encode(),
                (self.headers['Authorization'] or '-').encode(),
                self.server.secret))

    do_POST = do_HEAD = do_GET

    def log_message(self, *args):
        pass


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        """A client that hung up early is what the tests do on purpose."""


class GuardTestCase(base.TestCase):

    def serve(self, address=ALLOWED, secret=b'', tls=None):
        """Serve Handler on ``address``; :returns: the server's root URL.
        """
        server = Server((address, 0), Handler)
        server.hits, server.secret = [], secret
        if tls is not None:
            server.socket = tls.wrap_socket(server.socket, server_side=True)
        # A short poll: shutdown() waits for the loop's next look.
        threading.Thread(target=server.serve_forever,
                         kwargs={'poll_interval': 0.02}, daemon=True).start()
        self.addCleanup(server.server_close)
        self.addCleanup(server.shutdown)
        self.server = server
        scheme = 'https' if tls is not None else 'http'
        return '%s://%s:%d' % (scheme, address, server.server_port)

    def assertRefused(self, url, *mentions, call=url_guard.check, **kw):
        exc = self.assertRaises(exception.URLRefused, call, url, **kw)
        for text in mentions:
            self.assertIn(text, exc.reason)
        return exc


class CheckTest(GuardTestCase):
    """``check`` and ``resolve``: what is refused before any request."""

    DENIED = {
        '127.0.0.1': 'a loopback address (127.0.0.0/8)',
        '127.255.0.9': 'a loopback address (127.0.0.0/8)',
        '10.20.30.40': 'a private address (10.0.0.0/8)',
        '172.16.5.4': 'a private address (172.16.0.0/12)',
        '172.31.255.1': 'a private address (172.16.0.0/12)',
        '192.168.1.1': 'a private address (192.168.0.0/16)',
        '169.254.169.254': 'a link-local (cloud metadata) address',
        '0.0.0.0': 'an unspecified ("this network") address',
        '100.64.0.1': 'carrier-grade NAT',
        '224.0.0.1': 'a multicast address (224.0.0.0/4)',
        '240.0.0.1': 'a reserved address (240.0.0.0/4)',
        '255.255.255.255': 'a reserved address (240.0.0.0/4)',
        '[::1]': 'a loopback address (::1/128)',
        '[::]': 'an unspecified address (::/128)',
        '[fe80::1]': 'a link-local address (fe80::/10)',
        '[fc00::1]': 'a private (unique local) address (fc00::/7)',
        '[fd12:3456::1]': 'a private (unique local) address (fc00::/7)',
        '[ff02::1]': 'a multicast address (ff00::/8)',
        '[64:ff9b::a00:1]': 'a NAT64 address',
    }

    def test_ip_literals_of_every_denied_class(self):
        for host, kind in self.DENIED.items():
            self.assertRefused('http://%s/x' % host, kind,
                               'which [url_fetch] denied_networks denies')

    def test_ipv4_mapped_ipv6_is_checked_as_ipv4(self):
        for host, kind in (('::ffff:127.0.0.1', 'loopback'),
                           ('::ffff:7f00:1', 'loopback'),
                           ('::ffff:169.254.169.254', 'link-local'),
                           ('::ffff:10.0.0.1', 'private')):
            self.assertRefused('http://[%s]:8080/' % host, kind)
        self.assertRefused('http://[::ffff:127.0.0.1]/',
                           '::ffff:127.0.0.1 resolves to 127.0.0.1, a '
                           'loopback address')

    def test_decimal_octal_and_hex_spellings_are_normalised(self):
        for host in ('2130706433', '0x7f.1', '017700000001', '0x7f000001',
                     '127.1', '0177.0.0.1', '0x7F.0.0.1'):
            self.assertRefused('http://%s/' % host,
                               '%s resolves to 127.0.0.1, a loopback '
                               'address' % host.lower())
        self.assertRefused('http://2852039166/', 'resolves to '
                           '169.254.169.254, a link-local (cloud metadata)')

    def test_public_literals_pass_without_dns(self):
        with mock.patch('socket.getaddrinfo', side_effect=_numeric_only):
            self.assertEqual(['8.8.8.8'],
                             url_guard.check('http://8.8.8.8/').addresses)
            self.assertEqual(['2001:4860:4860::8888'], url_guard.check(
                'https://[2001:4860:4860::8888]:8443/a').addresses)
            self.assertEqual(['134.7.0.1'],
                             url_guard.check('http://0x86070001/').addresses)

    def test_host_name_is_judged_after_resolution(self):
        target = url_guard.check('http://localhost:8080/a?b=c')
        self.assertEqual((None, 'localhost:8080', '/a?b=c'),
                         (target.addresses, target.netloc, target.path))
        self.assertRefused('http://localhost:8080/',
                           'localhost resolves to 127.0.0.1, a loopback '
                           'address (127.0.0.0/8), which [url_fetch] '
                           'denied_networks denies',
                           call=lambda url: url_guard.resolve(
                               url_guard.parse(url)))

    def test_any_denied_address_refuses_the_name(self):
        answers = [(socket.AF_INET, socket.SOCK_STREAM, 6, '',
                    (address, 80)) for address in ('8.8.8.8', '10.0.0.7')]
        with mock.patch('socket.getaddrinfo', return_value=answers):
            self.assertRefused('http://mixed.example/',
                               'mixed.example resolves to 10.0.0.7',
                               call=url_guard.fetch)

    def test_unresolvable_name_fails(self):
        with mock.patch('socket.getaddrinfo',
                        side_effect=socket.gaierror(-2, 'Name not known')):
            exc = self.assertRaises(exception.URLFetchFailed,
                                    url_guard.fetch, 'http://nowhere.test/')
        self.assertIn('cannot resolve nowhere.test', exc.reason)

    def test_malformed_urls(self):
        for url, reason in (
                ('ftp://example.com/', 'only http and https'),
                ('file:///etc/passwd', 'only http and https'),
                ('gopher://example.com:70/', 'only http and https'),
                ('javascript:alert(1)', 'only http and https'),
                ('//example.com/', 'only http and https'),
                ('http://user:pw@example.com/', 'user information'),
                ('http://example.com@127.0.0.1/', 'user information'),
                ('http://example.com\\@127.0.0.1/', 'backslashes'),
                ('http://example.com /', 'spaces'),
                ('http://example.com/\r\nX: y', 'control characters'),
                ('http:///path', 'no host'),
                ('http://[::1/', 'Invalid IPv6 URL'),
                ('http://[fe80::1%25eth0]/', 'a zone or an escape'),
                ('http://ex%61mple.com/', 'a zone or an escape'),
                ('http://example.com:99999/', 'out of range'),
                ('http://example.com:0/', 'port 0'),
                ('http://exa$mple.com/', 'not a valid host name'),
                ('http://%s/' % ('a' * 9000), 'longer than 8192'),
                (None, 'not a URL')):
            self.assertRefused(url, reason)

    def test_idna_host_names(self):
        self.assertEqual('xn--bcher-kva.example', url_guard.check(
            'http://B\u00fccher.example/').host)

    def test_allowed_networks_override_denied(self):
        self.flags(group='url_fetch', allowed_networks=['127.0.0.2/32',
                                                        'fd00:1::/64'])
        url_guard.check('http://127.0.0.2:8080/')
        url_guard.check('http://[::ffff:127.0.0.2]:8080/')
        url_guard.check('http://[fd00:1::5]/')
        self.assertRefused('http://127.0.0.3:8080/', 'loopback')
        self.assertRefused('http://[fd00:2::5]/', 'unique local')

    def test_also_allowed_networks_for_one_kind_of_request(self):
        # What [cep] allowed_networks adds for CEP dispatch only.
        url_guard.check('http://127.0.0.5:8080/',
                        also_allowed=['127.0.0.0/30', '127.0.0.4/30'])
        self.assertRefused('http://127.0.0.9:8080/', 'loopback',
                           also_allowed=['127.0.0.4/30'])
        self.assertRefused('http://127.0.0.5:8080/', 'loopback')
        self.flags(group='api', bind_host='127.0.0.5', bind_port=8004)
        self.assertRefused('http://127.0.0.5:8004/', 'own API',
                           also_allowed=['127.0.0.0/8'])

    def test_denied_networks_are_the_operators(self):
        self.flags(group='url_fetch', denied_networks=['8.8.8.0/24'])
        self.assertRefused('http://8.8.8.8/', '8.8.8.8 is an address in '
                                              '8.8.8.0/24')
        url_guard.check('http://127.0.0.1:8080/')

    def test_own_api_is_refused_even_when_allowed(self):
        self.flags(group='url_fetch', allowed_networks=['127.0.0.0/8'])
        self.flags(group='api', bind_host='127.0.0.2', bind_port=8004)
        self.assertRefused('http://127.0.0.2:8004/', "127.0.0.2 port 8004 "
                           "is this service's own API")
        self.assertRefused('http://[::ffff:127.0.0.2]:8004/', 'own API')
        url_guard.check('http://127.0.0.2:8005/')
        url_guard.check('http://127.0.0.3:8004/')
        self.flags(group='api', bind_host='0.0.0.0')
        self.assertRefused('http://127.0.0.3:8004/', 'own API')
        self.assertRefused('http://localhost:8004/',
                           'localhost (127.0.0.1) port 8004',
                           call=url_guard.fetch)

    def test_network_option_type(self):
        network = url_fetch_conf.Network()
        self.assertEqual('10.0.0.0/8', network(' 10.1.2.3/8'))
        self.assertEqual('fe80::/10', network('FE80::/10'))
        self.assertEqual('192.0.2.1/32', network('192.0.2.1'))
        self.assertRaises(ValueError, network, 'example.com')
        self.assertRaises(ValueError, network, '10.0.0.0/33')


def resolving(name, *answers):
    """Patch getaddrinfo: ``name`` resolves to each answer in turn.

    The last answer stays from then on; numeric hosts and other names
    resolve as usual.
    """
    answers = list(answers)

    def fake(host, port, *args, **kwargs):
        if host == name:
            flags = kwargs.get('flags', args[3] if len(args) > 3 else 0)
            if flags & socket.AI_NUMERICHOST:
                raise socket.gaierror(socket.EAI_NONAME, 'not numeric')
            host = answers.pop(0) if len(answers) > 1 else answers[0]
        return _getaddrinfo(host, port, *args, **kwargs)
    return mock.patch('socket.getaddrinfo', side_effect=fake)


def _numeric_only(host, port, *args, **kwargs):
    """getaddrinfo that fails the test if anything needs DNS."""
    flags = kwargs.get('flags', args[3] if len(args) > 3 else 0)
    if not flags & socket.AI_NUMERICHOST:
        raise AssertionError('%s was resolved with DNS' % host)
    return _getaddrinfo(host, port, *args, **kwargs)


class FetchTest(GuardTestCase):
    """``fetch`` against real loopback servers."""

    def setUp(self):
        super().setUp()
        self.flags(group='url_fetch', allowed_networks=[ALLOWED + '/32'])
        self.internal = self.serve(INTERNAL, secret=SECRET)
        self.internal_hits = self.server.hits
        self.root = self.serve(ALLOWED)

    def test_fetch(self):
        response = url_guard.fetch(self.root + '/a?b=1',
                                   headers={'Host': 'evil.example'})
        self.assertEqual(200, response.status)
        self.assertEqual('text/plain; charset=utf-8',
                         response.headers['Content-Type'])
        self.assertEqual('GET /a?b=1 host=%s auth=- ' % self.root[7:],
                         response.text)
        self.assertFalse(response.truncated)
        response = url_guard.fetch(self.root + '/p', method='POST',
                                   json={'k': 'v'})
        self.assertEqual('application/json',
                         self.server.hits[-1][2]['Content-Type'])

    def test_fetch_also_allowed(self):
        self.assertRefused(self.internal + '/', 'loopback',
                           call=url_guard.fetch)
        response = url_guard.fetch(self.internal + '/',
                                   also_allowed=[INTERNAL + '/32'])
        self.assertEqual(200, response.status)

    def test_connection_pinned_to_the_checked_address(self):
        # A name answering 127.0.0.2 once, then the internal service (DNS
        # rebinding): the request must go to the address that was checked.
        port = self.server.server_port
        with resolving('rebind.test', ALLOWED, INTERNAL):
            response = url_guard.fetch('http://rebind.test:%d/r' % port)
        self.assertIn(b'host=rebind.test:%d' % port, response.body)
        self.assertEqual([], self.internal_hits)

    def test_redirect_to_a_denied_address_is_refused(self):
        for location in (self.internal + '/secret',
                         self.internal.replace(INTERNAL, 'localhost'),
                         'http://2130706435:%d/' % self.server.server_port,
                         'http://169.254.169.254/latest/meta-data/',
                         'file:///etc/passwd'):
            for status in (301, 302, 303, 307, 308):
                exc = self.assertRefused(
                    '%s/redirect/%d?%s' % (self.root, status, location),
                    'the redirect to %s is refused' % location,
                    call=url_guard.fetch)
                self.assertNotIn(SECRET.decode(), exc.message)
        self.assertEqual([], self.internal_hits)

    def test_redirects_are_followed_and_bounded(self):
        def chain(hops):
            url = self.root + '/end'
            for _ in range(hops):
                url = '%s/redirect/302?%s' % (self.root, url)
            return url
        self.assertEqual(b'GET /end', url_guard.fetch(chain(3)).body[:8])
        exc = self.assertRaises(exception.URLFetchFailed, url_guard.fetch,
                                chain(4))
        self.assertIn('more than 3 redirects', exc.reason)
        self.flags(group='url_fetch', max_redirects=0)
        self.assertRaises(exception.URLFetchFailed, url_guard.fetch,
                          chain(1))
        response = url_guard.fetch(chain(1), follow_redirects=False)
        self.assertEqual((302, self.root + '/end'),
                         (response.status, response.headers['Location']))

    def test_redirect_methods_and_credentials(self):
        other = self.serve(ALLOWED)
        response = url_guard.fetch(
            '%s/redirect/303?%s/x' % (self.root, other), method='POST',
            data=b'body', headers={'Authorization': 'Bearer t'})
        self.assertEqual(b'GET /x host=%s auth=- ' % other[7:].encode(),
                         response.body)
        response = url_guard.fetch(
            '%s/redirect/307?/y' % self.root, method='POST',
            data=b'body', headers={'Authorization': 'Bearer t'})
        self.assertTrue(response.body.startswith(b'POST /y'))
        self.assertIn(b'auth=Bearer t', response.body)

    def test_max_response_size_is_read_as_a_stream(self):
        self.flags(group='url_fetch', max_response_size=100000)
        self.assertEqual(100000, len(url_guard.fetch(
            self.root + '/stream/100000').body))
        exc = self.assertRaises(exception.URLFetchFailed, url_guard.fetch,
                                self.root + '/stream/50000000')
        self.assertIn('larger than 100000 bytes', exc.reason)
        response = url_guard.fetch(self.root + '/stream/50000000',
                                   max_size=1000, truncate=True)
        self.assertEqual((b'x' * 1000, True),
                         (response.body, response.truncated))
        started = time.monotonic()
        exc = self.assertRaises(exception.URLFetchFailed, url_guard.fetch,
                                self.root + '/lie')
        self.assertIn('larger than 100000 bytes', exc.reason)
        self.assertLess(time.monotonic() - started, 2)

    def test_timeout_bounds_the_whole_request(self):
        started = time.monotonic()
        exc = self.assertRaises(exception.URLFetchFailed, url_guard.fetch,
                                self.root + '/drip', timeout=0.5)
        self.assertLess(time.monotonic() - started, 2)
        self.assertIn('timed out', exc.reason)
        self.flags(group='url_fetch', max_timeout=1)
        started = time.monotonic()
        self.assertRaises(exception.URLFetchFailed, url_guard.fetch,
                          self.root + '/drip', timeout=60)
        self.assertLess(time.monotonic() - started, 3)

    def test_connection_refused(self):
        closed = socket.socket()
        closed.bind((ALLOWED, 0))
        port = closed.getsockname()[1]
        closed.close()
        exc = self.assertRaises(exception.URLFetchFailed, url_guard.fetch,
                                'http://%s:%d/' % (ALLOWED, port))
        self.assertEqual('cannot connect to %s port %d: [Errno 111] '
                         'Connection refused' % (ALLOWED, port), exc.reason)

    def test_verify_false_is_refused_unless_allowed(self):
        self.assertRefused(self.root + '/', 'allow_insecure',
                           call=url_guard.fetch, verify=False)
        self.assertEqual([], self.server.hits)
        self.flags(group='url_fetch', allow_insecure=True)
        self.assertEqual(200, url_guard.fetch(self.root + '/',
                                              verify=False).status)


class TlsTest(GuardTestCase):
    """HTTPS to a pinned address still checks the URL's host name."""

    def setUp(self):
        super().setUp()
        self.flags(group='url_fetch', allowed_networks=['127.0.0.0/8'])
        self.ca_file = os.path.join(self.state_dir, 'cert.pem')
        key = ec.generate_private_key(ec.SECP256R1())
        name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME,
                                             'localhost')])
        now = datetime.datetime.now(datetime.timezone.utc)
        cert = (x509.CertificateBuilder().subject_name(name)
                .issuer_name(name).public_key(key.public_key())
                .serial_number(x509.random_serial_number())
                .not_valid_before(now - datetime.timedelta(days=1))
                .not_valid_after(now + datetime.timedelta(days=1))
                .add_extension(x509.SubjectAlternativeName(
                    [x509.DNSName('localhost')]), critical=False)
                .add_extension(x509.BasicConstraints(ca=True,
                                                     path_length=None),
                               critical=True)
                .sign(key, hashes.SHA256()))
        key_file = os.path.join(self.state_dir, 'key.pem')
        with open(self.ca_file, 'wb') as out:
            out.write(cert.public_bytes(serialization.Encoding.PEM))
        with open(key_file, 'wb') as out:
            out.write(key.private_bytes(
                serialization.Encoding.PEM,
                serialization.PrivateFormat.PKCS8,
                serialization.NoEncryption()))
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(self.ca_file, key_file)
        self.root = self.serve('127.0.0.1', tls=context)
        self.port = self.server.server_port

    def test_certificate_checked_against_the_url_host(self):
        response = url_guard.fetch('https://localhost:%d/t' % self.port,
                                   verify=self.ca_file)
        self.assertIn(b'host=localhost:%d' % self.port, response.body)
        self.flags(group='url_fetch', ca_file=self.ca_file)
        self.assertEqual(200, url_guard.fetch(
            'https://localhost:%d/t' % self.port).status)
        # The same address under another name: the certificate does not
        # match, whatever the name resolves to.
        with resolving('other.test', '127.0.0.1'):
            exc = self.assertRaises(
                exception.URLFetchFailed, url_guard.fetch,
                'https://other.test:%d/t' % self.port, verify=self.ca_file)
        self.assertIn('other.test', exc.reason)
        exc = self.assertRaises(exception.URLFetchFailed, url_guard.fetch,
                                self.root + '/t')
        self.assertIn('127.0.0.1', exc.reason)
