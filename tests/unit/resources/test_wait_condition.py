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

"""Wait condition handles, wait conditions and URL signing."""

import json
from unittest import mock


from heat_vision.common import exception
from heat_vision.common import signal_limits
from heat_vision.common import signing
from heat_vision.resources import base as resource_base
from heat_vision.resources.heat import wait_condition as wc
from heat_vision.resources.heat import wait_condition_handle as wch
from tests import base
from tests.unit.resources import utils


class SigningTest(base.TestCase):

    def test_token_or_signature(self):
        secret = signing.new_secret()
        sig = signing.signature(secret, 'stack', 'res')
        self.assertTrue(signing.verify(secret, {'token': secret}))
        self.assertTrue(signing.verify(secret, {'signature': sig},
                                       'stack', 'res'))
        self.assertFalse(signing.verify(secret, {'signature': sig},
                                        'stack', 'other'))
        self.assertFalse(signing.verify(secret, {'token': secret[:-1]}))
        self.assertFalse(signing.verify(secret, {}))
        self.assertFalse(signing.verify(None, {'token': None}))
        self.assertFalse(signing.verify('', {'token': ''}))

    def test_urls(self):
        self.flags(group='api', public_endpoint='https://h/')
        self.assertEqual('https://h/v1/signal/s/a%2Fb',
                         signing.signal_url('s', 'a/b'))
        self.assertIn('?signature=', signing.signal_url('s', 'n', 'k'))
        self.flags(group='api', public_endpoint=None, bind_port=9000)
        self.assertEqual('http://127.0.0.1:9000/v1/signal/s/n',
                         signing.signal_url('s', 'n'))


class HandleTest(base.TestCase):

    def test_token_transport(self):
        handle = utils.make(wch.WaitConditionHandle, 'handle')
        utils.run(handle)
        token = handle.get_attribute('token')
        self.assertEqual(token, handle.data[signing.SECRET_KEY])
        self.assertIn("-H 'X-Auth-Token: %s'" % token,
                      handle.get_attribute('curl_cli'))
        self.assertEqual({'url': handle.get_attribute('endpoint'),
                          'token': token},
                         json.loads(handle.get_attribute('signal')))

    def test_heat_signal_transport_has_no_token(self):
        handle = utils.make(wch.WaitConditionHandle, 'handle',
                            props={'signal_transport': 'HEAT_SIGNAL'})
        utils.run(handle)
        self.assertIsNone(handle.get_attribute('token'))
        self.assertIsNone(handle.get_attribute('curl_cli'))
        self.assertNotIn(signing.SECRET_KEY, handle.data)

    def test_signals_are_numbered_and_defaulted(self):
        handle = utils.make(wch.WaitConditionHandle, 'handle')
        utils.run(handle)
        self.assertEqual('status:SUCCESS reason:Signal 1 received',
                         handle.handle_signal(None))
        handle.handle_signal({'status': 'FAILURE', 'reason': 'no',
                              'data': 7, 'id': 'x'})
        self.assertEqual({
            '1': {'status': 'SUCCESS', 'reason': 'Signal 1 received',
                  'data': None},
            'x': {'status': 'FAILURE', 'reason': 'no', 'data': 7}},
            handle.metadata)

    def test_bad_signals(self):
        handle = utils.make(wch.WaitConditionHandle, 'handle')
        utils.run(handle)
        self.assertRaises(ValueError, handle.handle_signal,
                          {'status': 'DONE'})
        self.assertRaises(ValueError, handle.handle_signal, ['x'])

    def test_a_replay_changes_nothing(self):
        handle = utils.make(wch.WaitConditionHandle, 'handle')
        utils.run(handle)
        handle.handle_signal({'id': 'a', 'data': 1})
        kept = dict(handle.metadata)
        self.assertIs(resource_base.SIGNAL_REPLAYED,
                      handle.handle_signal({'id': 'a', 'data': 1}))
        for other in ({'id': 'a', 'data': 2},
                      {'id': 'a', 'data': 1, 'status': 'FAILURE'},
                      {'id': 'a', 'data': 1, 'reason': 'other'}):
            error = self.assertRaises(exception.Conflict,
                                      handle.handle_signal, other)
            self.assertIn('Signal a of handle was already received '
                          '(SUCCESS)', str(error))
        self.assertEqual(kept, handle.metadata)

    def test_numbers_skip_ids_taken(self):
        handle = utils.make(wch.WaitConditionHandle, 'handle')
        utils.run(handle)
        handle.handle_signal({'id': '2', 'data': 'explicit'})
        handle.handle_signal({'data': 'first'})
        handle.handle_signal({'data': 'second'})
        self.assertEqual({'2': 'explicit', '3': 'first', '4': 'second'},
                         {k: v['data'] for k, v in handle.metadata.items()})

    def test_a_full_handle_refuses_new_ids(self):
        self.flags(max_signals_per_handle=2)
        for cls, signal in (
                (wch.WaitConditionHandle, lambda n: {'id': n}),
                (wch.CfnWaitConditionHandle, lambda n: {
                    'Status': 'SUCCESS', 'Reason': 'r', 'UniqueId': n,
                    'Data': None})):
            handle = utils.make(cls, 'handle')
            utils.run(handle)
            handle.handle_signal(signal('1'))
            handle.handle_signal(signal('2'))
            error = self.assertRaises(exception.RequestLimitExceeded,
                                      handle.handle_signal, signal('3'))
            self.assertIn('handle already keeps 2 signals '
                          '(max_signals_per_handle)', str(error))
            self.assertIs(resource_base.SIGNAL_REPLAYED,
                          handle.handle_signal(signal('2')))

    def test_signal_size(self):
        self.flags(max_signal_size=256)
        signal_limits.check_size(None)
        signal_limits.check_size({'data': 'x' * 240})
        error = self.assertRaises(exception.SignalTooLarge,
                                  signal_limits.check_size,
                                  {'data': 'x' * 300})
        self.assertEqual(413, error.code)
        self.assertIn('311 bytes of JSON, more than max_signal_size '
                      '(256 bytes)', str(error))

    def test_cfn_handle(self):
        handle = utils.make(wch.CfnWaitConditionHandle, 'Handle')
        self.assertEqual('Handle', handle.get_reference_id())
        utils.run(handle)
        self.assertIn('/v1/signal/%s/Handle?signature=' % handle.stack.id,
                      handle.get_reference_id())
        self.assertRaises(ValueError, handle.handle_signal,
                          {'Status': 'SUCCESS'})
        handle.handle_signal({'Status': 'SUCCESS', 'Reason': 'r',
                              'UniqueId': 1, 'Data': 'd'})
        self.assertEqual([('1', 'SUCCESS', 'r', 'd')],
                         wch.signals(handle.metadata))


class WaitConditionTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.stack = utils.FakeStack()
        self.handle = utils.make(wch.WaitConditionHandle, 'handle',
                                 stack=self.stack)
        utils.run(self.handle)
        self.row = mock.Mock(rsrc_metadata={})
        self.stack.stored_metadata = lambda name: self.row.rsrc_metadata

    def make(self, **props):
        props = dict({'handle': self.handle.resource_id, 'timeout': 10},
                     **props)
        return utils.make(wc.WaitCondition, 'wait', props=props,
                          stack=self.stack)

    def signal(self, **details):
        self.handle.metadata = self.row.rsrc_metadata
        self.handle.handle_signal(details)
        self.row.rsrc_metadata = self.handle.metadata

    def test_waits_for_count_successes(self):
        wait = self.make(count=2)
        token = wait.handle_create()
        self.assertEqual('handle', wait.data['handle'])
        self.assertFalse(wait.check_create_complete(token))
        self.signal(data='a')
        self.assertFalse(wait.check_create_complete(token))
        self.signal(data='b')
        self.assertTrue(wait.check_create_complete(token))
        self.assertEqual({'1': 'a', '2': 'b'},
                         json.loads(wait.get_attribute('data')))

    def test_failure(self):
        wait = self.make()
        token = wait.handle_create()
        self.signal(status='FAILURE', reason='broken')
        self.signal(status='FAILURE', reason='again')
        error = self.assertRaises(wc.WaitConditionFailure,
                                  wait.check_create_complete, token)
        self.assertEqual('broken;again', str(error))

    def test_timeout(self):
        wait = self.make(count=3)
        token = wait.handle_create()
        self.signal()
        token['started'] -= 11
        error = self.assertRaises(wc.WaitConditionTimeout,
                                  wait.check_create_complete, token)
        self.assertEqual('1 of 3 received - Signal 1 received', str(error))

    def test_a_count_no_handle_reaches_is_refused(self):
        self.flags(max_signals_per_handle=5)
        error = self.assertRaises(ValueError,
                                  self.make(count=6).handle_create)
        self.assertIn('count 6 is more than the 5 signals a handle keeps',
                      str(error))
        wait = self.make(count=5)
        wait.handle_create()
        self.assertRaises(ValueError, wait.handle_update,
                          dict(wait.properties, count=9), ['count'])

    def test_unknown_handle(self):
        wait = self.make(handle='nothing')
        self.assertRaises(ValueError, wait.handle_create)

    def test_descriptions(self):
        for cls in (wc.WaitCondition, wc.CfnWaitCondition,
                    wch.WaitConditionHandle):
            for schema in list(cls.properties_schema.values()) + list(
                    cls.attributes_schema.values()):
                self.assertTrue(schema.description)
