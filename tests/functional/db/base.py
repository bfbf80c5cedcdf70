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

"""One suite of database tests on sqlite, MariaDB and PostgreSQL.

A suite is a mixin of tests that call ``self.use_database(url)`` in
``setUp``; ``Sqlite`` and ``Server`` give them the database.
"""

import os
import shutil

from oslo_config import cfg

from heat_vision.db import api as db_api
from tests import backends
from tests import fixtures as hv_fixtures

CONF = cfg.CONF


class Migrated:
    """``use_database``: point the process at a migrated database."""

    def use_database(self, url):
        CONF.set_override('connection', url, group='database')
        self.addCleanup(CONF.clear_override, 'connection', group='database')
        db_api.reset()
        self.addCleanup(db_api.reset)


class Sqlite(Migrated):
    """The suite on a sqlite file of the test's own: a copy of the test
    process's migrated file.
    """

    def setUp(self):
        super().setUp()
        path = os.path.join(self.state_dir, 'test.sqlite')
        shutil.copyfile(hv_fixtures.golden_sqlite(), path)
        self.use_database('sqlite:///' + path)


class Server(Migrated):
    """The suite on a database of its own on the ``BACKEND`` server, at
    the newest schema (a copy of the process's migrated template).
    """

    BACKEND = None

    def setUp(self):
        super().setUp()
        backends.require(self, self.BACKEND)
        database = self.useFixture(backends.TemporaryDatabase(
            self.BACKEND, migrated=True))
        self.use_database(database.url)
