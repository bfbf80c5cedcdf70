"""Cancelling a running update, with and without rollback."""

import time
from unittest import mock

from heat_vision.db import locks as db_locks
from heat_vision.engine import cancel
from heat_vision.engine.endpoints import stack_actions
from heat_vision.engine import server as engine_server
from tests.component.engine import stack_ops

TEMPLATE = '''heat_template_version: 2021-04-16
parameters:
  value: {type: string, default: a}
resources:
  slow:
    type: OS::Heat::TestResource
    properties:
      value: {get_param: value}
      action_wait_secs: {update: 1}
  after:
    type: OS::Heat::TestResource
    depends_on: slow
    properties: {value: {get_param: value}}
'''


class CancelTest(stack_ops.StackOpsTestCase):

    template = TEMPLATE

    def start_update(self):
        self.post('', {'parameters': {'value': 'b'}}, method='PATCH')
        # The walk is under way once the update registered for cancels;
        # ``slow`` then takes a second.
        deadline = time.monotonic() + 10
        while self.stack_id not in cancel._WATCHES:
            self.assertLess(time.monotonic(), deadline)
            time.sleep(0.01)
        time.sleep(0.1)

    def values(self):
        return {name: (row.attr_data or {}).get('value')
                for name, row in self.rows().items()}

    def test_cancel_update_rolls_back(self):
        # The stack disables rollback (the default); a cancel_update rolls
        # back all the same, as Heat's does.
        self.start_update()
        self.action('cancel_update')
        self.wait('ROLLBACK_COMPLETE')
        self.assertEqual({'slow': 'a', 'after': 'a'}, self.values())
        self.assertIn(('ops', 'UPDATE_FAILED'), self.events())
        self.assertNotIn(('after', 'UPDATE_IN_PROGRESS'), self.events())

    def test_cancel_without_rollback_leaves_update_failed(self):
        self.start_update()
        self.action('cancel_without_rollback')
        stack = self.wait('UPDATE_FAILED')
        self.assertEqual('Stack UPDATE cancelled',
                         stack['stack_status_reason'])
        self.assertEqual({'slow': 'b', 'after': 'a'}, self.values())
        # The stack is usable again.
        self.post('', {'parameters': {'value': 'c'}}, method='PATCH')
        self.wait('UPDATE_COMPLETE')
        self.assertEqual({'slow': 'c', 'after': 'c'}, self.values())

    def test_a_cancel_after_the_update_ended_is_400(self):
        self.post('', {'parameters': {'value': 'b'}}, method='PATCH')
        self.wait('UPDATE_COMPLETE')
        response = self.action('cancel_without_rollback', expected=400)
        self.assertIn('UPDATE_COMPLETE', response.json['error']['message'])
        self.post('', {'parameters': {'value': 'c'}}, method='PATCH')
        self.wait('UPDATE_COMPLETE')

    def test_cancel_is_routed_to_the_engine_running_the_update(self):
        other = engine_server.EngineServer()
        other.start()
        self.addCleanup(other.stop)
        self.start_update()
        owner_id = db_locks.lock_owner(self.ctxt, self.stack_id)
        engines = {e.engine_id: e for e in (self.service.engine, other)}
        owner = engines.pop(owner_id)
        [bystander] = engines.values()

        def endpoint(engine):
            return next(e for e in engine.endpoints
                        if isinstance(e, stack_actions.StackActionEndpoint))

        target = endpoint(owner)
        identity = {'tenant': 'demo', 'stack_name': 'ops',
                    'stack_id': self.stack_id, 'path': ''}
        with mock.patch.object(target, 'cancel_running_update',
                               wraps=target.cancel_running_update) as spy:
            endpoint(bystander).stack_cancel_update(self.ctxt, identity,
                                                    False)
            self.wait('UPDATE_FAILED')
        spy.assert_called_once_with(mock.ANY, stack_id=self.stack_id,
                                    cancel_with_rollback=False,
                                    engine_id=owner_id)
