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

"""Runs heat-vision's console scripts as real processes for the tests."""

import os
import signal
import subprocess
import sys
import time

import fixtures
import requests
from testtools import content

from tests.functional import client as heat_client
from tests import testcloud_files

BIN = os.path.dirname(sys.executable)


# A port below the kernel's ephemeral range: no client socket takes it
# between the pick and the server's bind (testcloud/ports.py says more).
free_port = testcloud_files.load('ports').free_port


def write_config(path, sections):
    """Write an ini file from ``{section: {option: value}}``."""
    with open(path, 'w') as f:
        for section, options in sections.items():
            f.write('[%s]\n' % section)
            for key, value in options.items():
                f.write('%s = %s\n' % (key, value))
            f.write('\n')
    return path


def script(name):
    path = os.path.join(BIN, name)
    return path if os.path.exists(path) else name


def run(name, *args, timeout=120):
    """Run a script to completion. :returns: its stdout."""
    result = subprocess.run([script(name)] + list(args), check=True,
                            capture_output=True, text=True, timeout=timeout)
    return result.stdout


class Process(fixtures.Fixture):
    """A long-running script; its output goes to ``log_path``."""

    def __init__(self, name, args, log_dir, label=None):
        super().__init__()
        self.name = name
        self.args = list(args)
        self.log_path = os.path.join(log_dir, (label or name) + '.log')

    def attach_log_to(self, testcase):
        """Show this process's log with the test's failure, if any."""
        testcase.addOnException(lambda exc_info: testcase.addDetail(
            os.path.basename(self.log_path),
            content.text_content(self.log()[-20000:])))

    def _setUp(self):
        self._log = open(self.log_path, 'w')
        self.addCleanup(self._log.close)
        self.popen = subprocess.Popen(
            [script(self.name)] + self.args, stdout=self._log,
            stderr=subprocess.STDOUT, start_new_session=True)
        self.addCleanup(self.stop)

    def stop(self, sig=signal.SIGTERM, timeout=20):
        if self.popen.poll() is not None:
            return
        self.popen.send_signal(sig)
        try:
            self.popen.wait(timeout)
        except subprocess.TimeoutExpired:
            self.popen.kill()
            self.popen.wait(timeout)

    def log(self):
        with open(self.log_path) as f:
            return f.read()


def wait_for_http(url, process=None, timeout=60):
    """Wait until ``url`` answers; fail early if ``process`` died."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process is not None and process.popen.poll() is not None:
            raise AssertionError('%s exited with %s:\n%s' % (
                process.name, process.popen.returncode, process.log()))
        try:
            requests.get(url, timeout=5)
            return
        except (requests.ConnectionError, requests.Timeout):
            # The port is open before the API can answer: on a busy
            # machine the first requests may time out.
            time.sleep(0.1)
    raise AssertionError('%s did not answer in %ss' % (url, timeout))


def wait_for_log(process, text, timeout=60):
    """Wait until ``process`` logs ``text``; fail early if it died."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if text in process.log():
            return
        if process.popen.poll() is not None:
            raise AssertionError('%s exited with %s:\n%s' % (
                process.name, process.popen.returncode, process.log()))
        time.sleep(0.1)
    raise AssertionError('%s did not log %r in %ss'
                         % (process.name, text, timeout))


# An engine logs this once it listens on its queues (RabbitMQ drops
# messages sent to a topic before any queue is bound for it).
ENGINE_READY = 'started on'


def start_api_and_engine(testcase, config, port, tenant='tenant'):
    """Run an engine and an API on ``config``, whose database is already
    at the newest schema (``backends.TemporaryDatabase(...,
    migrated=True)``, or a copy of ``tests.fixtures.golden_sqlite()``:
    a ``heat-vision-manage db sync`` process costs seconds of CPU).

    Returns once the API answers and sees the engine (it answers 503
    until its health check has seen one).

    :returns: a ``tests.functional.client.HeatClient`` for ``tenant``.
    """
    return start_api_and_engines(testcase, config, port, 1, tenant)[0]


def start_api_and_engines(testcase, config, port, count, tenant='tenant'):
    """As ``start_api_and_engine``, with ``count`` engines (labelled
    ``engine-0`` ...); returns once the API lists them all.

    :returns: the Heat client and the engines' ``Process`` fixtures.
    """
    engines = []
    for number in range(count):
        engine = testcase.useFixture(Process(
            'heat-vision-engine', ['--config-file', config],
            testcase.state_dir, 'engine-%d' % number if count > 1 else None))
        engine.attach_log_to(testcase)
        engines.append(engine)
    api = testcase.useFixture(Process(
        'heat-vision-api', ['--config-file', config], testcase.state_dir))
    api.attach_log_to(testcase)
    wait_for_http('http://127.0.0.1:%d/' % port, api)
    for engine in engines:
        wait_for_log(engine, ENGINE_READY)
    client = heat_client.HeatClient('http://127.0.0.1:%d/v1/%s'
                                    % (port, tenant))
    deadline = time.monotonic() + 60
    while len(client.services()) < count:
        testcase.assertLess(time.monotonic(), deadline, 'no engine seen')
        time.sleep(0.2)
    return client, engines
