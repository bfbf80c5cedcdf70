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

"""Every built-in resource type at several sizes: create, update, delete.

    python benchmarks/bench_matrix.py [--sizes 100,1000,10000]
        [--types OS::Heat::None,...] [--runs 1] [--distributed]
        [--timeout 600]
    python benchmarks/bench_matrix.py --distributed [--engines 2]
        --concurrent N [--first SIZE] [--sizes 100] [--types ...]
    python benchmarks/bench_matrix.py --targets [--runs 3]
    python benchmarks/bench_matrix.py --scale-targets [--runs 3]

``--targets`` measures every figure of the speed targets (issues 16 and
43) and prints their table: figure, measured, target, pass;
``--scale-targets`` only those of issue 43 (``matrix_scale_targets``).
It runs the embedded
matrix (every type at 100 and 1000), 10,000 OS::Heat::None with its
memory, a chain of 100, a ResourceGroup of 999, stack list and show with
20 stacks, ten 1000-resource stacks' memory, 1000 TestResource
distributed, and 20 stacks of 100 submitted at once to one engine and to
two (RabbitMQ and MariaDB must run on this machine). About 10 minutes on
a quiet machine.

For each type and size, one flat stack of that many resources goes
through create, an update changing one property of one resource (for
the types that have one to change) and delete, each timed from the
request to the final status seen by polling the API. It prints a table
of medians and, per type, the ratio time(1000)/time(100) (linear growth
is about 10; the target is at most 11) and time against OS::Heat::None.

Embedded (default): ``heat-vision-all`` on sqlite. ``--distributed``:
``heat-vision-api`` and ``--engines`` (default 1) ``heat-vision-engine``
on the local RabbitMQ and a fresh MariaDB database.
``max_resources_per_stack`` is raised to twice the largest size (a nested
stack type counts two resources per resource).
``HeatVision::Test::Polled`` stands for a resource that completes
asynchronously (three polls), as servers and ports do.
Every wait has a deadline (``--timeout``). Beside the wall time of each
operation, the service's CPU seconds are measured (the processes'
user + system time: heat-vision-all, or the API and engine processes):
on a machine shared with other work they move far less than wall time.

``--distributed --engines 2 --concurrent 20`` measures how engines share
work instead: for each type and size, 20 stacks submitted at once; it
prints the wall time, and per engine the stacks it created (from its
log), the resources in them, the CPU seconds it used and its CPU per
resource, the API's CPU seconds, and the ratio of the highest CPU per
resource to the lowest (balanced is 1.0; the target is within 20%). On a
busy machine compare ratios, not absolute times. ``--first 2000``
submits one stack of 2000 resources just before the burst: by arrival,
its engine would also get half of the others; by load, the other engine
takes them.
"""

import argparse
import collections
import concurrent.futures
import json
import os
import re
import statistics
import subprocess
import sys
import time
import uuid

import requests
import sqlalchemy as sa

sys.path.insert(0, os.path.dirname(os.path.dirname(__file__)))
from benchmarks import bench_engine  # noqa: E402

OPERATIONS = ('create', 'update', 'delete')

_ONE_NONE = json.dumps({'heat_template_version': '2021-04-16',
                        'resources': {'v': {'type': 'OS::Heat::None'}}})
# type -> (properties of each resource, the property an update changes).
# Every built-in type that needs no other service, but
# OS::Heat::WaitCondition (it waits for signals), OS::Heat::ScalingPolicy
# (it needs a group) and OS::HeatVision::CEP (it needs the user's HTTP
# service); OS::Heat::ResourceGroup has a figure of its own. Those that
# talk to OpenStack services: bench_cloud_servers.py.
TYPES = {
    'OS::Heat::None': ({'value': 'a'}, 'value'),
    'OS::Heat::Value': ({'value': 'a'}, 'value'),
    'OS::Heat::TestResource': ({'value': 'a'}, 'value'),
    'OS::Heat::RandomString': ({'length': 16}, None),
    'HeatVision::Test::Polled': ({'polls': 3, 'value': 'a'}, 'value'),
    'OS::Heat::Delay': ({'min_wait': 0}, None),
    'OS::Heat::WaitConditionHandle': ({}, None),
    'AWS::CloudFormation::WaitConditionHandle': ({}, None),
    'OS::Heat::SoftwareConfig': ({'config': 'echo a', 'group': 'script'},
                                 'config'),
    'OS::Heat::CloudConfig': ({'cloud_config': {'a': 'b'}}, None),
    'OS::Heat::MultipartMime': ({'parts': [{'config': 'a'}]}, None),
    'OS::HeatVision::Alarm': ({'meter_name': 'cpu', 'threshold': 50},
                              'meter_name'),
    # A nested stack of one resource per resource (two resources each
    # towards max_resources_per_stack).
    'OS::Heat::Stack': ({'template': _ONE_NONE}, None),
    'OS::Heat::ResourceChain': ({'resources': ['OS::Heat::None']}, None),
    'OS::Heat::AutoScalingGroup': ({'resource': {'type': 'OS::Heat::None'},
                                    'min_size': 1, 'max_size': 2}, None),
}
MYSQL_ADMIN = 'mysql+pymysql://root@127.0.0.1:3306/'
RABBIT = 'rabbit://guest:guest@127.0.0.1:5672/'
# The engines that registered (``binary`` is quoted: a MySQL keyword).
SERVICES = sa.table('service', sa.column('binary'), sa.column('deleted_at'))


