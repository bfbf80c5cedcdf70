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

"""Direct operations on a nested stack while its tree runs, or not.

The parent's update holds its first resource (``Held``) before it
reaches the nested stack, so the child itself is idle (not IN_PROGRESS)
while the walk that will update it runs: the race is driven by the test.
"""

import fixtures
import testscenarios

from heat_vision.common import exception
from heat_vision.db import locks as db_locks
from heat_vision.db import snapshots as db_snapshots
from heat_vision.db import stacks as db_stacks
from heat_vision.engine.tree import busy
from tests.component.engine import stack_ops
from tests.component.engine import test_delete_guards
from tests import waiting

load_tests = testscenarios.load_tests_apply_scenarios

ONE = test_delete_guards.ONE

# ``nested`` waits for ``before``, which the test holds in its update.
PARENT = '''heat_template_version: 2021-04-16
parameters:
  value: {type: string, default: a}
resources:
  before:
    type: OS::Heat::TestResource
    properties: {value: {get_param: value}}
  nested:
    type: OS::Heat::Stack
    depends_on: before
    properties:
      template: {get_file: child.yaml}
      parameters: {value: {get_param: value}}
'''
# The child a provider resource (a template as a type), which the
# parent's update leaves as it is: the walk runs, the child stays idle.
PROVIDER_PARENT = '''heat_template_version: 2021-04-16
parameters:
  value: {type: string, default: a}
resources:
  before:
    type: OS::Heat::TestResource
    properties: {value: {get_param: value}}
  nested:
    type: child.yaml
    depends_on: before
    properties: {value: a}
'''


class NestedDirectTestCase(stack_ops.StackOpsTestCase):

    template = None
    parent = PARENT

    def setUp(self):
        super().setUp()
        self.stack_id = self.create('ops', self.parent,
                                    files={'child.yaml': ONE})
        self.path = '/v1/demo/stacks/ops/%s' % self.stack_id
        self.child_id = self.rows()['nested'].physical_resource_id
        name = db_stacks.stack_get(self.ctxt, self.child_id).name
        self.child_path = '/v1/demo/stacks/%s/%s' % (name, self.child_id)

    def child_request(self, method, suffix='', body=None):
        return self.service.request(method, self.child_path + suffix,
                                    body=body)

    def child_status(self):
        shown = self.child_request('GET')
        self.assertEqual(200, shown.status_int, shown.body)
        return shown.json['stack']['stack_status']

    def wait_child(self, status):
        waiting.wait_until(lambda: self.child_status() == status,
                           test_delete_guards.DEADLINE,
                           describe='the child %s' % status)

    def snapshot_child(self):
        response = self.child_request('POST', '/snapshots', {'name': 's'})
        self.assertEqual(200, response.status_int, response.body)
        return response.json['id']


# One request per test: one accepted would make the child itself busy,
# and the requests after it would be refused for that instead.
REQUESTS = {
    'PATCH': ('PATCH', '', {'parameters': {'value': 'c'}}),
    'PUT': ('PUT', '', {'template': ONE}),
    'suspend': ('POST', '/actions', {'suspend': None}),
    'resume': ('POST', '/actions', {'resume': None}),
    'check': ('POST', '/actions', {'check': None}),
    'snapshot': ('POST', '/snapshots', {'name': 'busy'}),
    'restore': ('POST', '/snapshots/%(shot)s/restore', None),
    'abandon': ('DELETE', '/abandon', None),
}


