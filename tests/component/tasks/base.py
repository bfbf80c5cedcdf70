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

"""The tasks suite's base: a migrated sqlite copy, the in-process
transport on an exchange of the test's own, and a task service."""


from oslo_config import cfg
from oslo_utils import uuidutils

from heat_vision.common import context
from heat_vision.db import api as db_api
from heat_vision.rpc import transport
from heat_vision.tasks import constants as c
from heat_vision.tasks import notify
from heat_vision.tasks import persistence
from heat_vision.tasks import rpcapi
from heat_vision.tasks import server
from tests import base
from tests import fixtures as hv_fixtures
from tests import waiting

CONF = cfg.CONF


class TestCase(base.TestCase):

    def setUp(self):
        super().setUp()
        self.useFixture(hv_fixtures.Database(self.state_dir))
        self.flags(transport_url='inproc://',
                   control_exchange='test-' + uuidutils.generate_uuid())
        self.flags(group='tasks', jobboard='local', watch_interval=0.1)
        for reset in (db_api.reset, persistence.reset, transport.reset,
                      notify.reset):
            reset()
            self.addCleanup(reset)
        self.ctx = context.RequestContext(project_id='p1', user_id='u1',
                                          roles=['member'])

    def start_service(self):
        service = server.TaskServer()
        service.start()
        self.addCleanup(service.stop)
        self.client = rpcapi.TasksClient(transport.get_rpc_transport(),
                                         topic=CONF.tasks.topic,
                                         exchange=CONF.control_exchange)
        return service

    def wait_job(self, job_id, statuses=c.FINAL_STATES, timeout=60):
        def ended():
            job = self.client.get_job(self.ctx, job_id)
            return job if job['status'] in statuses else None

        return waiting.wait_until(ended, timeout,
                                  describe='job %s to end' % job_id)

    def wait_runs(self, job_id, runs, timeout=60):
        """Wait until the job has run ``runs`` times."""
        waiting.wait_until(
            lambda: self.client.get_job(self.ctx, job_id)['runs'] >= runs,
            timeout, describe='%d runs of job %s' % (runs, job_id))


class RecordingBoard:
    """A board that keeps the names of the runs posted and runs nothing.
    """

    def __init__(self):
        self.posted = []

    def post(self, name, book, details):
        self.posted.append(name)

    def has_job(self, name):
        return name in self.posted

    def run_names(self):
        return set(self.posted)


def sequence(*tasks, **extra):
    """A sequence document of ``(name, action, input)`` tasks."""
    doc = {'name': 'job', 'tasks': [
        dict({'name': name, 'action': action},
             **({'input': inputs} if inputs is not None else {}))
        for name, action, inputs in tasks]}
    doc.update(extra)
    return doc
