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

"""``/stacks/{name}/{id}/resources``, end to end through the embedded
service: shapes, filters, detail, metadata, mark unhealthy, signal,
nested stacks, errors and policy.
"""

from tests.component.api import stack_base


class ResourcesTest(stack_base.StackTestCase):

    def test_list_has_heats_shape(self):
        resources = self.get('/resources')['resources']
        self.assertEqual(['first', 'second'],
                         [r['resource_name'] for r in resources])
        first = resources[0]
        self.assertEqual({
            'resource_name', 'logical_resource_id', 'physical_resource_id',
            'resource_status', 'resource_status_reason', 'resource_type',
            'creation_time', 'updated_time', 'required_by', 'links'},
            set(first))
        self.assertEqual('first', first['logical_resource_id'])
        self.assertEqual('CREATE_COMPLETE', first['resource_status'])
        self.assertEqual('OS::Heat::None', first['resource_type'])
        self.assertEqual(['second'], first['required_by'])
        self.assertRegex(first['physical_resource_id'], r'^web-first-')
        self.assertRegex(first['creation_time'],
                         r'^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$')
        self.assertEqual(
            [('self', self.path + '/resources/first'), ('stack', self.path)],
            [(link['rel'], link['href'].replace('http://localhost', ''))
             for link in first['links']])

    def test_filters(self):
        for query, names in (('name=second', ['second']),
                             ('name=first&name=second', ['first', 'second']),
                             ('type=OS::Heat::Value', ['second']),
                             ('status=COMPLETE', ['first', 'second']),
                             ('status=CREATE_COMPLETE', ['first', 'second']),
                             ('status=FAILED', []),
                             ('action=CREATE&name=first', ['first'])):
            found = self.get('/resources?' + query)['resources']
            self.assertEqual(names, [r['resource_name'] for r in found],
                             query)

    def test_with_detail_adds_description_and_attributes(self):
        resources = self.get('/resources?with_detail=true')['resources']
        second = resources[1]
        self.assertEqual('', second['description'])
        self.assertRegex(second['attributes']['value'], r'^hello-web-first')
        self.assertNotIn('metadata', second)

    def test_show_and_metadata(self):
        shown = self.get('/resources/second')['resource']
        self.assertEqual('second', shown['resource_name'])
        self.assertEqual('CREATE_COMPLETE', shown['resource_status'])
        self.assertRegex(shown['attributes']['value'], r'^hello-web-first')
        self.assertEqual({'metadata': {'role': 'web'}},
                         self.get('/resources/second/metadata'))

    def test_missing_things_are_404s_naming_them(self):
        self.assertError(self.service.request(
            'GET', self.path + '/resources/nope'), 404, 'ResourceNotFound',
            'nope')
        self.assertError(self.service.request(
            'GET', '/v1/demo/stacks/web/%s/resources' % ('0' * 36)), 404,
            'EntityNotFound')
        self.assertError(self.service.request(
            'GET', self.path + '/no_such_part'), 404, part='no_such_part')

    def test_bad_parameters_are_400s(self):
        for query, part in (('nested_depth=x', 'nested_depth'),
                            ('nested_depth=-1', 'nested_depth'),
                            ('with_detail=maybe', 'with_detail')):
            self.assertError(self.service.request(
                'GET', self.path + '/resources?' + query), 400, part=part)

    def test_pages_with_limit_and_marker(self):
        names = lambda found: [r['resource_name'] for r in found]  # noqa
        self.assertEqual(['first'], names(
            self.get('/resources?limit=1')['resources']))
        self.assertEqual(['second'], names(
            self.get('/resources?limit=1&marker=first')['resources']))
        self.assertEqual([], names(
            self.get('/resources?limit=5&marker=second')['resources']))
        # The filters apply to what follows the marker.
        self.assertEqual(['second'], names(self.get(
            '/resources?marker=first&type=OS::Heat::Value')['resources']))
        # A limit beyond the server's maximum is lowered to it.
        self.flags(max_resources_per_page=1)
        self.assertEqual(['first'], names(
            self.get('/resources?limit=1000')['resources']))
        self.assertEqual(['first'], names(self.get('/resources')['resources']))

    def test_bad_paging_is_400_naming_it(self):
        for query, part in (('limit=0', 'limit'), ('limit=-3', 'limit'),
                            ('limit=x', 'limit'), ('limit=1.5', 'limit'),
                            ('limit=1&limit=2', 'limit'),
                            ('marker=nope', 'marker'),
                            ('marker=%s/first' % ('0' * 36), 'marker'),
                            ('marker=a&marker=b', 'marker')):
            self.assertError(self.service.request(
                'GET', self.path + '/resources?' + query), 400, part=part)

    def test_name_only_url_redirects(self):
        response = self.service.request('GET',
                                        '/v1/demo/stacks/web/resources')
        self.assertEqual(302, response.status_int)
        self.assertTrue(response.location.endswith(self.path +
                                                   '/resources'))

    def mark(self, body, status=200):
        response = self.service.request(
            'PATCH', self.path + '/resources/first', body=body)
        self.assertEqual(status, response.status_int, response.body)
        return response

    def test_mark_unhealthy_and_back(self):
        self.mark({'mark_unhealthy': True,
                   'resource_status_reason': 'disk gone'})
        shown = self.get('/resources/first')['resource']
        self.assertEqual('CHECK_FAILED', shown['resource_status'])
        self.assertEqual('disk gone', shown['resource_status_reason'])
        events = self.get('/resources/first/events')['events']
        self.assertEqual('CHECK_FAILED', events[-1]['resource_status'])

        self.mark({'mark_unhealthy': 'false'})
        shown = self.get('/resources/first')['resource']
        self.assertEqual('CHECK_COMPLETE', shown['resource_status'])

    def test_mark_healthy_leaves_a_healthy_resource_alone(self):
        self.mark({'mark_unhealthy': False})
        shown = self.get('/resources/first')['resource']
        self.assertEqual('CREATE_COMPLETE', shown['resource_status'])

    def test_mark_unhealthy_bad_bodies(self):
        for body, part in (({}, 'mark_unhealthy'),
                           ({'mark_unhealthy': True, 'color': 1}, 'color'),
                           ({'mark_unhealthy': 'perhaps'}, 'perhaps')):
            self.assertError(self.mark(body, 400), 400, part=part)
        response = self.service.request(
            'PATCH', self.path + '/resources/nope',
            body={'mark_unhealthy': True})
        self.assertError(response, 404, 'ResourceNotFound', 'nope')

    def test_signal_a_resource_that_takes_none(self):
        response = self.service.request(
            'POST', self.path + '/resources/first/signal', body={'a': 1})
        self.assertError(response, 400, part='first')

    def test_reader_may_read_but_not_change(self):
        reader = {'X-Roles': 'reader'}
        self.get('/resources', headers=reader)
        self.get('/resources/first/metadata', headers=reader)
        for method, suffix, body in (
                ('PATCH', '/resources/first', {'mark_unhealthy': True}),
                ('POST', '/resources/first/signal', {})):
            self.assertError(self.service.request(
                method, self.path + suffix, body=body, headers=reader), 403)

    def test_wrong_methods(self):
        response = self.service.request('DELETE',
                                        self.path + '/resources/first')
        self.assertEqual(405, response.status_int)
        self.assertEqual('GET, PATCH', response.headers['Allow'])


