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

"""A DELETE that meets an operation already running on the stack's tree.

The resources here wait for the test to release them (``Held``), so the
race is driven by the test, never by the machine's speed.
"""

import threading
from unittest import mock

from heat_vision.db import stacks as db_stacks
from heat_vision.resources.heat import test_resource
from tests.component.engine import stack_ops
from tests import waiting

DEADLINE = 60

ONE = '''heat_template_version: 2021-04-16
parameters:
  value: {type: string, default: a}
resources:
  slow:
    type: OS::Heat::TestResource
    properties: {value: {get_param: value}}
'''


class Held:
    """TestResource's ``check_<action>_complete`` answers "not yet" until
    the test releases it.
    """

    def __init__(self, test, action):
        self.released = threading.Event()
        name = 'check_%s_complete' % action
        real = getattr(test_resource.TestResource, name)
        released = self.released

        def held(plugin, token):
            return released.is_set() and real(plugin, token)

        patcher = mock.patch.object(test_resource.TestResource, name, held)
        patcher.start()
        test.addCleanup(patcher.stop)
        # Released before the engine stops (cleanups run last first).
        test.addCleanup(self.released.set)

    def release(self):
        self.released.set()


class DeleteTwiceTest(stack_ops.StackOpsTestCase):

    template = ONE

    def test_a_second_delete_joins_the_running_one(self):
        # As Heat's delete_stack (heat/engine/service.py): a DELETE while
        # the stack's delete runs is accepted (204) and waits for it; it
        # starts no second delete beside the first.
        held = Held(self, 'delete')
        response = self.service.request('DELETE', self.path)
        self.assertEqual(204, response.status_int, response.body)
        self.wait_for_resource('slow', 'DELETE_IN_PROGRESS')
        again = self.service.request('DELETE', self.path)
        self.assertEqual(204, again.status_int, again.body)
        self.assertEqual(1, self.events().count(('ops', 'DELETE_IN_PROGRESS')))
        self.assertEqual(1,
                         self.events().count(('slow', 'DELETE_IN_PROGRESS')))
        held.release()
        waiting.wait_until(lambda: self.gone(self.path), DEADLINE,
                           describe='the stack deleted')
        # What the second request left running has ended too.
        self.service.engine.workers.wait_idle(DEADLINE)
        self.assertEqual(1, self.events().count(('ops', 'DELETE_COMPLETE')))
        self.assertEqual(1, self.events().count(('slow', 'DELETE_COMPLETE')))
        self.assertEqual(1, self.events().count(('ops', 'DELETE_IN_PROGRESS')))


class DeleteNestedTest(stack_ops.StackOpsTestCase):

    template = None

    def test_a_child_is_not_deleted_while_its_parent_updates_it(self):
        self.stack_id = self.create('ops', stack_ops.NESTED_PARENT,
                                    files={'child.yaml': ONE})
        child_id = self.rows()['nested'].physical_resource_id
        child_path = self.child_path(child_id)
        held = Held(self, 'update')
        self.post_patch(value='b')
        self.wait_for_resource('slow', 'UPDATE_IN_PROGRESS', child_id)
        response = self.service.request('DELETE', child_path)
        self.assertEqual(409, response.status_int, response.body)
        error = response.json['error']
        self.assertEqual('ActionInProgress', error['type'])
        self.assertIn('ops', error['message'])
        self.assertIn('UPDATE', error['message'])
        held.release()
        self.wait('UPDATE_COMPLETE')
        shown = self.service.request('GET', child_path)
        self.assertEqual(200, shown.status_int, shown.body)
        self.assertEqual('UPDATE_COMPLETE',
                         shown.json['stack']['stack_status'])
        self.assertEqual('UPDATE_COMPLETE', self.states(child_id)['slow'])
        self.assertNotIn(('slow', 'DELETE_IN_PROGRESS'),
                         self.events(child_id))

    def test_a_child_of_an_idle_parent_is_deleted(self):
        # As Heat: a nested stack may be deleted directly (its parent's
        # resource then finds it gone).
        self.stack_id = self.create('ops', stack_ops.NESTED_PARENT,
                                    files={'child.yaml': ONE})
        child_id = self.rows()['nested'].physical_resource_id
        child_path = self.child_path(child_id)
        response = self.service.request('DELETE', child_path)
        self.assertEqual(204, response.status_int, response.body)
        waiting.wait_until(lambda: self.gone(child_path), DEADLINE,
                           describe='the child deleted')

    def child_path(self, child_id):
        name = db_stacks.stack_get(self.ctxt, child_id).name
        return '/v1/demo/stacks/%s/%s' % (name, child_id)

    def post_patch(self, **parameters):
        response = self.service.request(
            'PATCH', '/v1/demo/stacks/ops/%s' % self.stack_id,
            body={'parameters': parameters})
        self.assertEqual(202, response.status_int, response.body)
