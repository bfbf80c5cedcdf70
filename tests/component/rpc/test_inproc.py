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

"""The in-process oslo.messaging driver behaves like a network one."""

import threading
import time

import fixtures
from futurist import _thread as futurist_thread
from oslo_config import cfg
import oslo_messaging as messaging
from oslo_utils import uuidutils

from heat_vision.common import context
from heat_vision.common import exception
from heat_vision.rpc import transport
from tests import base

CONF = cfg.CONF
# futurist's idle pool workers look for their stop flag only this often
# in the prompt-stop tests: a stop that waited for it would time out.
IDLE_POLL = 600
# Far below IDLE_POLL, far above a busy machine's thread switches.
PROMPT = 60


class Endpoint:
    target = messaging.Target(version='1.0')

    def __init__(self, name='a'):
        self.name = name
        self.casts = []
        self.cast_seen = threading.Event()

    def echo(self, ctxt, value):
        return {'value': value, 'server': self.name,
                'project': ctxt.project_id}

    def fail(self, ctxt, name):
        raise exception.StackNotFound(name)

    def crash(self, ctxt):
        raise RuntimeError('boom')

    def nest(self, ctxt, depth):
        value = []
        for _ in range(depth):
            value = [value]
        return value

    def record(self, ctxt, value):
        self.casts.append(value)
        self.cast_seen.set()


class InProcessTransportTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.flags(transport_url='inproc://')
        # Each test its own exchange: transports in one process share
        # queues, as the API's and the engine's do in heat-vision-all.
        self.flags(control_exchange='test-' + uuidutils.generate_uuid())
        transport.reset()
        self.addCleanup(transport.reset)
        self.topic = 'topic-' + uuidutils.generate_uuid()
        self.ctxt = context.RequestContext(project_id='demo')

    def _server(self, name):
        endpoint = Endpoint(name)
        server = transport.get_rpc_server(
            messaging.Target(topic=self.topic, server=name), [endpoint])
        server.start()
        self.addCleanup(server.wait)
        self.addCleanup(server.stop)
        return endpoint

    def _client(self, **kw):
        return transport.get_rpc_client(
            messaging.Target(topic=self.topic, version='1.0')).prepare(**kw)

    def test_call_round_trip_serialises_context_and_payload(self):
        self._server('a')
        reply = self._client().call(self.ctxt, 'echo', value=[1, (2, 3)])
        # A tuple crosses the wire as a list, as over RabbitMQ.
        self.assertEqual({'value': [1, [2, 3]], 'server': 'a',
                          'project': 'demo'}, reply)

    def test_user_error_is_rebuilt_with_its_message_and_code(self):
        self._server('a')
        error = self.assertRaises(exception.StackNotFound,
                                  self._client().call, self.ctxt, 'fail',
                                  name='web')
        # str() also carries the remote traceback, as over RabbitMQ; the
        # fault middleware answers with .message only.
        self.assertEqual('The Stack (web) could not be found.',
                         error.message)
        self.assertEqual(404, error.code)

    def test_builtin_error_is_rebuilt_as_itself(self):
        self._server('a')
        error = self.assertRaises(RuntimeError, self._client().call,
                                  self.ctxt, 'crash')
        self.assertIn('boom', str(error))

    def test_body_at_the_api_depth_limit_crosses_both_ways(self):
        self._server('a')
        depth = CONF.api.max_json_body_depth
        reply = self._client().call(self.ctxt, 'echo',
                                    value=Endpoint().nest(None, depth))
        self.assertEqual(Endpoint().nest(None, depth), reply['value'])

    def test_too_deep_a_reply_is_an_error_not_a_hang(self):
        self._server('a')
        start = time.monotonic()
        error = self.assertRaises(ValueError, self._client().call,
                                  self.ctxt, 'nest', depth=5000)
        self.assertIn('nests too deeply', str(error))
        # Not the call's timeout (60 s): a generous bound, for a busy
        # machine.
        self.assertLess(time.monotonic() - start, 30)

    def test_too_deep_a_message_is_refused_before_sending(self):
        self._server('a')
        self.assertRaises(ValueError, self._client().call, self.ctxt,
                          'echo', value=Endpoint().nest(None, 5000))

    def test_call_waits_for_a_server_that_starts_later(self):
        result = {}

        def call():
            result['reply'] = self._client(timeout=10).call(
                self.ctxt, 'echo', value=1)

        caller = threading.Thread(target=call)
        caller.start()
        time.sleep(0.1)
        self._server('late')
        caller.join(10)
        self.assertEqual('late', result['reply']['server'])

    def test_call_times_out_without_a_server(self):
        self.assertRaises(messaging.MessagingTimeout,
                          self._client(timeout=0.2).call, self.ctxt,
                          'echo', value=1)

    def test_server_routed_call_reaches_that_server(self):
        self._server('a')
        self._server('b')
        for name in ('a', 'b', 'b', 'a'):
            reply = self._client(server=name).call(self.ctxt, 'echo',
                                                   value=0)
            self.assertEqual(name, reply['server'])

    def test_topic_calls_are_shared_between_servers(self):
        self._server('a')
        self._server('b')
        servers = {self._client().call(self.ctxt, 'echo', value=i)['server']
                   for i in range(40)}
        self.assertEqual({'a', 'b'}, servers)

    def test_fanout_cast_reaches_every_server(self):
        endpoints = [self._server('a'), self._server('b')]
        self._client(fanout=True).cast(self.ctxt, 'record', value='hi')
        for endpoint in endpoints:
            self.assertTrue(endpoint.cast_seen.wait(60))
            self.assertEqual(['hi'], endpoint.casts)

    def test_notifications_reach_each_pool_once(self):
        seen = {'p1': [], 'p2': []}
        done = threading.Event()

        class Listener:
            def __init__(self, pool):
                self.pool = pool

            def info(self, ctxt, publisher_id, event_type, payload,
                     metadata):
                seen[self.pool].append(payload)
                if all(seen.values()):
                    done.set()

        for pool in seen:
            listener = transport.get_notification_listener(
                [messaging.Target(topic='notifications')],
                [Listener(pool)], pool=pool)
            listener.start()
            self.addCleanup(listener.wait)
            self.addCleanup(listener.stop)
        notifier = transport.get_notifier('test')
        notifier.info(self.ctxt, 'stack.create.end', {'id': 1})
        self.assertTrue(done.wait(60))
        self.assertEqual({'p1': [{'id': 1}], 'p2': [{'id': 1}]}, seen)

    def test_listeners_of_one_pool_share_its_notifications(self):
        # Two engines in the monitoring pool: each notification reaches
        # one of them; a listener of another pool still gets every one.
        seen = {'engine-a': [], 'engine-b': [], 'aodh-notifier': []}
        lock = threading.Lock()
        done = threading.Event()

        class Listener:
            def __init__(self, name):
                self.name = name

            def sample(self, ctxt, publisher_id, event_type, payload,
                       metadata):
                with lock:
                    seen[self.name].append(payload['n'])
                    if len(seen['aodh-notifier']) == 20 and sum(
                            len(v) for v in seen.values()) == 40:
                        done.set()

        pools = {'engine-a': 'engines', 'engine-b': 'engines',
                 'aodh-notifier': None}
        for name, pool in pools.items():
            listener = transport.get_notification_listener(
                [messaging.Target(topic='alarming')], [Listener(name)],
                pool=pool)
            listener.start()
            self.addCleanup(listener.wait)
            self.addCleanup(listener.stop)
        notifier = messaging.Notifier(
            transport.get_notification_transport(), publisher_id='test',
            driver='messagingv2', topics=['alarming'])
        for n in range(20):
            notifier.sample({}, 'alarm.update', {'n': n})
        self.assertTrue(done.wait(60))
        time.sleep(0.2)
        self.assertEqual(list(range(20)), sorted(seen['aodh-notifier']))
        self.assertEqual(list(range(20)),
                         sorted(seen['engine-a'] + seen['engine-b']))

    def _stop(self, server):
        start = time.monotonic()
        server.stop()
        server.wait()
        return time.monotonic() - start

    def test_rpc_server_that_handled_calls_stops_at_once(self):
        self.useFixture(fixtures.MonkeyPatch(
            '%s.ThreadWorker.MAX_IDLE_FOR' % futurist_thread.__name__,
            IDLE_POLL))
        server = transport.get_rpc_server(
            messaging.Target(topic=self.topic, server='a'), [Endpoint()])
        server.start()
        self.assertEqual(7, self._client().call(self.ctxt, 'echo',
                                                value=7)['value'])
        self.assertLess(self._stop(server), PROMPT)

    def test_notification_listener_that_handled_one_stops_at_once(self):
        self.useFixture(fixtures.MonkeyPatch(
            '%s.ThreadWorker.MAX_IDLE_FOR' % futurist_thread.__name__,
            IDLE_POLL))
        seen = threading.Event()

        class Listener:
            def info(self, ctxt, publisher_id, event_type, payload,
                     metadata):
                seen.set()

        listener = transport.get_notification_listener(
            [messaging.Target(topic='notifications')], [Listener()])
        listener.start()
        transport.get_notifier('test').info(self.ctxt, 'x', {})
        self.assertTrue(seen.wait(PROMPT))
        self.assertLess(self._stop(listener), PROMPT)
