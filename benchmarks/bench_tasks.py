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

"""Task-system throughput and submit-to-start latency.

Jobs of three ``noop`` tasks are submitted through the task rpcapi by
``--clients`` threads at once (as that many callers would); the
``tasks.job.start`` and ``tasks.job.end`` notifications time them.
Every acknowledged submit must be a stored job; a refused one is counted
(the service answers ``TaskServiceUnavailable`` when its database
refuses it).

* embedded: the task service in this process (sqlite, in-process
  transport, local board), as heat-vision-all runs it;
* distributed: ``--conductors`` heat-vision-tasks processes on RabbitMQ,
  MariaDB and Redis (a database, exchange and Redis namespace of their
  own, dropped afterwards). The services listen on a topic of their
  own too: RabbitMQ names a topic's queue after the topic alone, so on
  the default topic any other task service on this broker (another
  exchange, another database) would take some of the submits.

Each mode is measured ``--repeat`` times (the medians are printed: the
machine may be shared), then the submit-to-start latency of single jobs
on the idle service.

``--profile DIR`` writes each conductor's CPU profile of the measured
batches (yappi, which must be installed; pstats files) to DIR, with its
counts of SQL statements, commits, rollbacks and Redis round trips
(``.counts``) and its log. Take the counts from ``--repeat 1`` runs:
under a heavy load a conductor saving its profile has been seen to stop
answering, and the next batch's submits to time out.

Usage: python benchmarks/bench_tasks.py [--jobs N] [--conductors N]
       [--clients N] [--mode embedded|distributed|both] [--repeat N]
       [--profile DIR]
"""

import argparse
from concurrent import futures
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time

from oslo_config import cfg
import oslo_messaging as messaging
from oslo_utils import uuidutils
import redis
import sqlalchemy as sa

from heat_vision.common import context
from heat_vision.common import exception
from heat_vision import conf as hv_conf
from heat_vision.db import api as db_api
from heat_vision.db import migration
from heat_vision.rpc import transport
from heat_vision.tasks import rpcapi
from heat_vision.tasks import server

CONF = cfg.CONF
RABBIT = 'rabbit://guest:guest@127.0.0.1:5672/'
MYSQL = 'mysql+pymysql://root@127.0.0.1:3306/'
DOC = {'name': 'bench', 'tasks': [{'name': n, 'action': 'noop'}
                                  for n in ('a', 'b', 'c')]}


class Clock:
    """Notification endpoint: when each job started and ended."""

    def __init__(self, count):
        self.started, self.ended = {}, {}
        self.count = count
        self.all_ended = threading.Event()

    def info(self, ctxt, publisher_id, event_type, payload, metadata):
        now = time.monotonic()
        if event_type == 'tasks.job.start':
            self.started.setdefault(payload['id'], now)
        elif event_type in ('tasks.job.end', 'tasks.job.error'):
            self.ended[payload['id']] = now
            if len(self.ended) >= self.count:
                self.all_ended.set()

    error = info


def conductor_cpu(pids):
    """:returns: CPU seconds (user + system) used so far by ``pids``, or
        by this process (all its threads) when ``pids`` is empty.
    """
    if not pids:
        return time.process_time()
    total = 0
    for pid in pids:
        with open('/proc/%d/stat' % pid) as stat:
            fields = stat.read().rsplit(')', 1)[1].split()
        total += int(fields[11]) + int(fields[12])   # utime, stime
    return total / os.sysconf('SC_CLK_TCK')


def stored_jobs(ids):
    """:returns: how many of the job ids ``ids`` are in the database."""
    with db_api.get_engine().connect() as conn:
        return conn.execute(sa.text(
            'SELECT COUNT(*) FROM task_job WHERE project_id = :project'
            ' AND id IN :ids').bindparams(
                sa.bindparam('ids', expanding=True)),
            {'project': 'bench', 'ids': list(ids)}).scalar()


def submit_all(client, jobs, clients):
    """Submit ``jobs`` jobs from ``clients`` threads.

    :returns: ``({job id: submit time}, refused count, seconds taken)``.
    """
    ctxt = context.RequestContext(project_id='bench', user_id='bench')

    def submit(_):
        before = time.monotonic()
        return client.create_job(ctxt, DOC)['id'], before

    submitted, refused = {}, 0
    start = time.monotonic()
    with futures.ThreadPoolExecutor(clients) as pool:
        for result in [pool.submit(submit, i) for i in range(jobs)]:
            try:
                job_id, before = result.result()
            except exception.TaskServiceUnavailable:
                refused += 1
                continue
            if job_id in submitted:
                sys.exit('two submits acknowledged as job %s' % job_id)
            submitted[job_id] = before
    return submitted, refused, time.monotonic() - start


