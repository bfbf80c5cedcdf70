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

"""Routing a transition to the engine holding the stack's lock."""

import threading
from unittest import mock

import oslo_messaging as messaging

from heat_vision.common import context
from heat_vision.db import locks as db_locks
from heat_vision.engine.alarms import routing
from heat_vision.engine import server as engine_server
from heat_vision.monitoring import publisher
from heat_vision.rpc import engine_client
from tests.component.monitoring import test_loop
from tests import waiting


class RoutingTest(test_loop._StackWithAlarm):

    def setUp(self):
        super().setUp()
        self.admin = context.get_admin_context()
        self.handled = []
        self.seen = threading.Event()
        real = routing.handle

        def record(engine_id, *args):
            self.handled.append(engine_id)
            self.seen.set()
            return real(engine_id, *args)

        patcher = mock.patch.object(routing, 'handle', side_effect=record)
        patcher.start()
        self.addCleanup(patcher.stop)

    def publish(self, alarm_id):
        self.seen.clear()
        publisher.publish_transition({
            'actions': [self.outputs['alarm_url']], 'alarm_id': alarm_id,
            'alarm_name': 'cpu', 'severity': 'low', 'previous': 'ok',
            'current': 'alarm', 'reason': 'test', 'reason_data': {}})
        self.assertTrue(self.seen.wait(30))

    def hold_lock(self, engine_id):
        # The create's engine lets the lock go just after the stack shows
        # CREATE_COMPLETE: wait for that, then take it.
        waiting.wait_until(lambda: db_locks.lock_create(
            self.admin, self.stack_id, engine_id) is None)
        self.addCleanup(db_locks.lock_release, self.admin, self.stack_id,
                        engine_id)

    def test_the_lock_holder_handles_every_transition(self):
        other = engine_server.EngineServer()
        other.start()
        self.addCleanup(other.stop)
        self.hold_lock(other.engine_id)
        for n in range(6):
            self.publish('alarm-%d' % n)
        waiting.wait_until(lambda: len(self.handled) == 6)
        self.assertEqual([other.engine_id] * 6, self.handled)

    def test_no_lock_the_reading_engine_handles_it(self):
        self.publish('alarm-1')
        self.assertEqual([self.service.engine.engine_id], self.handled)

    def test_a_dead_holder_does_not_keep_the_transition(self):
        self.hold_lock('engine-that-died')
        self.publish('alarm-1')
        self.assertEqual([self.service.engine.engine_id], self.handled)
        waiting.wait_until(lambda: self.size() == 2)

    def test_a_silent_holder_does_not_keep_the_transition(self):
        router = routing.Router('reader')
        with mock.patch.object(routing.locks, 'owner_alive',
                               return_value=True), \
                mock.patch.object(
                    engine_client.EngineClient, 'alarm_transition',
                    side_effect=messaging.MessagingTimeout('no reply')):
            self.hold_lock('holder')
            self.assertEqual('reader', router.route(
                self.stack_id, 'up', {'alarm_id': 'a', 'current': 'alarm'}))
        self.assertEqual(['reader'], self.handled)
        waiting.wait_until(lambda: self.size() == 2)

    def test_a_transition_for_another_engine_is_refused(self):
        endpoint = [e for e in self.service.engine.endpoints
                    if hasattr(e, 'alarm_transition')][0]
        self.assertFalse(endpoint.alarm_transition(
            self.admin, self.stack_id, 'up', {'current': 'alarm'},
            'another-engine'))
        self.assertEqual([], self.handled)
