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

"""Resident memory of an API and an engine after a fixed small run.

    python benchmarks/bench_memory_pair.py [--label LABEL]

Starts one ``heat-vision-api`` (one worker) and one ``heat-vision-engine``
on the local RabbitMQ and a fresh MariaDB database
(``bench_matrix.Distributed``), creates 20 three-resource stacks, sends
300 GET /stacks, and prints the ``VmRSS`` of each process and of the
pair: the memory row of doc/source/admin/performance.rst (issue 43).
"""

import argparse
import http.client
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(__file__)))
from benchmarks import bench_api_concurrency  # noqa: E402
from benchmarks import bench_api_latency  # noqa: E402
from benchmarks import bench_matrix  # noqa: E402


def run(timeout=300):
    """:returns: (API MB, engine MB) after the run."""
    svc = bench_matrix.Distributed(timeout, '', engines=1, api_workers=1)
    try:
        conn = http.client.HTTPConnection('127.0.0.1', svc.port, timeout=60)
        bench_api_concurrency._create(conn, 20)
        for _ in range(300):
            status, _body = bench_api_latency.request(conn, 'GET',
                                                      '/v1/bench/stacks')
            if status != 200:
                raise SystemExit('GET /stacks: %s' % status)
        time.sleep(2)
        return (bench_api_concurrency._rss_mb(svc.proc.pid),
                bench_api_concurrency._rss_mb(svc.engines[0].pid))
    finally:
        svc.stop()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--label', default='')
    args = parser.parse_args()
    api, engine = run()
    print('%sAPI %.1f MB, engine %.1f MB, pair %.1f MB'
          % (args.label + ': ' if args.label else '', api, engine,
             api + engine))


if __name__ == '__main__':
    main()