def measure(client, jobs, label, pids=(), clients=1):
    clock = Clock(jobs)
    listener = messaging.get_notification_listener(
        transport.get_notification_transport(),
        [messaging.Target(topic=CONF.tasks.notification_topic)], [clock],
        executor='threading', pool='bench-' + uuidutils.generate_uuid())
    listener.start()
    time.sleep(0.5)
    cpu = conductor_cpu(pids)
    profiling(pids, signal.SIGUSR1)
    start = time.monotonic()
    submitted, refused, submitting = submit_all(client, jobs, clients)
    # Every acknowledged submit must be a stored job.
    stored = stored_jobs(submitted)
    if stored != len(submitted):
        sys.exit('%s: %d submits acknowledged, %d stored, %d refused'
                 % (label, len(submitted), stored, refused))
    clock.count = len(submitted)
    if len(clock.ended) >= clock.count:
        clock.all_ended.set()
    if not clock.all_ended.wait(600):
        sys.exit('%s: only %d of %d jobs ended' % (label, len(clock.ended),
                                                   len(submitted)))
    elapsed = max(clock.ended.values()) - start
    profiling(pids, signal.SIGUSR2)
    cpu = conductor_cpu(pids) - cpu
    done = len(submitted)
    latencies = [clock.started[j] - submitted[j] for j in submitted
                 if j in clock.started]
    durations = [clock.ended[j] - clock.started[j] for j in submitted
                 if j in clock.started]
    listener.stop()
    listener.wait()
    print('%-12s %4d jobs in %6.2f s: %6.1f jobs/s; median submit->start '
          '%6.1f ms, median start->end %6.1f ms; submits (%d clients) '
          'took %.2f s, %d refused; %s CPU %.2f s (%.1f ms per job); '
          'load %.1f'
          % (label, done, elapsed, done / elapsed,
             statistics.median(latencies) * 1000,
             statistics.median(durations) * 1000, clients, submitting,
             refused, 'conductors' if pids else 'process', cpu,
             cpu / done * 1000, os.getloadavg()[0]),
          flush=True)
    return done / elapsed, statistics.median(latencies), cpu / done


PROFILE_DIR = None


def profiling(pids, signum):
    """Start (SIGUSR1) or stop and save (SIGUSR2) the conductors'
    profiles, with ``--profile``.
    """
    if PROFILE_DIR is None:
        return
    for pid in pids:
        os.kill(pid, signum)
    time.sleep(0.5)


# What a conductor runs with ``--profile``: heat-vision-tasks under yappi
# (CPU clock, every thread), started and saved on the signals above, with
# its SQL statements, commits, rollbacks and Redis round trips counted (written
# beside the profile as ``conductor-PID-N.counts``).
PROFILED_SERVICE = """
import os, signal, sys, yappi
import redis.connection, sqlalchemy as sa
folder = sys.argv.pop()
batch = [0]
counts = {'statements': 0, 'commits': 0, 'rollbacks': 0, 'redis': 0}
def statement(*_a, **_k):
    counts['statements'] += 1
def commit(*_a, **_k):
    counts['commits'] += 1
def rollback(*_a, **_k):
    counts['rollbacks'] += 1
sa.event.listen(sa.engine.Engine, 'before_cursor_execute', statement)
sa.event.listen(sa.engine.Engine, 'commit', commit)
sa.event.listen(sa.engine.Engine, 'rollback', rollback)
# One packet sent is one round trip (a pipeline sends its commands in one).
_send = redis.connection.AbstractConnection.send_packed_command
def sent(self, *a, **k):
    counts['redis'] += 1
    return _send(self, *a, **k)
redis.connection.AbstractConnection.send_packed_command = sent
yappi.set_clock_type('cpu')
def start(*_):
    for key in counts:
        counts[key] = 0
    yappi.clear_stats()
    yappi.start()
def save(*_):
    yappi.stop()
    batch[0] += 1
    base = os.path.join(folder, 'conductor-%d-%d' % (os.getpid(), batch[0]))
    yappi.get_func_stats().save(base + '.pstat', type='pstat')
    with open(base + '.counts', 'w') as out:
        out.write(repr(counts))
signal.signal(signal.SIGUSR1, start)
signal.signal(signal.SIGUSR2, save)
from heat_vision.cmd import tasks
tasks.main()
"""


def idle_latency(client, label, samples=15):
    """Median submit-to-start of one job at a time (an idle service)."""
    clock_latencies = []
    for _ in range(samples):
        clock_latencies.append(measure_one(client))
    print('%-12s idle: median submit->start %6.1f ms over %d jobs' % (
        label, statistics.median(clock_latencies) * 1000, samples),
        flush=True)


def measure_one(client):
    clock = Clock(1)
    listener = messaging.get_notification_listener(
        transport.get_notification_transport(),
        [messaging.Target(topic=CONF.tasks.notification_topic)], [clock],
        executor='threading', pool='bench-' + uuidutils.generate_uuid())
    listener.start()
    time.sleep(0.2)
    ctxt = context.RequestContext(project_id='bench', user_id='bench')
    before = time.monotonic()
    job_id = client.create_job(ctxt, DOC)['id']
    if not clock.all_ended.wait(60):
        sys.exit('an idle job did not end')
    listener.stop()
    listener.wait()
    return clock.started[job_id] - before


REPEATS = 1


