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

"""Cancelling a running update (or create), with and without rollback.

The resources here wait ten minutes: a test that passes did not wait for
them, whatever the machine's load (the deadlines are a minute).
"""

import threading
import time
from unittest import mock

from heat_vision.db import events as db_events
from heat_vision.db import locks as db_locks
from heat_vision.engine.actions import cancel
from heat_vision.engine.actions import update
from heat_vision.engine.endpoints import stack_actions
from heat_vision.engine import server as engine_server
from tests.component.engine import stack_ops
from tests import waiting

DEADLINE = 60
LONG = stack_ops.LONG

# ``slow`` takes ten minutes to update.
SLOW = '''heat_template_version: 2021-04-16
parameters:
  value: {type: string, default: a}
resources:
  slow:
    type: OS::Heat::TestResource
    properties:
      value: {get_param: value}
      action_wait_secs: {update: %d}
''' % LONG

TEMPLATE = SLOW + '''  after:
    type: OS::Heat::TestResource
    depends_on: slow
    properties: {value: {get_param: value}}
'''

DELAYED = '''heat_template_version: 2021-04-16
parameters:
  wait: {type: number, default: 0}
  value: {type: string, default: a}
resources:
  first:
    type: OS::Heat::Delay
    properties:
      min_wait: {get_param: wait}
      actions: [CREATE, UPDATE]
  second:
    type: OS::Heat::TestResource
    depends_on: first
    properties: {value: {get_param: value}}
'''

REPLACED = '''heat_template_version: 2021-04-16
parameters:
  wait: {type: number, default: 0}
  value: {type: string, default: a}
resources:
  slow:
    type: OS::Heat::TestResource
    properties:
      value: {get_param: value}
      update_replace_value: {get_param: value}
      action_wait_secs: {create: {get_param: wait}}
'''


class CancelTestBase(stack_ops.StackOpsTestCase):

    def wait(self, status, name=None):
        stack = self.service.wait_for_stack('demo', name or self.stack_name,
                                            timeout=DEADLINE)
        self.assertEqual(status, stack['stack_status'],
                         stack['stack_status_reason'])
        return stack

    def update(self, **parameters):
        self.post('', {'parameters': parameters}, method='PATCH')

    def values(self):
        return {name: (row.attr_data or {}).get('value')
                for name, row in self.rows().items()}

    def reasons(self, name, state, stack_id=None):
        """The status reasons of ``name``'s events in ``state``."""
        return [e.resource_status_reason
                for e in db_events.event_get_all_by_stack(
                    self.ctxt, stack_id or self.stack_id)
                if e.resource_name == name and
                '%s_%s' % (e.resource_action, e.resource_status) == state]


class CancelUpdateTest(CancelTestBase):

    template = TEMPLATE

    def test_cancel_update_stops_the_resource_and_rolls_back(self):
        # The stack disables rollback (the default); a cancel_update rolls
        # back all the same, as Heat's does.
        self.update(value='b')
        self.wait_for_resource('slow', 'UPDATE_IN_PROGRESS')
        self.action('cancel_update')
        self.wait('ROLLBACK_COMPLETE')
        self.assertEqual({'slow': 'a', 'after': 'a'}, self.values())
        self.assertEqual(['Stack UPDATE cancelled'],
                         self.reasons('ops', 'UPDATE_FAILED'))
        self.assertEqual(['UPDATE aborted (user triggered cancel)'],
                         self.reasons('slow', 'UPDATE_FAILED'))
        self.assertNotIn(('after', 'UPDATE_IN_PROGRESS'), self.events())

    def test_cancel_without_rollback_leaves_update_failed(self):
        self.update(value='b')
        self.wait_for_resource('slow', 'UPDATE_IN_PROGRESS')
        self.action('cancel_without_rollback')
        stack = self.wait('UPDATE_FAILED')
        self.assertEqual('Stack UPDATE cancelled',
                         stack['stack_status_reason'])
        self.assertEqual({'slow': 'UPDATE_FAILED', 'after': 'CREATE_COMPLETE'},
                         self.states())
        self.assertNotIn(('ops', 'ROLLBACK_IN_PROGRESS'), self.events())
        # The stack is usable again.
        self.update(value='c')
        self.wait('UPDATE_COMPLETE')
        self.assertEqual({'slow': 'c', 'after': 'c'}, self.values())

    def test_a_cancel_right_after_the_update_is_accepted(self):
        # The update waits for a worker thread (here: a gate); the cancel
        # finds it all the same.
        gate = threading.Event()
        real = update.run

        def held(*args, **kwargs):
            gate.wait(DEADLINE)
            return real(*args, **kwargs)

        with mock.patch.object(update, 'run', held):
            self.update(value='b')
            self.action('cancel_without_rollback')
            gate.set()
            self.wait('UPDATE_FAILED')
        self.assertEqual({'slow': 'a', 'after': 'a'}, self.values())
        self.assertNotIn(('slow', 'UPDATE_IN_PROGRESS'), self.events())

    def test_a_cancel_after_the_update_ended_is_400(self):
        self.post('', {'parameters': {'value': 'b'},
                       'template': TEMPLATE.replace(str(LONG), '0')},
                  method='PUT')
        self.wait('UPDATE_COMPLETE')
        for action in ('cancel_update', 'cancel_without_rollback'):
            response = self.action(action, expected=400)
            # Heat's words and type (engine/service.py, NotSupported).
            self.assertEqual({
                'message': 'Cancelling update when stack is UPDATE_COMPLETE '
                           'is not supported.',
                'type': 'NotSupported', 'traceback': None},
                response.json['error'])
        self.update(value='c')
        self.wait('UPDATE_COMPLETE')

    def test_a_delete_cancels_the_update_under_way(self):
        # As Heat's delete_stack: THREAD_CANCEL, then the delete.
        self.update(value='b')
        self.wait_for_resource('slow', 'UPDATE_IN_PROGRESS')
        response = self.service.request('DELETE', self.path)
        self.assertEqual(204, response.status_int, response.body)
        # A client that sends it again meanwhile (a retry).
        again = self.service.request('DELETE', self.path)
        self.assertEqual(204, again.status_int, again.body)
        waiting.wait_until(lambda: self.gone(self.path), DEADLINE,
                           describe='the stack deleted')
        self.assertEqual({'slow': 'DELETE_COMPLETE',
                          'after': 'DELETE_COMPLETE'}, self.states())
        self.assertEqual(1, self.events().count(('ops', 'DELETE_COMPLETE')))
        self.assertNotIn(self.stack_id, cancel._WATCHES)

    def test_cancel_is_routed_to_the_engine_running_the_update(self):
        other = engine_server.EngineServer()
        other.start()
        self.addCleanup(other.stop)
        self.update(value='b')
        self.wait_for_resource('slow', 'UPDATE_IN_PROGRESS')
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


