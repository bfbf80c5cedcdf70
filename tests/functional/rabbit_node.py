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

"""A private RabbitMQ node for a test that stops and starts its broker.

The machine's broker (5672) serves every other test: it is never
stopped. This node has its own name, ports and Mnesia directory under a
temporary directory (``RABBITMQ_NODENAME``, ``RABBITMQ_NODE_PORT``,
``RABBITMQ_DIST_PORT``, ``RABBITMQ_MNESIA_BASE``), so a restart keeps its
definitions as a real broker's restart does.
"""

import os
import signal
import socket
import subprocess
import time

import fixtures

from tests.functional import processes

SERVER = '/usr/lib/rabbitmq/bin/rabbitmq-server'


def available():
    return os.path.exists(SERVER)


class RabbitNode(fixtures.Fixture):
    """``url`` is its transport URL; ``stop()`` and ``start()`` it."""

    def __init__(self, base_dir):
        super().__init__()
        self.base_dir = base_dir
        self.popen = None

    def _setUp(self):
        self.port = processes.free_port()
        self.url = 'rabbit://guest:guest@127.0.0.1:%d/' % self.port
        home = os.path.join(self.base_dir, 'rabbit')
        os.makedirs(home)
        plugins = os.path.join(home, 'enabled_plugins')
        with open(plugins, 'w') as f:
            f.write('[].\n')
        self.env = dict(
            os.environ, HOME=home,
            RABBITMQ_NODENAME='hvtest%d@localhost' % self.port,
            RABBITMQ_NODE_IP_ADDRESS='127.0.0.1',
            RABBITMQ_NODE_PORT=str(self.port),
            RABBITMQ_DIST_PORT=str(processes.free_port()),
            RABBITMQ_MNESIA_BASE=os.path.join(home, 'mnesia'),
            RABBITMQ_LOG_BASE=os.path.join(home, 'log'),
            RABBITMQ_PID_FILE=os.path.join(home, 'node.pid'),
            RABBITMQ_ENABLED_PLUGINS_FILE=plugins,
            RABBITMQ_CONFIG_FILE=os.path.join(home, 'rabbitmq'),
            RABBITMQ_ADVANCED_CONFIG_FILE=os.path.join(home,
                                                       'advanced.config'))
        self.log_path = os.path.join(home, 'server.log')
        self.addCleanup(self.stop)
        self.start()

    def start(self, timeout=60):
        """Start the node; :returns: once it takes connections."""
        with open(self.log_path, 'a') as log:
            # The script runs the Erlang VM as its child: a session of
            # its own, so that stop() ends both.
            self.popen = subprocess.Popen(
                [SERVER], env=self.env, stdout=log,
                stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.popen.poll() is not None:
                raise AssertionError('rabbitmq-server exited with %s:\n%s'
                                     % (self.popen.returncode, self.log()))
            try:
                with socket.create_connection(('127.0.0.1', self.port), 1):
                    return
            except OSError:
                time.sleep(0.2)
        raise AssertionError('rabbitmq-server did not listen in %ss:\n%s'
                             % (timeout, self.log()))

    def stop(self, timeout=60):
        """Stop the node (SIGTERM, as a service manager does)."""
        if self.popen is None or self.popen.poll() is not None:
            return
        os.killpg(self.popen.pid, signal.SIGTERM)
        try:
            self.popen.wait(timeout)
        except subprocess.TimeoutExpired:
            os.killpg(self.popen.pid, signal.SIGKILL)
            self.popen.wait(timeout)
        # The VM may outlive the script for a moment.
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                os.killpg(self.popen.pid, 0)
            except ProcessLookupError:
                return
            time.sleep(0.1)

    def log(self):
        with open(self.log_path) as f:
            return f.read()[-20000:]
