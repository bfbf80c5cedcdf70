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

"""Stopping an engine while its operations run.

The operations stop where they are, record nothing more (no FAILED),
and are left IN_PROGRESS under the stopped engine's lock: the next
engine's heartbeat takes them over and resumes them
(``actions.takeover``). The stop returns in bounded time, also when a
resource's step never returns.
"""

import threading
from unittest import mock

from heat_vision.db import locks as db_locks
from heat_vision.db import stacks as db_stacks
from heat_vision.engine.actions import cancel
from heat_vision.engine import pool
from heat_vision.engine import server as engine_server
from heat_vision.resources.heat import test_resource
from tests.component.engine import stack_ops
from tests import waiting

DEADLINE = 60
# Far above what a stop takes; reached only when the stop hangs.
STOP_DEADLINE = 30

ONE = '''heat_template_version: 2021-04-16
resources:
  slow: {type: OS::Heat::TestResource}
'''


class EngineStopTest(stack_ops.StackOpsTestCase):

    template = None

    def stop_engine(self):
        """Stop the service's engine; fail if it takes too long."""
        engine = self.service.engine
        stopper = threading.Thread(target=engine.stop, daemon=True)
        stopper.start()
        stopper.join(STOP_DEADLINE)
        self.assertFalse(stopper.is_alive(),
                         'the engine did not stop in %d s' % STOP_DEADLINE)
        return engine.engine_id

    def assert_left_in_progress(self):
        row = db_stacks.stack_get(self.ctxt, self.stack_id)
        self.assertEqual(('CREATE', 'IN_PROGRESS'), (row.action, row.status),
                         row.status_reason)
        self.assertNotIn('CREATE_FAILED', {state for _name, state in
                                           self.events()})

    def test_a_waiting_create_is_left_for_a_take_over(self):
        self.start_create(stack_ops.WAITING)
        self.wait_for_resource('wait', 'CREATE_IN_PROGRESS')
        stopped_id = self.stop_engine()
        self.assert_left_in_progress()
        self.assertEqual({'handle': 'CREATE_COMPLETE',
                          'wait': 'CREATE_IN_PROGRESS',
                          'after': 'INIT_COMPLETE'}, self.states())
        # Under the lock of an engine that is gone from the service list.
        self.assertEqual(stopped_id,
                         db_locks.lock_owner(self.ctxt, self.stack_id))

        other = engine_server.EngineServer()
        other.start()
        self.addCleanup(other.stop)
        waiting.wait_until(
            lambda: db_locks.lock_owner(
                self.ctxt, self.stack_id) == other.engine_id,
            DEADLINE, describe='the stack taken over')
        signal = self.service.request(
            'POST', self.path + '/resources/handle/signal',
            body={'status': 'SUCCESS'})
        self.assertEqual(200, signal.status_int, signal.body)
        self.wait('CREATE_COMPLETE')
        self.assertEqual(1, self.events().count(('wait',
                                                 'CREATE_IN_PROGRESS')))

    def test_a_step_that_never_returns_does_not_hold_the_stop(self):
        # The engine waits half of graceful_shutdown_timeout for its
        # operations, then stops all the same.
        self.flags(graceful_shutdown_timeout=2)
        entered = threading.Event()
        released = threading.Event()
        real = test_resource.TestResource.handle_create

        def blocked(plugin):
            entered.set()
            released.wait()
            return real(plugin)

        patcher = mock.patch.object(test_resource.TestResource,
                                    'handle_create', blocked)
        patcher.start()
        self.addCleanup(patcher.stop)
        self.addCleanup(released.set)
        self.start_create(ONE)
        self.assertTrue(entered.wait(DEADLINE))
        self.stop_engine()
        self.assert_left_in_progress()
        # The step that returns at last ends its walk as it would have:
        # it was the last one, so nothing was left to stop.
        released.set()
        self.service.engine.workers.wait_idle(DEADLINE)
        self.assertEqual({'slow': 'CREATE_COMPLETE'}, self.states())
        self.assertNotIn('CREATE_FAILED', {state for _name, state in
                                           self.events()})

    def test_a_pause_between_two_batches_ends(self):
        self.stack_id = self.create(self.stack_name, stack_ops.ROLLING)
        self.path = '/v1/demo/stacks/%s/%s' % (self.stack_name,
                                               self.stack_id)
        pausing = threading.Event()
        ended = []
        real = cancel.pause

        def noted(stack_id, seconds):
            pausing.set()
            try:
                real(stack_id, seconds)
            except pool.EngineStopping:
                ended.append('stopped')
                raise

        patcher = mock.patch.object(cancel, 'pause', noted)
        patcher.start()
        self.addCleanup(patcher.stop)
        response = self.service.request('PATCH', self.path, body={
            'parameters': {'value': 'b'}})
        self.assertEqual(202, response.status_int, response.body)
        self.assertTrue(pausing.wait(DEADLINE))
        self.stop_engine()
        waiting.wait_until(lambda: ended, DEADLINE,
                           describe='the pause ended')
        row = db_stacks.stack_get(self.ctxt, self.stack_id)
        self.assertEqual(('UPDATE', 'IN_PROGRESS'), (row.action, row.status),
                         row.status_reason)

    def test_a_suspend_cannot_be_taken_over_so_it_fails(self):
        # Only creates, updates, rollbacks and deletes are carried on by
        # a take-over (actions.resume); another operation halted by the
        # stop ends FAILED, as Heat's next engine leaves it
        # (heat/engine/service.py, reset_stack_status).
        self.stack_id = self.create(self.stack_name, ONE)
        self.path = '/v1/demo/stacks/%s/%s' % (self.stack_name,
                                               self.stack_id)
        checked = threading.Event()

        def never(plugin, token):
            checked.set()
            return False

        patcher = mock.patch.object(test_resource.TestResource,
                                    'check_suspend_complete', never)
        patcher.start()
        self.addCleanup(patcher.stop)
        self.action('suspend')
        self.assertTrue(checked.wait(DEADLINE))
        self.stop_engine()
        row = db_stacks.stack_get(self.ctxt, self.stack_id)
        self.assertEqual(('SUSPEND', 'FAILED',
                          'Engine went down during stack SUSPEND'),
                         (row.action, row.status, row.status_reason))
        self.assertIsNone(db_locks.lock_owner(self.ctxt, self.stack_id))
