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

"""Engine speed through the HTTP API, embedded mode: medians vs targets.

    python benchmarks/bench_engine.py [--runs 3] [--timeout 300]
        [--only flat100,flat1000,chain100,group1000,update1000,show1000,rss]

Starts ``heat-vision-all`` on a free port with a fresh state directory
and times, from the request to the final status as the engine logs it
(``--only`` picks some of these, by the names given):

* ``flat100``, ``flat1000``: flat stacks of 100 and 1000
  OS::Heat::None, create and delete; with both, the ratio
  time(1000)/time(100) (linear growth: at most 12);
* ``chain100``: a chain of 100 resources, each depending on the previous;
* ``group1000``: a ResourceGroup of 999 OS::Heat::None (when the type
  is available): with the group itself, 1000 resources, the default
  ``max_resources_per_stack`` (a group of 1000 is refused with 400);
* ``update1000``: an update of a 1000-resource stack changing one
  property (when stack update is available);
* ``show1000``: stack show of a 1000-resource stack with outputs;
* ``rss``: the service's resident memory (VmRSS) once ten
  1000-resource stacks exist; the high-water mark of the whole run
  (VmHWM, which includes every earlier measurement) is printed
  separately, without a target.

Every wait has a deadline (``--timeout`` seconds): past it, or when the
service exits, the benchmark stops with the reason and the end of the
service's log.

A create, update or delete ends when the engine logs the stack's final
state, which it does once that state is stored (a client polling the
API then sees it): the log is read every 5 ms, and the API asked once at
the end. Polling the API every 10 ms, as these benchmarks did before,
took CPU from the operation measured (a poll costs the service about
1.3 ms; 1000 ``OS::Heat::Stack`` took 0.80 s by the log, 0.85 s by the
polls, taking turns) and rounded each figure up to the next poll.
``Service.watch_api = True`` (``bench_matrix.py --poll-api``) measures by
polling again.
"""

import argparse
import datetime
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

import requests

sys.path.insert(0, os.path.dirname(os.path.dirname(__file__)))
from tests import testcloud_files  # noqa

# Below the kernel's ephemeral range: testcloud/ports.py says why.
free_port = testcloud_files.load('ports').free_port

STARTUP_TIMEOUT = 60
# How often a wait reads the service's log (``Service.wait_logged``).
LOG_INTERVAL = 0.005
# The line heat_vision.engine.actions.common.set_stack_state logs: "Stack
# CREATE COMPLETE (name, id): reason", after oslo.log's local time.
_STATE_LOGGED = re.compile(r'^(\S+ \S+) .* Stack (\S+ \S+) \(\S+, '
                           r'([0-9a-f-]{36})\): ')
# The group counts too: 999 members make the 1000 resources that
# max_resources_per_stack allows by default.
GROUP_MEMBERS = 999
GROUPS = ('flat100', 'flat1000', 'chain100', 'group1000', 'update1000',
          'show1000', 'rss')

TARGETS = {
    'create flat 1000': 2.0,
    'delete flat 1000': 2.0,
    'ratio create 1000/100': 12.0,
    'create chain 100': 0.5,
    'create group of 999 (1000 resources)': 3.0,
    'update flat 1000 (one property)': 1.0,
    'show flat 1000 with outputs': 0.05,
    'RSS MB, ten 1000-resource stacks': 250.0,
}


class BenchmarkError(Exception):
    """The benchmark cannot go on; the message says why."""


def flat(count, value='a'):
    lines = ['heat_template_version: 2021-04-16', 'resources:']
    for i in range(count):
        lines.append('  r%d: {type: OS::Heat::None, properties: {v: %s}}'
                     % (i, value if i == 0 else 'x'))
    lines += ['outputs:', '  first: {value: {get_resource: r0}}',
              '  last: {value: {get_resource: r%d}}' % (count - 1)]
    return '\n'.join(lines) + '\n'