def flat(type_name, count, run):
    """A flat stack of ``count`` resources of ``type_name``.

    From ``run`` 1 on, the first resource's updatable property differs
    (an update that changes one property).
    """
    props, changed = TYPES[type_name]
    resources = {'r%d' % i: {'type': type_name, 'properties': dict(props)}
                 for i in range(count)}
    if changed and run:
        resources['r0']['properties'][changed] = 'b%d' % run
    return {'heat_template_version': '2021-04-16', 'resources': resources}


class Distributed(bench_engine.Service):
    """heat-vision-api + heat-vision-engines on RabbitMQ and MariaDB.

    Each engine logs to its own file (``engine_logs``): which engine
    created which stack is read from there.
    """

    def __init__(self, timeout, options, engines=1, api_workers=1,
                 engine_command=None):
        """:param engine_command: what runs an engine (its arguments
            follow), by default ``heat-vision-engine``.
        """
        self.timeout = timeout
        self.dir = bench_engine.tempfile.mkdtemp(prefix='hv-matrix-')
        self.port = bench_engine.free_port()
        self.db_name = 'hv_bench_' + uuid.uuid4().hex[:12]
        admin = sa.create_engine(MYSQL_ADMIN, isolation_level='AUTOCOMMIT')
        with admin.connect() as conn:
            conn.execute(sa.text('CREATE DATABASE %s' % self.db_name))
        admin.dispose()
        config = os.path.join(self.dir, 'hv.conf')
        unique = uuid.uuid4().hex[:8]
        with open(config, 'w') as f:
            f.write('[DEFAULT]\nstate_path = %s\n%s\ntransport_url = %s\n'
                    'control_exchange = hv-bench-%s\n'
                    '[rpc]\nengine_topic = hv-bench-engine-%s\n'
                    '[oslo_messaging_notifications]\ndriver = noop\n'
                    '[database]\nconnection = %s%s\n'
                    '[api]\nbind_port = %d\nworkers = %d\n'
                    % (self.dir, options, RABBIT, unique, unique,
                       MYSQL_ADMIN, self.db_name, self.port, api_workers))
        binary = os.path.dirname(sys.executable)
        subprocess.run([os.path.join(binary, 'heat-vision-manage'),
                        '--config-file', config, 'db', 'sync'], check=True,
                       capture_output=True)
        self.log_path = os.path.join(self.dir, 'service.log')
        log = open(self.log_path, 'w')
        self.engine_logs = [os.path.join(self.dir, 'engine-%d.log' % i)
                            for i in range(engines)]
        self.config_path = config
        engine_command = engine_command or [
            os.path.join(binary, 'heat-vision-engine')]
        self.engines = [subprocess.Popen(
            engine_command + ['--config-file', config, '--log-file', path],
            stdout=log,
            stderr=subprocess.STDOUT)
            for path in self.engine_logs]
        self.proc = subprocess.Popen(
            [os.path.join(binary, 'heat-vision-api'), '--config-file',
             config], stdout=log, stderr=subprocess.STDOUT)
        self.url = 'http://127.0.0.1:%d/v1/bench' % self.port
        self.http = requests.Session()
        try:
            self._wait_until_serving()
        except Exception:
            # Whatever went wrong (an API too slow to answer on a loaded
            # machine raises requests' ReadTimeout): the engines and the
            # API started must not outlive the benchmark.
            self.stop()
            raise

    def pids(self):
        return [self.proc.pid] + [engine.pid for engine in self.engines]

    def _wait_until_serving(self):
        """Until the API answers and every engine has registered."""
        super()._wait_until_serving()
        deadline = time.monotonic() + max(self.timeout,
                                          bench_engine.STARTUP_TIMEOUT)
        db = sa.create_engine(MYSQL_ADMIN + self.db_name)
        try:
            while True:
                for proc in self.engines:
                    if proc.poll() is not None:
                        raise self.error('heat-vision-engine exited with %s'
                                         % proc.returncode)
                with db.connect() as conn:
                    engines = conn.execute(
                        sa.select(sa.func.count()).select_from(SERVICES)
                        .where(SERVICES.c.binary == 'heat-vision-engine',
                               SERVICES.c.deleted_at.is_(None))).scalar()
                answer = self.http.get(self.url + '/stacks', timeout=5)
                if engines >= len(self.engines) and answer.ok:
                    return
                if time.monotonic() > deadline:
                    raise self.error('%d of %d engines registered, the API '
                                     'answers %d' % (engines,
                                                     len(self.engines),
                                                     answer.status_code))
                time.sleep(0.2)
        finally:
            db.dispose()

    def error(self, message):
        """With the end of each engine's log too."""
        tails = []
        for path in self.engine_logs:
            try:
                with open(path) as f:
                    tails.append('--- end of %s ---\n%s' % (
                        os.path.basename(path), f.read()[-1000:]))
            except OSError:
                pass
        return bench_engine.BenchmarkError('\n'.join(
            [str(super().error(message))] + tails))

    def created_by_engine(self):
        """:returns: per engine, the ids of the stacks it created."""
        found = []
        for path in self.engine_logs:
            try:
                with open(path) as f:
                    found.append(set(_CREATED.findall(f.read())))
            except FileNotFoundError:
                found.append(set())
        return found

    def state_lines(self):
        """:returns: a ``bench_engine.StateLines`` of this deployment's
        engine logs.
        """
        return bench_engine.StateLines(self.engine_logs)

    def stop(self):
        for proc in self.engines + [self.proc]:
            if proc.poll() is None:
                proc.terminate()
                try:
                    proc.wait(30)
                except subprocess.TimeoutExpired:
                    proc.kill()
        admin = sa.create_engine(MYSQL_ADMIN, isolation_level='AUTOCOMMIT')
        with admin.connect() as conn:
            conn.execute(sa.text('DROP DATABASE IF EXISTS %s'
                                 % self.db_name))
        admin.dispose()
        bench_engine.shutil.rmtree(self.dir, ignore_errors=True)