class BusyTreeTest(NestedDirectTestCase):

    scenarios = [(what, {'request': request})
                 for what, request in REQUESTS.items()]
    # What the parent's update does to the child.
    child_update = ['UPDATE_IN_PROGRESS', 'UPDATE_COMPLETE']

    def test_a_direct_operation_on_a_child_waits_for_its_tree(self):
        # As Heat: a nested stack's operations take its own StackLock
        # (stack_resource.py runs them through the engine's RPC API), so
        # a direct request meets StackLock.acquire's ActionInProgress
        # (heat/engine/stack_lock.py) while its tree acts on it.
        shot = self.snapshot_child()
        self.wait_child('SNAPSHOT_COMPLETE')
        held = test_delete_guards.Held(self, 'update')
        response = self.service.request(
            'PATCH', self.path, body={'parameters': {'value': 'b'}})
        self.assertEqual(202, response.status_int, response.body)
        self.wait_for_resource('before', 'UPDATE_IN_PROGRESS')
        self.assertEqual('SNAPSHOT_COMPLETE', self.child_status())
        method, suffix, body = self.request
        response = self.child_request(method, suffix % {'shot': shot}, body)
        error = (response.json or {}).get('error') or {}
        self.assertEqual(
            (409, 'ActionInProgress',
             'Stack ops already has an action (UPDATE) in progress.'),
            (response.status_int, error.get('type'), error.get('message')),
            response.body)
        self.assertEqual('SNAPSHOT_COMPLETE', self.child_status())
        self.assertEqual([shot], [s.id for s in db_snapshots.snapshot_get_all(
            self.ctxt, self.child_id)])
        held.release()
        self.wait('UPDATE_COMPLETE')
        # The child's own events: nothing but its parent's update began.
        self.assertEqual(
            ['CREATE_IN_PROGRESS', 'CREATE_COMPLETE', 'SNAPSHOT_IN_PROGRESS',
             'SNAPSHOT_COMPLETE'] + self.child_update,
            [state for name, state in self.events(self.child_id)
             if name != 'slow'])
        self.assertEqual((self.child_update or ['SNAPSHOT_COMPLETE'])[-1],
                         self.child_status())


class BusyTreeProviderTest(BusyTreeTest):

    scenarios = [(what, {'request': REQUESTS[what]})
                 for what in ('PATCH', 'suspend')]
    parent = PROVIDER_PARENT
    child_update = []


class IdleTreeTest(NestedDirectTestCase):

    def test_a_child_of_an_idle_tree_is_acted_on_directly(self):
        # As Heat: update_stack (heat/engine/service.py) refuses only a
        # SUSPENDed or DELETEing stack, not a nested one; suspend,
        # resume, check and snapshot take the stack's own lock.
        response = self.child_request(
            'PATCH', body={'parameters': {'value': 'c'}})
        self.assertEqual(202, response.status_int, response.body)
        self.wait_child('UPDATE_COMPLETE')
        for action in ('check', 'suspend', 'resume'):
            response = self.child_request('POST', '/actions', {action: None})
            self.assertEqual(202, response.status_int, response.body)
            self.wait_child('%s_COMPLETE' % action.upper())
        shot = self.snapshot_child()
        self.wait_child('SNAPSHOT_COMPLETE')
        self.assertEqual('COMPLETE', db_snapshots.snapshot_get(
            self.ctxt, self.child_id, shot).status)
        # The parent was left alone.
        self.assertEqual('CREATE_COMPLETE', self.wait('CREATE_COMPLETE')[
            'stack_status'])


# Requests on the parent, each of which would reach the child.
PARENT_REQUESTS = {
    'PATCH': ('PATCH', '', {'parameters': {'value': 'c'}}),
    'suspend': ('POST', '/actions', {'suspend': None}),
    'check': ('POST', '/actions', {'check': None}),
    'snapshot': ('POST', '/snapshots', {'name': 'busy'}),
    'DELETE': ('DELETE', '', None),
}


