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

"""heat-vision as it is deployed: real processes, real services.

* distributed: ``heat-vision-api`` and two ``heat-vision-engine``
  processes over RabbitMQ, on MariaDB and on PostgreSQL;
* embedded: ``heat-vision-all`` alone, on sqlite and its in-process
  transport.

Stacks are created and deleted through HTTP, and the engines must all
show in the service list (HTTP and ``heat-vision-manage``).
"""

import os

from tests import backends
from tests import base
from tests.functional import client as heat_client
from tests.functional import processes
from tests import waiting

TEMPLATE = '''heat_template_version: 2021-04-16
parameters:
  word: {type: string}
resources:
  a: {type: OS::Heat::None}
  b: {type: OS::Heat::None}
  c: {type: OS::Heat::None, depends_on: [a, b]}
  echo:
    type: OS::Heat::Value
    properties: {value: {get_param: word}}
outputs:
  echoed: {value: {get_attr: [echo, value]}}
'''


class _Deployment:
    """What every deployment must do (a mixin; subclasses start it)."""

    STACKS = 12

    def start_deployment(self):
        raise NotImplementedError

    def setUp(self):
        super().setUp()
        self.port = processes.free_port()
        self.config = {
            'DEFAULT': {'state_path': self.state_dir,
                        'report_interval': 1,
                        'service_down_time': 10},
            'api': {'bind_port': self.port},
        }
        self.start_deployment()
        self.client = heat_client.HeatClient(
            'http://127.0.0.1:%d/v1/tenant-a' % self.port)
        for engine in self.engines:
            processes.wait_for_log(engine, processes.ENGINE_READY)
        waiting.wait_until(
            lambda: len(self.client.services()) == len(self.engines))

    def config_file(self):
        return processes.write_config(
            os.path.join(self.state_dir, 'heat-vision.conf'), self.config)

    def start(self, name, label=None):
        return self.useFixture(processes.Process(
            name, ['--config-file', self.config_path], self.state_dir,
            label))

    def test_deployment(self):
        """One test per deployment: starting one costs seconds."""
        self.check_service_list()
        self.check_stack_lifecycle()

    def check_service_list(self):
        services = self.client.services()
        self.assertEqual(['up'] * len(self.engines),
                         [s['status'] for s in services])
        output = processes.run('heat-vision-manage', '--config-file',
                               self.config_path, 'service', 'list')
        for service in services:
            self.assertIn(service['engine_id'], output)
        self.assertEqual(len(self.engines), output.count(' up '))

    def check_stack_lifecycle(self):
        ids = {}
        for i in range(self.STACKS):
            name = 'stack-%02d' % i
            ids[name] = self.client.create(
                name, TEMPLATE, parameters={'word': 'w%d' % i})
        for i, (name, stack_id) in enumerate(sorted(ids.items())):
            stack = self.client.wait(name, stack_id)
            self.assertEqual('CREATE_COMPLETE', stack['stack_status'],
                             stack['stack_status_reason'])
            self.assertEqual(
                [{'output_key': 'echoed', 'output_value': 'w%d' % i,
                  'description': 'No description given'}],
                stack['outputs'])
        listed = self.client.request('GET', '/stacks').json()['stacks']
        self.assertEqual(sorted(ids), sorted(s['stack_name']
                                             for s in listed))
        for engine in self.engines:
            # Each engine took some of the creates off the queue.
            self.assertIn('creates stack stack-', engine.log())
        for name, stack_id in ids.items():
            self.assertIsNone(self.client.delete(name, stack_id))
        self.assertEqual([], self.client.request(
            'GET', '/stacks').json()['stacks'])


class _Distributed(_Deployment):
    """api + two engines over RabbitMQ, on the database ``BACKEND``."""

    BACKEND = None

    def start_deployment(self):
        backends.require(self, 'rabbitmq')
        backends.require(self, self.BACKEND)
        database = self.useFixture(backends.TemporaryDatabase(self.BACKEND))
        backends.merge_config(self.config, backends.isolated_messaging(),
                              {'database': {'connection': database.url}})
        self.config_path = self.config_file()
        processes.run('heat-vision-manage', '--config-file',
                      self.config_path, 'db', 'sync')
        self.engines = [self.start('heat-vision-engine', 'engine-%d' % i)
                        for i in range(2)]
        api = self.start('heat-vision-api')
        processes.wait_for_http('http://127.0.0.1:%d/' % self.port, api)


class MySQLDistributedTest(_Distributed, base.TestCase):
    BACKEND = 'mysql'


class PostgreSQLDistributedTest(_Distributed, base.TestCase):
    BACKEND = 'postgresql'


class EmbeddedTest(_Deployment, base.TestCase):
    """heat-vision-all: sqlite under state_path, in-process transport."""

    def start_deployment(self):
        self.config_path = self.config_file()
        self.engines = [self.start('heat-vision-all')]
        processes.wait_for_http('http://127.0.0.1:%d/' % self.port,
                                self.engines[0])
        self.assertTrue(os.path.exists(
            os.path.join(self.state_dir, 'heat-vision.sqlite')))
