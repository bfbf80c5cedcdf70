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

"""A nested stack's resource and the delete of its child: a child whose
delete failed fails the resource (its objects are still there)."""

import types

from heat_vision.common import exception
from heat_vision.resources import stack_resource
from tests import base
from tests.unit.resources import utils

CHILD = 'c0ffee00-0000-4000-8000-000000000001'


class Nested(stack_resource.StackResource):
    properties_schema = {}

    def child_template(self):
        return {'heat_template_version': '2021-04-16'}


class ChildStack(utils.FakeStack):
    """A facade whose child stack ends its delete in ``status``."""

    def __init__(self, status, reason=''):
        super().__init__()
        self.deleted = []
        self.child_row = types.SimpleNamespace(
            action='DELETE', status=status, status_reason=reason)

    def delete_child(self, child_id, resource_name=None):
        self.deleted.append((child_id, resource_name))

    def child_status(self, child_id):
        if self.child_row is None:
            raise exception.StackNotFound(child_id)
        return self.child_row


class StackResourceDeleteTest(base.TestCase):

    def nested(self, stack):
        plugin = utils.make(Nested, 'group', stack=stack)
        plugin.resource_id = CHILD
        return plugin

    def test_a_child_deleted_completes_the_delete(self):
        stack = ChildStack('COMPLETE')
        utils.run(self.nested(stack), 'delete')
        self.assertEqual([(CHILD, 'group')], stack.deleted)

    def test_a_child_whose_delete_failed_fails_the_resource(self):
        stack = ChildStack('FAILED', 'Resource DELETE failed: '
                           'ServiceConflict: Unable to complete operation '
                           'on network net-1. There are one or more ports '
                           'still in use on the network.')
        error = self.assertRaises(stack_resource.NestedStackFailed,
                                  utils.run, self.nested(stack), 'delete')
        self.assertIn('still in use on the network', str(error))

    def test_a_child_already_gone_is_deleted(self):
        stack = ChildStack('COMPLETE')
        stack.child_row = None
        utils.run(self.nested(stack), 'delete')

    def test_no_child_nothing_to_delete(self):
        stack = ChildStack('FAILED')
        plugin = self.nested(stack)
        plugin.resource_id = None
        utils.run(plugin, 'delete')
        self.assertEqual([], stack.deleted)
