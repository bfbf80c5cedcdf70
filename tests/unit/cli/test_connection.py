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

import argparse
from unittest import mock

from keystoneauth1 import session as ks_session

from heat_vision.cli import connection
from heat_vision.cli import http
from tests import base


def parse(argv, env=None):
    parser = argparse.ArgumentParser()
    connection.add_options(parser, env or {})
    return parser.parse_args(argv)


class TestMakeClient(base.TestCase):

    def test_default_is_the_local_service_of_project_demo(self):
        client = connection.make_client(parse([]))
        self.assertEqual('http://127.0.0.1:8004/v1/demo', client.endpoint)
        self.assertFalse(client.authenticated)

    def test_project_id_names_the_default_tenant(self):
        client = connection.make_client(parse([], {'OS_PROJECT_ID': 'p1'}))
        self.assertEqual('http://127.0.0.1:8004/v1/p1', client.endpoint)

    def test_endpoint_from_environment(self):
        client = connection.make_client(parse(
            ['--os-token', 't'], {'HEAT_VISION_URL': 'http://h:1/v1/x/'}))
        self.assertEqual('http://h:1/v1/x', client.endpoint)
        self.assertEqual('t', client.token)

    def test_option_beats_environment(self):
        client = connection.make_client(parse(
            ['--os-endpoint', 'http://a/v1/b'],
            {'HEAT_VISION_URL': 'http://h:1/v1/x'}))
        self.assertEqual('http://a/v1/b', client.endpoint)

    def test_roles_are_sent_as_x_roles(self):
        client = connection.make_client(parse(['--os-roles', 'admin']))
        self.assertEqual({'X-Roles': 'admin'}, client.headers)

    @mock.patch.object(ks_session.Session, 'get_endpoint',
                       return_value='http://heat:8004/v1/p')
    def test_keystone_endpoint_from_catalog(self, get_endpoint):
        client = connection.make_client(parse([
            '--os-auth-url', 'http://ks/v3', '--os-username', 'u',
            '--os-password', 'p', '--os-project-name', 'p',
            '--os-user-domain-name', 'Default',
            '--os-project-domain-name', 'Default']))
        self.assertEqual('http://heat:8004/v1/p', client.endpoint)
        self.assertTrue(client.authenticated)
        get_endpoint.assert_called_once_with(
            service_type='orchestration', interface='public',
            region_name=None)

    @mock.patch.object(ks_session.Session, 'get_endpoint',
                       return_value=None)
    def test_no_catalog_endpoint_is_an_error(self, _get_endpoint):
        self.assertRaises(http.CLIError, connection.make_client, parse([
            '--os-auth-url', 'http://ks/v3', '--os-token', 't']))


class TestEndpointForm(base.TestCase):

    def assert_refused(self, endpoint, problem):
        exc = self.assertRaises(http.CLIError, connection.make_client,
                                parse(['--os-endpoint', endpoint]))
        self.assertEqual(
            'Endpoint %r (--os-endpoint, HEAT_VISION_URL): %s; expected '
            'http(s)://<host>[:<port>][/<prefix>]/v1/<tenant>, e.g. '
            'http://127.0.0.1:8004/v1/demo' % (endpoint, problem), str(exc))

    def test_without_scheme_is_refused(self):
        # keystoneauth1 would look it up in a service catalog.
        for endpoint in ('127.0.0.1:8004/v1/demo', 'localhost:8004/v1/demo',
                         'ftp://h/v1/demo'):
            self.assert_refused(endpoint,
                                'it must start with http:// or https://')

    def test_without_v1_tenant_is_refused(self):
        # Every call would answer 404.
        for endpoint in ('http://127.0.0.1:8004', 'http://h:8004/',
                         'http://h:8004/v1', 'http://h:8004/v1/',
                         'http://h:8004/demo', 'http://h/v2/demo'):
            self.assert_refused(endpoint, 'it must end in /v1/<tenant>')

    def test_query_is_refused(self):
        self.assert_refused('http://h/v1/demo?x=1',
                            'it must have no query or fragment')

    def test_prefix_and_https_are_accepted(self):
        for endpoint in ('https://h/heat-api/v1/p1',
                         'http://h:8004/v1/p1/'):
            client = connection.make_client(parse(['--os-endpoint',
                                                   endpoint]))
            self.assertEqual(endpoint.rstrip('/'), client.endpoint)
