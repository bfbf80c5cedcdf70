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

"""heat_vision.clients.openstack and .constraints: connections per
context, the sdk's errors as ours, the constraint validation cache."""

from unittest import mock

from keystoneauth1.identity import v3
from openstack import exceptions as sdk_exceptions
import requests

from heat_vision import clients
from heat_vision.clients import constraints
from heat_vision.clients import openstack
from heat_vision.common import context
from heat_vision.common import exception
from tests import base

KEYSTONE = 'http://keystone:5000/v3'


def _context(**kwargs):
    values = dict(project_id='proj', user_id='me', roles=['member'],
                  auth_token='tok')
    values.update(kwargs)
    return context.RequestContext(**values)


def _response(status, body=b'{}'):
    response = requests.Response()
    response.status_code = status
    response._content = body
    response.headers['Content-Type'] = 'application/json'
    response.url = 'http://nova/servers'
    return response


class ConnectionTest(base.TestCase):

    def test_noauth_cannot_reach_the_catalog(self):
        error = self.assertRaises(exception.ServiceNotConfigured,
                                  clients.Clients(_context()).client,
                                  'nova')
        self.assertIn('keystone_token', str(error))

    def test_connection_on_the_token_session_with_region_and_interface(
            self):
        self.flags(group='clients', auth_mode='keystone_token',
                   auth_url=KEYSTONE)
        self.flags(group='clients_openstack', region_name='north',
                   interface='internal')
        per_context = clients.Clients(_context())
        nova = per_context.client('nova')
        neutron = per_context.client('neutron')
        self.assertIs(nova._conn, neutron._conn)
        self.assertIs(nova, per_context.client('nova'))
        conn = nova._conn
        self.assertIsInstance(conn.session.auth, v3.Token)
        self.assertEqual('proj', conn.session.auth.project_id)
        self.assertEqual('north', conn.config.get_region_name('compute'))
        self.assertEqual('internal', conn.config.get_interface('compute'))


class FakeProxy:

    def __init__(self, response=None, error=None):
        self.response = response
        self.error = error
        self.calls = []

    def request(self, path, method, **kwargs):
        self.calls.append((path, method, kwargs))
        return self.response

    def find_server(self, name):
        raise self.error

    def servers(self):
        yield {'id': 'a'}


class ServiceClientTest(base.TestCase):

    def client(self, proxy):
        conn = mock.Mock(compute=proxy)
        return openstack.ServiceClient('nova', conn)

    def test_api_returns_the_key_of_the_answer(self):
        proxy = FakeProxy(_response(200, b'{"server": {"id": "s"}}'))
        answer = self.client(proxy).api('GET', '/servers/s', key='server',
                                        microversion='2.52')
        self.assertEqual({'id': 's'}, answer)
        self.assertEqual(('/servers/s', 'GET',
                          {'params': {}, 'microversion': '2.52',
                           'connect_retries': openstack.CONNECT_RETRIES}),
                         proxy.calls[0])

    def test_api_statuses_become_our_errors(self):
        cases = [(404, b'{"itemNotFound": {"message": "nope"}}',
                  exception.ServiceObjectNotFound),
                 (409, b'{"NeutronError": {"message": "in use"}}',
                  exception.ServiceConflict),
                 (409, b'{"NeutronError": {"type": "OverQuota", '
                       b'"message": "Quota exceeded for resources"}}',
                  exception.ServiceOverQuota),
                 (403, b'{"forbidden": {"message": "Quota exceeded for '
                       b'cores"}}', exception.ServiceOverQuota),
                 (413, b'{"overLimit": {"message": "too many"}}',
                  exception.ServiceOverQuota),
                 (400, b'{"badRequest": {"message": "bad flavor"}}',
                  exception.ServiceError),
                 (503, b'{}', exception.ServiceUnavailable)]
        for status, body, kind in cases:
            with self.subTest(status=status, body=body):
                error = self.assertRaises(
                    kind, self.client(FakeProxy(_response(status, body))).api,
                    'POST', '/servers', body={})
                self.assertIs(kind, type(error))
                self.assertIn('Nova', str(error))

    def test_proxy_methods_translate_and_list(self):
        client = self.client(FakeProxy(
            error=sdk_exceptions.ResourceNotFound('no server x')))
        self.assertRaises(exception.ServiceObjectNotFound,
                          client.find_server, 'x')
        self.assertEqual([{'id': 'a'}], client.servers())

    def test_a_service_not_in_the_catalog_is_not_configured(self):
        client = self.client(FakeProxy(
            error=sdk_exceptions.EndpointNotFound('no compute')))
        self.assertRaises(exception.ServiceNotConfigured,
                          client.find_server, 'x')


class CountingClient:

    service = 'Nova'

    def __init__(self, flavors):
        self.flavors = flavors
        self.asked = 0

    def api(self, method, path, key=None, params=None, **kwargs):
        self.asked += 1
        if params:
            return [{'id': f, 'name': f} for f in self.flavors
                    if f == params['name']]
        if path.rsplit('/', 1)[1] in self.flavors:
            return {'flavor': {'id': path.rsplit('/', 1)[1]}}
        raise exception.ServiceObjectNotFound(service='Nova', status=404,
                                              reason='none')


class ConstraintCacheTest(base.TestCase):

    def setUp(self):
        super().setUp()
        constraints.CACHE.clear()
        self.addCleanup(constraints.CACHE.clear)
        self.nova = CountingClient(['m1.small'])
        patcher = mock.patch.object(clients.Clients, 'client',
                                    lambda _self, name: self.nova)
        patcher.start()
        self.addCleanup(patcher.stop)

    def test_found_once_then_from_the_cache(self):
        check = constraints.FlavorConstraint()
        self.assertTrue(check.validate('m1.small', _context()))
        asked = self.nova.asked
        self.assertTrue(check.validate('m1.small', _context()))
        self.assertEqual(asked, self.nova.asked)
        # Another project asks again.
        self.assertTrue(check.validate('m1.small',
                                       _context(project_id='other')))
        self.assertGreater(self.nova.asked, asked)

    def test_not_found_is_refused_and_not_remembered(self):
        check = constraints.FlavorConstraint()
        self.assertFalse(check.validate('m1.huge', _context()))
        self.assertIn('flavor', check.error_message)
        asked = self.nova.asked
        self.nova.flavors.append('m1.huge')
        self.assertTrue(check.validate('m1.huge', _context()))
        self.assertGreater(self.nova.asked, asked)

    def test_cache_off_asks_every_time(self):
        self.flags(group='clients', constraint_cache_seconds=0)
        check = constraints.FlavorConstraint()
        check.validate('m1.small', _context())
        asked = self.nova.asked
        check.validate('m1.small', _context())
        self.assertGreater(self.nova.asked, asked)

    def test_cache_is_bounded(self):
        self.flags(group='clients', constraint_cache_size=2)
        self.nova.flavors.extend(['a', 'b', 'c'])
        check = constraints.FlavorConstraint()
        for name in ('a', 'b', 'c'):
            check.validate(name, _context())
        asked = self.nova.asked
        check.validate('a', _context())
        self.assertGreater(self.nova.asked, asked)

    def test_unreachable_service_lets_the_value_through(self):
        def not_configured(_self, name):
            raise exception.ServiceNotConfigured(service='Nova',
                                                 reason='noauth')
        with mock.patch.object(clients.Clients, 'client', not_configured):
            self.assertTrue(constraints.FlavorConstraint().validate(
                'anything', _context()))
