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

"""Connections go back to the pool without a transaction, on each backend.

The pool rolls back only connections whose transaction did not end
cleanly (heat_vision.db.pool_reset). With a pool of one connection, every
transaction below uses the same one, so anything a transaction left open
(a read snapshot, a row lock) would show in the next. A writer outside
the pool waits at most LOCK_WAIT seconds for a lock, so a lock left held
fails the test instead of hanging it.
"""

from oslo_config import cfg
from oslo_db import exception as db_exc
import sqlalchemy as sa
from sqlalchemy.pool import base as pool_base

from heat_vision.common import context
from heat_vision.db import api as db_api
from heat_vision.db import models
from tests import base
from tests.functional.db import base as dbbase

CONF = cfg.CONF
LOCK_WAIT = 5
TEMPLATES = models.RawTemplate.__table__


class _PoolReset:

    def setUp(self):
        for option, value in (('max_pool_size', 1), ('max_overflow', 0)):
            CONF.set_override(option, value, group='database')
            self.addCleanup(CONF.clear_override, option, group='database')
        super().setUp()
        self.ctxt = context.get_admin_context()
        self.assertIs(pool_base.reset_none,
                      db_api.get_engine().pool._reset_on_return)
        with db_api.writer(self.ctxt) as session:
            session.add(models.RawTemplate(content_hash='h', template={}))

    def read_template(self):
        with db_api.reader(self.ctxt) as session:
            return session.query(models.RawTemplate).one().template

    def write_elsewhere(self, template):
        """Change the row through a connection outside the pool."""
        engine = sa.create_engine(db_api.get_engine().url,
                                  connect_args=self.lock_wait_args())
        try:
            with engine.begin() as conn:
                self.limit_lock_wait(conn)
                conn.execute(sa.update(TEMPLATES).values(template=template))
        finally:
            engine.dispose()

    def lock_wait_args(self):
        return {}

    def limit_lock_wait(self, conn):
        pass

    def begin_raw(self, cursor):
        """The drivers of MariaDB and PostgreSQL begin one themselves."""

    def test_a_read_leaves_no_snapshot_behind(self):
        self.assertEqual({}, self.read_template())
        self.write_elsewhere({'v': 1})
        # A snapshot kept from the first read would still show {} here
        # (sqlite's WAL and MariaDB's REPEATABLE READ keep one).
        self.assertEqual({'v': 1}, self.read_template())

    def test_a_failed_write_leaves_no_transaction_or_lock_behind(self):
        def fail():
            with db_api.writer(self.ctxt) as session:
                session.query(models.RawTemplate).one().template = {'x': 1}
                session.flush()
                session.add(models.RawTemplate(content_hash='h',
                                               template={}))
                session.flush()

        self.assertRaises(db_exc.DBDuplicateEntry, fail)
        self.write_elsewhere({'v': 2})
        self.assertEqual({'v': 2}, self.read_template())

    def test_a_transaction_left_open_is_rolled_back(self):
        # Outside SQLAlchemy's transactions: nothing ends it but the pool.
        raw = db_api.get_engine().raw_connection()
        cursor = raw.cursor()
        self.begin_raw(cursor)
        cursor.execute("UPDATE raw_template SET content_hash = 'left'")
        cursor.close()
        raw.close()
        self.write_elsewhere({'v': 3})
        with db_api.reader(self.ctxt) as session:
            row = session.query(models.RawTemplate).one()
            self.assertEqual(('h', {'v': 3}), (row.content_hash,
                                               row.template))


class SqlitePoolResetTest(_PoolReset, dbbase.Sqlite, base.TestCase):

    def lock_wait_args(self):
        return {'timeout': LOCK_WAIT}

    def begin_raw(self, cursor):
        # SQLAlchemy runs sqlite3 in its autocommit mode and sends BEGIN
        # itself.
        cursor.execute('BEGIN')


class MariaDBPoolResetTest(_PoolReset, dbbase.Server, base.TestCase):
    BACKEND = 'mysql'

    def limit_lock_wait(self, conn):
        conn.execute(sa.text('SET SESSION innodb_lock_wait_timeout = %d'
                             % LOCK_WAIT))

    def test_the_pool_sends_no_rollback_of_its_own(self):
        before = self._session_rollbacks()
        for _ in range(5):
            self.read_template()
        with db_api.writer(self.ctxt) as session:
            session.query(models.RawTemplate).one().template = {'v': 4}
        # Each read ends with its session's ROLLBACK and the write with
        # its COMMIT; the pool added a ROLLBACK after each of them. (The
        # counting read itself is the sixth.)
        self.assertEqual(6, self._session_rollbacks() - before)

    def _session_rollbacks(self):
        with db_api.reader(self.ctxt) as session:
            return int(session.execute(sa.text(
                "SHOW SESSION STATUS LIKE 'Com_rollback'")).one()[1])


class PostgreSQLPoolResetTest(_PoolReset, dbbase.Server, base.TestCase):
    BACKEND = 'postgresql'

    def limit_lock_wait(self, conn):
        conn.execute(sa.text("SET LOCAL lock_timeout = '%ds'" % LOCK_WAIT))
