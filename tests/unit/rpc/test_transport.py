"""An idle RabbitMQ listener waits at most ``AMQP_IDLE_WAIT`` at a time."""

from oslo_messaging._drivers import amqpdriver

from heat_vision.rpc import transport
from tests import base


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
