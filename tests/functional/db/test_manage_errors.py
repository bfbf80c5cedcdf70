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

"""heat-vision-manage db sync on a database server, before the database
exists: a short message naming the problem, not a traceback."""

import os
import subprocess
import sys

from oslo_utils import uuidutils
import sqlalchemy as sa

from tests import backends
from tests import base

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))))


class DbSyncBeforeCreateDatabaseTest(base.TestCase):

    def db_sync(self, connection):
        config = os.path.join(self.state_dir, 'heat-vision.conf')
        with open(config, 'w') as handle:
            handle.write('[database]\nconnection = %s\nmax_retries = 0\n'
                         % connection)
        return subprocess.run(
            [sys.executable, '-c',
             'from heat_vision.cmd.manage import main; main()',
             '--config-file', config, 'db', 'sync'],
            capture_output=True, text=True, cwd=ROOT, timeout=120,
            env=dict(os.environ, PYTHONPATH=ROOT))

    def check_missing_database(self, backend, reason):
        backends.require(self, backend)
        name = 'hv_missing_' + uuidutils.generate_uuid(dashed=False)[:12]
        url = sa.engine.make_url(backends.ADMIN_URLS[backend]).set(
            database=name).render_as_string(hide_password=False)
        result = self.db_sync(url)
        self.assertEqual(1, result.returncode, result.stderr)
        self.assertEqual(
            'heat-vision-manage: The database %s cannot be used: %s.\n'
            'Create it and grant its user access first (CREATE DATABASE '
            'and GRANT, as in the distributed installation guide).\n'
            % (url, reason % name), result.stderr)

    def test_mariadb(self):
        self.check_missing_database('mysql', "Unknown database '%s'")

    def test_postgresql(self):
        self.check_missing_database('postgresql',
                                    'database "%s" does not exist')
