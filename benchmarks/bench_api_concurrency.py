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

"""GET /stacks from many clients at once: requests a second and latency.

    python benchmarks/bench_api_concurrency.py [--clients 16]
        [--seconds 10] [--stacks 20] [--api-workers 1,4] [--engines 2]
        [--runs 3]

For each number of API workers, starts ``heat-vision-api`` with that
``[api] workers`` and ``--engines`` engines on the local RabbitMQ and a
fresh MariaDB database (``bench_matrix.Distributed``), creates
``--stacks`` stacks, then runs ``--clients`` client processes (processes,
so that the clients' own interpreter lock does not cap the rate), each
sending GET /v1/{tenant}/stacks over a keep-alive connection for
``--seconds``. Prints per run the requests a second, the p50/p99
latency and the CPU milliseconds per request of each process (the API
with its workers, the engines, MariaDB, RabbitMQ, the clients), then
the medians over ``--runs``. The clients run on the same
host: on a machine of two cores they take a share of the CPU that the
API and the engines would otherwise have.
"""

import argparse
import http.client
import multiprocessing
import os
import resource
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(__file__)))
from benchmarks import bench_api_latency  # noqa: E402
from benchmarks import bench_matrix  # noqa: E402


def _client(port, seconds, start_at, out):
    conn = http.client.HTTPConnection('127.0.0.1', port, timeout=60)
    samples, errors = [], 0
    while time.time() < start_at:
        time.sleep(0.005)
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        began = time.perf_counter()
        status, _body = bench_api_latency.request(conn, 'GET',
                                                  '/v1/bench/stacks')
        samples.append((time.perf_counter() - began) * 1000)
        if status != 200:
            errors += 1
    out.put((samples, errors))


def _children(pid):
    try:
        with open('/proc/%d/task/%d/children' % (pid, pid)) as f:
            return [int(p) for p in f.read().split()]
    except OSError:
        return []


def _pidof(name):
    found = []
    for entry in os.listdir('/proc'):
        if entry.isdigit():
            try:
                with open('/proc/%s/comm' % entry) as f:
                    if f.read().strip() == name:
                        found.append(int(entry))
            except OSError:
                pass
    return found


def process_groups(svc):
    """:returns: ``{name: [pid, ...]}`` of the processes that serve a
    request: the API (with its worker processes), the engines, MariaDB and
    RabbitMQ.
    """
    return {'api': [svc.proc.pid] + _children(svc.proc.pid),
            'engines': [engine.pid for engine in svc.engines],
            'mariadb': _pidof('mariadbd'),
            'rabbitmq': _pidof('beam.smp')}


def _cpu(groups):
    """``{group: {pid: CPU seconds}}`` of the processes still running (a
    MariaDB or RabbitMQ of another user's tests may end during a run).
    """
    found = {}
    for name, pids in groups.items():
        found[name] = {}
        for pid in pids:
            try:
                found[name][pid] = bench_matrix.cpu_seconds([pid])
            except OSError:
                pass
    return found


def _used(before, after):
    """CPU seconds of each group between two ``_cpu``, counting the
    processes seen both times.
    """
    return {name: sum(after[name][pid] - before[name][pid]
                      for pid in after[name] if pid in before[name])
            for name in after}


def _children_cpu():
    """CPU seconds of this process's children that have ended (the
    clients, once joined; their start-up included).
    """
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def measure(port, clients, seconds, groups=None):
    """:returns: ``(requests a second, p50 ms, p99 ms, errors, CPU ms per
    request of each process group)``: the groups of ``groups`` (during
    the run) and the clients (their whole life, start-up included).
    """
    groups = groups or {}
    out = multiprocessing.Queue()
    start_at = time.time() + 1.0
    procs = [multiprocessing.Process(target=_client,
                                     args=(port, seconds, start_at, out))
             for _ in range(clients)]
    for proc in procs:
        proc.start()
    while time.time() < start_at:
        time.sleep(0.005)
    before = _cpu(groups)
    clients_before = _children_cpu()
    results = [out.get(timeout=seconds + 120) for _ in procs]
    used = _used(before, _cpu(groups))
    for proc in procs:
        proc.join()
    used['clients'] = _children_cpu() - clients_before
    samples = [s for got, _errors in results for s in got]
    errors = sum(e for _got, e in results)
    cpu = {name: seconds_used * 1000 / max(len(samples), 1)
           for name, seconds_used in used.items()}
    return (len(samples) / seconds,
            bench_api_latency.percentile(samples, 0.5),
            bench_api_latency.percentile(samples, 0.99), errors, cpu)