# Both an engine's own creates and those handed over to it.
_CREATED = re.compile(r'creates stack \S+ \(([0-9a-f-]{36})\)')


def cpu_seconds(pids):
    """User + system CPU seconds the processes ``pids`` have used."""
    total = 0
    for pid in pids:
        with open('/proc/%d/stat' % pid) as f:
            fields = f.read().rsplit(')', 1)[1].split()
        total += int(fields[11]) + int(fields[12])
    return total / os.sysconf('SC_CLK_TCK')


def timed(svc, operation):
    """:returns: ``(what operation returned, CPU seconds of svc)``."""
    before = cpu_seconds(svc.pids())
    result = operation()
    return result, cpu_seconds(svc.pids()) - before


def measure(svc, types, sizes, runs):
    """:returns: ``{(type, size, operation): median seconds}``, and the
    same for the service's CPU seconds.

    Each run goes over every type and size in turn, so that the machine
    slowing down or speeding up while the benchmark runs weighs on every
    type alike, not on the types measured last (the figures compare
    types with each other).
    """
    available = []
    for type_name in types:
        if svc.has_type(type_name):
            available.append(type_name)
        else:
            print('skipping %s: not available' % type_name)
    samples = collections.defaultdict(list)
    started = time.monotonic()
    for run in range(runs):
        for type_name in available:
            for size in sizes:
                _measure_once(svc, type_name, size, run, samples)
        print('run %d of %d done (%.0f s)' % (
            run + 1, runs, time.monotonic() - started), flush=True)
    results = {key: statistics.median(v[0] for v in values)
               for key, values in samples.items()}
    cpu = {key: statistics.median(v[1] for v in values)
           for key, values in samples.items()}
    for type_name in available:
        for size in sizes:
            print('%-26s %6d  %s' % (type_name, size, '  '.join(
                '%s %.2fs (CPU %.2fs)' % (op, results[(type_name, size, op)],
                                          cpu[(type_name, size, op)])
                for op in OPERATIONS if (type_name, size, op) in results)),
                flush=True)
    return results, cpu


