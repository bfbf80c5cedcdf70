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

"""Trusts: when they are made, and how their ids are kept."""

from unittest import mock

from cryptography import fernet
from keystoneauth1 import loading as ks_loading
from oslo_config import fixture as config_fixture

from heat_vision.common import context
from heat_vision.common import exception
from heat_vision.common import trusts
from heat_vision.rpc import transport
from tests import base

TRUST_ID = '0123456789abcdef0123456789abcdef'


class TrustsTest(base.TestCase):

    def setUp(self):
        super().setUp()
        # Registered where trusts are made or used (not at import).
        trusts.register_trustee_opts()

    def _context(self):
        return context.RequestContext(
            user_id='u1', project_id='p1', roles=['member'],
            auth_token='a-user-token', overwrite=False)

    def test_sealed_id_is_not_in_clear(self):
        self.flags(auth_encryption_key='a key')
        sealed = trusts.seal(TRUST_ID)
        self.assertNotIn(TRUST_ID, sealed)
        self.assertEqual(TRUST_ID, trusts.unseal(sealed))
        self.flags(auth_encryption_key='another key')
        self.assertRaises(fernet.InvalidToken, trusts.unseal, sealed)

    def test_noauth_keeps_nothing(self):
        self.flags(auth_strategy='noauth', group='api')
        self.flags(deferred_auth_method='trusts')
        self.flags(auth_type='password', group='trustee')
        stored = {'user_id': 'u1', 'project_id': 'p1'}
        self.assertFalse(trusts.enabled())
        self.assertEqual(stored, trusts.keep(self._context(), stored))

    def test_keystone_without_a_trustee_is_a_configuration_error(self):
        self.assertIsNone(trusts.config_problem())      # noauth default
        self.flags(auth_strategy='keystone', group='api')
        self.assertTrue(trusts.enabled())
        problem = trusts.config_problem()
        for words in ('[trustee] is not set (no auth_type)',
                      'auth_type = password, auth_url, username, password, '
                      'user_domain_name', 'deferred_auth_method = none'):
            self.assertIn(words, problem)
        # Not silence: the work that needs a trust is refused, with a 4xx.
        with mock.patch.object(trusts, 'create') as create:
            exc = self.assertRaises(exception.Forbidden, trusts.keep,
                                    self._context(), {'user_id': 'u1'})
        create.assert_not_called()
        self.assertIn('[trustee]', str(exc))
        self.flags(deferred_auth_method='none')
        self.assertFalse(trusts.enabled())
        self.assertIsNone(trusts.config_problem())

    def test_a_trustee_login_lacking_options_names_them(self):
        # Loading the plugin registers its options, auth_url required:
        # they go with the test, or every later parse would fail.
        self.useFixture(config_fixture.Config(trusts.CONF)).register_opts(
            ks_loading.get_auth_plugin_conf_options('password'),
            group='trustee')
        self.flags(auth_strategy='keystone', group='api')
        self.flags(auth_type='password', group='trustee')
        self.assertIn('cannot be loaded', trusts.config_problem())
        self.assertIn('not given: auth_url', trusts.config_problem())
        self.flags(auth_url='http://127.0.0.1:5000/v3', username='hv',
                   group='trustee')
        problem = trusts.config_problem()
        self.assertIn('[trustee] has no password, user_domain_name.',
                      problem)
        self.flags(password='secret', user_domain_name='Default',
                   group='trustee')
        self.assertIsNone(trusts.config_problem())
        self.flags(auth_type='no-such-plugin', group='trustee')
        self.assertIn('no-such-plugin', trusts.config_problem())

    def test_context_without_a_trust_has_no_token(self):
        ctxt = trusts.context_from_dict({'user_id': 'u1',
                                         'project_id': 'p1'})
        self.assertIsNone(ctxt.auth_token)
        self.assertEqual('p1', ctxt.project_id)
        # Nothing to delete, and no Keystone to ask.
        trusts.forget({'user_id': 'u1'})

    def test_a_stack_lends_its_trust_to_its_jobs(self):
        self.flags(auth_encryption_key='a key')
        ctxt = self._context()
        ctxt.sealed_trust = trusts.seal(TRUST_ID)
        stored = trusts.keep(ctxt, {'user_id': 'u1'})
        self.assertEqual(ctxt.sealed_trust, stored[trusts.BORROWED_KEY])
        self.assertNotIn(trusts.SEALED_KEY, stored)
        self.assertNotIn(TRUST_ID, repr(stored))
        # The job's end leaves the stack's trust alone.
        with mock.patch.object(trusts, 'delete') as delete:
            trusts.forget(stored)
        delete.assert_not_called()
        with mock.patch.object(trusts, 'token', return_value='t') as token:
            run = trusts.context_from_dict(stored)
        token.assert_called_once_with(TRUST_ID)
        self.assertEqual('t', run.auth_token)
        self.assertEqual(ctxt.sealed_trust, run.sealed_trust)

    def test_the_trust_never_travels_in_the_context_dict(self):
        self.flags(auth_encryption_key='a key')
        ctxt = self._context()
        ctxt.sealed_trust = trusts.seal(TRUST_ID)
        self.assertNotIn(ctxt.sealed_trust, repr(ctxt.to_dict()))
        self.assertNotIn(ctxt.sealed_trust,
                         repr(ctxt.get_logging_values()))
        # Notifications carry the plain dict; RPC calls the sealed trust.
        plain = transport.RequestContextSerializer()
        self.assertNotIn(ctxt.sealed_trust,
                         repr(plain.serialize_context(ctxt)))
        rpc = transport.RpcContextSerializer()
        back = rpc.deserialize_context(rpc.serialize_context(ctxt))
        self.assertEqual(ctxt.sealed_trust, back.sealed_trust)
        self.assertEqual('u1', back.user_id)
        self.assertIsNone(plain.deserialize_context(
            plain.serialize_context(ctxt)).sealed_trust)
