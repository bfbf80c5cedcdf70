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

"""A process whose resource step never returns still exits on SIGTERM.

The step's thread is lost (``HeatVision::Test::Stuck`` blocks in its
``handle_create``); the engine's stop is bounded, and the process ends
within ``graceful_shutdown_timeout`` although the interpreter would join
that thread at exit.
"""

import os
import shutil
import signal
import subprocess

from tests import backends
from tests import base
from tests import fixtures as hv_fixtures
from tests.functional import client as heat_client
from tests.functional import processes
from tests import waiting

# Short, so that the test does not wait long for the bound.
TIMEOUT = 6
# The process must exit within the bound; this much more is allowed for
# a loaded machine (the point is that it exits at all).
MARGIN = 60

TEMPLATE = '''heat_template_version: 2021-04-16
resources:
  stuck:
    type: HeatVision::Test::Stuck
    properties: {directory: %s}
'''


class StuckStepExitTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.marks = os.path.join(self.state_dir, 'marks')
        os.mkdir(self.marks)
        self.port = processes.free_port()
        database = os.path.join(self.state_dir, 'hv.sqlite')
        shutil.copyfile(hv_fixtures.golden_sqlite(), database)
        self.sections = {
            'DEFAULT': {'state_path': self.state_dir,
                        'enable_test_resource_types': True,
                        'graceful_shutdown_timeout': TIMEOUT},
            'database': {'connection': 'sqlite:///' + database},
            'api': {'bind_port': self.port}}

    def start_stuck_stack(self, client):
        client.create('stuck', TEMPLATE % self.marks)
        waiting.wait_until(lambda: os.listdir(self.marks), 120,
                           interval=0.1, describe='the stuck step started')

    def assertExitsOnSigterm(self, process):
        process.popen.send_signal(signal.SIGTERM)
        try:
            process.popen.wait(TIMEOUT + MARGIN)
        except subprocess.TimeoutExpired:
            self.fail('%s did not exit within %d s of SIGTERM' % (
                process.name, TIMEOUT + MARGIN))
        log = process.log()
        self.assertIn('stopped', log)
        self.assertIn('thread that does not return', log)

    def test_heat_vision_all_exits(self):
        config = processes.write_config(
            os.path.join(self.state_dir, 'hv.conf'), self.sections)
        process = self.useFixture(processes.Process(
            'heat-vision-all', ['--config-file', config], self.state_dir))
        process.attach_log_to(self)
        processes.wait_for_http('http://127.0.0.1:%d/' % self.port, process)
        self.start_stuck_stack(heat_client.HeatClient(
            'http://127.0.0.1:%d/v1/tenant' % self.port))
        self.assertExitsOnSigterm(process)

    def test_heat_vision_engine_exits(self):
        backends.require(self, 'rabbitmq')
        config = processes.write_config(
            os.path.join(self.state_dir, 'hv.conf'), backends.merge_config(
                self.sections, backends.isolated_messaging()))
        client, engines = processes.start_api_and_engines(self, config,
                                                          self.port, 1)
        self.start_stuck_stack(client)
        self.assertExitsOnSigterm(engines[0])