def _measure_once(svc, type_name, size, run, samples):
    """Create, update (where the type has an updatable property) and
    delete one stack, adding ``(seconds, CPU seconds)`` to ``samples``.
    """
    name = 'm%d-%d' % (size, run)
    (sid, took), used = timed(svc, lambda: svc.create(
        name, flat(type_name, size, 0)))
    samples[(type_name, size, 'create')].append((took, used))
    settle(svc)
    if TYPES[type_name][1]:
        took, used = timed(svc, lambda: svc.update(
            name, sid, flat(type_name, size, 1)))
        if took is not None:
            samples[(type_name, size, 'update')].append((took, used))
    samples[(type_name, size, 'delete')].append(timed(
        svc, lambda: svc.delete(name, sid)))
    settle(svc)


# A service using less of a core than this over SETTLE_WINDOW is idle.
SETTLE_CPU = 0.05
SETTLE_WINDOW = 0.25


def settle(svc, limit=60):
    """Wait (at most ``limit`` seconds) until the service is idle.

    A stack's create or delete can end before what it set going does (a
    round of evaluation of a thousand new alarms); the next measurement
    would pay for it.
    """
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        before = cpu_seconds(svc.pids())
        time.sleep(SETTLE_WINDOW)
        if cpu_seconds(svc.pids()) - before < SETTLE_CPU * SETTLE_WINDOW:
            return


def measure_concurrent(svc, types, sizes, count, first=0):
    """``count`` stacks at once per type and size, shared by the engines.

    :param first: the size of one more stack, submitted just before the
        others (an uneven load), or 0.
    """
    for type_name in types:
        if not svc.has_type(type_name):
            print('skipping %s: not available' % type_name)
            continue
        for size in sizes:
            _burst(svc, type_name, size, count, first)


def _burst(svc, type_name, size, count, first):
    engine_pids = [proc.pid for proc in svc.engines]
    before = [cpu_seconds([pid]) for pid in engine_pids]
    api_before = cpu_seconds([svc.proc.pid])
    seen_before = svc.created_by_engine()
    tag = uuid.uuid4().hex[:6]
    stacks = {}  # id -> (name, resources)
    started = time.time()
    if first:
        name = 'big%d-%s' % (first, tag)
        r = svc.http.post(svc.url + '/stacks', json={
            'stack_name': name, 'template': flat(type_name, first, 0)},
            timeout=120)
        svc.check_answer(r, 'create of %s' % name)
        stacks[r.json()['stack']['id']] = (name, first)
    names = ['c%d-%s-%d' % (size, tag, i) for i in range(count)]
    for sid, name in submit_all(svc, names, flat(type_name, size, 0)):
        stacks[sid] = (name, size)
    took = wait_all_logged(svc, stacks, started)
    cpu = [cpu_seconds([pid]) - b for pid, b in zip(engine_pids, before)]
    api_cpu = cpu_seconds([svc.proc.pid]) - api_before
    created = [(now - old) & stacks.keys() for now, old in
               zip(svc.created_by_engine(), seen_before)]
    resources = [sum(stacks[sid][1] for sid in ids) for ids in created]
    per_resource = [c / n * 1000 if n else None
                    for c, n in zip(cpu, resources)]
    known = [p for p in per_resource if p]
    ratio = max(known) / min(known) if len(known) > 1 else None
    print('%-26s %5d x%d%s  %.2fs  stacks %s  resources %s  CPU %s s '
          '(API %.1f s)  CPU ms/resource %s  ratio %s' % (
              type_name, size, count, ' +%d' % first if first else '',
              took, [len(ids) for ids in created], resources,
              ['%.1f' % c for c in cpu], api_cpu,
              ['%.2f' % p if p else '-' for p in per_resource],
              '%.2f' % ratio if ratio else '-'), flush=True)
    delete_all(svc, [(sid, name) for sid, (name, _size) in stacks.items()])


def delete_all(svc, stacks):
    """Delete ``[(stack id, name)]`` at once; :returns: once all are gone.
    """
    with concurrent.futures.ThreadPoolExecutor(len(stacks)) as pool:
        list(pool.map(lambda item: svc.delete(item[1], item[0]), stacks))


