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

"""What starting each console script costs: CPU, modules, memory.

    python benchmarks/bench_process_start.py [--runs 3] [--scripts ...]

Runs each console script on the local RabbitMQ and a fresh, migrated
MariaDB database (``heat-vision-all`` on its embedded default, a new
sqlite file under a new ``state_path``) until it is ready: an engine or a
task service once it logs that it started, an API or ``heat-vision-all``
once it answers HTTP, ``heat-vision-manage db version`` and
``heat-vision --help`` when they exit. Prints per script the median CPU
seconds (user + system, from ``/proc``) from exec to ready, the resident
memory then, and the modules imported by then (a second start under
``PYTHONPROFILEIMPORTTIME``, one line per module imported). CPU seconds,
not wall time, so that a busy machine changes the figures little.
"""

import argparse
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid

import sqlalchemy as sa

sys.path.insert(0, os.path.dirname(os.path.dirname(__file__)))
from benchmarks import bench_engine  # noqa

BIN = os.path.dirname(sys.executable)
MYSQL_ADMIN = 'mysql+pymysql://root@127.0.0.1:3306/'
RABBIT = 'rabbit://guest:guest@127.0.0.1:5672/'
TICKS = os.sysconf('SC_CLK_TCK')

SCRIPTS = ('heat-vision-engine', 'heat-vision-api', 'heat-vision-all',
           'heat-vision-tasks', 'heat-vision-manage', 'heat-vision')


def cpu_seconds(pid):
    with open('/proc/%d/stat' % pid) as f:
        fields = f.read().rsplit(')', 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def rss_mb(pid):
    with open('/proc/%d/status' % pid) as f:
        for line in f:
            if line.startswith('VmRSS:'):
                return int(line.split()[1]) / 1024.0
    return 0.0


def answers(port):
    try:
        with socket.create_connection(('127.0.0.1', port), timeout=1) as s:
            s.sendall(b'GET / HTTP/1.0\r\n\r\n')
            return bool(s.recv(1))
    except OSError:
        return False


class Setup:
    """A migrated MariaDB database and a configuration file using it."""

    def __init__(self):
        self.dir = tempfile.mkdtemp(prefix='hv-start-')
        self.db_name = 'hv_start_' + uuid.uuid4().hex[:12]
        admin = sa.create_engine(MYSQL_ADMIN, isolation_level='AUTOCOMMIT')
        with admin.connect() as conn:
            conn.execute(sa.text('CREATE DATABASE %s' % self.db_name))
        admin.dispose()
        unique = uuid.uuid4().hex[:8]
        self.port = bench_engine.free_port()
        self.config = self.write('hv.conf', (
            '[DEFAULT]\nstate_path = %s\ntransport_url = %s\n'
            'control_exchange = hv-start-%s\n'
            '[rpc]\nengine_topic = hv-start-engine-%s\n'
            '[oslo_messaging_notifications]\ndriver = noop\n'
            '[database]\nconnection = %s%s\n[api]\nbind_port = %d\n'
            % (self.dir, RABBIT, unique, unique, MYSQL_ADMIN, self.db_name,
               self.port)))
        subprocess.run([os.path.join(BIN, 'heat-vision-manage'),
                        '--config-file', self.config, 'db', 'sync'],
                       check=True, capture_output=True)

    def write(self, name, text):
        path = os.path.join(self.dir, name)
        with open(path, 'w') as f:
            f.write(text)
        return path

    def embedded_config(self):
        state = tempfile.mkdtemp(dir=self.dir)
        return self.write('all-%s.conf' % os.path.basename(state),
                          '[DEFAULT]\nstate_path = %s\n[api]\nbind_port = '
                          '%d\n' % (state, self.port))

    def drop(self):
        admin = sa.create_engine(MYSQL_ADMIN, isolation_level='AUTOCOMMIT')
        with admin.connect() as conn:
            conn.execute(sa.text('DROP DATABASE %s' % self.db_name))
        admin.dispose()
        shutil.rmtree(self.dir, ignore_errors=True)


def command(setup, script):
    """:returns: the arguments and how to tell that it is ready (a text
        its log shows, 'http', or None: when it exits).
    """
    path = os.path.join(BIN, script)
    if script == 'heat-vision-manage':
        return [path, '--config-file', setup.config, 'db', 'version'], None
    if script == 'heat-vision':
        return [path, '--help'], None
    if script == 'heat-vision-all':
        return [path, '--config-file', setup.embedded_config()], 'http'
    ready = {'heat-vision-engine': 'started on',
             'heat-vision-tasks': 'Task service',
             'heat-vision-api': 'http'}[script]
    return [path, '--config-file', setup.config], ready


def start(setup, script, count_modules, timeout=120):
    """:returns: (CPU seconds, RSS MB) at ready, or the module count."""
    args, ready = command(setup, script)
    env = dict(os.environ)
    if count_modules:
        env['PYTHONPROFILEIMPORTTIME'] = '1'
    log_path = os.path.join(setup.dir, 'log-%s' % uuid.uuid4().hex[:6])
    with open(log_path, 'w') as log:
        if ready is None:
            began = os.times()
            proc = subprocess.run(args, stdout=subprocess.DEVNULL,
                                  stderr=log, env=env, timeout=timeout)
            ended = os.times()
            cpu = (ended.children_user - began.children_user
                   + ended.children_system - began.children_system)
            rss = None
        else:
            proc = subprocess.Popen(args, stdout=log, stderr=log, env=env,
                                    start_new_session=True)
            try:
                cpu, rss = _wait_ready(proc, ready, log_path, setup.port,
                                       timeout)
            finally:
                proc.terminate()
                try:
                    proc.wait(30)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()
    with open(log_path) as f:
        text = f.read()
    if count_modules:
        return sum(1 for line in text.splitlines()
                   if line.startswith('import time:')) - 1
    return cpu, rss


def _wait_ready(proc, ready, log_path, port, timeout):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            with open(log_path) as f:
                raise SystemExit('%s exited:\n%s' % (proc.args, f.read()))
        if ready == 'http':
            done = answers(port)
        else:
            with open(log_path) as f:
                done = ready in f.read()
        if done:
            return cpu_seconds(proc.pid), rss_mb(proc.pid)
        time.sleep(0.05)
    raise SystemExit('%s not ready in %s s' % (proc.args, timeout))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--runs', type=int, default=3)
    parser.add_argument('--scripts', nargs='*', default=SCRIPTS)
    args = parser.parse_args()
    setup = Setup()
    try:
        for script in args.scripts:
            got = [start(setup, script, False) for _ in range(args.runs)]
            modules = start(setup, script, True)
            cpu = statistics.median(g[0] for g in got)
            rss = [g[1] for g in got if g[1] is not None]
            print('%-20s CPU to ready %.2f s (runs: %s), %d modules%s' % (
                script, cpu, ' '.join('%.2f' % g[0] for g in got), modules,
                ', RSS %.1f MB' % statistics.median(rss) if rss else ''),
                flush=True)
    finally:
        setup.drop()


if __name__ == '__main__':
    main()
