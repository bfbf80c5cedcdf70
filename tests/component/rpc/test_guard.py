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

"""The engine health monitor and the API's guarded engine calls."""

import threading
import time

import oslo_messaging as messaging

from heat_vision.common import exception
from heat_vision.rpc import guard
from heat_vision.rpc import health
from heat_vision.web.middleware import fault
from tests import base
from tests import fixtures as hv_fixtures

RABBIT = 'rabbit://guest:secret@127.0.0.1:5673/'


class EngineHealthTest(base.TestCase):

    def test_a_ping_that_answers_is_healthy(self):
        monitor = health.EngineHealth(lambda: 'engine-1', 60, 1)
        self.assertIsNone(monitor.healthy)
        self.assertTrue(monitor.ping_once())
        self.assertEqual(0, monitor.unhealthy_for())

    def test_a_failing_ping_is_unhealthy_with_its_reason(self):
        def ping():
            raise messaging.MessageDeliveryFailure('broker gone')
        monitor = health.EngineHealth(ping, 60, 1)
        self.assertFalse(monitor.ping_once())
        self.assertIn('broker gone', monitor.reason)

    def test_a_blocked_ping_fails_after_the_timeout_and_is_not_repeated(self):
        release = threading.Event()
        calls = []

        def ping():
            calls.append(1)
            release.wait(600)
        self.addCleanup(release.set)
        monitor = health.EngineHealth(ping, 60, 0.1)
        start = time.monotonic()
        self.assertFalse(monitor.ping_once())
        # Not the ping's 600 s (a generous bound, for a busy machine).
        self.assertLess(time.monotonic() - start, 60)
        self.assertIn('within 0.1 s', monitor.reason)
        self.assertFalse(monitor.ping_once())
        self.assertEqual([1], calls)
        release.set()
        self.assertTrue(monitor.ping_once())

    def test_an_engine_started_after_the_last_ping_answers_at_once(self):
        # The API started first: its ping failed, and the next is 60 s
        # away. A request rechecks instead of refusing for that long.
        engines = []

        def ping():
            if not engines:
                raise RuntimeError('no engine yet')
            return engines[0]
        monitor = health.EngineHealth(ping, 60, 1)
        self.assertFalse(monitor.ping_once())
        engines.append('engine-1')
        # A ping that ended less than min_age ago stands.
        self.assertFalse(monitor.recheck(min_age=60))
        self.assertTrue(monitor.recheck(min_age=0))
        self.assertTrue(monitor.healthy)

    def test_a_recheck_does_not_wait_for_a_stuck_ping_again(self):
        release = threading.Event()
        self.addCleanup(release.set)
        monitor = health.EngineHealth(lambda: release.wait(600), 60, 0.1)
        self.assertFalse(monitor.ping_once())
        # Were the stuck ping waited for again, this would take 300 s.
        monitor.timeout = 300
        start = time.monotonic()
        self.assertFalse(monitor.recheck(min_age=0))
        self.assertLess(time.monotonic() - start, 60)

    def test_the_thread_recovers_after_a_failed_call(self):
        monitor = health.EngineHealth(lambda: 'engine-1', 60, 1)
        monitor.start()
        self.addCleanup(monitor.stop)
        self.assertTrue(monitor.wait_checked(5))
        monitor.mark_unhealthy('a call timed out')
        # mark_unhealthy wakes the monitor: it pings without waiting 60 s.
        deadline = time.monotonic() + 5
        while not monitor.healthy and time.monotonic() < deadline:
            time.sleep(0.01)
        self.assertTrue(monitor.healthy)


class CallGuardTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.flags(transport_url=RABBIT)
        self.flags(engine_ping_timeout=0.2, engine_check_interval=60,
                   max_rpc_calls=2, group='api')

    def guard(self, ping=lambda: 'engine-1'):
        call_guard = guard.CallGuard()
        call_guard.start(ping)
        self.addCleanup(call_guard.stop)
        call_guard.health.wait_checked(5)
        return call_guard

    def test_calls_pass_while_an_engine_answers(self):
        self.assertEqual('r', self.guard().call(lambda **kw: 'r'))

    def test_refused_at_once_without_credentials_while_none_answers(self):
        def ping():
            raise messaging.MessagingTimeout('nobody')
        call_guard = self.guard(ping)
        sent = []
        error = self.assertRaises(exception.EngineUnavailable,
                                  call_guard.call, sent.append)
        self.assertEqual([], sent)
        self.assertEqual(503, error.code)
        self.assertEqual('ServiceUnavailable', error.type_name())
        self.assertEqual('No heat-vision engine answered within 0.2 s '
                         '(transport: rabbit://127.0.0.1:5673/).',
                         str(error))

    def test_engine_errors_pass_through(self):
        def send(**kw):
            raise exception.StackExists(stack_name='s')
        self.assertRaises(exception.StackExists, self.guard().call, send)

    def test_timeout_and_delivery_failure_are_unavailable(self):
        call_guard = self.guard()
        for error in (messaging.MessagingTimeout('late'),
                      messaging.MessageDeliveryFailure('gone')):
            def send(**kw):
                raise error
            self.assertTrue(call_guard.health.ping_once())
            self.assertRaises(exception.EngineUnavailable, call_guard.call,
                              send)
            self.assertIn(str(error), call_guard.health.reason)

    def test_a_stuck_call_frees_the_request_and_holds_a_slot(self):
        self.flags(rpc_response_timeout=1)
        call_guard = self.guard()
        release = threading.Event()
        self.addCleanup(release.set)
        start = time.monotonic()
        self.assertRaises(exception.EngineUnavailable, call_guard.call,
                          lambda **kw: release.wait(600))
        # After the 1 s timeout, not the call's 600 s (a generous bound,
        # for a busy machine).
        self.assertLess(time.monotonic() - start, 60)
        # The stuck call marked the engines unavailable; once a ping has
        # answered again, the second slot is free and the third is not.
        self.assertTrue(call_guard.health.ping_once())
        threading.Thread(target=call_guard.call, daemon=True,
                         args=(lambda **kw: release.wait(30),)).start()
        deadline = time.monotonic() + 5
        while call_guard._slots._value and time.monotonic() < deadline:
            time.sleep(0.01)
        error = self.assertRaises(exception.TooManyEngineCalls,
                                  call_guard.call, lambda **kw: 'r')
        self.assertEqual(503, error.code)
        release.set()
        deadline = time.monotonic() + 5
        while call_guard._slots._value < 2 and time.monotonic() < deadline:
            time.sleep(0.01)
        self.assertEqual('r', call_guard.call(lambda **kw: 'r'))

    def test_an_engine_answering_with_an_error_answers(self):
        def ping():
            raise messaging.RemoteError('UnsupportedVersion', 'no ping')
        self.assertTrue(self.guard(ping).health.healthy)

    def test_ping_uses_the_short_timeout(self):
        self.assertEqual({'retry': guard.SEND_RETRY, 'timeout': 0.2},
                         self.guard().ping_options())


class EmbeddedEngineStoppedTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.service = self.useFixture(
            hv_fixtures.EmbeddedService(self.state_dir))

    def test_no_monitor_embedded(self):
        self.assertIsNone(guard.CallGuard().health)

    def test_a_stopped_engine_is_503_at_once(self):
        self.assertEqual(
            200, self.service.request('GET', '/v1/demo/stacks').status_int)
        self.service.engine.stop()
        start = time.monotonic()
        response = self.service.request('GET', '/v1/demo/stacks')
        # Not after the call's timeout (60 s): a generous bound, for a
        # busy machine.
        self.assertLess(time.monotonic() - start, 30)
        self.assertEqual(503, response.status_int, response.body)
        self.assertEqual('5', response.headers['Retry-After'])
        self.assertEqual('ServiceUnavailable',
                         response.json['error']['type'])


class FaultMappingTest(base.TestCase):

    def answer(self, error):
        def app(environ, start_response):
            raise error
        responses = []
        body = fault.FaultMiddleware(app)(
            {'REQUEST_METHOD': 'GET', 'PATH_INFO': '/'},
            lambda status, headers: responses.append((status, headers)))
        return responses[0][0], dict(responses[0][1]), b''.join(body)

    def test_oslo_messaging_failures_are_503_with_retry_after(self):
        self.flags(retry_after=9, group='api')
        for error in (messaging.MessagingTimeout('late'),
                      messaging.MessageDeliveryFailure('gone')):
            status, headers, body = self.answer(error)
            self.assertTrue(status.startswith('503'), status)
            self.assertEqual('9', headers['Retry-After'])
            self.assertIn(b'ServiceUnavailable', body)

    def test_engine_unavailable_is_503_with_retry_after(self):
        status, headers, body = self.answer(exception.EngineUnavailable(
            timeout=2, transport='rabbit://h:1/'))
        self.assertTrue(status.startswith('503'), status)
        self.assertEqual('5', headers['Retry-After'])
        self.assertIn(b'rabbit://h:1/', body)

    def test_other_errors_have_no_retry_after(self):
        status, headers, _body = self.answer(exception.StackExists(
            stack_name='s'))
        self.assertTrue(status.startswith('409'), status)
        self.assertNotIn('Retry-After', headers)
