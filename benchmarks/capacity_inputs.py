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

"""The inputs of the capacity model (doc/source/admin/capacity.rst).

    python benchmarks/capacity_inputs.py [--database mysql|sqlite]
        [--resources 1000] [--nested 200] [--runs 3]

Runs the API and an engine in this process (as heat-vision-all does, on
the in-process transport, so every message is still serialised and
counted) against a database of its own (MariaDB by default: the database
of a deployment with many engines), and measures per resource of a flat
``OS::Heat::None`` stack and per nested stack (``OS::Heat::Stack`` of one
resource), for create and for delete:

* the SQL statements sent and the seconds spent in them (the database's
  share: its round trips and its work, as the engine waits for them);
* the rows written (stack, resource and event rows);
* the engine's CPU seconds (this process's, less the database waits
  are not counted: a thread waiting on the database uses no CPU);
* the messages sent (RPC calls and casts, notifications).

It prints medians of ``--runs`` runs; the capacity page divides a
deployment's demand by these figures.
"""

import argparse
import gc
import json
import os
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(__file__)))
from oslo_config import cfg  # noqa: E402
import sqlalchemy as sa  # noqa: E402

from heat_vision import conf as hv_conf  # noqa: E402
from heat_vision.db import api as db_api  # noqa: E402
from heat_vision.rpc import inproc  # noqa: E402
from tests import backends  # noqa: E402
from tests import fixtures as hv_fixtures  # noqa: E402

CONF = cfg.CONF
_ONE_NONE = json.dumps({'heat_template_version': '2021-04-16',
                        'resources': {'v': {'type': 'OS::Heat::None'}}})
WORKLOADS = {
    'flat None': ('OS::Heat::None', {}),
    'nested stack': ('OS::Heat::Stack', {'template': _ONE_NONE}),
}


class Meter:
    """Statements, their seconds, and messages, counted in this process.
    """

    def __init__(self, engine):
        self.statements = 0
        self.db_seconds = 0.0
        self.messages = 0
        self._started = {}
        sa.event.listen(engine, 'before_cursor_execute', self._before)
        sa.event.listen(engine, 'after_cursor_execute', self._after)
        for name in ('send', 'send_notification'):
            original = getattr(inproc.InProcessDriver, name)
            setattr(inproc.InProcessDriver, name, self._counting(original))

    def _counting(self, original):
        def counted(driver, *args, **kwargs):
            self.messages += 1
            return original(driver, *args, **kwargs)
        return counted

    def _before(self, conn, cursor, statement, params, context, many):
        self.statements += 1
        context._hv_started = time.perf_counter()

    def _after(self, conn, cursor, statement, params, context, many):
        self.db_seconds += time.perf_counter() - context._hv_started

    def snapshot(self):
        return (self.statements, self.db_seconds, self.messages,
                time.process_time())


def _rows(context_engine):
    with context_engine.connect() as conn:
        return sum(conn.execute(sa.text('SELECT count(*) FROM %s' % table))
                   .scalar() for table in ('stack', 'resource', 'event'))


def _wait(service, name, done):
    pause = 0.01
    deadline = time.monotonic() + 1800
    while time.monotonic() < deadline:
        response = service.follow(service.request(
            'GET', '/v1/demo/stacks/%s' % name))
        if done(response):
            return
        time.sleep(pause)
        pause = min(pause * 1.5, 0.5)
    raise SystemExit('%s did not finish' % name)


def measure_once(service, meter, workload, count, run):
    type_name, props = WORKLOADS[workload]
    template = {'heat_template_version': '2021-04-16', 'resources': {
        'r%d' % i: {'type': type_name, 'properties': props}
        for i in range(count)}}
    name = 'cap%d' % run
    engine = db_api.get_engine()
    got = {}
    gc.collect()
    rows, before = _rows(engine), meter.snapshot()
    response = service.request('POST', '/v1/demo/stacks', body={
        'stack_name': name, 'template': template})
    assert response.status_int == 201, response.body
    path = '/v1/demo/stacks/%s/%s' % (name, response.json['stack']['id'])
    _wait(service, name, lambda r: r.status_int == 200 and not r.json[
        'stack']['stack_status'].endswith('IN_PROGRESS'))
    got['create'] = [b - a for a, b in zip(before, meter.snapshot())] + [
        _rows(engine) - rows]
    gc.collect()
    before = meter.snapshot()
    service.request('DELETE', path)
    _wait(service, name, lambda r: r.status_int == 404)
    got['delete'] = [b - a for a, b in zip(before, meter.snapshot())] + [
        None]
    return got


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--database', default='mysql',
                        choices=('mysql', 'postgresql', 'sqlite'))
    parser.add_argument('--resources', type=int, default=1000)
    parser.add_argument('--nested', type=int, default=200)
    parser.add_argument('--runs', type=int, default=3)
    args = parser.parse_args()
    hv_conf.register_all(CONF)
    CONF([], project='heat-vision', default_config_files=[],
         default_config_dirs=[])
    state = tempfile.mkdtemp(prefix='hv-capacity-')
    CONF.set_default('state_path', state)
    CONF.set_override('max_resources_per_stack', 4 * args.resources)
    CONF.set_override('max_events_per_stack', 8 * args.resources)
    database = None
    if args.database != 'sqlite':
        database = backends.TemporaryDatabase(args.database)
        database.setUp()
    service = hv_fixtures.EmbeddedService(
        state, database.url if database else None)
    service.setUp()
    try:
        meter = Meter(db_api.get_engine())
        for workload, count in (('flat None', args.resources),
                                ('nested stack', args.nested)):
            runs = [measure_once(service, meter, workload, count, run)
                    for run in range(args.runs)]
            for op in ('create', 'delete'):
                figures = [statistics.median(run[op][i] for run in runs)
                           if runs[0][op][i] is not None else None
                           for i in range(5)]
                statements, db_s, messages, cpu, rows = figures
                print('%-12s %-6s per item: %.2f statements, %.3f ms in '
                      'the database, %.2f messages, %.3f ms engine CPU%s' % (
                          workload, op, statements / count,
                          1000 * db_s / count, messages / count,
                          1000 * cpu / count,
                          ', %.2f rows' % (rows / count) if rows else ''),
                      flush=True)
    finally:
        service.cleanUp()
        if database is not None:
            database.cleanUp()


if __name__ == '__main__':
    main()
