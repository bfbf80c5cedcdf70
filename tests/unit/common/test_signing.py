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


class RetiredSecretTest(base.TestCase):
    """What a rotation keeps of the secrets it retired."""

    def credential(self, secret, action=None):
        return {'signature': signing.signature(
            secret, *signing.identity('s1', 'up', action))}

    def test_the_last_retired_are_kept_and_recognised(self):
        data = {signing.SECRET_KEY: 'first', 'cooldown': 1}
        secrets = ['first']
        for i in range(signing.MAX_RETIRED + 1):
            data = signing.retire(data, 'T%d' % i)
            secrets.append(data[signing.SECRET_KEY])
        self.assertEqual(1, data['cooldown'])
        self.assertEqual(signing.MAX_RETIRED,
                         len(data[signing.RETIRED_KEY]))
        identity = signing.identity('s1', 'up')
        # The newest retired first; the oldest one is forgotten.
        self.assertEqual('T%d' % signing.MAX_RETIRED, signing.retired_match(
            data, self.credential(secrets[-2]), *identity))
        self.assertEqual('T1', signing.retired_match(
            data, self.credential(secrets[1]), *identity))
        self.assertIsNone(signing.retired_match(
            data, self.credential('first'), *identity))
        # The current secret is not retired; nor is a made-up one.
        for secret in (secrets[-1], 'made-up'):
            self.assertIsNone(signing.retired_match(
                data, self.credential(secret), *identity))
        # A token credential (a handle's) and an action URL count too.
        self.assertEqual('T1', signing.retired_match(
            data, {'token': secrets[1]}, *identity))
        self.assertEqual('T1', signing.retired_match(
            data, self.credential(secrets[1], 'job:x'),
            *signing.identity('s1', 'up', 'job:x')))

    def test_nothing_kept_matches_nothing(self):
        for data in (None, {}, {signing.RETIRED_KEY: None}):
            self.assertIsNone(signing.retired_match(
                data, self.credential('x'), 's1', 'up'))
