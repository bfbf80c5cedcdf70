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

"""Alarm transition -> scaling start, with the real Aodh and two engines.

    python benchmarks/bench_alarm_aodh.py [--transitions 60] [--engines 2]

Starts the real Aodh from PyPI (``tests/cloud/aodh_service.py``: API,
listener, evaluator, notifier, its venv cached under
``~/.cache/heat-vision``) and heat-vision's API with ``--engines``
engines on the local RabbitMQ and a fresh MariaDB database
(``bench_matrix.Distributed``), each engine run by
``benchmarks/alarm_probe.py``, which timestamps each hop. One stack
holds an AutoScalingGroup (1-2 members), a +1 and a -1 ScalingPolicy
and two ``OS::Aodh::EventAlarm`` (``repeat_actions``) whose action is
a policy's ``alarm_url``. Each round publishes one event as Ceilometer
does, alternating the two; Aodh's listener evaluates it and publishes
the transition (``alarm.update``) on its topic, which an engine reads
from the queue while aodh-notifier POSTs it to the policy's URL (the
second delivery is a duplicate). The latency is from the time Aodh's
notifier stamped on the transition to the group's
``apply_adjustments`` (its resize starting), whichever path came first;
the next round starts once the claim is let go and both deliveries were
handled. Prints the median, p95 and max, the median time at each hop,
and the CPU time of the engines (and of the API) per transition: in
all, and less what the engines spend idle (their heartbeats, sweeps
and pollers, measured for ``IDLE_SPAN`` seconds before the rounds), which
grows with the time a round takes rather than with the transitions.
"""

import argparse
import glob
import os
import shutil
import statistics
import sys
import tempfile
import time
import uuid

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
from benchmarks import bench_matrix  # noqa: E402
from tests.cloud import aodh_service  # noqa: E402

TARGET_P95_MS = 100.0
WARM_UP = 4
#: Seconds the engines' idle CPU is measured for, before the rounds.
IDLE_SPAN = 5.0
TENANT = 'bench'
TEMPLATE = '''heat_template_version: 2021-04-16
resources:
  group:
    type: OS::Heat::AutoScalingGroup
    properties:
      min_size: 1
      max_size: 2
      desired_capacity: 1
      resource: {type: OS::Heat::None}
  up:
    type: OS::Heat::ScalingPolicy
    properties:
      auto_scaling_group_id: {get_resource: group}
      adjustment_type: change_in_capacity
      scaling_adjustment: 1
  down:
    type: OS::Heat::ScalingPolicy
    properties:
      auto_scaling_group_id: {get_resource: group}
      adjustment_type: change_in_capacity
      scaling_adjustment: -1
%s
'''
ALARM = '''  alarm_%(policy)s:
    type: OS::Aodh::EventAlarm
    properties:
      event_type: hv.bench.%(policy)s
      query: [{field: traits.token, op: eq, value: %(token)s}]
      repeat_actions: true
      alarm_actions: [{get_attr: [%(policy)s, alarm_url]}]
'''
POLICIES = ('up', 'down')
#: The hops in order, as ``alarm_probe`` names them.
HOPS = ('received', 'routed', 'deliver', 'claim', 'claim-end', 'drain',
        'apply')


def _options(aodh, unique):
    return ('report_interval = 1\n'
            '[monitoring]\naodh_exchange = %s\naodh_topics = %s\n'
            'listener_pool = hv-bench-monitoring-%s\n'
            'topic = hv-bench-alarming-%s\n'
            '[clients]\nauth_mode = noauth\n'
            '[clients_aodh]\nendpoint_override = %s\n[DEFAULT]'
            % (aodh.exchange, aodh.alarm_topic, unique, unique, aodh.url))


def _cpu_seconds(pids):
    total = 0
    for pid in pids:
        with open('/proc/%d/stat' % pid) as f:
            fields = f.read().rsplit(')', 1)[1].split()
        total += int(fields[11]) + int(fields[12])
    return total / os.sysconf('SC_CLK_TCK')


class Probes:
    """The engines' probe lines, read as they grow."""

    def __init__(self, prefix):
        self.prefix = prefix
        self.lines = []
        self._offsets = {}

    def read(self):
        for path in glob.glob(self.prefix + '.*'):
            with open(path) as f:
                f.seek(self._offsets.get(path, 0))
                text = f.read()
            complete = text[:text.rfind('\n') + 1]
            self._offsets[path] = self._offsets.get(path, 0) + len(complete)
            for line in complete.splitlines():
                when, hop, detail, _thread = line.split(' ', 3)
                self.lines.append((float(when), hop, detail, path))
        return self.lines

    def since(self, start):
        return sorted(line for line in self.read() if line[0] >= start)


def _idle_rate(pids, seconds=IDLE_SPAN):
    """:returns: the CPU seconds per second of ``pids`` with nothing
    sent to them (their heartbeats, sweeps and pollers).
    """
    start, began = _cpu_seconds(pids), time.monotonic()
    time.sleep(seconds)
    return (_cpu_seconds(pids) - start) / (time.monotonic() - began)


def _round_done(lines):
    hops = [hop for _when, hop, _detail, _path in lines]
    return (hops.count('drain-end') >= 1 and hops.count('deliver-end') >= 2
            and 'received-end' in hops)


