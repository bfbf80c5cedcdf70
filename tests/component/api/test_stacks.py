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

"""The stack routes, end to end through the embedded service."""

from tests import base
from tests import fixtures as hv_fixtures

TEMPLATE = '''heat_template_version: 2021-04-16
description: two resources and an output
parameters:
  greeting: {type: string, default: hello}
resources:
  first: {type: OS::Heat::None}
  second:
    type: OS::Heat::Value
    depends_on: first
    properties:
      value: {list_join: ['-', [{get_param: greeting}, {get_resource: first}]]}
outputs:
  said: {value: {get_attr: [second, value]}, description: what it said}
'''


class StackLifecycleTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.service = self.useFixture(
            hv_fixtures.EmbeddedService(self.state_dir))

    def create(self, name, template=TEMPLATE, **extra):
        body = dict(extra, stack_name=name, template=template)
        return self.service.request('POST', '/v1/demo/stacks', body=body)

    def test_create_show_list_delete(self):
        response = self.create('web', parameters={'greeting': 'hi'})
        self.assertEqual(201, response.status_int, response.body)
        stack_id = response.json['stack']['id']
        self.assertTrue(response.location.endswith('/stacks/web/' +
                                                   stack_id))
        stack = self.service.wait_for_stack('demo', 'web')
        self.assertEqual('CREATE_COMPLETE', stack['stack_status'])
        self.assertEqual('Stack CREATE completed successfully',
                         stack['stack_status_reason'])
        self.assertEqual('two resources and an output',
                         stack['description'])
        [output] = stack['outputs']
        self.assertEqual('said', output['output_key'])
        self.assertEqual('what it said', output['description'])
        self.assertRegex(output['output_value'], r'^hi-web-first-[a-z2-7]+$')
        self.assertEqual('hi', stack['parameters']['greeting'])
        self.assertEqual(stack_id, stack['parameters']['OS::stack_id'])

        listed = self.service.request('GET', '/v1/demo/stacks').json
        self.assertEqual(['web'], [s['stack_name'] for s in
                                   listed['stacks']])
        self.assertEqual('CREATE_COMPLETE', listed['stacks'][0][
            'stack_status'])

        response = self.service.request(
            'DELETE', '/v1/demo/stacks/web/%s' % stack_id)
        self.assertEqual(204, response.status_int)
        # HTTP forbids a body on a 204 (waitress warns when it drops one).
        self.assertEqual(b'', response.body)
        self.assertNotIn('Content-Type', response.headers)
        gone = self.service.wait_for_stack('demo', 'web')
        self.assertEqual(404, gone.status_int)
        deleted = self.service.request(
            'GET', '/v1/demo/stacks?show_deleted=true').json['stacks']
        self.assertEqual('DELETE_COMPLETE', deleted[0]['stack_status'])

    def test_list_show_and_detail_give_links_as_heat_does(self):
        stack_id = self.create('web').json['stack']['id']
        self.service.wait_for_stack('demo', 'web')
        href = 'http://localhost/v1/demo/stacks/web/%s' % stack_id
        shown = self.service.request(
            'GET', '/v1/demo/stacks/web/%s' % stack_id).json['stack']
        listed = self.service.request(
            'GET', '/v1/demo/stacks').json['stacks'][0]
        detailed = self.service.request(
            'GET', '/v1/demo/stacks/detail?name=other').json['stacks'][0]
        for stack in (shown, listed, detailed):
            self.assertEqual([{'href': href, 'rel': 'self'}],
                             stack['links'])
            self.assertNotIn('stack_identity', stack)
            self.assertNotIn('project', stack)
        admin = self.service.request(
            'GET', '/v1/demo/stacks',
            headers={'X-Roles': 'admin'}).json['stacks'][0]
        self.assertEqual('demo', admin['project'])

    def test_fields_sent_as_null_are_absent(self):
        # heatclient sends what the user did not give as null.
        nulls = dict.fromkeys(('environment', 'files', 'parameters',
                               'template_url', 'environment_files'))
        response = self.create('web', **nulls)
        self.assertEqual(201, response.status_int, response.body)
        stack_id = response.json['stack']['id']
        self.service.wait_for_stack('demo', 'web')
        path = '/v1/demo/stacks/web/%s' % stack_id
        response = self.service.request('PATCH', path, body=dict(
            nulls, template=None, clear_parameters=None,
            parameters={'greeting': 'bye'}))
        self.assertEqual(202, response.status_int, response.body)
        stack = self.service.wait_for_stack('demo', 'web')
        self.assertEqual('UPDATE_COMPLETE', stack['stack_status'],
                         stack['stack_status_reason'])
        self.assertEqual('bye', stack['parameters']['greeting'])
        template = self.service.request('GET', path + '/template').json
        self.assertEqual('two resources and an output',
                         template['description'])
        for method, route in (('PATCH', path + '/preview'),
                              ('POST', '/v1/demo/validate')):
            response = self.service.request(method, route, body=dict(
                nulls, template=TEMPLATE if method == 'POST' else None))
            self.assertEqual(200, response.status_int, response.body)
        response = self.service.request(
            'POST', '/v1/demo/stacks/preview',
            body=dict(nulls, stack_name='pv', template=TEMPLATE))
        self.assertEqual(200, response.status_int, response.body)

    def test_a_null_template_is_still_required_where_heat_needs_one(self):
        stack_id = self.create('web').json['stack']['id']
        self.service.wait_for_stack('demo', 'web')
        for method, path, body in (
                ('POST', '/v1/demo/stacks', {'stack_name': 'x'}),
                ('PUT', '/v1/demo/stacks/web/%s' % stack_id, {}),
                ('POST', '/v1/demo/validate', {})):
            response = self.service.request(method, path,
                                            body=dict(body, template=None))
            self.assertEqual(400, response.status_int, response.body)
            self.assertIn('template', response.json['error']['message'])

    def test_a_deleted_stack_is_shown_by_id_as_heat_does(self):
        stack_id = self.create('web').json['stack']['id']
        self.service.wait_for_stack('demo', 'web')
        path = '/v1/demo/stacks/web/%s' % stack_id
        self.assertEqual(204, self.service.request('DELETE', path)
                         .status_int)
        self.assertEqual(404, self.service.wait_for_stack('demo', 'web')
                         .status_int)
        # By name and id, and by id through the lookup: DELETE_COMPLETE.
        by_id = self.service.request('GET', '/v1/demo/stacks/' + stack_id)
        self.assertEqual(302, by_id.status_int)
        self.assertTrue(by_id.location.endswith(path))
        for response in (self.service.request('GET', path),
                         self.service.follow(by_id)):
            self.assertEqual(200, response.status_int, response.body)
            stack = response.json['stack']
            self.assertEqual('DELETE_COMPLETE', stack['stack_status'])
            self.assertIsNotNone(stack['deletion_time'])
            self.assertNotIn('outputs', stack)
        # By name it is gone; its parts, changes and the list too.
        for method, route in (('GET', '/v1/demo/stacks/web'),
                              ('GET', path + '/resources'),
                              ('GET', path + '/outputs'),
                              ('PATCH', path), ('DELETE', path)):
            response = self.service.request(method, route, body={})
            self.assertEqual(404, response.status_int, route)
        self.assertEqual([], self.service.request(
            'GET', '/v1/demo/stacks').json['stacks'])

    def test_a_deleted_stack_of_another_project_does_not_exist(self):
        stack_id = self.create('web').json['stack']['id']
        self.service.wait_for_stack('demo', 'web')
        self.service.request('DELETE', '/v1/demo/stacks/web/' + stack_id)
        self.service.wait_for_stack('demo', 'web')
        unknown = '5d9d4f0e-8f8a-4b59-9b0f-2a3c1c1f0a11'
        answers = []
        for key in (stack_id, unknown):
            for route in ('/v1/else/stacks/%s', '/v1/else/stacks/web/%s'):
                response = self.service.request('GET', route % key)
                self.assertEqual(404, response.status_int, response.body)
                answers.append(response.text.replace(key, 'ID'))
        self.assertEqual(answers[:2], answers[2:])

    def test_lookup_by_name_and_id_redirects(self):
        stack_id = self.create('web').json['stack']['id']
        for key in ('web', stack_id):
            response = self.service.request(
                'GET', '/v1/demo/stacks/%s/resources?type=A%%3A%%3AB&x=1'
                '&type=C&x=1' % key)
            self.assertEqual(302, response.status_int)
            # As Heat's, the Location keeps the query (heatclient's
            # filters are there); a pair repeated alike counts once.
            self.assertTrue(response.location.endswith(
                '/v1/demo/stacks/web/%s/resources?type=A%%3A%%3AB&x=1'
                '&type=C' % stack_id), response.location)

    def test_a_poll_without_outputs_shows_what_a_full_show_does(self):
        # A show without outputs reads a plain row (a client's poll).
        stack_id = self.create('web').json['stack']['id']
        self.service.wait_for_stack('demo', 'web')
        path = '/v1/demo/stacks/web/%s' % stack_id
        full = self.service.request('GET', path)
        polled = self.service.request('GET', path + '?resolve_outputs=false')
        self.assertEqual(200, polled.status_int, polled.body)
        shown = dict(full.json['stack'])
        shown.pop('outputs')
        self.assertEqual(shown, polled.json['stack'])
        self.assertEqual(404, self.service.request(
            'GET', '/v1/demo/stacks/other/%s?resolve_outputs=false'
            % stack_id).status_int)

    def test_a_parameter_repeated_with_the_same_value_is_one(self):
        stack_id = self.create('web').json['stack']['id']
        self.service.wait_for_stack('demo', 'web')
        path = '/v1/demo/stacks/web/%s?' % stack_id
        response = self.service.request(
            'GET', path + 'resolve_outputs=False&resolve_outputs=False')
        self.assertEqual(200, response.status_int, response.body)
        self.assertNotIn('outputs', response.json['stack'])
        response = self.service.request(
            'GET', '/v1/demo/stacks?limit=1&limit=1&sort_dir=asc')
        self.assertEqual(200, response.status_int, response.body)
        response = self.service.request(
            'GET', path + 'resolve_outputs=False&resolve_outputs=True')
        self.assertEqual(400, response.status_int, response.body)
        self.assertIn('resolve_outputs', response.json['error']['message'])

    def test_show_with_a_wrong_name_for_the_id(self):
        stack_id = self.create('web').json['stack']['id']
        response = self.service.request(
            'GET', '/v1/demo/stacks/other/%s' % stack_id)
        self.assertEqual(404, response.status_int)

    def test_other_tenants_do_not_see_the_stack(self):
        stack_id = self.create('web').json['stack']['id']
        self.assertEqual([], self.service.request(
            'GET', '/v1/else/stacks').json['stacks'])
        response = self.service.request(
            'GET', '/v1/else/stacks/web/%s' % stack_id)
        self.assertEqual(404, response.status_int)

    def test_duplicate_name_is_a_conflict(self):
        self.assertEqual(201, self.create('web').status_int)
        response = self.create('web')
        self.assertEqual(409, response.status_int)
        self.assertIn('web', response.json['error']['message'])

    def test_stack_limit_per_tenant(self):
        self.flags(max_stacks_per_tenant=1)
        self.assertEqual(201, self.create('one').status_int)
        response = self.create('two')
        self.assertEqual(400, response.status_int)
        self.assertIn('maximum stacks per tenant',
                      response.json['error']['message'])

    def test_resource_limit_per_stack(self):
        self.flags(max_resources_per_stack=1)
        response = self.create('web')
        self.assertEqual(400, response.status_int)
        self.assertIn('max_resources_per_stack',
                      response.json['error']['message'])

    def test_list_paging_and_sorting(self):
        for name in ('c', 'a', 'b'):
            self.assertEqual(201, self.create(name).status_int)
        listing = self.service.request(
            'GET', '/v1/demo/stacks?sort_keys=stack_name&sort_dir=asc'
                   '&limit=2&with_count=true').json
        self.assertEqual(['a', 'b'],
                         [s['stack_name'] for s in listing['stacks']])
        self.assertEqual(3, listing['count'])
        marker = listing['stacks'][-1]['id']
        rest = self.service.request(
            'GET', '/v1/demo/stacks?sort_keys=stack_name&sort_dir=asc'
                   '&marker=%s' % marker).json
        self.assertEqual(['c'], [s['stack_name'] for s in rest['stacks']])
        only_b = self.service.request(
            'GET', '/v1/demo/stacks?name=b').json['stacks']
        self.assertEqual(['b'], [s['stack_name'] for s in only_b])

    def test_output_errors_do_not_fail_the_others(self):
        template = '''heat_template_version: 2021-04-16
resources: {}
outputs:
  good: {value: fine}
  bad: {value: {str_split: [',', {list_join: [',', [1, 2]]}, 5]}}
'''
        self.assertEqual(201, self.create('outs', template).status_int)
        stack = self.service.wait_for_stack('demo', 'outs')
        outputs = {o['output_key']: o for o in stack['outputs']}
        self.assertEqual('fine', outputs['good']['output_value'])
        self.assertIsNone(outputs['bad']['output_value'])
        self.assertTrue(outputs['bad']['output_error'])

    def test_validate(self):
        response = self.service.request(
            'POST', '/v1/demo/validate', body={'template': TEMPLATE})
        self.assertEqual(200, response.status_int, response.body)
        self.assertEqual('two resources and an output',
                         response.json['Description'])
        self.assertEqual('hello',
                         response.json['Parameters']['greeting']['Default'])