def chain(count):
    lines = ['heat_template_version: 2021-04-16', 'resources:',
             '  r0: {type: OS::Heat::None}']
    for i in range(1, count):
        lines.append('  r%d: {type: OS::Heat::None, depends_on: r%d}'
                     % (i, i - 1))
    return '\n'.join(lines) + '\n'


def group(count):
    return ('heat_template_version: 2021-04-16\nresources:\n  g:\n'
            '    type: OS::Heat::ResourceGroup\n    properties:\n'
            '      count: %d\n      resource_def: {type: OS::Heat::None}\n'
            % count)


class StateLines:
    """The stack states engines log, read as their logs grow.

    ``seen`` maps ``(stack id, 'CREATE COMPLETE')`` to the epoch seconds
    of the line (millisecond timestamps, this machine's clock).
    """

    def __init__(self, paths):
        self._offsets = dict.fromkeys(paths, 0)
        self.seen = {}

    def read(self):
        """Take in the whole lines written since the last read."""
        for path, offset in self._offsets.items():
            try:
                with open(path, 'rb') as f:
                    f.seek(offset)
                    chunk = f.read()
            except FileNotFoundError:
                continue
            complete = chunk[:chunk.rfind(b'\n') + 1]
            self._offsets[path] = offset + len(complete)
            for line in complete.decode('utf-8', 'replace').splitlines():
                match = _STATE_LOGGED.match(line)
                if match:
                    self.seen[match.group(3), match.group(2)] = \
                        datetime.datetime.strptime(
                            match.group(1), '%Y-%m-%d %H:%M:%S.%f'
                        ).timestamp()


