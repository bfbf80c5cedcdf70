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

"""How heat-vision's RPC servers and listeners stop: their thread pool,
and an idle RabbitMQ listener's wait (at most ``AMQP_IDLE_WAIT``)."""

import threading

from oslo_messaging._drivers import amqpdriver

from heat_vision.common import context
from heat_vision.rpc import transport
from tests import base


class PromptThreadPoolExecutorTest(base.TestCase):

    def test_shutdown_runs_queued_work_first(self):
        executor = transport.PromptThreadPoolExecutor(max_workers=1)
        release = threading.Event()
        first = executor.submit(release.wait)
        second = executor.submit(lambda: 'done')
        threading.Timer(0.05, release.set).start()
        executor.shutdown(wait=True)
        self.assertTrue(first.result(0))
        self.assertEqual('done', second.result(0))
        self.assertFalse(any(w.is_alive() for w in executor._workers))

    def test_a_second_shutdown_returns(self):
        # A worker that stopped on its idle timeout leaves its wake-up
        # queued and unfinished: joining the queue again never returned.
        executor = transport.PromptThreadPoolExecutor(max_workers=1)
        executor.submit(lambda: None).result()
        executor.shutdown()
        executor._work_queue.put(transport._WakeUp())
        done = threading.Event()
        threading.Thread(target=lambda: (executor.shutdown(), done.set()),
                         daemon=True).start()
        self.assertTrue(done.wait(30))

    def test_no_work_after_shutdown(self):
        executor = transport.PromptThreadPoolExecutor(max_workers=2)
        executor.submit(lambda: None).result()
        executor.shutdown()
        self.assertRaises(RuntimeError, executor.submit, lambda: None)


class AmqpIdleWaitTest(base.TestCase):

    def setUp(self):
        super().setUp()
        # oslo.messaging's own value, restored after the test.
        self.patch(amqpdriver, 'ACK_REQUEUE_EVERY_SECONDS_MAX', 5.0)
        transport.reset()
        self.addCleanup(transport.reset)

    def test_a_rabbit_transport_shortens_the_idle_wait(self):
        # Making the transport connects to nothing.
        self.flags(transport_url='rabbit://guest:guest@127.0.0.1:1/')
        transport.get_rpc_transport()
        self.assertEqual(transport.AMQP_IDLE_WAIT,
                         amqpdriver.ACK_REQUEUE_EVERY_SECONDS_MAX)


class CompactContextTest(base.TestCase):

    def _round_trip(self, ctxt):
        serializer = transport.RpcContextSerializer()
        sent = serializer.serialize_context(ctxt)
        return sent, serializer.deserialize_context(sent)

    def test_the_context_built_is_the_same(self):
        for ctxt in (
                context.RequestContext(project_id='p', user_id='u',
                                       roles=['member']),
                context.RequestContext(is_admin=True, overwrite=False),
                context.RequestContext(
                    project_id='p', user_id='u', auth_token='t',
                    read_only=True, show_deleted=True,
                    is_admin_project=False, project_name='pn',
                    project_domain_name='d', domain_id='dom',
                    user_domain_id='ud', project_domain_id='pd',
                    global_request_id='req-g', system_scope='all'),
                context.RequestContext(roles=[])):
            sent, back = self._round_trip(ctxt)
            self.assertEqual(ctxt.to_dict(), back.to_dict())
            self.assertEqual(ctxt.get_logging_values(),
                             back.get_logging_values())

    def test_none_defaults_and_derived_keys_stay_home(self):
        sent, _back = self._round_trip(
            context.RequestContext(project_id='p', user_id='u'))
        self.assertEqual({'user', 'project_id', 'request_id', 'roles'},
                         set(sent))
