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

"""What one run of a persistent job costs the embedded service.

    python benchmarks/bench_job_runs.py [--jobs 200] [--interval 5]
        [--window 20] [--action noop] [--rounds 3]

``heat-vision-all`` (sqlite) gets ``--jobs`` persistent jobs of one task
(``noop``), each run every ``--interval`` seconds, through the tasks
API. After a warm-up of two intervals, each round reads the service's
CPU time (user + system) and the jobs' run counts before and after
``--window`` seconds, and prints the CPU per run, in milliseconds, and
the runs a second. The medians of the rounds are printed last. (The
built-in alarms are no jobs: ``bench_alarm_evaluation.py`` measures
them.)
"""

import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(__file__)))
from benchmarks import bench_engine  # noqa: E402

LIST_LIMIT = 1000


def job_document(index, action, interval):
    return {'name': 'runs-%d' % index, 'kind': 'persistent',
            'interval': interval,
            'tasks': [{'name': 'only', 'action': action}]}


def runs_done(svc):
    """:returns: the runs all jobs have started, summed."""
    total, marker = 0, None
    while True:
        params = {'limit': LIST_LIMIT}
        if marker:
            params['marker'] = marker
        r = svc.http.get(svc.url + '/tasks', params=params, timeout=60)
        svc.check_answer(r, 'job list')
        jobs = r.json()['jobs']
        total += sum(job['runs'] or 0 for job in jobs)
        if len(jobs) < LIST_LIMIT:
            return total
        marker = jobs[-1]['id']


def cpu_seconds(pid):
    with open('/proc/%d/stat' % pid) as f:
        fields = f.read().rsplit(')', 1)[1].split()
    # utime and stime, fields 14 and 15 of proc(5), in clock ticks.
    return (int(fields[11]) + int(fields[12])) / 100.0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--jobs', type=int, default=200)
    parser.add_argument('--interval', type=int, default=5)
    parser.add_argument('--window', type=float, default=20)
    parser.add_argument('--action', default='noop')
    parser.add_argument('--rounds', type=int, default=3)
    parser.add_argument('--timeout', type=float, default=120)
    args = parser.parse_args()

    svc = bench_engine.Service(
        args.timeout, '[tasks]\nmin_interval = 1\nmax_jobs = 64\n')
    try:
        start = time.monotonic()
        for index in range(args.jobs):
            r = svc.http.post(svc.url + '/tasks', json={
                'job': job_document(index, args.action,
                                    args.interval)}, timeout=60)
            svc.check_answer(r, 'job create')
        print('%d jobs submitted in %.1f s' % (
            args.jobs, time.monotonic() - start))
        time.sleep(2 * args.interval)
        per_run, rates = [], []
        pid = svc.pids()[0]
        for _ in range(args.rounds):
            runs_before, cpu_before = runs_done(svc), cpu_seconds(pid)
            time.sleep(args.window)
            cpu_after, runs_after = cpu_seconds(pid), runs_done(svc)
            runs = runs_after - runs_before
            if runs <= 0:
                raise svc.error('no run in %ss' % args.window)
            per_run.append(1000.0 * (cpu_after - cpu_before) / runs)
            rates.append(runs / args.window)
            print('%6d runs, %5.1f runs/s, %6.2f ms CPU per run' % (
                runs, rates[-1], per_run[-1]))
        print('median: %.1f runs/s, %.2f ms CPU per run (expected %.1f '
              'runs/s)' % (statistics.median(rates),
                           statistics.median(per_run),
                           args.jobs / args.interval))
    finally:
        svc.stop()
    return 0


if __name__ == '__main__':
    sys.exit(main())
