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

"""Bad requests get Heat's error shape and the right 4xx, never a 500."""

from heat_vision.api import app
from heat_vision.web.middleware import auth
from heat_vision.web.middleware import fault
from tests import base
from tests import fixtures as hv_fixtures
from tests import templates

TEMPLATE = templates.EMPTY


class ErrorShapeTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.service = self.useFixture(
            hv_fixtures.EmbeddedService(self.state_dir))

    def assertHeatError(self, response, code, error_type=None,
                        message_part=None):
        self.assertEqual(code, response.status_int, response.body)
        self.assertEqual('application/json', response.content_type)
        body = response.json
        self.assertEqual(code, body['code'])
        self.assertTrue(body['title'])
        self.assertTrue(body['explanation'])
        self.assertIsNone(body['error']['traceback'])
        self.assertNotIn('Traceback', response.text)
        if error_type:
            self.assertEqual(error_type, body['error']['type'])
        if message_part:
            self.assertIn(message_part, body['error']['message'])
        return body

    def test_malformed_json(self):
        response = self.service.request('POST', '/v1/demo/stacks',
                                        raw=b'{"stack_name": ')
        self.assertHeatError(response, 400, message_part='not valid JSON')

    def test_body_fields_are_checked_with_their_name(self):
        response = self.service.request(
            'POST', '/v1/demo/stacks',
            body={'stack_name': 'ok', 'template': TEMPLATE,
                  'files': {'a': 1}})
        self.assertHeatError(response, 400, message_part='files.a')

    def test_a_parameter_given_two_values_is_named(self):
        stack = self.service.request('POST', '/v1/demo/stacks', body={
            'stack_name': 'web', 'template': TEMPLATE}).json['stack']
        events = '/v1/demo/stacks/web/%s/events' % stack['id']
        for path, name in (
                ('/v1/demo/resource_types?name=a&name=b', 'name'),
                (events + '?marker=a&marker=b', 'marker'),
                ('/v1/demo/software_configs?marker=a&marker=b', 'marker'),
                ('/v1/demo/software_deployments?server_id=a&server_id=b',
                 'server_id'),
                ('/v1/demo/stacks?limit=1&limit=2', 'limit')):
            response = self.service.request('GET', path)
            self.assertHeatError(response, 400, 'HTTPBadRequest',
                                 '"%s" may be given only once' % name)
            # The same value twice is that value (an unknown marker: 404).
            same = path.replace('=b', '=a').replace('=2', '=1')
            self.assertIn(self.service.request('GET', same).status_int,
                          (200, 404), same)

    def test_missing_stack_name(self):
        response = self.service.request('POST', '/v1/demo/stacks',
                                        body={'template': TEMPLATE})
        self.assertHeatError(response, 400, message_part='stack_name')

    def test_oversized_body(self):
        self.flags(max_request_body_size=2048, group='oslo_middleware')
        response = self.service.request(
            'POST', '/v1/demo/stacks',
            body={'stack_name': 'big', 'template': 'x' * 4096})
        self.assertHeatError(response, 413, 'RequestTooLarge', '2048')

    def test_unknown_route(self):
        response = self.service.request('GET', '/v1/demo/no_such_thing')
        self.assertHeatError(response, 404)

    def test_unknown_top_level_route(self):
        self.assertHeatError(self.service.request('GET', '/v2/demo'), 404)

    def test_invalid_tenant_path(self):
        response = self.service.request('GET', '/v1/de%24mo/stacks')
        self.assertHeatError(response, 404, message_part='de$mo')

    def test_tenant_not_in_the_credentials(self):
        # keystonemiddleware would set these headers from a token.
        self.flags(auth_strategy='keystone', group='api')
        wrapped = fault.FaultMiddleware(auth.ContextMiddleware(
            app.setup_pecan_app()))
        self.service.app = wrapped
        response = self.service.request(
            'GET', '/v1/other/stacks',
            headers={'X-Project-Id': 'demo', 'X-Roles': 'member'})
        self.assertHeatError(response, 403, message_part='other')

    def test_wrong_method(self):
        response = self.service.request('PUT', '/v1/demo/stacks')
        self.assertHeatError(response, 405)
        self.assertEqual('GET, POST', response.headers['Allow'])

    def test_unknown_stack(self):
        response = self.service.request('GET', '/v1/demo/stacks/nothing')
        self.assertHeatError(response, 404, 'EntityNotFound', 'nothing')

    def test_bad_query_parameters(self):
        for query, part in (('limit=x', 'limit'), ('sort_dir=up', 'up'),
                            ('sort_keys=color', 'color'),
                            ('show_deleted=maybe', 'show_deleted')):
            response = self.service.request('GET',
                                            '/v1/demo/stacks?' + query)
            self.assertHeatError(response, 400, message_part=part)

    def test_invalid_template_names_the_path(self):
        response = self.service.request('POST', '/v1/demo/stacks', body={
            'stack_name': 's',
            'template': 'heat_template_version: 2021-04-16\n'
                        'resources:\n  web: {type: OS::Nope}\n'})
        self.assertHeatError(response, 400, message_part='resources.web')

    def test_not_a_template(self):
        response = self.service.request('POST', '/v1/demo/stacks', body={
            'stack_name': 's', 'template': '[1, 2'})
        self.assertHeatError(response, 400)

    def test_policy_denies_a_reader_creating(self):
        response = self.service.request(
            'POST', '/v1/demo/stacks', headers={'X-Roles': 'reader'},
            body={'stack_name': 's', 'template': TEMPLATE})
        self.assertHeatError(
            response, 403, 'Forbidden',
            'You are not authorized to use stacks:create: it requires '
            '((role:admin) or ((role:member or role:admin) and '
            'project_id:demo)).')

    def test_services_need_admin(self):
        self.assertHeatError(
            self.service.request('GET', '/v1/demo/services'), 403,
            'Forbidden', 'You are not authorized to use service:index: it '
                         'requires role:admin.')

    def test_services_have_their_heartbeat_from_the_start(self):
        response = self.service.request('GET', '/v1/demo/services',
                                        headers={'X-Roles': 'admin'})
        self.assertEqual(200, response.status_int, response.body)
        services = response.json['services']
        self.assertTrue(services)
        for service in services:
            self.assertIsNotNone(service['updated_at'], service)
