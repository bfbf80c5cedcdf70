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

"""The sample CEP's WSGI app: what it refuses and what it calls."""

import json
import time

import webob

from heat_vision.cep import app
from heat_vision.cep import replay
from heat_vision.cep import signature
from tests import base

SECRET = 'the-shared-secret-0123'


class Fixed:
    """Decides one call per dispatch to the URL the dispatch names."""

    def __init__(self):
        self.seen = []

    def decide(self, dispatch, now):
        self.seen.append(dispatch)
        return [app.Call(dispatch['url'], {'n': len(self.seen)}, 'test')]


class CepAppTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.sent = []
        self.strategy = Fixed()
        self.app = app.CepApp(self.strategy, SECRET, window=60,
                              max_body=4096,
                              sender=lambda url, body: self.sent.append(
                                  (url, body)) or 200)

    def post(self, body, headers=None, method='POST'):
        raw = body if isinstance(body, bytes) else json.dumps(body).encode()
        request = webob.Request.blank('/', method=method)
        request.body = raw
        for name, value in (headers or {}).items():
            request.headers[name] = value
        return request.get_response(self.app)

    def signed(self, body, now=None):
        raw = json.dumps(body).encode()
        return self.post(raw, signature.sign(SECRET, raw, now=now))

    def test_signed_dispatch_is_decided_and_called(self):
        response = self.signed({'url': 'http://policy/up'})
        self.assertEqual(202, response.status_int, response.body)
        self.assertEqual([{'why': 'test', 'body': {'n': 1}}],
                         response.json['calls'])
        self.assertTrue(self.app.drain(10))
        self.assertEqual([('http://policy/up', {'n': 1})], self.sent)
        self.assertEqual(200, self.app.calls[0]['status'])

    def test_unsigned_stale_forged_replayed_are_refused(self):
        body = {'url': 'http://policy/up'}
        raw = json.dumps(body).encode()
        self.assertEqual(401, self.post(body).status_int)
        stale = self.signed(body, now=time.time() - 3600)
        self.assertEqual(401, stale.status_int)
        self.assertIn('stale', stale.json['error'])
        forged = dict(signature.sign('another-secret-0123', raw))
        self.assertEqual(401, self.post(raw, forged).status_int)
        good = signature.sign(SECRET, raw)
        self.assertEqual(401, self.post(raw + b' ', good).status_int)
        self.assertEqual(202, self.post(raw, good).status_int)
        replay = self.post(raw, good)
        self.assertEqual(409, replay.status_int)
        self.assertEqual(1, len(self.strategy.seen))

    def test_replay_memory_outlives_a_restart(self):
        raw = json.dumps({'url': 'http://policy/up'}).encode()
        good = signature.sign(SECRET, raw)
        first = app.CepApp(self.strategy, SECRET, window=60,
                           sender=lambda url, body: 200,
                           memory=replay.ReplayMemory(self.state_dir))
        self.app = first
        self.assertEqual(202, self.post(raw, good).status_int)
        first.memory.close()
        # The same service started again, on the same state directory.
        self.app = app.CepApp(self.strategy, SECRET, window=60,
                              sender=lambda url, body: 200,
                              memory=replay.ReplayMemory(self.state_dir))
        self.assertEqual(409, self.post(raw, good).status_int)
        self.assertEqual(1, len(self.strategy.seen))

    def test_replay_memory_is_bounded(self):
        memory = replay.ReplayMemory(self.state_dir, limit=3)
        for n in range(5):
            self.assertTrue(memory.first_time('sig-%d' % n, 100, 200 + n))
        self.assertEqual(3, len(memory))
        # The newest are kept; the expired go first of all.
        self.assertFalse(memory.first_time('sig-4', 100, 300))
        self.assertTrue(memory.first_time('sig-0', 100, 300))
        self.assertTrue(memory.first_time('sig-9', 250, 400))
        self.assertEqual(2, len(memory))

    def test_bad_requests(self):
        self.assertEqual(405, self.post({}, method='PUT').status_int)
        self.assertEqual(413, self.signed({'url': 'x' * 5000}).status_int)
        raw = b'not json'
        self.assertEqual(400, self.post(
            raw, signature.sign(SECRET, raw)).status_int)
        self.assertEqual([], self.strategy.seen)

    def test_a_secret_is_required(self):
        self.assertRaises(ValueError, app.CepApp, self.strategy, '')

    def test_strategies_are_entry_points(self):
        self.assertEqual(
            'RateLimit', type(app.load_strategy('eca.rate_limit')).__name__)
        self.assertEqual(
            'MovingAverage',
            type(app.load_strategy('mape.moving_average',
                                   target=0.5)).__name__)
