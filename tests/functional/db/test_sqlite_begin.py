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

"""sqlite's BEGIN through the driver (heat_vision.db.sqlite_begin).

Each SQLAlchemy transaction must still be one sqlite transaction: its
reads see one snapshot, a rollback undoes its writes, and the next
transaction on the same pooled connection begins again.
"""

from oslo_db.sqlalchemy import engines
import sqlalchemy as sa

from heat_vision.common import context
from heat_vision.db import api as db_api
from heat_vision.db import models
from heat_vision.db import sqlite_begin
from tests import base
from tests.functional.db import base as dbbase

TEMPLATES = models.RawTemplate.__table__


class SqliteBeginTest(dbbase.Sqlite, base.TestCase):

    def setUp(self):
        super().setUp()
        self.ctxt = context.get_admin_context()
        self.engine = db_api.get_engine()

    def test_the_service_engine_begins_through_the_driver(self):
        names = [listener.__name__ for listener in
                 self.engine.dispatch.begin]
        self.assertIn('_begin', names)
        self.assertNotIn(sqlite_begin._OSLO_DB_LISTENER, names)
        sent = []

        def record(conn, cursor, statement, *args):
            sent.append(statement)

        sa.event.listen(self.engine, 'before_cursor_execute', record)
        self.addCleanup(sa.event.remove, self.engine,
                        'before_cursor_execute', record)
        with db_api.reader(self.ctxt) as session:
            self.assertTrue(session.connection().connection
                            .dbapi_connection.in_transaction)
            session.execute(sa.select(TEMPLATES)).all()
        # No BEGIN statement of SQLAlchemy's any more: only the read.
        self.assertEqual(1, len(sent))
        self.assertNotIn('BEGIN', sent[0])

    def test_a_rollback_undoes_and_the_next_transaction_begins(self):
        class Undo(Exception):
            pass

        try:
            with db_api.writer(self.ctxt) as session:
                session.add(models.RawTemplate(content_hash='a',
                                               template={}))
                session.flush()
                raise Undo()
        except Undo:
            pass
        with db_api.writer(self.ctxt) as session:
            session.add(models.RawTemplate(content_hash='b', template={}))
        with db_api.reader(self.ctxt) as session:
            self.assertEqual(['b'], [row.content_hash for row in
                                     session.query(models.RawTemplate)])

    def test_a_read_transaction_sees_one_snapshot(self):
        with db_api.writer(self.ctxt) as session:
            session.add(models.RawTemplate(content_hash='h', template={}))
        other = sa.create_engine(self.engine.url)
        self.addCleanup(other.dispose)
        with db_api.reader(self.ctxt) as session:
            first = session.execute(sa.select(TEMPLATES.c.template)).one()
            with other.begin() as conn:
                conn.execute(sa.update(TEMPLATES).values(template={'v': 1}))
            again = session.execute(sa.select(TEMPLATES.c.template)).one()
        self.assertEqual(first, again)
        with db_api.reader(self.ctxt) as session:
            self.assertEqual({'v': 1}, session.execute(
                sa.select(TEMPLATES.c.template)).scalar())

    def _refused_begin(self, engine):
        # A transaction already open on the connection: sqlite3 refuses
        # a second BEGIN.
        with engine.connect() as conn:
            conn.connection.dbapi_connection.execute('BEGIN')
            conn.info.pop(sqlite_begin._IN_TRANSACTION, None)
            try:
                conn.begin()
            except Exception as exc:
                return exc
            finally:
                conn.connection.dbapi_connection.rollback()
        self.fail('BEGIN within a transaction was not refused')

    def test_a_begin_the_driver_refuses_raises_as_before(self):
        theirs = engines.create_engine(self.engine.url)
        self.addCleanup(theirs.dispose)
        before = self._refused_begin(theirs)
        after = self._refused_begin(self.engine)
        self.assertIs(type(before), type(after))
        self.assertIsInstance(after, sa.exc.OperationalError)
        self.assertIn('within a transaction', str(after))

    def test_an_engine_without_oslo_db_listener_is_left_alone(self):
        engine = sa.create_engine('sqlite://')
        self.addCleanup(engine.dispose)
        self.assertFalse(sqlite_begin.install(engine))
        self.assertEqual([], list(engine.dispatch.begin))

    def test_oslo_db_listener_is_replaced(self):
        engine = engines.create_engine('sqlite://')
        self.addCleanup(engine.dispose)
        self.assertTrue(sqlite_begin.install(engine))
        self.assertEqual([sqlite_begin._begin], list(engine.dispatch.begin))
