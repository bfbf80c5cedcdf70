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

"""heat_vision.clients: sessions per context, as [clients] says."""

from aodhclient import exceptions as aodh_exceptions
import fixtures
from keystoneauth1 import exceptions as ks_exceptions
from keystoneauth1.identity import generic
from keystoneauth1.identity import v3
from keystoneauth1 import noauth

from heat_vision import clients
from heat_vision.clients import errors
from heat_vision.clients import session
from heat_vision.common import context
from heat_vision.common import exception
from heat_vision.common import trusts
from tests import base

AODH = 'http://127.0.0.1:8042'


def _context(**kwargs):
    values = dict(project_id='proj', user_id='me', roles=['member', 'reader'])
    values.update(kwargs)
    return context.RequestContext(**values)


class SessionTest(base.TestCase):

    def test_noauth_sends_who_asks_to_the_endpoint_override(self):
        self.flags(group='clients_aodh', endpoint_override=AODH,
                   region_name='north', interface='internal')
        ks_session, options = session.for_service(_context(),
                                                  'clients_aodh')
        self.assertIsInstance(ks_session.auth, noauth.NoAuth)
        self.assertEqual(AODH, ks_session.auth.endpoint)
        self.assertEqual({'X-Project-Id': 'proj', 'X-User-Id': 'me',
                          'X-Roles': 'member,reader'},
                         dict(ks_session.additional_headers))
        self.assertEqual({'interface': 'internal', 'region_name': 'north',
                          'endpoint_override': AODH}, options)
        self.assertEqual(30, ks_session.timeout)

    def test_noauth_leaves_out_what_the_context_lacks(self):
        self.assertEqual({'X-Project-Id': 'proj'}, session.identity_headers(
            _context(user_id=None, roles=[])))

    def test_noauth_without_endpoint_is_a_configuration_error(self):
        error = self.assertRaises(exception.ServiceNotConfigured,
                                  session.for_service, _context(),
                                  'clients_aodh')
        self.assertIn('[clients_aodh] endpoint_override', str(error))

    def test_keystone_token_rescopes_the_request_token(self):
        self.flags(group='clients', auth_mode='keystone_token',
                   auth_url='http://keystone:5000/v3')
        ks_session, options = session.for_service(
            _context(auth_token='tok'), 'clients_aodh')
        self.assertIsInstance(ks_session.auth, v3.Token)
        self.assertEqual('http://keystone:5000/v3', ks_session.auth.auth_url)
        self.assertEqual('proj', ks_session.auth.project_id)
        self.assertIsNone(options['endpoint_override'])
        self.assertEqual('public', options['interface'])

    def test_keystone_token_needs_auth_url_and_a_token(self):
        self.flags(group='clients', auth_mode='keystone_token')
        self.assertRaises(exception.ServiceNotConfigured,
                          session.for_service, _context(auth_token='tok'),
                          'clients_aodh')
        self.flags(group='clients', auth_url='http://keystone:5000/v3')
        error = self.assertRaises(exception.ServiceNotConfigured,
                                  session.for_service, _context(),
                                  'clients_aodh')
        self.assertIn('no token', str(error))

    def test_keystone_token_without_a_token_acts_with_the_trust(self):
        self.flags(group='clients', auth_mode='keystone_token',
                   auth_url='http://keystone:5000/v3')
        self.flags(auth_encryption_key='a key')
        # The [trustee] user, as keystoneauth loads it from the options.
        self.useFixture(fixtures.MockPatchObject(
            trusts, '_trustee_auth', lambda **kw: generic.Password(
                auth_url='http://keystone:5000/v3', username='heat-vision',
                password='secret', user_domain_name='Default', **kw)))
        ctxt = _context()
        ctxt.sealed_trust = trusts.seal('a-trust-id')
        ks_session, _options = session.for_service(ctxt, 'clients_aodh')
        self.assertIsInstance(ks_session.auth, generic.Password)
        self.assertEqual('a-trust-id', ks_session.auth._trust_id)
        self.assertEqual('heat-vision', ks_session.auth._username)
        # A user's token, when the request has one, comes first.
        ctxt.auth_token = 'tok'
        ks_session, _options = session.for_service(ctxt, 'clients_aodh')
        self.assertIsInstance(ks_session.auth, v3.Token)

    def test_one_client_per_service_and_context(self):
        self.flags(group='clients_aodh', endpoint_override=AODH)
        per_context = clients.Clients(_context())
        self.assertIs(per_context.client('aodh'),
                      per_context.client('aodh'))
        self.assertIsNot(per_context.client('aodh'),
                         clients.Clients(_context()).client('aodh'))


class ErrorsTest(base.TestCase):

    def translate(self, error):
        def raise_it():
            with errors.translated('Aodh', aodh_exceptions.ClientException):
                raise error
        return self.assertRaises(exception.ServiceError, raise_it)

    def _aodh_error(self, cls, status, message):
        error = cls(message)
        error.http_status = status
        return error

    def test_refusal_keeps_the_status_and_what_the_service_said(self):
        error = self.translate(self._aodh_error(
            aodh_exceptions.BadRequest, 400, 'Unknown attribute: x'))
        self.assertEqual('Aodh refused the request (HTTP 400): Unknown '
                         'attribute: x', str(error))
        self.assertEqual(400, error.code)

    def test_not_found_and_server_errors(self):
        self.assertIsInstance(
            self.translate(self._aodh_error(aodh_exceptions.NotFound, 404,
                                            'gone')),
            exception.ServiceObjectNotFound)
        self.assertIsInstance(
            self.translate(self._aodh_error(
                aodh_exceptions.ClientException, 502, 'bad gateway')),
            exception.ServiceUnavailable)

    def test_connection_failure_is_unavailable(self):
        error = self.translate(ks_exceptions.ConnectFailure('refused'))
        self.assertIsInstance(error, exception.ServiceUnavailable)
        self.assertIn('Aodh is unavailable: refused', str(error))

    def test_long_messages_are_cut(self):
        error = self.translate(self._aodh_error(
            aodh_exceptions.BadRequest, 400, 'x' * 5000))
        self.assertLess(len(str(error)), 1100)