class Service:

    # Wait by polling the API every 10 ms instead of reading the log.
    watch_api = False

    def __init__(self, timeout, options=''):
        """:param options: more lines for the ``[DEFAULT]`` section."""
        self.timeout = timeout
        self.dir = tempfile.mkdtemp(prefix='hv-bench-')
        self.port = free_port()
        config = os.path.join(self.dir, 'hv.conf')
        with open(config, 'w') as f:
            f.write('[DEFAULT]\nstate_path = %s\n%s\n[api]\nbind_port = %d\n'
                    % (self.dir, options, self.port))
        binary = os.path.join(os.path.dirname(sys.executable),
                              'heat-vision-all')
        self.log_path = os.path.join(self.dir, 'service.log')
        with open(self.log_path, 'w') as log:
            self.proc = subprocess.Popen(
                [binary, '--config-file', config], stdout=log,
                stderr=subprocess.STDOUT)
        self.url = 'http://127.0.0.1:%d/v1/bench' % self.port
        self.http = requests.Session()
        try:
            self._wait_until_serving()
        except BenchmarkError:
            self.stop()
            raise

    def _wait_until_serving(self):
        limit = max(self.timeout, STARTUP_TIMEOUT)
        deadline = time.monotonic() + limit
        while True:
            self._check_alive()
            try:
                self.http.get(self.url + '/stacks', timeout=5)
                return
            except (requests.ConnectionError, requests.Timeout):
                if time.monotonic() > deadline:
                    raise self.error('heat-vision-all did not answer in '
                                     '%ss' % limit)
                time.sleep(0.05)

    def error(self, message):
        try:
            with open(self.log_path) as f:
                tail = f.read()[-2000:]
        except OSError:
            tail = ''
        return BenchmarkError('%s\n--- end of the service log ---\n%s'
                              % (message, tail))

    def check_answer(self, response, what):
        """:raises BenchmarkError: with the API's message on an error."""
        if response.status_code >= 400:
            raise BenchmarkError('%s: HTTP %d: %s' % (
                what, response.status_code, response.text[:500]))

    def _check_alive(self):
        if self.proc.poll() is not None:
            raise self.error('heat-vision-all exited with %s'
                             % self.proc.returncode)

    def pids(self):
        """The service's processes (for their CPU time)."""
        return [self.proc.pid]

    def memory_mb(self, field):
        """``VmRSS`` (now) or ``VmHWM`` (high-water mark), in MB."""
        with open('/proc/%d/status' % self.proc.pid) as f:
            for line in f:
                if line.startswith(field + ':'):
                    return int(line.split()[1]) / 1024.0
        raise BenchmarkError('no %s in /proc/%d/status'
                             % (field, self.proc.pid))

    def stop(self):
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        shutil.rmtree(self.dir, ignore_errors=True)

    def has_type(self, name):
        types = self.http.get(self.url + '/resource_types').json()
        return name in types.get('resource_types', [])

    def wait(self, name, sid, until):
        """Poll until the stack is ``until``, failed, or gone.

        :returns: the status, or ``GONE``.
        :raises BenchmarkError: past the deadline, or if the service
            exited.
        """
        deadline = time.monotonic() + self.timeout
        status = None
        while time.monotonic() < deadline:
            self._check_alive()
            r = self.http.get('%s/stacks/%s/%s' % (self.url, name, sid),
                              params={'resolve_outputs': 'false'},
                              timeout=60)
            if r.status_code == 404:
                return 'GONE'
            status = r.json()['stack']['stack_status']
            if status == until or status.endswith('FAILED'):
                return status
            time.sleep(0.01)
        raise self.error('stack %s still %s after %ss, waiting for %s'
                         % (name, status, self.timeout, until))

    def state_lines(self):
        """:returns: a ``StateLines`` of the service's log."""
        return StateLines([self.log_path])

    def _ended(self, name, sid, action, started):
        """Wait for the end of the stack's ``action`` (``CREATE`` ...).

        :param started: ``time.time()`` when the request was sent.
        :returns: ``(status, seconds from started to the end)``.
        """
        if self.watch_api:
            status = self.wait(name, sid, action + '_COMPLETE')
            return status, time.time() - started
        if getattr(self, '_lines', None) is None:
            self._lines = self.state_lines()
        deadline = time.monotonic() + self.timeout
        ends = [(sid, action + ' ' + end) for end in ('COMPLETE', 'FAILED')]
        while True:
            self._lines.read()
            logged = [self._lines.seen.get(end) for end in ends]
            if logged != [None, None]:
                break
            if time.monotonic() > deadline:
                raise self.error('stack %s: no %s end logged after %ss'
                                 % (name, action, self.timeout))
            self._check_alive()
            time.sleep(LOG_INTERVAL)
        # The API agrees (the state was stored before it was logged).
        status = self.wait(name, sid, action + '_COMPLETE')
        return status, max(t for t in logged if t is not None) - started

    def create(self, name, template, files=None):
        started = time.time()
        body = {'stack_name': name, 'template': template}
        if files:
            body['files'] = files
        r = self.http.post(self.url + '/stacks', json=body, timeout=120)
        self.check_answer(r, 'create of %s' % name)
        sid = r.json()['stack']['id']
        status, took = self._ended(name, sid, 'CREATE', started)
        if status != 'CREATE_COMPLETE':
            raise self.error('stack %s ended %s' % (name, status))
        return sid, took

    def delete(self, name, sid):
        started = time.time()
        self.http.delete('%s/stacks/%s/%s' % (self.url, name, sid),
                         timeout=120)
        status, took = self._ended(name, sid, 'DELETE', started)
        if status not in ('GONE', 'DELETE_COMPLETE'):
            raise self.error('stack %s ended %s' % (name, status))
        return took

    def update(self, name, sid, template):
        started = time.time()
        r = self.http.put('%s/stacks/%s/%s' % (self.url, name, sid),
                          json={'template': template}, timeout=120)
        if r.status_code == 405:
            return None
        self.check_answer(r, 'update of %s' % name)
        status, took = self._ended(name, sid, 'UPDATE', started)
        if status != 'UPDATE_COMPLETE':
            raise self.error('stack %s ended %s' % (name, status))
        return took

    def show(self, name, sid):
        start = time.perf_counter()
        r = self.http.get('%s/stacks/%s/%s' % (self.url, name, sid),
                          timeout=60)
        self.check_answer(r, 'show of %s' % name)
        return time.perf_counter() - start


def median(samples):
    return statistics.median(samples) if samples else None


