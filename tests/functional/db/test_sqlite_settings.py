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

"""The embedded sqlite database's connection settings."""

from heat_vision.db import api as db_api
from heat_vision.tasks import persistence
from tests import base
from tests.functional.db import base as dbbase


def _pragma(engine, name):
    with engine.connect() as conn:
        return conn.exec_driver_sql('PRAGMA %s' % name).scalar()


class SqliteSettingsTest(dbbase.Sqlite, base.TestCase):

    def test_service_connections(self):
        engine = db_api.get_engine()
        self.assertEqual(
            {'busy_timeout': db_api.SQLITE_BUSY_TIMEOUT_MS,
             'foreign_keys': 1, 'synchronous': 1, 'journal_mode': 'wal'},
            {name: _pragma(engine, name) for name in (
                'busy_timeout', 'foreign_keys', 'synchronous',
                'journal_mode')})

    def test_task_system_connections_enforce_foreign_keys(self):
        persistence.reset()
        self.addCleanup(persistence.reset)
        engine = persistence.get_backend().engine
        self.assertEqual((1, 30000), (_pragma(engine, 'foreign_keys'),
                                      _pragma(engine, 'busy_timeout')))
