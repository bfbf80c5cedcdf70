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

"""Stopping the task service with a job running: a clean hand-back.

The running task is interrupted, nothing of it is recorded, the run is
handed back (to the board, or to the next start), nothing writes to the
database after ``stop()`` returns, and no error is logged.
"""

import logging

import fixtures
from oslo_config import cfg

from heat_vision.common import context
from heat_vision.db import tasks as db_tasks
from heat_vision.rpc import transport
from heat_vision.tasks.plugins import basic
from heat_vision.tasks import rpcapi
from heat_vision.tasks import server
from heat_vision.tasks import views
from tests.component.tasks import base
from tests.functional.tasks import base as fbase
from tests import waiting

CONF = cfg.CONF


class StopHandsBackTest(base.TestCase):

    def steps(self, job_id):
        job = db_tasks.job_get(context.get_admin_context(), job_id)
        return job.status, [s['state'] for s in views.format_steps(job)]

    def _stop_while_running(self):
        log = self.useFixture(fixtures.FakeLogger(
            level=logging.INFO,
            format='%(levelname)s %(name)s %(message)s'))
        # Whether a run's thread is still under way in this process.
        under_way = []
        execute = basic.Sleep.execute

        def recording(plugin, runtime, seconds):
            under_way.append(runtime.job_id)
            try:
                return execute(plugin, runtime, seconds)
            finally:
                under_way.remove(runtime.job_id)

        self.useFixture(fixtures.MonkeyPatch(
            '%s.Sleep.execute' % basic.__name__, recording))
        service = server.TaskServer()
        service.start()
        self.addCleanup(service.stop)
        self.client = rpcapi.TasksClient(transport.get_rpc_transport(),
                                         topic=CONF.tasks.topic,
                                         exchange=CONF.control_exchange)
        job = self.client.create_job(self.ctx, base.sequence(
            ('a', 'sleep', {'seconds': 2}), ('b', 'noop', None)))
        # The job says RUNNING once claimed, before its first task runs:
        # wait for the task itself.
        waiting.wait_until(lambda: job['id'] in under_way, timeout=30)
        service.stop()
        stopped = self.steps(job['id'])
        self.assertEqual(('RUNNING', ['RUNNING', 'PENDING']), stopped)
        # The interrupted task had ended when stop() returned: nothing of
        # the run is left here to write step a's end.
        self.assertEqual([], under_way)
        self.assertEqual(stopped, self.steps(job['id']))
        output = log.output
        self.assertNotIn('Traceback', output)
        self.assertNotIn('ERROR ', output)
        self.assertNotIn('WARNING ', output)

        self.start_service()
        job = self.wait_job(job['id'], timeout=30)
        self.assertEqual('COMPLETE', job['status'])
        self.assertEqual(['SUCCESS', 'SUCCESS'],
                         [s['state'] for s in job['steps']])

    def test_embedded(self):
        self._stop_while_running()

    def test_redis_conductor(self):
        fbase.require(self, 'redis')
        self.flags(group='tasks', jobboard='redis',
                   jobboard_name=fbase.unique('hv-stop'),
                   poll_interval=0.05)
        self._stop_while_running()
