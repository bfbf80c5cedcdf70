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

"""Binaries that make Keystone trusts refuse to start without [trustee]."""

import os
import subprocess
import sys

from tests import base

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.dirname(os.path.abspath(__file__)))))
# Each binary as its console script calls it (the checked-out code).
MAIN = 'import sys; from heat_vision.cmd import %s as m; sys.exit(m.main())'


class TrusteeCheckTest(base.TestCase):

    def start(self, binary, sections):
        path = os.path.join(self.state_dir, 'hv.conf')
        with open(path, 'w') as f:
            for section, options in sections.items():
                f.write('[%s]\n' % section)
                f.writelines('%s = %s\n' % item for item in options.items())
        return subprocess.run(
            [sys.executable, '-c', MAIN % binary, '--config-file', path],
            cwd=ROOT, capture_output=True, text=True, timeout=60)

    def test_trusts_behind_keystone_without_a_trustee_do_not_start(self):
        # A network transport nobody listens on and an unmigrated
        # database: a binary that did start would never reach them.
        sections = {
            'DEFAULT': {'state_path': self.state_dir,
                        'transport_url': 'rabbit://u:p@127.0.0.1:9/'},
            'api': {'auth_strategy': 'keystone', 'bind_port': 0}}
        for binary in ('engine', 'tasks', 'all'):
            result = self.start(binary, sections)
            self.assertEqual(1, result.returncode, result.stderr)
            self.assertIn('heat-vision-%s cannot start: ' % binary,
                          result.stderr)
            self.assertIn('[trustee] is not set (no auth_type). Set '
                          '[trustee] auth_type = password, auth_url, '
                          'username, password, user_domain_name, or set '
                          '[DEFAULT] deferred_auth_method = none',
                          result.stderr)
