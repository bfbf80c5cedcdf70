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

"""A project's stack list and count among its many deleted and nested
stacks, on every backend: the right stacks, found by the index of the
live top-level ones rather than by reading every stack of the project.
"""

import uuid

from oslo_utils import timeutils
import sqlalchemy as sa

from heat_vision.common import context
from heat_vision.db import api as db_api
from heat_vision.db import models
from heat_vision.db import stacks as db_stacks
from tests import base
from tests.functional.db import base as dbbase

# Enough gone and nested rows that a planner prefers the index.
HISTORY = 2000
LIVE = 5
INDEX = 'ix_stack_project_live'


class _LiveStacks:

    def setUp(self):
        super().setUp()
        self.ctxt = context.RequestContext(project_id='p')
        template = db_stacks.raw_template_create(
            self.ctxt, {'heat_template_version': '2021-04-16'})
        now = timeutils.utcnow()

        def row(i, owner, deleted):
            return {'id': str(uuid.uuid4()), 'name': 's%d' % i,
                    'project_id': 'p', 'raw_template_id': template,
                    'action': 'CREATE', 'status': 'COMPLETE',
                    'owner_id': owner, 'disable_rollback': True,
                    'nested_depth': 1 if owner else 0,
                    'deleted_at': now if deleted else None,
                    'created_at': now}
        live = [row(i, None, False) for i in range(LIVE)]
        # Deleted top-level stacks, and nested ones live and deleted.
        history = [row(LIVE + i, live[0]['id'] if i % 2 else None,
                       deleted=i % 4 != 1) for i in range(HISTORY)]
        with db_api.writer(self.ctxt) as session:
            session.execute(sa.insert(models.Stack.__table__),
                            live + history)
        self.live = {r['id'] for r in live}
        engine = db_api.get_engine()
        if engine.dialect.name == 'postgresql':
            with engine.begin() as connection:
                connection.exec_driver_sql('ANALYZE stack')

    def test_the_list_and_count_are_the_live_top_level_stacks(self):
        self.assertEqual(self.live, {s.id for s in db_stacks.stack_get_all(
            self.ctxt, limit=100)})
        self.assertEqual(LIVE, db_stacks.stack_count(self.ctxt))

    def test_the_count_reads_the_index_of_live_stacks(self):
        statements = []
        engine = db_api.get_engine()

        def seen(conn, cursor, statement, parameters, context, many):
            if statement.lstrip().upper().startswith('SELECT'):
                statements.append((statement, parameters))
        sa.event.listen(engine, 'before_cursor_execute', seen)
        try:
            db_stacks.stack_count(self.ctxt)
        finally:
            sa.event.remove(engine, 'before_cursor_execute', seen)
        self.assertEqual(1, len(statements), statements)
        statement, parameters = statements[0]
        explain = ('EXPLAIN QUERY PLAN ' if engine.dialect.name == 'sqlite'
                   else 'EXPLAIN ')
        with engine.connect() as connection:
            plan = connection.exec_driver_sql(
                explain + statement, parameters).fetchall()
        self.assertIn(INDEX, str(plan))


class SqliteLiveStacksTest(_LiveStacks, dbbase.Sqlite, base.TestCase):
    pass


class MySQLLiveStacksTest(_LiveStacks, dbbase.Server, base.TestCase):
    BACKEND = 'mysql'


class PostgreSQLLiveStacksTest(_LiveStacks, dbbase.Server, base.TestCase):
    BACKEND = 'postgresql'
