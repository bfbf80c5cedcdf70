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

"""The HMAC contract between heat-vision and a CEP."""

import hashlib
import hmac

from heat_vision.cep import signature
from tests import base

SECRET = 's3cret-of-sixteen+'
BODY = b'{"alarm": {"current": "alarm"}}'


class SignatureTest(base.TestCase):

    def test_signature_is_hmac_sha256_of_timestamp_dot_body(self):
        headers = signature.sign(SECRET, BODY, now=1700000000)
        self.assertEqual('1700000000',
                         headers[signature.TIMESTAMP_HEADER])
        expected = hmac.new(SECRET.encode(), b'1700000000.' + BODY,
                            hashlib.sha256).hexdigest()
        self.assertEqual('sha256=' + expected,
                         headers[signature.SIGNATURE_HEADER])

    def test_verify_accepts_within_the_window(self):
        headers = signature.sign(SECRET, BODY, now=1000)
        signature.verify(SECRET, headers, BODY, window=300, now=1299)
        signature.verify(SECRET, headers, BODY, window=300, now=701)

    def refusal(self, headers, body=BODY, secret=SECRET, now=1000):
        return str(self.assertRaises(
            signature.Refused, signature.verify, secret, headers, body,
            300, now))

    def test_refusals(self):
        good = signature.sign(SECRET, BODY, now=1000)
        self.assertEqual('unsigned request', self.refusal({}))
        self.assertEqual('unsigned request', self.refusal(
            {signature.TIMESTAMP_HEADER: '1000'}))
        self.assertIn('stale request', self.refusal(good, now=1301))
        self.assertIn('stale request', self.refusal(good, now=699))
        self.assertEqual('bad signature',
                         self.refusal(good, body=BODY + b' '))
        self.assertEqual('bad signature',
                         self.refusal(good, secret=SECRET + 'x'))
        moved = dict(good, **{signature.TIMESTAMP_HEADER: '1001'})
        self.assertEqual('bad signature', self.refusal(moved))
        for stamp in ('-1000', '1e3', '1' * 13, ' 1000'):
            self.assertEqual('malformed timestamp', self.refusal(
                dict(good, **{signature.TIMESTAMP_HEADER: stamp})))
        truncated = dict(good, **{
            signature.SIGNATURE_HEADER: good[signature.SIGNATURE_HEADER][
                :-1]})
        self.assertEqual('bad signature', self.refusal(truncated))

    def test_headers_from_environ(self):
        headers = signature.sign(SECRET, BODY, now=5)
        environ = {'HTTP_X_HEATVISION_TIMESTAMP': '5',
                   'HTTP_X_HEATVISION_SIGNATURE':
                       headers[signature.SIGNATURE_HEADER]}
        self.assertEqual(headers, signature.headers_from_environ(environ))
