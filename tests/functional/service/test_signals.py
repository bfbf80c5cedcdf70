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

"""The processes' signals: SIGHUP applies changed mutable options, SIGTERM
stops within graceful_shutdown_timeout."""

import os
import signal
import time

import requests

from tests import base
from tests.functional import processes


class SignalsTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.port = processes.free_port()
        self.config = os.path.join(self.state_dir, 'hv.conf')
        self.write_config(debug=False)
        self.service = self.useFixture(processes.Process(
            'heat-vision-all', ['--state_path', self.state_dir,
                                '--config-file', self.config],
            self.state_dir))
        self.service.attach_log_to(self)
        self.root = 'http://127.0.0.1:%d' % self.port
        processes.wait_for_http(self.root + '/', self.service)

    def write_config(self, debug):
        processes.write_config(self.config, {
            'DEFAULT': {'debug': debug},
            'api': {'bind_port': self.port}})

    def debug_lines(self):
        return [line for line in self.service.log().splitlines()
                if ' DEBUG ' in line]

    def test_sighup_turns_debug_on_in_a_running_process(self):
        requests.get(self.root + '/v1/demo/stacks', timeout=30)
        self.assertEqual([], self.debug_lines())
        self.write_config(debug=True)
        self.service.popen.send_signal(signal.SIGHUP)
        processes.wait_for_log(self.service, 'SIGHUP: reloading')
        deadline = time.monotonic() + 60
        while not self.debug_lines() and time.monotonic() < deadline:
            requests.get(self.root + '/v1/demo/stacks', timeout=30)
            time.sleep(0.2)
        self.assertNotEqual([], self.debug_lines())
        # Still serving, same process.
        self.assertIsNone(self.service.popen.poll())

    def test_sigterm_stops_the_process(self):
        self.service.popen.send_signal(signal.SIGTERM)
        self.assertEqual(0, self.service.popen.wait(60))
