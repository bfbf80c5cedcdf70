"""Signal URLs: where they point."""

import socket
from unittest import mock

from heat_vision.common import signing
from tests import base


class SignalUrlTest(base.TestCase):

    def setUp(self):
        super().setUp()
        signing._fully_qualified_host_name.cache_clear()
        self.addCleanup(signing._fully_qualified_host_name.cache_clear)

    def test_the_public_endpoint_is_used_as_configured(self):
        self.flags(group='api', public_endpoint='https://heat.example/')
        self.assertEqual('https://heat.example/v1/signal/s1/my%20handle',
                         signing.signal_url('s1', 'my handle'))

    def test_a_bound_address_is_used_as_it_is(self):
        self.flags(group='api', bind_host='::1', bind_port=8004)
        self.assertEqual('http://[::1]:8004/v1/signal/s1/h',
                         signing.signal_url('s1', 'h'))

    def test_every_address_bound_uses_the_host_name_looked_up_once(self):
        self.flags(group='api', bind_host='0.0.0.0', bind_port=8004)
        with mock.patch.object(socket, 'getfqdn',
                               return_value='engine.example') as getfqdn:
            urls = [signing.signal_url('s1', 'h%d' % i) for i in range(3)]
        self.assertEqual('http://engine.example:8004/v1/signal/s1/h2',
                         urls[2])
        getfqdn.assert_called_once_with()
