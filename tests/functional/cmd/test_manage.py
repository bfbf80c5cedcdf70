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

"""heat-vision-manage run as a process: errors without a traceback."""

import os
import subprocess
import sys

from tests import base

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))))


class ManageTest(base.TestCase):

    def manage(self, connection, *args):
        config = os.path.join(self.state_dir, 'heat-vision.conf')
        with open(config, 'w') as handle:
            handle.write('[database]\nconnection = %s\n' % connection)
        env = dict(os.environ, PYTHONPATH=ROOT)
        return subprocess.run(
            [sys.executable, '-c',
             'from heat_vision.cmd.manage import main; main()',
             '--config-file', config] + list(args),
            capture_output=True, text=True, cwd=ROOT, env=env, timeout=120)

    def test_db_sync_on_a_database_it_cannot_open_says_why(self):
        missing = os.path.join(self.state_dir, 'no-such-folder', 'hv.sqlite')
        result = self.manage('sqlite:///' + missing, 'db', 'sync')
        self.assertEqual(1, result.returncode)
        self.assertEqual(
            'heat-vision-manage: The database sqlite:///%s cannot be used: '
            'unable to open database file.\nDoes its folder exist, and may '
            'this user write there?\n' % missing, result.stderr)

    def test_db_sync_and_version(self):
        url = 'sqlite:///' + os.path.join(self.state_dir, 'hv.sqlite')
        self.assertEqual(0, self.manage(url, 'db', 'sync').returncode)
        result = self.manage(url, 'db', 'version')
        self.assertEqual(0, result.returncode, result.stderr)
        self.assertNotEqual('None', result.stdout.strip())
