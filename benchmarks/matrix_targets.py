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

"""The speed targets of issue 16, measured: ``bench_matrix.py --targets``.

Each figure is measured in a service of its own (so that one figure's
memory does not count in another's) and printed as the issue's table:
figure, measured, target, pass. Times are medians of ``runs`` runs,
from the request to the final status seen by polling the API.
"""

import http.client
import math
import statistics
import subprocess
import sys
import time

from benchmarks import bench_api_latency
from benchmarks import bench_engine
from benchmarks import bench_matrix

SIZES = (100, 1000)
CONCURRENT_STACKS, CONCURRENT_SIZE = 20, 100
# The two-engine figure is a ratio of two medians whose bursts vary by
# 10-15% on two shared vCPUs, and the first burst of each runs on engines
# just started: seven bursts a median keep one cold or unlucky burst from
# deciding it.
CONCURRENT_RUNS = 7


def _options(largest):
    return ('enable_test_resource_types = true\n'
            'max_resources_per_stack = %d\n'
            'max_events_per_stack = %d'
            % (max(2 * largest, 1000), max(4 * largest, 1000)))


def _median_create(svc, name, template, runs):
    times = []
    for run in range(runs):
        sid, took = svc.create('%s-%d' % (name, run), template)
        times.append(took)
        svc.delete('%s-%d' % (name, run), sid)
    return statistics.median(times)


