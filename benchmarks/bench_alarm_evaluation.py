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

"""What evaluating the built-in alarms costs the embedded service.

    python benchmarks/bench_alarm_evaluation.py [--alarms 1000]
        [--stacks 1] [--interval 5] [--window 20] [--rounds 3]

``heat-vision-all`` (sqlite) gets ``--stacks`` stacks of ``--alarms``
``OS::HeatVision::Alarm`` in all, on one meter, evaluated every
``--interval`` seconds; a sample over the threshold is pushed so that
the first round makes every alarm change state (one transition each,
written and published); with ``--repeat`` (``repeat_actions``) every
alarm publishes again at each round, and the engines' listener reads
it. After a warm-up of two intervals, each round
reads the service's CPU time (user + system) over ``--window`` seconds
and prints it per alarm evaluation, in milliseconds, and as a share of a
core; the medians of the rounds are printed last, then the same with
no alarm (the idle service) for comparison.
"""

import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(__file__)))
from benchmarks import bench_engine  # noqa: E402
from benchmarks import bench_job_runs  # noqa: E402


def alarm_stack(count, repeat):
    return {'heat_template_version': '2021-04-16', 'resources': {
        'a%d' % i: {'type': 'OS::HeatVision::Alarm', 'properties': {
            'meter_name': 'cpu', 'threshold': 50, 'period': 60,
            'comparison_operator': 'gt', 'statistic': 'max',
            'repeat_actions': repeat}}
        for i in range(count)}}


def states(svc):
    """:returns: how many alarms are in each state."""
    counts, marker = {}, None
    while True:
        params = {'limit': 1000}
        if marker:
            params['marker'] = marker
        r = svc.http.get(svc.url + '/alarms', params=params, timeout=60)
        svc.check_answer(r, 'alarm list')
        alarms = r.json()['alarms']
        for alarm in alarms:
            counts[alarm['state']] = counts.get(alarm['state'], 0) + 1
        if len(alarms) < 1000:
            return counts
        marker = alarms[-1]['id']


def cpu_per_round(svc, args):
    pid = svc.pids()[0]
    shares = []
    for _ in range(args.rounds):
        before = bench_job_runs.cpu_seconds(pid)
        time.sleep(args.window)
        shares.append((bench_job_runs.cpu_seconds(pid) - before) /
                      args.window)
    return shares


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--alarms', type=int, default=1000)
    parser.add_argument('--stacks', type=int, default=1)
    parser.add_argument('--interval', type=int, default=5)
    parser.add_argument('--window', type=float, default=20)
    parser.add_argument('--rounds', type=int, default=3)
    parser.add_argument('--repeat', action='store_true',
                        help='repeat_actions: every alarm on publishes '
                             'again at each round')
    parser.add_argument('--timeout', type=float, default=300)
    args = parser.parse_args()

    svc = bench_engine.Service(
        args.timeout, 'max_resources_per_stack = %d\n[monitoring]\n'
        'evaluation_interval = %d' % (max(1000, args.alarms),
                                      args.interval))
    try:
        idle = cpu_per_round(svc, args)
        r = svc.http.post(svc.url + '/metrics', json={
            'samples': [{'name': 'cpu', 'value': 95}]}, timeout=60)
        svc.check_answer(r, 'metric push')
        start = time.monotonic()
        per_stack = args.alarms // args.stacks
        for n in range(args.stacks):
            svc.create('alarms-%d' % n, alarm_stack(per_stack, args.repeat))
        alarms = per_stack * args.stacks
        print('%d alarms created in %.2f s' % (
            alarms, time.monotonic() - start))
        time.sleep(2 * args.interval)
        print('states after two intervals: %s' % states(svc))
        busy = cpu_per_round(svc, args)
        evaluations = alarms / args.interval
        for share in busy:
            print('%5.1f%% of a core, %.3f ms CPU per alarm evaluation'
                  % (100 * share, 1000 * share / evaluations))
        print('median: %.1f%% of a core (idle service %.1f%%), %.3f ms '
              'CPU per alarm evaluation' % (
                  100 * statistics.median(busy),
                  100 * statistics.median(idle),
                  1000 * (statistics.median(busy) -
                          statistics.median(idle)) / evaluations))
    finally:
        svc.stop()
    return 0


if __name__ == '__main__':
    sys.exit(main())
