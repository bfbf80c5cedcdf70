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

"""API latency: stack list and stack show, embedded mode.

Starts ``heat-vision-all`` on a free port with a temporary state dir
(sqlite, in-process transport, noauth), creates ``--stacks`` stacks (20)
of three resources and an output, then times ``--requests`` sequential
requests (500) of each kind over one keep-alive connection, after a
warm-up. Prints the median, p90 and p99 against the targets: stack list
median < 5 ms, stack show median < 10 ms. Exits 1 if a target is missed.

``--profile DIR`` runs the server under py-spy (if installed) while the
requests are timed and writes a flame graph per kind there.

``--port N`` uses a heat-vision already listening on 127.0.0.1:N
instead (its tenant ``demo`` gets the stacks).

Usage: python benchmarks/bench_api_latency.py [--stacks N]
       [--requests N] [--profile DIR] [--port N]
"""

import argparse
import http.client
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(__file__)))
from benchmarks import bench_engine  # noqa

TARGETS_MS = {'stack list': 5.0, 'stack show': 10.0}
TEMPLATE = '''heat_template_version: 2021-04-16
parameters:
  word: {type: string, default: latency}
resources:
  a: {type: OS::Heat::None}
  b: {type: OS::Heat::None, depends_on: a}
  echo:
    type: OS::Heat::Value
    properties: {value: {get_param: word}}
outputs:
  echoed: {value: {get_attr: [echo, value]}}
'''
HEADERS = {'X-Auth-Token': 'bench', 'Content-Type': 'application/json'}


def script(name):
    path = os.path.join(os.path.dirname(sys.executable), name)
    return path if os.path.exists(path) else name


class Server:

    def __init__(self, state_dir, port=None):
        self.port = port or bench_engine.free_port()
        self.log = open(os.path.join(state_dir, 'server.log'), 'w')
        if port:
            self.popen = None
            return
        config = os.path.join(state_dir, 'heat-vision.conf')
        with open(config, 'w') as f:
            f.write('[api]\nbind_port = %d\n' % self.port)
        self.popen = subprocess.Popen(
            [script('heat-vision-all'), '--state_path', state_dir,
             '--config-file', config], stdout=self.log,
            stderr=subprocess.STDOUT, start_new_session=True)

    def connection(self):
        return http.client.HTTPConnection('127.0.0.1', self.port,
                                          timeout=60)

    def wait_until_serving(self, timeout=60):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.popen and self.popen.poll() is not None:
                raise SystemExit('heat-vision-all exited, see %s'
                                 % self.log.name)
            try:
                request(self.connection(), 'GET', '/')
                return
            except OSError:
                time.sleep(0.1)
        raise SystemExit('heat-vision-all did not start')

    def stop(self):
        if self.popen and self.popen.poll() is None:
            self.popen.send_signal(signal.SIGTERM)
            try:
                self.popen.wait(20)
            except subprocess.TimeoutExpired:
                self.popen.kill()
                self.popen.wait()
        self.log.close()


def request(conn, method, path, body=None):
    conn.request(method, path, body=body and json.dumps(body),
                 headers=HEADERS)
    response = conn.getresponse()
    data = response.read()
    return response.status, data


def create_stacks(conn, count):
    ids = {}
    prefix = 'bench-%d-' % os.getpid()
    for i in range(count):
        name = '%s%02d' % (prefix, i)
        status, data = request(conn, 'POST', '/v1/demo/stacks', {
            'stack_name': name, 'template': TEMPLATE,
            'parameters': {'word': name}})
        if status != 201:
            raise SystemExit('create %s: %s %s' % (name, status, data))
        ids[name] = json.loads(data)['stack']['id']
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        status, data = request(conn, 'GET', '/v1/demo/stacks')
        stacks = [s for s in json.loads(data)['stacks']
                  if s['stack_name'] in ids]
        states = {s['stack_name']: s['stack_status'] for s in stacks}
        if all(state == 'CREATE_COMPLETE' for state in states.values()):
            return ids
        if any(state.endswith('FAILED') for state in states.values()):
            break
        time.sleep(0.2)
    raise SystemExit('stacks did not complete: %s' % states)


def timed(conn, path, count, warmup=20):
    for _ in range(warmup):
        request(conn, 'GET', path)
    samples = []
    for _ in range(count):
        start = time.perf_counter()
        status, _ = request(conn, 'GET', path)
        samples.append((time.perf_counter() - start) * 1000)
        if status != 200:
            raise SystemExit('GET %s: %s' % (path, status))
    return samples


def percentile(samples, fraction):
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))]


def profile(pid, out):
    spy = shutil.which('py-spy')
    if not spy:
        print('py-spy is not installed: pip install py-spy')
        return None
    return subprocess.Popen([spy, 'record', '--pid', str(pid), '--rate',
                             '1000', '--output', out, '--nonblocking'],
                            stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--stacks', type=int, default=20)
    parser.add_argument('--requests', type=int, default=500)
    parser.add_argument('--profile', metavar='DIR')
    parser.add_argument('--port', type=int)
    args = parser.parse_args()

    state_dir = tempfile.mkdtemp(prefix='hv-bench-api-')
    server = Server(state_dir, args.port)
    try:
        server.wait_until_serving()
        conn = server.connection()
        ids = create_stacks(conn, args.stacks)
        name = sorted(ids)[len(ids) // 2]
        paths = {'stack list': '/v1/demo/stacks',
                 'stack show': '/v1/demo/stacks/%s/%s' % (name, ids[name])}
        print('heat-vision-all (embedded), %d new stacks, %d requests each, '
              'one keep-alive connection' % (args.stacks, args.requests))
        print('%-11s %9s %9s %9s %9s  %s' % ('', 'median', 'p90', 'p99',
                                             'target', ''))
        missed = False
        for kind, path in paths.items():
            spy = None
            if args.profile and server.popen:
                os.makedirs(args.profile, exist_ok=True)
                spy = profile(server.popen.pid, os.path.join(
                    args.profile, kind.replace(' ', '-') + '.svg'))
                time.sleep(1)
            samples = timed(conn, path, args.requests)
            if spy:
                spy.send_signal(signal.SIGINT)
                spy.wait(60)
            median = statistics.median(samples)
            target = TARGETS_MS[kind]
            ok = median < target
            missed |= not ok
            print('%-11s %7.2fms %7.2fms %7.2fms %7.1fms  %s' % (
                kind, median, percentile(samples, 0.9),
                percentile(samples, 0.99), target,
                'ok' if ok else 'OVER TARGET'))
        return 1 if missed else 0
    except SystemExit:
        print('server log: %s' % server.log.name, file=sys.stderr)
        raise
    else:
        shutil.rmtree(state_dir, ignore_errors=True)
    finally:
        server.stop()


if __name__ == '__main__':
    sys.exit(main())
