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

"""A client capped by [rpc] engine_version_cap talks to older engines.

It sends each call at the newest version the cap allows, without the
arguments that came later when they have their defaults, and refuses
(NotSupported, 501) what an older engine cannot do.
"""

from heat_vision.common import exception
from heat_vision.rpc import engine_client
from heat_vision.rpc import transport
from tests import base
from tests import fixtures as hv_fixtures
from tests.unit.rpc import api_record

NEWER_VALUE = object()


class CappedClientTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.table = api_record.load('engine_rpc_api.json')
        self.addCleanup(transport.reset)

    def _client(self, cap):
        self.flags(group='rpc', engine_version_cap=cap)
        return engine_client.EngineClient()

    def test_uncapped_client_sends_every_version(self):
        self.assertTrue(engine_client.EngineClient().can_send_version(
            engine_client.EngineClient.RPC_API_VERSION))

    def test_newer_arguments_left_at_default_are_left_out(self):
        for method, entries in self.table.items():
            for index in range(1, len(entries)):
                client = self._client(api_record.previous(entries[index][0]))
                version, sent = api_record.send(client, method)
                self.assertEqual(entries[index - 1][0], version, method)
                self.assertEqual(
                    api_record.recorded_parameters(entries[:index]),
                    list(sent), method)

    def test_newer_arguments_given_a_value_are_refused(self):
        refused = 0
        for method, entries in self.table.items():
            for version, args in entries[1:]:
                client = self._client(api_record.previous(version))
                for arg in args:
                    if '.' in arg:
                        continue
                    error = self.assertRaises(
                        exception.NotSupported, api_record.send, client,
                        method, **{arg: NEWER_VALUE})
                    self.assertIn('%s(%s)' % (method, arg), str(error))
                    self.assertIn(version, str(error))
                    refused += 1
        self.assertGreater(refused, 10)

    def test_newer_methods_are_refused_before_sending(self):
        for method, entries in self.table.items():
            introduced = entries[0][0]
            if introduced == '1.0':
                continue
            cap = api_record.previous(introduced)
            error = self.assertRaises(exception.NotSupported,
                                      api_record.send,
                                      self._client(cap), method)
            self.assertEqual(501, error.code)
            self.assertIn(method, str(error))
            self.assertIn('engine_version_cap = %s' % cap, str(error))

    def test_methods_up_to_the_cap_are_sent(self):
        client = self._client('1.1')
        self.assertEqual('1.1', api_record.send(
            client, 'validate_template')[0])
        self.assertEqual('1.0', api_record.send(client, 'show_stack')[0])

    def test_adopt_needs_1_7(self):
        client = self._client('1.6')
        adopt = {'adopt_stack_data': {'resources': {}}}
        error = self.assertRaises(exception.NotSupported, api_record.send,
                                  client, 'create_stack', args=adopt)
        self.assertIn('create_stack(args.adopt_stack_data)', str(error))
        version, sent = api_record.send(client, 'create_stack',
                                        args={'timeout_mins': 5})
        self.assertEqual('1.0', version)
        self.assertEqual({'timeout_mins': 5}, sent['args'])
        self.assertEqual('1.7', api_record.send(
            self._client('1.7'), 'create_stack', args=adopt)[0])


class CappedAPITest(base.TestCase):
    """The API capped below 1.8 lists stacks, but refuses tag filters."""

    def setUp(self):
        super().setUp()
        self.flags(group='rpc', engine_version_cap='1.7')
        self.service = self.useFixture(
            hv_fixtures.EmbeddedService(self.state_dir))

    def test_a_plain_list_is_sent_at_1_0(self):
        response = self.service.request('GET', '/v1/demo/stacks')
        self.assertEqual(200, response.status_int, response.body)
        self.assertEqual({'stacks': []}, response.json)

    def test_tag_filters_are_refused_with_501(self):
        response = self.service.request('GET', '/v1/demo/stacks?tags=a')
        self.assertEqual(501, response.status_int, response.body)
        error = response.json['error']
        self.assertEqual('NotSupported', error['type'])
        self.assertIn('list_stacks(tags)', error['message'])
        self.assertIn('engine_version_cap = 1.7', error['message'])