def submit_all(svc, names, template):
    """Create a stack of each name at once, a client thread each.

    :returns: ``[(stack id, name)]`` once every create is accepted.
    """
    def submit(name):
        r = svc.http.post(svc.url + '/stacks', json={
            'stack_name': name, 'template': template}, timeout=120)
        svc.check_answer(r, 'create of %s' % name)
        return r.json()['stack']['id'], name

    with concurrent.futures.ThreadPoolExecutor(len(names)) as pool:
        return list(pool.map(submit, names))


def wait_all(svc, stacks, until, interval=0.02):
    """Poll one stack listing until every stack of ``stacks`` is ``until``.

    One listing a tick, as a dashboard would, rather than a show per stack
    a tick: twenty clients each asking for their stack every 10 ms kept a
    core busy in the API and the engines answering them, which is load
    the burst's stacks did not make.
    """
    deadline = time.monotonic() + svc.timeout
    waiting = set(stacks)
    while waiting:
        r = svc.http.get(svc.url + '/stacks', params={'limit': 1000},
                         timeout=60)
        svc.check_answer(r, 'stack list')
        for stack in r.json()['stacks']:
            if stack['id'] not in waiting:
                continue
            status = stack['stack_status']
            if status == until:
                waiting.discard(stack['id'])
            elif status.endswith('FAILED'):
                raise svc.error('stack %s is %s: %s' % (
                    stack['stack_name'], status,
                    stack.get('stack_status_reason')))
        if waiting and time.monotonic() > deadline:
            raise svc.error('%d stacks not %s after %ss' % (
                len(waiting), until, svc.timeout))
        time.sleep(interval)


def wait_all_logged(svc, stacks, started, interval=0.1):
    """Wait until every stack of ``stacks`` is CREATE_COMPLETE.

    :param started: when the first create was sent (``time.time()``).
    :returns: seconds from ``started`` to the last stack's completion,
        as its engine logged it (``bench_engine.StateLines``). The
        engines' logs are watched, not the API: a listing polled every
        0.1 s during a burst
        took API and engine CPU from the stacks it measured (at every
        20 ms, as the figure needed when it was read off the polls, over
        a tenth of the machine's). One listing at the end checks that the
        API agrees.
    """
    lines = svc.state_lines()
    deadline = time.monotonic() + svc.timeout
    while True:
        lines.read()
        failed = [sid for sid in stacks
                  if (sid, 'CREATE FAILED') in lines.seen]
        if failed:
            raise svc.error('stacks %s were logged CREATE FAILED'
                            % ', '.join(sorted(failed)))
        ended = [lines.seen.get((sid, 'CREATE COMPLETE')) for sid in stacks]
        if None not in ended:
            break
        if time.monotonic() > deadline:
            raise svc.error('%d stacks not logged CREATE COMPLETE after %ss'
                            % (ended.count(None), svc.timeout))
        time.sleep(interval)
    wait_all(svc, stacks, 'CREATE_COMPLETE', interval=interval)
    return max(ended) - started


def report(results, cpu, types, sizes):
    operations = ('create', 'update', 'delete')
    header = ['type', 'operation'] + [str(s) for s in sizes]
    header.append('CPU %d' % max(sizes))
    if 100 in sizes and 1000 in sizes:
        header.append('1000/100')
    if 'OS::Heat::None' in types:
        header.append('x None (largest)')
    rows = [header]
    largest = max(sizes)
    for type_name in types:
        for op in operations:
            cells = [results.get((type_name, s, op)) for s in sizes]
            if all(c is None for c in cells):
                continue
            row = [type_name, op] + ['%.2f' % c if c is not None else '-'
                                     for c in cells]
            used = cpu.get((type_name, largest, op))
            row.append('%.2f' % used if used is not None else '-')
            if 100 in sizes and 1000 in sizes:
                small = results.get((type_name, 100, op))
                big = results.get((type_name, 1000, op))
                row.append('%.1f' % (big / small) if small and big else '-')
            if 'OS::Heat::None' in types:
                mine = results.get((type_name, largest, op))
                base = results.get(('OS::Heat::None', largest, op))
                row.append('%.2f' % (mine / base) if mine and base else '-')
            rows.append(row)
    widths = [max(len(r[i]) for r in rows) for i in range(len(header))]
    for row in rows:
        print('  '.join(cell.ljust(width) for cell, width in
                        zip(row, widths)))


