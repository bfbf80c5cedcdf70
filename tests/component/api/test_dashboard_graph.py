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

"""``/dashboard/api/{tenant}/stacks/{name}/{id}/graph``: the web view's
one request for a stack's graph, its ETag, policies and errors.
"""

from tests.component.api import stack_base


def resources(graph):
    """The rows of a graph's table as dicts of its fields."""
    table = graph['resources']
    return [dict(zip(table['fields'], row)) for row in table['rows']]


class StackGraphTest(stack_base.StackTestCase):

    template = stack_base.GROUP_TEMPLATE

    def graph_path(self, stack_path=None):
        return (stack_path or self.path).replace('/v1/', '/dashboard/api/',
                                                 1) + '/graph'

    def graph(self, status=200, headers=None, path=None):
        response = self.service.request('GET', self.graph_path(path),
                                        headers=headers)
        self.assertEqual(status, response.status_int, response.body)
        return response

    def test_what_the_graph_needs_as_the_v1_api_says_it(self):
        answer = self.graph()
        graph = answer.json
        shown = self.get('')['stack']
        for key in ('id', 'stack_name', 'stack_status', 'stack_status_reason',
                    'creation_time', 'updated_time', 'parent'):
            self.assertEqual(shown[key], graph['stack'][key], key)
        listed = {r['resource_name']: r for r in self.get(
            '/resources')['resources']}
        self.assertEqual(sorted(listed), sorted(
            r['name'] for r in resources(graph)))
        for item in resources(graph):
            heat = listed[item['name']]
            self.assertEqual(heat['resource_type'], item['type'])
            self.assertEqual(heat['resource_status'], item['status'])
            self.assertEqual(heat['physical_resource_id'],
                             item['physical_id'])
            self.assertEqual(heat['updated_time'], item['updated_time'])
            needed_by = sorted(other['name'] for other in resources(graph)
                               if item['name'] in (other['requires'] or ()))
            self.assertEqual(heat['required_by'], needed_by)
        nested = [link['href'] for link in listed['group']['links']
                  if link['rel'] == 'nested']
        group = next(r for r in resources(graph) if r['name'] == 'group')
        self.assertTrue(nested[0].endswith('/stacks/%s/%s' % tuple(
            group['nested'])))
        self.assertIsNone(next(
            r for r in resources(graph) if r['name'] == 'lead')['nested'])
        newest = self.get('/events?sort_dir=desc&limit=1')['events'][0]
        self.assertEqual(newest['id'], graph['newest_event'])
        self.assertRegex(answer.headers['ETag'], r'^"[0-9a-f]{32}"$')
        self.assertEqual(answer.headers['ETag'], '"%s"' % graph['version'])

    def test_a_nested_stack_has_its_own_graph(self):
        group = next(r for r in resources(self.graph().json)
                     if r['name'] == 'group')
        inner = self.graph(path='/v1/demo/stacks/%s/%s' % tuple(
            group['nested'])).json
        self.assertEqual(self.stack_id, inner['stack']['parent'])
        self.assertEqual(2, len(resources(inner)))
        self.assertEqual({'OS::Heat::None'},
                         {r['type'] for r in resources(inner)})

    def test_unchanged_is_a_bodiless_304_changed_the_whole_answer(self):
        first = self.graph()
        etag = first.headers['ETag']
        for spelt in (etag, 'W/' + etag, '"%s", %s' % ('0' * 32, etag)):
            if ',' in spelt:
                # Several ETags: not this route's; the whole answer.
                self.assertEqual(200, self.graph(headers={
                    'If-None-Match': spelt}).status_int)
                continue
            unchanged = self.graph(304, headers={'If-None-Match': spelt})
            self.assertEqual(b'', unchanged.body)
            self.assertEqual(etag, unchanged.headers['ETag'])
        response = self.service.request(
            'PATCH', self.path + '/resources/lead',
            body={'mark_unhealthy': True, 'resource_status_reason': 'bad'})
        self.assertEqual(200, response.status_int, response.body)
        changed = self.graph(headers={'If-None-Match': etag})
        self.assertNotEqual(etag, changed.headers['ETag'])
        lead = next(r for r in resources(changed.json)
                    if r['name'] == 'lead')
        self.assertEqual(('CHECK_FAILED', 'bad'),
                         (lead['status'], lead['reason']))
        self.assertNotEqual(first.json['newest_event'],
                            changed.json['newest_event'])
        self.graph(304, headers={'If-None-Match': changed.headers['ETag']})

    def test_a_deleted_stack_shows_by_its_id(self):
        response = self.service.request('DELETE', self.path)
        self.assertEqual(204, response.status_int, response.body)
        # By name it is gone (404), by its id shown DELETE_COMPLETE.
        self.assertEqual(404, self.service.wait_for_stack(
            'demo', 'web').status_int)
        graph = self.graph().json
        self.assertEqual('DELETE_COMPLETE', graph['stack']['stack_status'])

    def test_a_reader_may_view_others_may_not(self):
        self.graph(headers={'X-Roles': 'reader'})
        response = self.service.request('GET', self.graph_path(),
                                        headers={'X-Roles': 'nobody'})
        self.assertError(response, 403)
        # Another project's stack: as the v1 API answers, not found.
        other = self.path.replace('/demo/', '/other/', 1)
        self.assertError(self.service.request('GET', other), 404)
        self.assertError(self.service.request(
            'GET', self.graph_path(other)), 404)

    def test_not_found_as_the_v1_api(self):
        for path in (self.path.replace('/web/', '/nope/'),
                     '/v1/demo/stacks/web/%s' % ('0' * 8)):
            response = self.service.request('GET', self.graph_path(path))
            self.assertError(response, 404)
        response = self.service.request('GET',
                                        '/dashboard/api/demo/stacks/web')
        self.assertError(response, 404, part='stacks/{stack_name}')

    def test_turned_off_with_the_web_view(self):
        self.flags(dashboard=False, group='api')
        self.assertError(self.service.request('GET', self.graph_path()), 404)