class CancelChainTest(CancelTestBase):

    template = DELAYED

    def test_the_rollback_does_not_wait_for_the_first_resource(self):
        self.update(wait=LONG, value='b')
        self.wait_for_resource('first', 'UPDATE_IN_PROGRESS')
        self.action('cancel_update')
        self.wait('ROLLBACK_COMPLETE')
        self.assertEqual(['UPDATE aborted (user triggered cancel)'],
                         self.reasons('first', 'UPDATE_FAILED'))
        self.assertNotIn(('second', 'UPDATE_IN_PROGRESS'), self.events())
        self.assertEqual('a', self.values()['second'])


class CancelReplaceTest(CancelTestBase):

    template = REPLACED

    def test_the_replacement_under_way_is_deleted(self):
        old = self.rows()['slow'].id
        self.update(wait=LONG, value='b')
        deadline = time.monotonic() + DEADLINE
        # The replacement's create started (the second of ``slow``).
        while self.events().count(('slow', 'CREATE_IN_PROGRESS')) < 2:
            self.assertLess(time.monotonic(), deadline)
            time.sleep(0.02)
        self.action('cancel_update')
        self.wait('ROLLBACK_COMPLETE')
        # The replacement was stopped and deleted; the original stayed.
        self.assertEqual(['CREATE aborted (user triggered cancel)'],
                         self.reasons('slow', 'CREATE_FAILED'))
        self.assertEqual(old, self.rows()['slow'].id)
        self.assertEqual({'slow': 'a'}, self.values())


class CancelNestedTest(CancelTestBase):

    template = None

    def test_the_nested_update_under_way_stops_too(self):
        self.start_create(stack_ops.NESTED_PARENT,
                          files={'child.yaml': SLOW})
        self.wait('CREATE_COMPLETE')
        child_id = self.rows()['nested'].physical_resource_id
        self.update(value='b')
        self.wait_for_resource('slow', 'UPDATE_IN_PROGRESS', child_id)
        self.action('cancel_update')
        self.wait('ROLLBACK_COMPLETE')
        self.assertEqual(['UPDATE aborted (user triggered cancel)'],
                         self.reasons('slow', 'UPDATE_FAILED', child_id))


class CancelCreateTest(CancelTestBase):

    template = None

    def test_cancel_without_rollback_stops_a_create(self):
        # As Heat's: a create can be cancelled, only without rollback.
        self.start_create(stack_ops.WAITING)
        self.wait_for_resource('wait', 'CREATE_IN_PROGRESS')
        response = self.action('cancel_update', expected=400)
        self.assertEqual('Cancelling update when stack is CREATE_IN_PROGRESS '
                         'is not supported.',
                         response.json['error']['message'])
        self.action('cancel_without_rollback')
        stack = self.wait('CREATE_FAILED')
        self.assertEqual('Stack CREATE cancelled',
                         stack['stack_status_reason'])
        self.assertEqual(['CREATE aborted (user triggered cancel)'],
                         self.reasons('wait', 'CREATE_FAILED'))
        self.assertEqual('INIT_COMPLETE', self.states()['after'])
        self.assertNotIn(self.stack_id, cancel._WATCHES)

    def test_a_delete_stops_the_create_under_way(self):
        self.start_create(stack_ops.WAITING)
        self.wait_for_resource('wait', 'CREATE_IN_PROGRESS')
        response = self.service.request('DELETE', self.path)
        self.assertEqual(204, response.status_int, response.body)
        waiting.wait_until(
            lambda: set(self.states().values()) <= {'DELETE_COMPLETE',
                                                    'INIT_COMPLETE'}
            and self.service.request('GET', self.path).status_int in (
                200, 404) and self.stack_id not in cancel._WATCHES,
            DEADLINE, describe='the stack deleted')
        self.assertEqual('DELETE_COMPLETE', self.states()['wait'])


class CancelRollingUpdateTest(CancelTestBase):

    template = stack_ops.ROLLING

    def test_a_cancel_ends_the_pause_between_two_batches(self):
        pausing = threading.Event()
        real = cancel.pause

        def noted(stack_id, seconds):
            pausing.set()
            return real(stack_id, seconds)

        with mock.patch.object(cancel, 'pause', noted):
            self.update(value='b')
            self.assertTrue(pausing.wait(DEADLINE))
            self.action('cancel_without_rollback')
            stack = self.wait('UPDATE_FAILED')
        self.assertEqual('Stack UPDATE cancelled',
                         stack['stack_status_reason'])
        self.assertEqual(['UPDATE aborted (user triggered cancel)'],
                         self.reasons('group', 'UPDATE_FAILED'))
        self.assertNotIn(self.stack_id, cancel._WATCHES)
