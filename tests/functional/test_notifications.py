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

"""Stack notifications over RabbitMQ, read as another service reads them.

A real api and engine on RabbitMQ; this test listens on the
notifications topic of the test's own exchange (oslo.messaging's
notification listener, as Ceilometer or a monitoring tool would) and
must receive orchestration.stack.create.start and .end with Heat's
payload.
"""

import os
import queue
import shutil

from oslo_config import cfg
import oslo_messaging as messaging
from oslo_utils import uuidutils

from heat_vision.rpc import transport as hv_transport
from tests import backends
from tests import base
from tests import fixtures as hv_fixtures
from tests.functional import processes
from tests import templates

TEMPLATE = templates.one_none('thing')
PAYLOAD_KEYS = {'tenant_id', 'user_id', 'stack_id', 'stack_name',
                'stack_identity', 'create_at', 'state', 'state_reason',
                'tags'}


class Endpoint:
    """Collects every info and error notification it is given."""

    def __init__(self):
        self.received = queue.Queue()

    def info(self, ctxt, publisher_id, event_type, payload, metadata):
        self.received.put((publisher_id, event_type, payload))

    def error(self, ctxt, publisher_id, event_type, payload, metadata):
        self.received.put((publisher_id, event_type, payload))


class NotificationsTest(base.TestCase):

    TIMEOUT = 300

    def setUp(self):
        super().setUp()
        backends.require(self, 'rabbitmq')
        messaging_conf = backends.isolated_messaging()
        self.topic = 'hv-notifications-' + uuidutils.generate_uuid(
            dashed=False)[:12]
        messaging_conf['oslo_messaging_notifications'] = {
            'driver': 'messagingv2', 'topics': self.topic}
        self.exchange = messaging_conf['DEFAULT']['control_exchange']
        self.endpoint = Endpoint()
        # Listening before anything is sent: RabbitMQ drops what is sent
        # to a topic no queue is bound to.
        self.listen()
        port = processes.free_port()
        database = os.path.join(self.state_dir, 'hv.sqlite')
        shutil.copyfile(hv_fixtures.golden_sqlite(), database)
        config = processes.write_config(
            os.path.join(self.state_dir, 'hv.conf'), backends.merge_config({
                'DEFAULT': {'state_path': self.state_dir},
                'database': {'connection': 'sqlite:///' + database},
                'api': {'bind_port': port}}, messaging_conf))
        self.client = processes.start_api_and_engine(self, config, port)

    def listen(self):
        conf = cfg.ConfigOpts()
        conf([], project='hv-test-listener', default_config_files=[],
             default_config_dirs=[])
        transport = messaging.get_notification_transport(
            conf, url=backends.RABBIT_URL)
        self.addCleanup(transport.cleanup)
        listener = hv_transport.prompt(messaging.get_notification_listener(
            transport, [messaging.Target(topic=self.topic,
                                         exchange=self.exchange)],
            [self.endpoint], executor='threading'))
        listener.start()
        self.addCleanup(listener.wait)
        self.addCleanup(listener.stop)

    def next_for(self, stack_id, timeout=60):
        while True:
            publisher, event_type, payload = self.endpoint.received.get(
                timeout=timeout)
            if payload.get('stack_id') == stack_id:
                return publisher, event_type, payload

    def test_stack_create_start_and_end(self):
        stack_id = self.client.create('noticed', TEMPLATE)
        publisher, event_type, payload = self.next_for(stack_id)
        self.assertEqual('orchestration.stack.create.start', event_type)
        self.assertTrue(publisher.startswith('orchestration.'), publisher)
        self.assertEqual(PAYLOAD_KEYS, set(payload))
        self.assertEqual('CREATE_IN_PROGRESS', payload['state'])
        self.assertEqual('noticed', payload['stack_name'])
        self.assertEqual('tenant', payload['tenant_id'])
        publisher, event_type, payload = self.next_for(stack_id)
        self.assertEqual('orchestration.stack.create.end', event_type)
        self.assertEqual('CREATE_COMPLETE', payload['state'])
        self.assertEqual(stack_id, payload['stack_identity']['stack_id'])