def parse_only(text):
    """``--only a,b``: the chosen groups; all of them when empty."""
    if not text:
        return set(GROUPS)
    chosen = {name.strip() for name in text.split(',') if name.strip()}
    unknown = chosen - set(GROUPS)
    if unknown:
        raise argparse.ArgumentTypeError('unknown: %s (choose among %s)' % (
            ', '.join(sorted(unknown)), ', '.join(GROUPS)))
    return chosen


def measure(svc, only, runs):
    """Run the chosen measurements; :returns: ``{name: value}``."""
    times = {key: [] for key in ('c100', 'd100', 'c1000', 'd1000',
                                 'chain', 'group', 'update', 'show')}
    has_group = ('group1000' in only
                 and svc.has_type('OS::Heat::ResourceGroup'))
    for run in range(runs):
        for count in (100, 1000):
            if 'flat%d' % count not in only:
                continue
            name = 'flat%d-%d' % (count, run)
            sid, t = svc.create(name, flat(count))
            times['c%d' % count].append(t)
            times['d%d' % count].append(svc.delete(name, sid))
        if 'chain100' in only:
            sid, t = svc.create('chain-%d' % run, chain(100))
            times['chain'].append(t)
            svc.delete('chain-%d' % run, sid)
        if has_group:
            sid, t = svc.create('group-%d' % run, group(GROUP_MEMBERS))
            times['group'].append(t)
            svc.delete('group-%d' % run, sid)
    held = 0
    if only & {'show1000', 'update1000'}:
        sid, _ = svc.create('showme', flat(1000))
        held = 1
        if 'show1000' in only:
            times['show'] = [svc.show('showme', sid) for _ in range(20)]
        if 'update1000' in only:
            for run in range(runs):
                t = svc.update('showme', sid, flat(1000, value='b%d' % run))
                if t is not None:
                    times['update'].append(t)
    memory = {}
    if 'rss' in only:
        for i in range(10 - held):
            svc.create('hold-%d' % i, flat(1000))
        memory['RSS MB, ten 1000-resource stacks'] = svc.memory_mb('VmRSS')
        memory['high-water mark RSS MB (whole run)'] = svc.memory_mb(
            'VmHWM')
    results = {}
    if 'flat100' in only:
        results['create flat 100'] = median(times['c100'])
    if 'flat1000' in only:
        results['create flat 1000'] = median(times['c1000'])
        results['delete flat 1000'] = median(times['d1000'])
    if {'flat100', 'flat1000'} <= only:
        results['ratio create 1000/100'] = (median(times['c1000'])
                                            / median(times['c100']))
    if 'chain100' in only:
        results['create chain 100'] = median(times['chain'])
    if 'group1000' in only:
        results['create group of 999 (1000 resources)'] = median(
            times['group'])
    if 'update1000' in only:
        results['update flat 1000 (one property)'] = median(
            times['update'])
    if 'show1000' in only:
        results['show flat 1000 with outputs'] = median(times['show'])
    results.update(memory)
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--runs', type=int, default=3)
    parser.add_argument('--only', type=parse_only, default=set(GROUPS),
                        metavar='NAME[,NAME...]',
                        help='Measure only these: %s' % ', '.join(GROUPS))
    parser.add_argument('--timeout', type=float, default=300,
                        metavar='SECONDS',
                        help='Deadline of each wait (default 300)')
    args = parser.parse_args()
    try:
        svc = Service(args.timeout)
        try:
            results = measure(svc, args.only, args.runs)
        finally:
            svc.stop()
    except BenchmarkError as exc:
        sys.exit('bench_engine: %s' % exc)
    for name, value in results.items():
        target = TARGETS.get(name)
        shown = 'n/a (not available yet)' if value is None else (
            '%.3f' % value)
        verdict = ''
        if target is not None and value is not None:
            verdict = 'OK' if value <= target else 'OVER'
        print('%-40s %-24s target %-8s %s' % (
            name, shown, '-' if target is None else target, verdict))


if __name__ == '__main__':
    main()