def repeat(run):
    """Run a measurement REPEATS times; print the medians.

    The machine may be shared, so single runs vary.
    """
    results = [run() for _ in range(REPEATS)]
    if REPEATS > 1:
        print('  median of %d: %.1f jobs/s, submit->start %.1f ms, CPU '
              '%.1f ms per job' % (
                  REPEATS, statistics.median(r[0] for r in results),
                  statistics.median(r[1] for r in results) * 1000,
                  statistics.median(r[2] for r in results) * 1000),
              flush=True)


def embedded(jobs, folder, clients):
    CONF.set_override('connection', 'sqlite:///%s/bench.sqlite' % folder,
                      group='database')
    CONF.set_override('transport_url', 'inproc://')
    db_api.reset()
    migration.db_sync()
    service = server.TaskServer()
    service.start()
    try:
        client = rpcapi.TasksClient(transport.get_rpc_transport())
        repeat(lambda: measure(client, jobs, 'embedded', clients=clients))
        idle_latency(client, 'embedded')
    finally:
        service.stop()
        transport.reset()


def wait_ready(client, timeout=60):
    deadline = time.monotonic() + timeout
    while True:
        try:
            client.list_jobs({'project_id': 'bench'}, limit=1)
            time.sleep(1)   # let the other conductors start too
            return
        except messaging.MessagingTimeout:
            if time.monotonic() > deadline:
                sys.exit('the task services did not start')


def distributed(jobs, conductors, folder, clients):
    name = 'hv_bench_' + uuidutils.generate_uuid(dashed=False)[:12]
    admin = sa.create_engine(MYSQL, isolation_level='AUTOCOMMIT')
    with admin.connect() as conn:
        conn.execute(sa.text('CREATE DATABASE %s' % name))
    procs = []
    try:
        CONF.set_override('connection', MYSQL + name, group='database')
        CONF.set_override('transport_url', RABBIT)
        CONF.set_override('control_exchange', name)
        CONF.set_override('topic', name, group='tasks')
        db_api.reset()
        migration.db_sync()
        config = os.path.join(folder, 'tasks.conf')
        with open(config, 'w') as out:
            out.write('[DEFAULT]\ntransport_url = %s\ncontrol_exchange = %s\n'
                      '[database]\nconnection = %s%s\n[tasks]\n'
                      'jobboard = redis\njobboard_name = %s\n'
                      'poll_interval = 0.05\ntopic = %s\n' % (
                          RABBIT, name, MYSQL, name, name, name))
        if PROFILE_DIR is None:
            service = ['-c', 'from heat_vision.cmd import tasks; '
                       'tasks.main()', '--config-file', config]
        else:
            service = ['-c', PROFILED_SERVICE, '--config-file', config,
                       PROFILE_DIR]
        for number in range(conductors):
            # With --profile, each conductor's log goes beside its profile.
            log = subprocess.DEVNULL if PROFILE_DIR is None else open(
                os.path.join(PROFILE_DIR, 'conductor-%d.log' % number), 'w')
            procs.append(subprocess.Popen(
                [sys.executable] + service,
                stdout=subprocess.DEVNULL, stderr=log))
        wait_ready(rpcapi.TasksClient(transport.get_rpc_transport(),
                                      topic=name, timeout=1, exchange=name))
        client = rpcapi.TasksClient(transport.get_rpc_transport(),
                                    topic=name, timeout=30, exchange=name)
        pids = [proc.pid for proc in procs]
        repeat(lambda: measure(client, jobs,
                               'distributed/%d' % conductors, pids,
                               clients=clients))
        idle_latency(client, 'distributed/%d' % conductors)
    finally:
        for proc in procs:
            proc.terminate()
            proc.wait()
        with admin.connect() as conn:
            conn.execute(sa.text('DROP DATABASE IF EXISTS %s' % name))
        board = redis.Redis.from_url(CONF.tasks.jobboard_url)
        for key in board.scan_iter(name + '*'):
            board.delete(key)
        board.close()
        transport.reset()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--jobs', type=int, default=200)
    parser.add_argument('--conductors', type=int, default=2)
    parser.add_argument('--clients', type=int, default=8,
                        help='Threads submitting at once')
    parser.add_argument('--profile', metavar='DIR',
                        help='Save the conductors\' CPU profiles (yappi) '
                        'of the measured batches to DIR')
    parser.add_argument('--repeat', type=int, default=3,
                        help='Measurements per mode; medians are shown')
    parser.add_argument('--mode', default='both',
                        choices=['embedded', 'distributed', 'both'])
    args = parser.parse_args()
    global REPEATS, PROFILE_DIR
    REPEATS = args.repeat
    PROFILE_DIR = args.profile and os.path.abspath(args.profile)
    hv_conf.register_all(CONF)
    CONF([], project='heat-vision', default_config_files=[])
    with tempfile.TemporaryDirectory() as folder:
        CONF.set_override('state_path', folder)
        if args.mode in ('embedded', 'both'):
            embedded(args.jobs, folder, args.clients)
        if args.mode in ('distributed', 'both'):
            distributed(args.jobs, args.conductors, folder, args.clients)


if __name__ == '__main__':
    main()