class BusyChildTest(NestedDirectTestCase):
    """The other side: the parent's tree while a direct operation on the
    child runs. The parent's walk acts on the child inline, without the
    child's lock, so the parent's operation is refused instead.
    """

    scenarios = [(what, {'request': request})
                 for what, request in PARENT_REQUESTS.items()]

    def test_the_tree_waits_for_a_direct_operation_on_a_child(self):
        # Heat runs the parent's operation on the child through the
        # engine's RPC API under the child's StackLock
        # (heat/engine/resources/stack_resource.py), which a running
        # operation on the child holds (heat/engine/stack_lock.py,
        # ActionInProgress); here the parent's operation is refused
        # before it starts, rather than failing at the child.
        held = test_delete_guards.Held(self, 'update')
        response = self.child_request(
            'PATCH', body={'parameters': {'value': 'b'}})
        self.assertEqual(202, response.status_int, response.body)
        self.wait_for_resource('slow', 'UPDATE_IN_PROGRESS',
                               stack_id=self.child_id)
        child = db_stacks.stack_get(self.ctxt, self.child_id).name
        method, suffix, body = self.request
        response = self.service.request(method, self.path + suffix,
                                        body=body)
        error = (response.json or {}).get('error') or {}
        self.assertEqual(
            (409, 'ActionInProgress',
             'Stack %s already has an action (UPDATE) in progress.' % child),
            (response.status_int, error.get('type'), error.get('message')),
            response.body)
        self.assertIsNone(db_locks.lock_owner(self.ctxt, self.stack_id))
        self.assertEqual('CREATE_COMPLETE', self.wait('CREATE_COMPLETE')[
            'stack_status'])
        held.release()
        self.wait_child('UPDATE_COMPLETE')
        # Once the child's own operation ends, the parent's is accepted.
        response = self.service.request(method, self.path + suffix,
                                        body=body)
        self.assertIn(response.status_int, (200, 202, 204), response.body)


class LateParentTest(NestedDirectTestCase):
    """A parent operation that takes the parent's lock after a direct
    operation on the child checked the child's ancestors, and before it
    took the child's lock: the child's operation looks again once it
    holds its lock.
    """

    def test_a_parent_locked_in_between_refuses_the_child(self):
        real = db_locks.lock_create
        taken = []

        def parent_first(context, stack_id, engine_id):
            if stack_id == self.child_id and not taken:
                taken.append(real(context, self.stack_id, engine_id))
            return real(context, stack_id, engine_id)

        self.useFixture(fixtures.MockPatch(
            'heat_vision.db.locks.lock_create', side_effect=parent_first))
        response = self.child_request('POST', '/actions', {'suspend': None})
        error = (response.json or {}).get('error') or {}
        self.assertEqual(
            (409, 'ActionInProgress',
             'Stack ops already has an action (CREATE) in progress.'),
            (response.status_int, error.get('type'), error.get('message')),
            response.body)
        self.assertEqual([None], taken)
        self.assertIsNone(db_locks.lock_owner(self.ctxt, self.child_id))
        self.assertEqual('CREATE_COMPLETE', self.child_status())


class WaitingDeleteTest(NestedDirectTestCase):
    """A DELETE of the parent that waits for the parent's own operation
    (``delete_running.delete_when_stopped``) and then finds a direct
    operation on the child holding the child's lock (the race above):
    it waits for that one too, then deletes, rather than dropping the
    delete it accepted.
    """

    def test_the_delete_waits_for_the_child_then_deletes(self):
        held = test_delete_guards.Held(self, 'update')
        response = self.service.request(
            'PATCH', self.path, body={'parameters': {'value': 'b'}})
        self.assertEqual(202, response.status_int, response.body)
        self.wait_for_resource('before', 'UPDATE_IN_PROGRESS')
        engine_id = self.service.engine.engine_id
        # A direct operation on the child that took the child's lock in
        # the race with the parent's update.
        self.assertIsNone(db_locks.lock_create(self.ctxt, self.child_id,
                                               engine_id))
        self.addCleanup(db_locks.lock_release, self.ctxt, self.child_id,
                        engine_id)
        refused = []
        real = busy.refuse_once_locked

        def seen(context, row):
            try:
                real(context, row)
            except exception.ActionInProgress:
                refused.append(row.id)
                raise
        self.useFixture(fixtures.MockPatchObject(
            busy, 'refuse_once_locked', side_effect=seen))
        response = self.service.request('DELETE', self.path)
        self.assertEqual(204, response.status_int, response.body)
        held.release()
        # The update ends (the delete cancelled it); the delete, holding
        # the parent's lock at last, finds the child's taken.
        waiting.wait_until(lambda: self.stack_id in refused,
                           test_delete_guards.DEADLINE,
                           describe='the delete meeting the busy child')
        self.assertFalse(self.gone(self.path))
        db_locks.lock_release(self.ctxt, self.child_id, engine_id)
        waiting.wait_until(lambda: self.gone(self.path),
                           test_delete_guards.DEADLINE,
                           describe='the parent deleted')