def run(api_workers, engines, clients, seconds, stacks, runs, timeout=300):
    """:returns: the medians ``(req/s, p50 ms, p99 ms, {process group: CPU
        ms per request}, {'api': MB, 'engine': MB})`` and the runs. The
        memory is the resident set after the runs: of the API's processes
        together, and of the largest engine.
    """
    svc = bench_matrix.Distributed(timeout, '', engines=engines,
                                   api_workers=api_workers)
    try:
        conn = http.client.HTTPConnection('127.0.0.1', svc.port, timeout=60)
        _create(conn, stacks)
        measure(svc.port, clients, 2)       # warm-up
        groups = process_groups(svc)
        got = [measure(svc.port, clients, seconds, groups)
               for _ in range(runs)]
        rss = {'api': sum(_rss_mb(pid) for pid in groups['api']),
               'engine': max(_rss_mb(pid) for pid in groups['engines'])}
    finally:
        svc.stop()
    medians = tuple(statistics.median(g[i] for g in got) for i in range(3))
    cpu = {name: statistics.median(g[4][name] for g in got)
           for name in got[0][4]}
    return medians + (cpu, rss), got


def _rss_mb(pid):
    with open('/proc/%d/status' % pid) as f:
        for line in f:
            if line.startswith('VmRSS:'):
                return int(line.split()[1]) / 1024.0
    return 0.0


def _create(conn, count, timeout=300):
    """Create the stacks; a 503 (no engine answered the API's last ping,
    on a busy machine) is tried again after a pause, as a client would.
    """
    deadline = time.monotonic() + timeout
    for i in range(count):
        while True:
            status, data = bench_api_latency.request(
                conn, 'POST', '/v1/bench/stacks',
                {'stack_name': 'c%02d' % i,
                 'template': bench_api_latency.TEMPLATE})
            if status != 503 or time.monotonic() > deadline:
                break
            time.sleep(1)
        if status != 201:
            raise SystemExit('create: %s %s' % (status, data))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--clients', type=int, default=16)
    parser.add_argument('--seconds', type=float, default=10)
    parser.add_argument('--stacks', type=int, default=20)
    parser.add_argument('--api-workers', default='1,4')
    parser.add_argument('--engines', type=int, default=2)
    parser.add_argument('--runs', type=int, default=3)
    args = parser.parse_args()
    for workers in [int(w) for w in args.api_workers.split(',')]:
        medians, got = run(workers, args.engines, args.clients,
                           args.seconds, args.stacks, args.runs)
        for rate, p50, p99, errors, cpu in got:
            print('  api workers %d: %.0f req/s, p50 %.1f ms, p99 %.1f ms, '
                  '%d errors; CPU ms per request: %s' % (
                      workers, rate, p50, p99, errors,
                      ', '.join('%s %.2f' % item for item in cpu.items())))
        print('api workers %d, %d engines, %d clients: median %.0f req/s, '
              'p50 %.1f ms, p99 %.1f ms; CPU ms per request: %s; RSS after: '
              'API %.0f MB, engine %.0f MB' % (
                  (workers, args.engines, args.clients) + medians[:3] + (
                      ', '.join('%s %.2f' % item
                                for item in medians[3].items()),
                      medians[4]['api'], medians[4]['engine'])),
              flush=True)


if __name__ == '__main__':
    main()
