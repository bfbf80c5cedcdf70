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

"""Autoscaling, embedded mode: a group of 200 scaled out by 100.

    python benchmarks/bench_scaling.py [--runs 5] [--timeout 300]

Starts ``heat-vision-all`` (``bench_engine.Service``: a fresh state
directory, sqlite, in-process transport) and, per run, creates a stack
with an ``OS::Heat::AutoScalingGroup`` of 200 ``OS::Heat::None`` and a
``change_in_capacity`` policy of +100, then times the policy's signal
from the POST until the call returns (the signal is answered once the
group is resized) and checks that the group has 300 members. Prints the
median, the spread and the ratio to the target (2 s). The signal goes
through the signed ``alarm_url``, as an alarm would send it.
"""

import argparse
import statistics
import sys
import time
import urllib.parse

from benchmarks import bench_engine

TARGET = 2.0
MEMBERS, ADDED = 200, 100

TEMPLATE = '''heat_template_version: 2021-04-16
resources:
  group:
    type: OS::Heat::AutoScalingGroup
    properties:
      min_size: 0
      max_size: %(max)d
      desired_capacity: %(members)d
      resource: {type: OS::Heat::None}
  out:
    type: OS::Heat::ScalingPolicy
    properties:
      auto_scaling_group_id: {get_resource: group}
      adjustment_type: change_in_capacity
      scaling_adjustment: %(added)d
outputs:
  size: {value: {get_attr: [group, current_size]}}
  url: {value: {get_attr: [out, alarm_url]}}
''' % {'max': MEMBERS + ADDED, 'members': MEMBERS, 'added': ADDED}


def outputs(svc, name, sid):
    r = svc.http.get('%s/stacks/%s/%s' % (svc.url, name, sid), timeout=60)
    svc.check_answer(r, 'show of %s' % name)
    return {o['output_key']: o['output_value']
            for o in r.json()['stack']['outputs']}


def one_run(svc, index):
    name = 'scale%d' % index
    sid, created = svc.create(name, TEMPLATE)
    url = outputs(svc, name, sid)['url']
    parts = urllib.parse.urlsplit(url)
    signal = 'http://127.0.0.1:%d%s?%s' % (svc.port, parts.path,
                                           parts.query)
    start = time.perf_counter()
    r = svc.http.post(signal, json={'current': 'alarm'}, timeout=300)
    elapsed = time.perf_counter() - start
    svc.check_answer(r, 'signal of %s' % name)
    size = outputs(svc, name, sid)['size']
    if size != MEMBERS + ADDED:
        raise bench_engine.BenchmarkError(
            'group of %s has %s members, not %d'
            % (name, size, MEMBERS + ADDED))
    svc.delete(name, sid)
    return created, elapsed


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--runs', type=int, default=5)
    parser.add_argument('--timeout', type=int, default=300)
    args = parser.parse_args()
    svc = bench_engine.Service(args.timeout)
    try:
        samples = [one_run(svc, i) for i in range(args.runs)]
    except bench_engine.BenchmarkError as exc:
        print('benchmark failed: %s' % exc, file=sys.stderr)
        return 1
    finally:
        svc.stop()
    creates = [c for c, _s in samples]
    scales = [s for _c, s in samples]
    median = statistics.median(scales)
    print('create group of %d: median %.2fs' % (
        MEMBERS, statistics.median(creates)))
    print('scale out %d -> %d (signal to answer): median %.2fs, '
          'min %.2fs, max %.2fs over %d runs; target %.1fs, ratio %.2f'
          % (MEMBERS, MEMBERS + ADDED, median, min(scales), max(scales),
             len(scales), TARGET, median / TARGET))
    return 0


if __name__ == '__main__':
    sys.exit(main())
