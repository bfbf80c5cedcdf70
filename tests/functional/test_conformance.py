"""The shared conformance cases: heat-vision answers as OpenStack Heat did.

``../shared/conformance`` (beside the repository, as CI lays it) holds
templates with the results Heat 27 gave; its own script replays them
against a ``heat-vision-all`` started here.
"""

import os
import subprocess
import sys

from tests import base
from tests.functional import processes

HERE = os.path.dirname(os.path.abspath(__file__))
CONFORMANCE = os.environ.get('HV_CONFORMANCE_DIR', os.path.normpath(
    os.path.join(HERE, '..', '..', '..', 'shared', 'conformance')))


class ConformanceTest(base.TestCase):

    def setUp(self):
        super().setUp()
        script = os.path.join(CONFORMANCE, 'run_conformance.py')
        if not os.path.exists(script):
            message = 'no conformance cases at %s' % CONFORMANCE
            if os.environ.get('CI') == 'true':
                self.fail(message)
            self.skipTest(message)
        self.script = script
        self.port = processes.free_port()
        config = processes.write_config(
            os.path.join(self.state_dir, 'hv.conf'),
            {'DEFAULT': {'state_path': self.state_dir},
             'api': {'bind_port': self.port}})
        server = self.useFixture(processes.Process(
            'heat-vision-all', ['--config-file', config], self.state_dir))
        processes.wait_for_http('http://127.0.0.1:%d/' % self.port, server)

    def test_every_case_matches_heat(self):
        result = subprocess.run(
            [sys.executable, self.script, '--endpoint',
             'http://127.0.0.1:%d/v1/conformance' % self.port],
            capture_output=True, text=True, timeout=300)
        self.assertEqual(0, result.returncode, result.stdout + result.stderr)
        self.assertIn(' 0 failed', result.stdout, result.stdout)
        self.assertNotIn('FAIL', result.stdout, result.stdout)