def targets(args, issue16=True):
    """Measure and print the speed targets (issue 16's unless only the
    scale targets are asked for) and the scale targets (issue 43's).
    """
    from benchmarks import matrix_scale_targets
    from benchmarks import matrix_targets
    runs = args.runs or 3
    started = time.monotonic()
    if args.nested_targets:
        try:
            nested = matrix_scale_targets.measure_nested(runs, args.timeout)
        except bench_engine.BenchmarkError as exc:
            sys.exit('bench_matrix: %s' % exc)
        print()
        print('Nested-stack targets, medians of %d run(s) (%.0f s in all)'
              % (runs, time.monotonic() - started))
        matrix_targets.print_table(matrix_scale_targets.nested_rows(nested))
        return
    try:
        got = matrix_targets.measure(runs, args.timeout) if issue16 else None
        scale = matrix_scale_targets.measure(runs, args.timeout)
    except bench_engine.BenchmarkError as exc:
        sys.exit('bench_matrix: %s' % exc)
    print()
    print('Speed targets, medians of %d run(s) (%.0f s in all)'
          % (runs, time.monotonic() - started))
    table = matrix_scale_targets.rows(scale)
    if got is not None:
        table = matrix_targets.rows(got) + table
    matrix_targets.print_table(table)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--sizes', default='100,1000',
                        help='comma-separated stack sizes (default '
                             '100,1000; add 10000 for the large case)')
    parser.add_argument('--types', default=','.join(TYPES),
                        help='comma-separated resource types')
    parser.add_argument('--runs', type=int)
    parser.add_argument('--distributed', action='store_true')
    parser.add_argument('--engines', type=int, default=1,
                        help='engines to start (with --distributed)')
    parser.add_argument('--concurrent', type=int, default=0, metavar='N',
                        help='submit N stacks at once per type and size '
                             'and report how the engines shared them '
                             '(with --distributed)')
    parser.add_argument('--first', type=int, default=0, metavar='SIZE',
                        help='with --concurrent: one more stack of SIZE '
                             'resources, submitted just before the others')
    parser.add_argument('--timeout', type=float, default=600)
    parser.add_argument('--targets', action='store_true',
                        help='measure every figure of the speed targets '
                             'and print their table (--runs: 3 unless '
                             'given)')
    parser.add_argument('--scale-targets', action='store_true',
                        help='measure only the scale targets (nested '
                             'stacks, 100,000 resources, API workers)')
    parser.add_argument('--nested-targets', action='store_true',
                        help='measure only the nested-stack scale targets '
                             'and the chain, with the service\'s CPU')
    parser.add_argument('--poll-api', action='store_true',
                        help='end each operation when a poll of the API '
                             'every 10 ms sees it (as before), not when '
                             'the engine logs it')
    args = parser.parse_args()
    bench_engine.Service.watch_api = args.poll_api
    if args.targets or args.scale_targets or args.nested_targets:
        return targets(args, issue16=args.targets)
    args.runs = args.runs or 1
    sizes = sorted(int(s) for s in args.sizes.split(','))
    types = [t for t in args.types.split(',') if t]
    unknown = set(types) - set(TYPES)
    if unknown:
        sys.exit('unknown types: %s' % ', '.join(sorted(unknown)))
    if (args.engines != 1 or args.concurrent) and not args.distributed:
        sys.exit('--engines and --concurrent need --distributed')
    if args.first and not args.concurrent:
        sys.exit('--first needs --concurrent')
    if not 1 <= args.engines <= 8 or not 0 <= args.concurrent <= 200 or \
            not 0 <= args.first <= 100000:
        sys.exit('--engines is 1 to 8, --concurrent 0 to 200, --first 0 '
                 'to 100000')
    options = ('enable_test_resource_types = true\n'
               'max_resources_per_stack = %d\n'
               'max_events_per_stack = %d'
               % (max(2 * max(sizes), args.first, 1000),
                  max(4 * max(max(sizes), args.first), 1000)))
    started = time.monotonic()
    try:
        svc = (Distributed(args.timeout, options, args.engines)
               if args.distributed
               else bench_engine.Service(args.timeout, options))
        try:
            if args.concurrent:
                return measure_concurrent(svc, types, sizes,
                                          args.concurrent, args.first)
            results, cpu = measure(svc, types, sizes, args.runs)
        finally:
            svc.stop()
    except bench_engine.BenchmarkError as exc:
        sys.exit('bench_matrix: %s' % exc)
    print()
    print('%s, %d run(s) each, medians in seconds, CPU: the service\'s '
          '(%.0f s in all)' % (
              'distributed' if args.distributed else 'embedded', args.runs,
              time.monotonic() - started))
    report(results, cpu, types, sizes)


if __name__ == '__main__':
    main()
