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

"""``[api] workers``: heat-vision-api as several processes on one port."""

import os
import signal
import subprocess

import requests

from tests import backends
from tests import base
from tests.functional import processes
from tests import waiting


def _children(pid):
    with open('/proc/%d/task/%d/children' % (pid, pid)) as f:
        return {int(child) for child in f.read().split()}


def _alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


class APIWorkersTest(base.TestCase):

    def setUp(self):
        super().setUp()
        backends.require(self, 'rabbitmq')
        self.port = processes.free_port()
        self.config = os.path.join(self.state_dir, 'hv.conf')
        processes.write_config(self.config, backends.merge_config(
            {'api': {'bind_port': self.port, 'workers': 2}},
            backends.isolated_messaging()))
        self.api = self.useFixture(processes.Process(
            'heat-vision-api', ['--config-file', self.config],
            self.state_dir))
        self.api.attach_log_to(self)
        self.root = 'http://127.0.0.1:%d/' % self.port
        processes.wait_for_http(self.root, self.api)

    def workers(self, count):
        """Wait until the API has ``count`` workers; :returns: their pids.
        """
        return waiting.wait_until(
            lambda: (len(_children(self.api.popen.pid)) == count and
                     _children(self.api.popen.pid)),
            describe='%d API workers' % count)

    def test_workers_serve_one_port_and_a_dead_one_is_replaced(self):
        first = self.workers(2)
        for _ in range(10):
            # The versions document, as Heat answers it: 300.
            self.assertEqual(300, requests.get(self.root, timeout=30)
                             .status_code)
        killed = min(first)
        os.kill(killed, signal.SIGKILL)
        now = waiting.wait_until(
            lambda: (killed not in _children(self.api.popen.pid) and
                     len(_children(self.api.popen.pid)) == 2 and
                     _children(self.api.popen.pid)),
            describe='the killed worker replaced')
        self.assertEqual(1, len(now & first))
        processes.wait_for_log(self.api, 'exited (signal 9)')
        processes.wait_for_http(self.root, self.api)

    def test_sigterm_stops_the_workers_too(self):
        pids = self.workers(2)
        self.api.popen.send_signal(signal.SIGTERM)
        self.assertEqual(0, self.api.popen.wait(60))
        waiting.wait_until(lambda: not any(_alive(pid) for pid in pids),
                           describe='workers gone')

    def test_a_killed_parent_takes_the_workers_with_it(self):
        pids = self.workers(2)
        self.api.popen.kill()
        self.api.popen.wait(60)
        waiting.wait_until(lambda: not any(_alive(pid) for pid in pids),
                           describe='orphaned workers gone')


class EmbeddedWorkersTest(base.TestCase):

    def test_heat_vision_all_refuses_more_than_one(self):
        config = processes.write_config(
            os.path.join(self.state_dir, 'hv.conf'),
            {'api': {'bind_port': processes.free_port(), 'workers': 2}})
        result = subprocess.run(
            [processes.script('heat-vision-all'), '--state_path',
             self.state_dir, '--config-file', config],
            capture_output=True, text=True, timeout=120)
        self.assertNotEqual(0, result.returncode)
        self.assertIn('[api] workers must be 1', result.stderr)
