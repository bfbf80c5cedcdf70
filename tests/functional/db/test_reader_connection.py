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

"""Core reads on a connection (``db_api.reader_connection``), on each
backend: alone, a read transaction of its own that leaves none open;
inside a write transaction of the same context, a read of what that
transaction wrote and has not committed.
"""

import sqlalchemy as sa

from heat_vision.common import context
from heat_vision.common import exception
from heat_vision.db import api as db_api
from heat_vision.db import models
from heat_vision.db import stacks as db_stacks
from tests import base
from tests.functional.db import base as dbbase

TEMPLATES = models.RawTemplate.__table__


class _ReaderConnection:

    def setUp(self):
        super().setUp()
        self.ctxt = context.get_admin_context()

    def _stack(self, session, name):
        template = models.RawTemplate(content_hash=name, template={})
        session.add(template)
        session.flush()
        stack = models.Stack(name=name, raw_template_id=template.id,
                             project_id='p', username='u',
                             action='CREATE', status='COMPLETE')
        session.add(stack)
        session.flush()
        return stack.id

    def test_a_read_of_its_own(self):
        with db_api.writer(self.ctxt) as session:
            stack_id = self._stack(session, 'alone')
        with db_api.reader_connection(self.ctxt) as connection:
            self.assertIsInstance(connection, sa.engine.Connection)
            self.assertTrue(connection.in_transaction())
        self.assertFalse(db_api.in_transaction(self.ctxt))
        self.assertEqual('alone',
                         db_stacks.stack_get_plain(self.ctxt, stack_id).name)

    def test_inside_a_write_it_reads_the_write_s_rows(self):
        with db_api.writer(self.ctxt) as session:
            stack_id = self._stack(session, 'inside')
            self.assertEqual(
                'inside', db_stacks.stack_get_plain(self.ctxt, stack_id).name)
            self.assertEqual(['inside'], [
                row.name for row in db_stacks.stack_get_all(
                    self.ctxt, all_projects=True)])

    def test_a_rolled_back_write_is_not_read(self):
        class Undo(Exception):
            pass

        try:
            with db_api.writer(self.ctxt) as session:
                stack_id = self._stack(session, 'undone')
                raise Undo()
        except Undo:
            pass
        with db_api.reader_connection(self.ctxt) as connection:
            self.assertEqual(0, connection.execute(
                sa.select(sa.func.count()).select_from(TEMPLATES)).scalar())
        self.assertRaises(exception.StackNotFound, db_stacks.stack_get_plain,
                          self.ctxt, stack_id)


class SqliteReaderConnectionTest(_ReaderConnection, dbbase.Sqlite,
                                 base.TestCase):
    pass


class MariaDBReaderConnectionTest(_ReaderConnection, dbbase.Server,
                                  base.TestCase):
    BACKEND = 'mysql'


class PostgreSQLReaderConnectionTest(_ReaderConnection, dbbase.Server,
                                     base.TestCase):
    BACKEND = 'postgresql'
