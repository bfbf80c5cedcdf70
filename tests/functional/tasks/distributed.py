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

"""Two heat-vision-tasks on RabbitMQ + MariaDB + Redis, for the tests
of the distributed task system."""

import os
import socket
import time

import oslo_messaging as messaging

from heat_vision.common import context
from heat_vision.db import api as db_api
from heat_vision.rpc import transport
from heat_vision.tasks import rpcapi
from tests import base
from tests.functional.tasks import base as fbase


class DistributedTestCase(base.TestCase):
    """Two heat-vision-tasks on RabbitMQ + MariaDB + Redis, and a client.

    ``TASKS_OPTIONS`` are the services' own ``[tasks]`` options.
    """

    TASKS_OPTIONS = {'claim_expiry': 2}

    def setUp(self):
        super().setUp()
        fbase.require(self, 'rabbitmq', 'mysql', 'redis')
        db_url = fbase.temporary_mysql(self)
        self.flags(group='database', connection=db_url)
        db_api.reset()
        self.addCleanup(db_api.reset)
        self.exchange = fbase.unique('hv-tasks')
        self.topic = fbase.unique('hv-tasks')
        self.flags(transport_url=fbase.RABBIT_URL,
                   control_exchange=self.exchange)
        transport.reset()
        self.addCleanup(transport.reset)
        self.db_url = db_url
        self.procs = []
        self.start_services(**self.TASKS_OPTIONS)
        self.client = rpcapi.TasksClient(transport.get_rpc_transport(),
                                         topic=self.topic, timeout=20,
                                         exchange=self.exchange)
        self.ctx = context.RequestContext(project_id='p1', user_id='u1')
        self.wait_ready()

    def start_services(self, **tasks_options):
        """Start two heat-vision-tasks with these ``[tasks]`` options."""
        self.jobboard_name = fbase.unique('hv-tasks')
        config = fbase.write_config(self.state_dir, 'tasks', {
            'DEFAULT': {'transport_url': fbase.RABBIT_URL,
                        'control_exchange': self.exchange,
                        'state_path': self.state_dir},
            'database': {'connection': self.db_url},
            'url_fetch': {'allowed_networks': '127.0.0.1/32'},
            'tasks': dict({'jobboard': 'redis',
                           'jobboard_url': 'redis://127.0.0.1:6379/0',
                           'jobboard_name': self.jobboard_name,
                           'poll_interval': 0.1, 'topic': self.topic},
                          **tasks_options)})
        self.procs = [fbase.start_process(
            self, fbase.tasks_service_args(config),
            os.path.join(self.state_dir, 'tasks-%d.log' % i))
            for i in range(len(self.procs), len(self.procs) + 2)]

    def wait_ready(self, timeout=120):
        """Wait until both services answer on their own server topic.

        Two minutes: at load 30-50 a bare ``import`` of the service took
        50 s of wall time for 1.3 s of CPU.
        """
        deadline = time.monotonic() + timeout
        for proc in self.procs:
            server = '%s-%d' % (socket.gethostname(), proc.pid)
            target = messaging.Target(topic=self.topic, server=server)
            client = transport.get_rpc_client(target).prepare(timeout=1)
            while True:
                try:
                    client.call(self.ctx, 'list_jobs', limit=1)
                    break
                except messaging.MessagingTimeout:
                    self.assertLess(time.monotonic(), deadline,
                                    'the task services did not start')

    def wait(self, job_id, predicate, timeout=40):
        deadline = time.monotonic() + timeout
        while True:
            job = self.client.get_job(self.ctx, job_id)
            if predicate(job):
                return job
            if time.monotonic() > deadline:
                self.fail('job %s: %s' % (job_id, job))
            time.sleep(0.1)
