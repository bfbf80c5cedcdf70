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

"""A cancel sent to an engine that does not run the update.

An API and two engines over RabbitMQ on MariaDB. The update's resource
waits ten minutes; the cancel is sent straight to the engine that does
not hold the stack's lock, which routes it to the one that does (on
that engine's own queue, as Heat casts to the lock's engine): the update
stops and rolls back within a minute.
"""

import os
import re
import time

from oslo_config import cfg

from heat_vision.common import context
from heat_vision.rpc import engine_client
from heat_vision.rpc import transport
from tests import backends
from tests import base
from tests.component.engine import test_cancel
from tests.functional import processes

CONF = cfg.CONF


class DistributedCancelTest(base.TestCase):

    def setUp(self):
        super().setUp()
        backends.require(self, 'rabbitmq')
        backends.require(self, 'mysql')
        database = self.useFixture(backends.TemporaryDatabase(
            'mysql', migrated=True))
        messaging = backends.isolated_messaging()
        port = processes.free_port()
        config = processes.write_config(
            os.path.join(self.state_dir, 'hv.conf'), backends.merge_config({
                'DEFAULT': {'state_path': self.state_dir,
                            'enable_test_resource_types': True},
                'database': {'connection': database.url},
                'api': {'bind_port': port}}, messaging))
        self.client = processes.start_api_and_engine(self, config, port)
        second = self.useFixture(processes.Process(
            'heat-vision-engine', ['--config-file', config],
            self.state_dir, 'second'))
        second.attach_log_to(self)
        processes.wait_for_log(second, processes.ENGINE_READY)
        self.wait_until(lambda: len(self.client.services()) == 2)
        # This process talks to the engines directly, as the API does.
        self.flags(transport_url=messaging['DEFAULT']['transport_url'],
                   control_exchange=messaging['DEFAULT']['control_exchange'])
        self.flags(group='rpc', engine_topic=messaging['rpc']['engine_topic'])
        transport.reset()
        self.addCleanup(transport.reset)

    def wait_until(self, predicate, timeout=test_cancel.DEADLINE):
        deadline = time.monotonic() + timeout
        while not predicate():
            self.assertLess(time.monotonic(), deadline)
            time.sleep(0.1)

    def resource_status(self, stack_id, name):
        response = self.client.request(
            'GET', '/stacks/ops/%s/resources/%s' % (stack_id, name))
        if response.status_code != 200:
            return None
        return response.json()['resource']['resource_status']

    def test_cancel_reaches_the_engine_holding_the_lock(self):
        stack_id = self.client.create('ops', test_cancel.TEMPLATE)
        stack = self.client.wait('ops', stack_id)
        self.assertEqual('CREATE_COMPLETE', stack['stack_status'])
        response = self.client.request(
            'PATCH', '/stacks/ops/%s' % stack_id,
            json={'parameters': {'value': 'b'}})
        self.assertEqual(202, response.status_code, response.text)
        self.wait_until(lambda: self.resource_status(
            stack_id, 'slow') == 'UPDATE_IN_PROGRESS')

        [owner] = {m for log in self.engine_logs() for m in re.findall(
            r'Engine (\S+) updates stack ops', log)}
        [bystander] = {s['engine_id'] for s in self.client.services()} - {
            owner}
        identity = {'tenant': 'tenant', 'stack_name': 'ops',
                    'stack_id': stack_id, 'path': ''}
        client = engine_client.EngineClient()
        client._prepare('stack_cancel_update', '1.6',
                        server=bystander).call(
            context.get_admin_context(), 'stack_cancel_update',
            stack_identity=identity, cancel_with_rollback=True)

        stack = self.client.wait('ops', stack_id,
                                 timeout=test_cancel.DEADLINE)
        self.assertEqual('ROLLBACK_COMPLETE', stack['stack_status'],
                         stack['stack_status_reason'])
        sent = 'Cancel of the UPDATE of stack %s sent to engine %s' % (
            stack_id, owner)
        self.assertEqual(1, sum(log.count(sent)
                                for log in self.engine_logs()))
        self.assertEqual('CREATE_COMPLETE',
                         self.resource_status(stack_id, 'after'))

    def engine_logs(self):
        logs = []
        for label in ('heat-vision-engine', 'second'):
            with open(os.path.join(self.state_dir, label + '.log')) as f:
                logs.append(f.read())
        return logs
