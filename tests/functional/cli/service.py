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

"""A real ``heat-vision-all`` on a free port, and the real CLI.

The CLI runs in the test's process (``console.run``), through the
``heat-vision`` script's own ``heat_vision.cli.shell.main(argv)``.
"""

import os
import signal
import subprocess
import sys
import time

import fixtures
import requests

from heat_vision.cli import shell
from tests.functional import console
from tests.functional import processes

BIN = os.path.dirname(sys.executable)
TENANT = 'demo'


def _script(name):
    path = os.path.join(BIN, name)
    return path if os.path.exists(path) else name


class HeatVisionAll(fixtures.Fixture):
    """``heat-vision-all`` with a temporary state dir, until cleanup.

    :param state_dir: keep the state there instead (to start a second
        service on the state of a first one).
    :param args: more command-line arguments (``--demo``).
    """

    def __init__(self, state_dir=None, args=()):
        super().__init__()
        self.state_dir = state_dir
        self.args = list(args)

    def _setUp(self):
        self.dir = (self.state_dir
                    or self.useFixture(fixtures.TempDir()).path)
        port = processes.free_port()
        config = os.path.join(self.dir, 'heat-vision.conf')
        with open(config, 'w') as handle:
            handle.write('[api]\nbind_port = %d\n' % port)
        self.url = 'http://127.0.0.1:%d/v1/%s' % (port, TENANT)
        self.log_path = os.path.join(self.dir, 'server.log')
        log = open(self.log_path, 'w')
        self.addCleanup(log.close)
        self.process = subprocess.Popen(
            [_script('heat-vision-all'), '--state_path', self.dir,
             '--config-file', config] + self.args, stdout=log,
            stderr=subprocess.STDOUT)
        self.addCleanup(self._stop)
        self._wait_until_serving()

    def _wait_until_serving(self, timeout=60):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError('heat-vision-all exited: %s'
                                   % self.log())
            try:
                requests.get(self.url + '/stacks', timeout=5)
                return
            except (requests.ConnectionError, requests.Timeout):
                # The port is open before the API can answer: on a busy
                # machine the first requests may time out.
                time.sleep(0.2)
        raise RuntimeError('heat-vision-all did not start: %s' % self.log())

    def _stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def log(self, tail=4000):
        """The end of the service's output; all of it if ``tail`` is None.
        """
        with open(self.log_path) as handle:
            text = handle.read()
        return text if tail is None else text[-tail:]

    def wait_for_log(self, text, timeout=120):
        """Wait until the service prints ``text``."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if text in self.log(tail=None):
                return
            if self.process.poll() is not None:
                break
            time.sleep(0.2)
        raise AssertionError('heat-vision-all did not print %r: %s'
                             % (text, self.log()))

    def cli(self, *args):
        """Run ``heat-vision`` against this service.

        :returns: the CompletedProcess (``returncode``, ``stdout``,
            ``stderr``).
        """
        env = dict(os.environ, HEAT_VISION_URL=self.url)
        return console.run('heat-vision', shell.main, args, env)
