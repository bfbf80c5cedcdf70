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

"""The alembic migrations build exactly the schema the models describe.

Run on the embedded sqlite and on real MariaDB and PostgreSQL servers.
"""

from oslo_db.sqlalchemy import test_migrations
import sqlalchemy as sa

from heat_vision.db import migration
from heat_vision.db import models
from tests import backends
from tests import base


class _MigrationsSync(test_migrations.ModelsMigrationsSync):

    def db_sync(self, engine):
        migration.db_sync(engine)

    def get_engine(self):
        return self.engine

    def get_metadata(self):
        # TaskFlow's logbook tables are declared on demand.
        models.taskflow_tables()
        return models.Base.metadata

    def include_object(self, object_, name, type_, reflected, compare_to):
        # TaskFlow's logbook tables are created from TaskFlow's own table
        # definitions; comparing them with themselves would only show that
        # PostgreSQL folds a unique constraint into the primary key.
        table = object_ if type_ == 'table' else getattr(object_, 'table',
                                                         None)
        taskflow_names = {t.name for t in models.taskflow_tables()}
        if table is not None and table.name in taskflow_names:
            return False
        return super().include_object(object_, name, type_, reflected,
                                      compare_to)

    def compare_type(self, ctxt, insp_col, meta_col, insp_type, meta_type):
        # Alembic does not compare MySQL's fractional-seconds precision:
        # DATETIME and DATETIME(fsp=6) would pass as equal.
        expected = meta_type.dialect_impl(ctxt.dialect)
        if hasattr(insp_type, 'fsp') and isinstance(expected, sa.DateTime):
            if getattr(expected, 'fsp', None) != insp_type.fsp:
                return True
        return super().compare_type(ctxt, insp_col, meta_col, insp_type,
                                    meta_type)

    def test_version_is_head_after_sync(self):
        migration.db_sync(self.engine)
        self.assertEqual(migration.db_version(self.engine),
                         migration.head_revision())


class SqliteMigrationsTest(_MigrationsSync, base.TestCase):

    def setUp(self):
        super().setUp()
        self.engine = sa.create_engine(
            'sqlite:///%s/migrations.sqlite' % self.state_dir)
        self.addCleanup(self.engine.dispose)


class _ServerMigrations(_MigrationsSync):
    """On a database of its own on a real server (mixin)."""

    BACKEND = None

    def setUp(self):
        super().setUp()
        backends.require(self, self.BACKEND)
        database = self.useFixture(backends.TemporaryDatabase(self.BACKEND))
        self.engine = sa.create_engine(database.url)
        self.addCleanup(self.engine.dispose)


class MySQLMigrationsTest(_ServerMigrations, base.TestCase):
    BACKEND = 'mysql'


class PostgreSQLMigrationsTest(_ServerMigrations, base.TestCase):
    BACKEND = 'postgresql'


class TaskflowDetailsLeftTest(base.TestCase):
    """0015 deletes the run details that sqlite kept after their logbook
    was deleted (its task system connections did not enforce the keys).
    """

    def test_details_without_a_parent_are_deleted(self):
        engine = sa.create_engine(
            'sqlite:///%s/migrations.sqlite' % self.state_dir)
        self.addCleanup(engine.dispose)
        migration.db_sync(engine, '0014_stack_template_index')
        rows = {
            'logbooks': [{'uuid': 'book'}],
            'flowdetails': [{'uuid': 'flow', 'parent_uuid': 'book'},
                            {'uuid': 'left-flow', 'parent_uuid': 'gone'}],
            'atomdetails': [
                {'uuid': 'atom', 'parent_uuid': 'flow'},
                {'uuid': 'under-left-flow', 'parent_uuid': 'left-flow'},
                {'uuid': 'left-atom', 'parent_uuid': 'gone-flow'}],
        }
        with engine.begin() as conn:
            for table, values in rows.items():
                conn.execute(sa.table(table, sa.column('uuid'),
                                      sa.column('parent_uuid'))
                             .insert(), values)

        migration.db_sync(engine)

        with engine.connect() as conn:
            left = {table: sorted(conn.execute(sa.text(
                'SELECT uuid FROM %s' % table)).scalars())
                for table in rows}
        self.assertEqual({'logbooks': ['book'], 'flowdetails': ['flow'],
                          'atomdetails': ['atom']}, left)
