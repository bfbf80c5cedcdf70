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

"""Reads of the stack table among many deleted and nested stacks, on
every backend: a project's list and count, and the engines' sweep for
operations to take over. Each finds the right stacks through an index
rather than by reading every stack there ever was.
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


class _StackIndexes:

    def setUp(self):
        super().setUp()
        self.ctxt = context.RequestContext(project_id='p')
        template = db_stacks.raw_template_create(
            self.ctxt, {'heat_template_version': '2021-04-16'})
        now = timeutils.utcnow()

        def row(i, owner, deleted, status='COMPLETE'):
            return {'id': str(uuid.uuid4()), 'name': 's%d' % i,
                    'project_id': 'p', 'raw_template_id': template,
                    'action': 'CREATE', 'status': status,
                    'owner_id': owner, 'disable_rollback': True,
                    'nested_depth': 1 if owner else 0,
                    'deleted_at': now if deleted else None,
                    'created_at': now}
        live = [row(i, None, False, 'IN_PROGRESS' if i == 0 else 'COMPLETE')
                for i in range(LIVE)]
        # Deleted top-level stacks, and nested ones live and deleted.
        history = [row(LIVE + i, live[0]['id'] if i % 2 else None,
                       deleted=i % 4 != 1) for i in range(HISTORY)]
        with db_api.writer(self.ctxt) as session:
            session.execute(sa.insert(models.Stack.__table__),
                            live + history)
        self.live = {r['id'] for r in live}
        self.in_progress = live[0]['id']
        engine = db_api.get_engine()
        if engine.dialect.name == 'postgresql':
            with engine.begin() as connection:
                connection.exec_driver_sql('ANALYZE stack')

    def test_the_list_and_count_are_the_live_top_level_stacks(self):
        self.assertEqual(self.live, {s.id for s in db_stacks.stack_get_all(
            self.ctxt, limit=100)})
        self.assertEqual(LIVE, db_stacks.stack_count(self.ctxt))

    def test_the_sweep_finds_the_live_top_level_stacks_in_progress(self):
        self.assertEqual([(self.in_progress, None)], [
            (row.id, owner)
            for row, owner in db_stacks.stack_get_in_progress(self.ctxt)])

    def test_the_count_reads_the_index_of_live_stacks(self):
        self.assertIn('ix_stack_project_live', self.plan(
            lambda: db_stacks.stack_count(self.ctxt)))

    def test_the_sweep_reads_the_index_of_states(self):
        self.assertIn('ix_stack_status_live', self.plan(
            lambda: db_stacks.stack_get_in_progress(self.ctxt)))

    def plan(self, read):
        """:returns: the EXPLAIN of the one SELECT ``read()`` makes."""
        statements = []
        engine = db_api.get_engine()

        def seen(conn, cursor, statement, parameters, context, many):
            if statement.lstrip().upper().startswith('SELECT'):
                statements.append((statement, parameters))
        sa.event.listen(engine, 'before_cursor_execute', seen)
        try:
            read()
        finally:
            sa.event.remove(engine, 'before_cursor_execute', seen)
        self.assertEqual(1, len(statements), statements)
        statement, parameters = statements[0]
        explain = ('EXPLAIN QUERY PLAN ' if engine.dialect.name == 'sqlite'
                   else 'EXPLAIN ')
        with engine.connect() as connection:
            return str(connection.exec_driver_sql(
                explain + statement, parameters).fetchall())


class SqliteStackIndexesTest(_StackIndexes, dbbase.Sqlite, base.TestCase):
    pass


class MySQLStackIndexesTest(_StackIndexes, dbbase.Server, base.TestCase):
    BACKEND = 'mysql'


class PostgreSQLStackIndexesTest(_StackIndexes, dbbase.Server, base.TestCase):
    BACKEND = 'postgresql'
