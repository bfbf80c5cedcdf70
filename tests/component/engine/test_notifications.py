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

"""Stack state changes are announced on the queue, as Heat does."""

import threading

import oslo_messaging as messaging

from heat_vision.engine import notify
from heat_vision.rpc import transport
from tests import base
from tests import fixtures as hv_fixtures
from tests import templates

TEMPLATE = templates.one_none('a')


class Listener:

    def __init__(self):
        self.events = []
        self.done = threading.Event()

    def _seen(self, event_type, payload):
        self.events.append((event_type, payload))
        if event_type == 'orchestration.stack.delete.end':
            self.done.set()

    def info(self, ctxt, publisher_id, event_type, payload, metadata):
        self._seen(event_type, payload)

    def error(self, ctxt, publisher_id, event_type, payload, metadata):
        self._seen(event_type, payload)


class NotificationTest(base.TestCase):

    def test_create_and_delete_are_announced(self):
        service = self.useFixture(hv_fixtures.EmbeddedService(
            self.state_dir))
        listener = Listener()
        server = transport.get_notification_listener(
            [messaging.Target(topic='notifications')], [listener])
        server.start()
        self.addCleanup(server.wait)
        self.addCleanup(server.stop)
        response = service.request('POST', '/v1/demo/stacks', body={
            'stack_name': 'told', 'template': TEMPLATE})
        stack_id = response.json['stack']['id']
        service.wait_for_stack('demo', 'told')
        service.request('DELETE', '/v1/demo/stacks/told/%s' % stack_id)
        self.assertTrue(listener.done.wait(10), listener.events)
        types = [event_type for event_type, _ in listener.events]
        self.assertEqual(['orchestration.stack.create.start',
                          'orchestration.stack.create.end',
                          'orchestration.stack.delete.start',
                          'orchestration.stack.delete.end'], types)
        payload = listener.events[1][1]
        self.assertEqual(stack_id, payload['stack_id'])
        self.assertEqual('CREATE_COMPLETE', payload['state'])
        self.assertEqual('demo', payload['tenant_id'])

    def test_nothing_is_sent_when_no_listener_takes_it(self):
        """In process with no listener, the notification is not built
        (its payload and oslo.messaging's envelope, dropped unseen by the
        in-process transport); a listener on the topic gets it again.
        """
        service = self.useFixture(hv_fixtures.EmbeddedService(
            self.state_dir))
        sent = []
        notifier = notify._notifier()
        real_info = notifier.info

        def info(ctxt, event_type, payload):
            sent.append(event_type)
            return real_info(ctxt, event_type, payload)

        self.patch(notifier, 'info', info)
        response = service.request('POST', '/v1/demo/stacks', body={
            'stack_name': 'unheard', 'template': TEMPLATE})
        self.assertEqual(201, response.status_int, response.body)
        stack = service.wait_for_stack('demo', 'unheard')
        self.assertEqual('CREATE_COMPLETE', stack['stack_status'])
        self.assertEqual([], sent)
        listener = Listener()
        server = transport.get_notification_listener(
            [messaging.Target(topic='notifications')], [listener])
        server.start()
        self.addCleanup(server.wait)
        self.addCleanup(server.stop)
        service.request('DELETE', '/v1/demo/stacks/unheard/%s' % stack['id'])
        self.assertTrue(listener.done.wait(10), listener.events)
        self.assertEqual(['orchestration.stack.delete.start',
                          'orchestration.stack.delete.end'], sent)