def _api_latency(svc, stacks=20, requests=200):
    """Median milliseconds of stack list and stack show, 20 stacks."""
    conn = http.client.HTTPConnection('127.0.0.1', svc.port, timeout=60)
    ids = bench_api_latency.create_stacks(conn, stacks)
    name = sorted(ids)[len(ids) // 2]
    paths = ('/v1/demo/stacks', '/v1/demo/stacks/%s/%s' % (name, ids[name]))
    return [statistics.median(bench_api_latency.timed(conn, path, requests))
            for path in paths]


def _one_against_two(timeout, runs):
    """Median seconds for 20 stacks of 100 submitted at once to finish,
    on one engine and on two, and the median of ``_two_processes``
    measured after each pair of bursts: ``(one, two, machine)``.

    Both deployments run side by side (an idle one takes under 1% of a
    core) and take their bursts in turn, in alternating order: a slow
    spell of the shared VM, which moved this ratio by 0.2-0.3 between
    runs measured one deployment after the other, weighs on both
    medians alike. Each burst is deleted before the next; the first of
    each deployment runs on engines just started.
    """
    deployments = {}
    try:
        for engines in (1, 2):
            deployments[engines] = bench_matrix.Distributed(
                timeout, _options(1000), engines=engines)
        template = bench_matrix.flat('OS::Heat::None', CONCURRENT_SIZE, 0)
        took = {1: [], 2: []}
        machine = []
        for run in range(runs):
            for engines in ((1, 2) if run % 2 == 0 else (2, 1)):
                took[engines].append(_burst(deployments[engines], run,
                                            template))
            machine.append(_two_processes())
        return (statistics.median(took[1]), statistics.median(took[2]),
                statistics.median(machine))
    finally:
        for svc in deployments.values():
            svc.stop()


# Plain Python work like an engine's (JSON, dicts, strings), to measure
# what two processes gain over one on this machine, without heat-vision.
_REFERENCE_WORK = """
import json, sys
template = {'r%d' % i: {'type': 'OS::Heat::None',
                        'properties': {'n': i, 'text': 'x' * 40}}
            for i in range(100)}
for _ in range(int(sys.argv[1])):
    rows = [dict(name=name, type=body['type'], **body['properties'])
            for name, body in json.loads(json.dumps(template)).items()]
    rows.sort(key=lambda row: row['name'])
"""
_REFERENCE_UNITS = 3000


def _two_processes():
    """Speedup of the same plain Python work done by two processes at
    once, half each, over one process doing all of it.

    This machine's own ceiling for two engines, measured between their
    bursts: on a virtual machine two busy vCPUs need not run as two
    cores (the host's other load, or vCPUs sharing a core). On this
    project's Firecracker VM it measured from 1.1x to 2.2x, run to run.
    """
    def timed(*shares):
        start = time.perf_counter()
        procs = [subprocess.Popen([sys.executable, '-c', _REFERENCE_WORK,
                                   str(units)]) for units in shares]
        for proc in procs:
            if proc.wait() != 0:
                raise RuntimeError('the reference work exited with %s'
                                   % proc.returncode)
        return time.perf_counter() - start

    one = timed(_REFERENCE_UNITS)
    return one / timed(_REFERENCE_UNITS // 2, _REFERENCE_UNITS // 2)


def _burst(svc, run, template):
    names = ['c%d-%d' % (run, i) for i in range(CONCURRENT_STACKS)]
    started = time.time()
    ids = bench_matrix.submit_all(svc, names, template)
    took = bench_matrix.wait_all_logged(svc, dict(ids), started)
    bench_matrix.delete_all(svc, ids)
    return took


def measure(runs, timeout):
    """:returns: ``{figure key: value}`` (seconds, MB or ratios)."""
    got = {}
    svc = bench_engine.Service(timeout, _options(1000))
    try:
        results, _cpu = bench_matrix.measure(
            svc, list(bench_matrix.TYPES), SIZES, runs)
        got['matrix'] = results
        got['chain'] = _median_create(svc, 'chain',
                                      bench_engine.chain(100), runs)
        got['group'] = _median_create(
            svc, 'group', bench_engine.group(bench_engine.GROUP_MEMBERS),
            runs)
        got['list'], got['show'] = _api_latency(svc)
    finally:
        svc.stop()
    svc = bench_engine.Service(timeout, _options(10000))
    try:
        sid, got['create10k'] = svc.create(
            'large', bench_matrix.flat('OS::Heat::None', 10000, 0))
        got['rss10k'] = svc.memory_mb('VmRSS')
        got['delete10k'] = svc.delete('large', sid)
    finally:
        svc.stop()
    svc = bench_engine.Service(timeout)
    try:
        for i in range(10):
            svc.create('hold-%d' % i, bench_engine.flat(1000))
        got['rss10x1000'] = svc.memory_mb('VmRSS')
    finally:
        svc.stop()
    svc = bench_matrix.Distributed(timeout, _options(1000))
    try:
        got['distributed'] = _median_create(
            svc, 'dist', bench_matrix.flat('OS::Heat::TestResource', 1000, 0),
            runs)
    finally:
        svc.stop()
    bursts = max(runs, CONCURRENT_RUNS)
    got['one engine'], got['two engines'], got['two processes'] = \
        _one_against_two(timeout, bursts)
    got['bursts'] = bursts
    return got


def rows(got):
    """The table: ``(figure, measured, target, passed)``."""
    matrix = got['matrix']

    def create(type_name, size):
        return matrix[(type_name, size, 'create')]

    none = create('OS::Heat::None', 1000)
    test, random = (create('OS::Heat::TestResource', 1000),
                    create('OS::Heat::RandomString', 1000))
    ratios = {t: create(t, 1000) / create(t, 100)
              for t in bench_matrix.TYPES if (t, 100, 'create') in matrix}
    worst = max(ratios, key=ratios.get)
    speedup = got['one engine'] / got['two engines']
    return [
        ('1000 TestResource / RandomString create, embedded',
         '%.2f / %.2f s (%.2fx / %.2fx None)' % (test, random, test / none,
                                                 random / none),
         '< 2 s, and within 1.5x of None',
         max(test, random) < 2 and max(test, random) / none <= 1.5),
        ('create-time ratio 1000/100, every type',
         'at most %.1f (%s)' % (ratios[worst], worst), '<= 11',
         ratios[worst] <= 11),
        ('1000 TestResource create, distributed',
         '%.2f s' % got['distributed'], '< 3 s', got['distributed'] < 3),
        ('flat 1000 None create, embedded', '%.2f s' % none, '< 1 s',
         none < 1),
        ('10,000 None create / delete, embedded',
         '%.1f / %.1f s, RSS %.0f MB' % (got['create10k'], got['delete10k'],
                                         got['rss10k']),
         '< 8 / < 6 s, RSS < 400 MB',
         got['create10k'] < 8 and got['delete10k'] < 6 and
         got['rss10k'] < 400),
        ('chain of 100, embedded', '%.3f s' % got['chain'], '< 0.2 s',
         got['chain'] < 0.2),
        ('20 x 100 concurrent, 2 engines vs 1',
         # Cut, not rounded, to three decimals: 1.4996 printed as "1.50x"
         # beside "NO" read as a wrong verdict.
         '%.3fx (%.2f s / %.2f s, %d bursts); plain Python in two '
         'processes: %.2fx' % (
             math.floor(speedup * 1000) / 1000, got['one engine'],
             got['two engines'], got['bursts'], got['two processes']),
         '>= 1.5x', speedup >= 1.5),
        ('stack list / show, 20 stacks',
         '%.1f / %.1f ms' % (got['list'], got['show']), '< 5 ms each',
         got['list'] < 5 and got['show'] < 5),
        ('RG 1000 create (kept)', '%.2f s' % got['group'], '< 3 s',
         got['group'] < 3),
        ('update one property of 1000 (kept)',
         '%.2f s' % matrix[('OS::Heat::None', 1000, 'update')], '< 1 s',
         matrix[('OS::Heat::None', 1000, 'update')] < 1),
        ('ten 1000-resource stacks (kept)',
         'RSS %.0f MB' % got['rss10x1000'], '< 250 MB',
         got['rss10x1000'] < 250),
    ]


def print_table(table):
    header = ('figure', 'measured', 'target', 'pass')
    lines = [header] + [(f, m, t, 'yes' if ok else 'NO')
                        for f, m, t, ok in table]
    widths = [max(len(line[i]) for line in lines) for i in range(4)]
    for number, line in enumerate(lines):
        print('| ' + ' | '.join(cell.ljust(width) for cell, width in
                                zip(line, widths)) + ' |')
        if number == 0:
            print('| ' + ' | '.join('-' * width for width in widths) + ' |')