def _one_round(aodh, probes, policy, token, timeout):
    start = time.time()
    aodh.publish_event('hv.bench.%s' % policy, {'token': token}, TENANT)
    deadline = time.monotonic() + timeout
    while True:
        lines = probes.since(start)
        if _round_done(lines):
            break
        if time.monotonic() > deadline:
            raise RuntimeError('round of %s unfinished in %ss: %s'
                               % (policy, timeout, lines))
        time.sleep(0.01)
    if os.environ.get('HV_BENCH_TRACE'):
        print('\n'.join('%8.1f %-12s %s %s' % (
            (w - start) * 1000, h, d, os.path.basename(p))
            for w, h, d, p in lines))
    first = {}
    for when, hop, detail, path in lines:
        first.setdefault(hop, when)
        if hop == 'sent':
            first.setdefault('sent-at', float(detail))
    winner = next(d for _w, hop, d, _p in lines if hop == 'deliver')
    sent = first['sent-at']
    return ({hop: (first[hop] - sent) * 1000 for hop in HOPS
             if hop in first}, winner,
            len({p for _w, _h, _d, p in lines if _h == 'received'}))


def measure(transitions=60, engines=2, timeout=120):
    """:returns: ``{'latencies': [ms], 'hops': {hop: median ms},
    'engine_cpu_ms': per transition, 'api_cpu_ms': ..., 'winners': {via:
    count}}``.
    """
    # The engines run benchmarks.alarm_probe from this tree.
    os.environ['PYTHONPATH'] = os.pathsep.join(
        [ROOT] + [p for p in [os.environ.get('PYTHONPATH')] if p])
    aodh_dir = tempfile.mkdtemp(prefix='hv-bench-aodh-')
    aodh = aodh_service.AodhService(aodh_dir)
    aodh.setUp()
    svc = None
    try:
        unique = uuid.uuid4().hex[:8]
        probe_prefix = os.path.join(aodh_dir, 'probe')
        svc = bench_matrix.Distributed(
            timeout, _options(aodh, unique), engines=engines,
            engine_command=[sys.executable, '-m', 'benchmarks.alarm_probe',
                            probe_prefix, '--'])
        token = uuid.uuid4().hex
        alarms = ''.join(ALARM % {'policy': p, 'token': token}
                         for p in POLICIES)
        svc.create('alarmed', TEMPLATE % alarms)
        probes = Probes(probe_prefix)
        latencies, hops, winners = [], {h: [] for h in HOPS}, {}
        cpu_start = idle = None
        for n in range(transitions + WARM_UP):
            if n == WARM_UP:
                idle = _idle_rate(svc.pids()[1:])
                cpu_start = (_cpu_seconds(svc.pids()[1:]),
                             _cpu_seconds(svc.pids()[:1]), time.monotonic())
            got, winner, _readers = _one_round(
                aodh, probes, POLICIES[n % 2], token, timeout)
            if n < WARM_UP:
                continue
            latencies.append(got['apply'])
            winners[winner] = winners.get(winner, 0) + 1
            for hop in HOPS:
                if hop in got:
                    hops[hop].append(got[hop])
        engine_cpu = _cpu_seconds(svc.pids()[1:]) - cpu_start[0]
        api_cpu = _cpu_seconds(svc.pids()[:1]) - cpu_start[1]
        busy = engine_cpu - idle * (time.monotonic() - cpu_start[2])
        return {'latencies': latencies,
                'hops': {h: statistics.median(v) for h, v in hops.items()
                         if v},
                'engine_cpu_ms': engine_cpu * 1000 / transitions,
                'engine_busy_ms': busy * 1000 / transitions,
                'engine_idle_ms_per_s': idle * 1000,
                'api_cpu_ms': api_cpu * 1000 / transitions,
                'winners': winners}
    finally:
        if svc is not None:
            svc.stop()
        aodh.cleanUp()
        shutil.rmtree(aodh_dir, ignore_errors=True)


def p95(values):
    ordered = sorted(values)
    return ordered[max(0, int(round(len(ordered) * 0.95)) - 1)]


def summary(got):
    lat = got['latencies']
    return ('median %.1f ms, p95 %.1f ms, max %.1f ms; CPU per transition: '
            'engines %.1f ms (%.1f ms once their idle %.1f ms/s is taken '
            'out), API %.1f ms' % (
                statistics.median(lat), p95(lat), max(lat),
                got['engine_cpu_ms'], got['engine_busy_ms'],
                got['engine_idle_ms_per_s'], got['api_cpu_ms']))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--transitions', type=int, default=60)
    parser.add_argument('--engines', type=int, default=2)
    parser.add_argument('--timeout', type=float, default=120)
    args = parser.parse_args()
    got = measure(args.transitions, args.engines, args.timeout)
    print('%d transitions, %d engines: %s' % (
        len(got['latencies']), args.engines, summary(got)))
    print('first delivery via: %s' % got['winners'])
    print('median ms after Aodh sent it: %s' % ', '.join(
        '%s %.1f' % (hop, got['hops'][hop]) for hop in HOPS
        if hop in got['hops']))
    return 0 if p95(got['latencies']) < TARGET_P95_MS else 1


if __name__ == '__main__':
    sys.exit(main())
