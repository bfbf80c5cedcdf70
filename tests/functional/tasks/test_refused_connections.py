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

"""Jobs submitted while MariaDB refuses connections: no acknowledged job
is lost, none runs twice, and a refused submission is an error.

Two heat-vision-tasks on RabbitMQ + MariaDB + Redis connect as a MariaDB
user of their own whose ``MAX_USER_CONNECTIONS`` is lowered under them
(their pooled connections killed, so that they must connect again), as a
server at its ``max_connections`` refuses them ("Too many connections").
Clients submit jobs concurrently meanwhile; then the limit is lifted.
"""

import collections
import concurrent.futures
import threading

import oslo_messaging as messaging
import sqlalchemy as sa

from heat_vision.common import exception
from heat_vision.rpc import transport
from heat_vision.tasks import rpcapi
from tests import backends
from tests.functional.tasks import base as fbase
from tests.functional.tasks import distributed
from tests import waiting

CLIENTS = 8
JOBS = 48
TASKS = ('a', 'b', 'c')
FINAL = ('COMPLETE', 'FAILED', 'CANCELLED')


class _Ends:
    """Counts the end notifications of each job."""

    def __init__(self):
        self.ends = collections.Counter()
        self.lock = threading.Lock()

    def info(self, ctxt, publisher_id, event_type, payload, metadata):
        if event_type in ('tasks.job.end', 'tasks.job.error'):
            with self.lock:
                self.ends[payload['id']] += 1

    error = info


class RefusedConnectionsTest(distributed.DistributedTestCase):

    TASKS_OPTIONS = {'claim_expiry': 2, 'orphan_grace': 2}

    def start_services(self, **tasks_options):
        # The services connect as a user of their own, whose connections
        # the test limits; the test itself stays root.
        if not hasattr(self, 'admin'):
            self._limited_user()
        root_url, self.db_url = self.db_url, self.limited_url
        try:
            super().start_services(**tasks_options)
        finally:
            self.db_url = root_url

    def _limited_user(self):
        url = sa.engine.make_url(self.db_url)
        self.user = fbase.unique('hv_lim')[:32]
        self.admin = sa.create_engine(backends.ADMIN_URLS['mysql'],
                                      isolation_level='AUTOCOMMIT')
        self.addCleanup(self.admin.dispose)
        self._admin_sql("CREATE USER '%s'@'%%'" % self.user)
        self.addCleanup(self._admin_sql,
                        "DROP USER IF EXISTS '%s'@'%%'" % self.user)
        self._admin_sql("GRANT ALL ON %s.* TO '%s'@'%%'"
                        % (url.database, self.user))
        self.limited_url = url.set(username=self.user).render_as_string(
            hide_password=False)

    def _admin_sql(self, statement):
        with self.admin.connect() as conn:
            return conn.execute(sa.text(statement)).fetchall() \
                if statement.startswith('SELECT') else conn.execute(
                    sa.text(statement))

    def limit_connections(self, limit):
        """Let the services' user hold ``limit`` connections (0: any)."""
        self._admin_sql("ALTER USER '%s'@'%%' WITH MAX_USER_CONNECTIONS %d"
                        % (self.user, limit))
        if limit:
            # What they hold now must be made again, and is refused.
            for (conn_id,) in self._admin_sql(
                    "SELECT id FROM information_schema.processlist "
                    "WHERE user = '%s'" % self.user):
                try:
                    self._admin_sql('KILL CONNECTION %d' % conn_id)
                except sa.exc.DBAPIError:
                    pass   # gone meanwhile

    def listen_ends(self):
        ends = _Ends()
        listener = messaging.get_notification_listener(
            transport.get_notification_transport(),
            [rpcapi.notification_target(self.exchange)], [ends],
            executor='threading', pool=fbase.unique('ends'))
        listener.start()
        self.addCleanup(listener.wait)
        self.addCleanup(listener.stop)
        return ends

    def submit_all(self, hits):
        """Submit ``JOBS`` jobs from ``CLIENTS`` threads.

        :returns: ``({index: job id}, {index: exception})``.
        """
        def submit(index):
            doc = {'name': 'refused-%d' % index,
                   'tasks': [hits.task(name, '/%d/%s' % (index, name))
                             for name in TASKS]}
            return self.client.create_job(self.ctx, doc)['id']

        acked, refused = {}, {}
        with concurrent.futures.ThreadPoolExecutor(CLIENTS) as pool:
            futures = {pool.submit(submit, i): i for i in range(JOBS)}
            for future in concurrent.futures.as_completed(futures):
                index = futures[future]
                try:
                    acked[index] = future.result()
                except Exception as exc:
                    refused[index] = exc
        return acked, refused

    def stored_ids(self):
        return {row[0] for row in self._admin_sql(
            'SELECT id FROM %s.task_job'
            % sa.engine.make_url(self.db_url).database)}

    def test_acknowledged_jobs_are_stored_and_run_once(self):
        hits = fbase.HitCounter(self)
        ends = self.listen_ends()
        self.limit_connections(2)
        acked, refused = self.submit_all(hits)
        self.limit_connections(0)

        # The limit did refuse some submissions (else this tests nothing),
        # each with TaskServiceUnavailable (503), not an ack and
        # not a timeout.
        self.assertTrue(refused, 'no submission was refused')
        # (heat-vision's own client rebuilds the exception, which the
        # API answers 503; another service sees a RemoteError of that
        # exc_type.)
        for index, exc in refused.items():
            self.assertIsInstance(exc, exception.TaskServiceUnavailable,
                                  '%d: %r' % (index, exc))
            self.assertEqual(503, exc.code)
        # Every acknowledged job is stored; no refused one is.
        self.assertEqual(len(acked), len(set(acked.values())))
        self.assertEqual(set(acked.values()), self.stored_ids())

        # Each runs to its end once, and each of its tasks runs.
        for job_id in acked.values():
            job = self.wait(job_id, lambda j: j['status'] in FINAL,
                            timeout=120)
            self.assertEqual('COMPLETE', job['status'], job)
            self.assertEqual(1, job['runs'], job)
            runs = self.client.list_runs(self.ctx, job_id)
            self.assertEqual([1], [r['run'] for r in runs], runs)
        waiting.wait_until(
            lambda: len(ends.ends) >= len(acked), timeout=30,
            describe=lambda: 'end notifications: %s' % dict(ends.ends))
        self.assertEqual({job_id: 1 for job_id in acked.values()},
                         dict(ends.ends))
        for index in acked:
            for name in TASKS:
                self.assertGreaterEqual(
                    hits.hits['/%d/%s' % (index, name)], 1,
                    (index, name))
        for index in refused:
            for name in TASKS:
                self.assertEqual(0, hits.hits['/%d/%s' % (index, name)])
