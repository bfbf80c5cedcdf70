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

"""The resources of a stack tree counted in one query, on every backend."""

import uuid

from oslo_utils import timeutils

from heat_vision.common import context
from heat_vision.db import resources as db_resources
from heat_vision.db import stacks as db_stacks
from tests import base
from tests.functional.db import base as dbbase


class _TreeCount:

    def setUp(self):
        super().setUp()
        self.ctxt = context.RequestContext(project_id='p')
        self.template = db_stacks.raw_template_create(
            self.ctxt, {'heat_template_version': '2021-04-16'})

    def stack(self, resources, owner=None, deleted=False, replaced=0):
        stack_id = str(uuid.uuid4())
        db_stacks.stack_create(self.ctxt, {
            'id': stack_id, 'name': stack_id, 'project_id': 'p',
            'raw_template_id': self.template, 'action': 'CREATE',
            'status': 'COMPLETE', 'owner_id': owner,
            'deleted_at': timeutils.utcnow() if deleted else None})
        db_resources.resource_create_many(self.ctxt, [
            {'stack_id': stack_id, 'name': 'r%d' % i,
             'type': 'OS::Heat::None', 'action': 'CREATE',
             'status': 'COMPLETE', 'requires': [],
             'replaced_by': 1 if i < replaced else None}
            for i in range(resources)])
        return stack_id

    def test_counts_the_live_resources_of_the_live_tree(self):
        root = self.stack(1)
        child = self.stack(2, owner=root)
        self.stack(3, owner=child)
        self.stack(5, owner=root, deleted=True)
        self.stack(4, owner=root, replaced=3)      # one live resource
        self.stack(7)                              # another tree

        self.assertEqual(1 + 2 + 3 + 1, db_resources.resource_count_in_tree(
            self.ctxt, root, depth=5))

    def test_counts_down_to_the_depth_asked(self):
        root = self.stack(1)
        child = self.stack(2, owner=root)
        grandchild = self.stack(3, owner=child)
        self.stack(4, owner=grandchild)

        counts = [db_resources.resource_count_in_tree(self.ctxt, root, depth)
                  for depth in range(4)]

        self.assertEqual([1, 3, 6, 10], counts)

    def test_leaves_out_the_resources_of_the_stack_replaced(self):
        root = self.stack(1)
        child = self.stack(2, owner=root)
        self.stack(3, owner=child)

        self.assertEqual(4, db_resources.resource_count_in_tree(
            self.ctxt, root, depth=5, leave_out=child))


class SqliteTreeCountTest(_TreeCount, dbbase.Sqlite, base.TestCase):
    pass


class MySQLTreeCountTest(_TreeCount, dbbase.Server, base.TestCase):
    BACKEND = 'mysql'


class PostgreSQLTreeCountTest(_TreeCount, dbbase.Server, base.TestCase):
    BACKEND = 'postgresql'
