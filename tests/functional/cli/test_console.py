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

"""What the console scripts print besides their work."""

import subprocess

from tests import base
from tests.functional.cli import service

WAITRESS_DROPPED_BODY = 'application-written content was ignored'
DEMO_DONE = 'Stop the service with Ctrl-C.'


class TestHelpIsQuiet(base.TestCase):

    def test_help_prints_no_eventlet_warning(self):
        for name in ('heat-vision', 'heat-vision-all'):
            result = subprocess.run([service._script(name), '--help'],
                                    capture_output=True, text=True,
                                    timeout=120)
            self.assertEqual(0, result.returncode, result.stderr)
            self.assertNotIn('EventletDeprecationWarning', result.stderr,
                             name)
            self.assertNotIn('Eventlet is deprecated', result.stderr,
                             name)

    def run_elsewhere(self, *command):
        """Run a script outside the source tree: its build metadata
        (heat_vision.egg-info) may be older than the install's.
        """
        return subprocess.run(list(command), capture_output=True,
                              text=True, timeout=120, cwd=self.state_dir,
                              check=True).stdout

    def test_version_is_the_one_pip_shows(self):
        shown = self.run_elsewhere(service._script('pip'), 'show',
                                   'heat-vision')
        versions = [line.split(':', 1)[1].strip()
                    for line in shown.splitlines()
                    if line.startswith('Version:')]
        self.assertEqual(1, len(versions), shown)
        self.assertEqual(
            'heat-vision %s' % versions[0],
            self.run_elsewhere(service._script('heat-vision'),
                               '--version').strip())


class TestDemo(base.TestCase):
    """``heat-vision-all --demo``, twice on the same state."""

    def run_demo(self, state_dir):
        demo = service.HeatVisionAll(state_dir=state_dir, args=['--demo'])
        with demo:
            demo.wait_for_log(DEMO_DONE)
            return demo.log(tail=None)

    def test_demo_runs_twice_and_logs_each_line_once(self):
        state_dir = self.state_dir
        first = self.run_demo(state_dir)
        second = self.run_demo(state_dir)
        for log in (first, second):
            self.assertIn('Stack hello-world CREATE_COMPLETE (3/3 '
                          'resources)', log)
            self.assertNotIn('HTTP 409', log)
            self.assertNotIn('Conflict', log)
            self.assertNotIn('ERROR', log)
            self.assertNotIn('EventletDeprecationWarning', log)
            creates = [line for line in log.splitlines()
                       if 'creates stack hello-world' in line]
            self.assertEqual(1, len(creates), log)
        self.assertIn('deleting it first', second)
        # The second demo deleted the first one's stack: a 204.
        self.assertIn('Stack hello-world DELETE_COMPLETE', second)
        self.assertNotIn(WAITRESS_DROPPED_BODY, second)