class NestedResourcesTest(stack_base.StackTestCase):

    template = stack_base.GROUP_TEMPLATE

    def test_depth_zero_links_the_nested_stack(self):
        resources = self.get('/resources')['resources']
        self.assertEqual(['lead', 'group'],
                         [r['resource_name'] for r in resources])
        group = resources[1]
        rels = {link['rel']: link['href'] for link in group['links']}
        self.assertIn(group['physical_resource_id'], rels['nested'])

    def test_nested_depth_lists_the_members(self):
        resources = self.get('/resources?nested_depth=1')['resources']
        self.assertEqual(['lead', 'group', '0', '1'],
                         [r['resource_name'] for r in resources])
        member = resources[2]
        self.assertEqual('group', member['parent_resource'])
        stack_link = [link['href'] for link in member['links']
                      if link['rel'] == 'stack'][0]
        self.assertIn(resources[1]['physical_resource_id'], stack_link)
        self.assertNotIn('parent_resource', resources[0])
        filtered = self.get('/resources?nested_depth=3&name=1')['resources']
        self.assertEqual(['1'], [r['resource_name'] for r in filtered])

    def test_pages_across_nested_stacks(self):
        everything = self.get('/resources?nested_depth=1')['resources']
        nested_id = everything[1]['physical_resource_id']
        pages, marker = [], None
        while True:
            query = '/resources?nested_depth=1&limit=3'
            if marker:
                query += '&marker=' + marker
            page = self.get(query)['resources']
            if not page:
                break
            pages.append([r['resource_name'] for r in page])
            last = page[-1]
            marker = (last['resource_name'] if 'parent_resource' not in last
                      else '%s/%s' % (nested_id, last['resource_name']))
        self.assertEqual([['lead', 'group', '0'], ['1']], pages)
