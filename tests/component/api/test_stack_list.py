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

"""The stack list's filters: tags, nested, hidden and every project's."""

import time

from heat_vision.common import context
from heat_vision.common import exception
from heat_vision.rpc import engine_client
from tests import base
from tests import fixtures as hv_fixtures
from tests import templates

EMPTY = templates.EMPTY

PARENT = '''heat_template_version: 2021-04-16
resources:
  inner:
    type: OS::Heat::Stack
    properties:
      template: {get_file: child.yaml}
'''

STACKS = '/v1/demo/stacks'


class StackListFilterTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.service = self.useFixture(
            hv_fixtures.EmbeddedService(self.state_dir))

    def create(self, name, tenant='demo', **extra):
        body = dict(extra, stack_name=name)
        body.setdefault('template', EMPTY)
        response = self.service.request(
            'POST', '/v1/%s/stacks' % tenant, body=body)
        self.assertEqual(201, response.status_int, response.body)
        stack = self.service.wait_for_stack(tenant, name)
        self.assertEqual('CREATE_COMPLETE', stack['stack_status'])
        return stack['id']

    def names(self, query='', status=200, tenant='demo', **kwargs):
        response = self.service.request(
            'GET', '/v1/%s/stacks%s' % (tenant, query), **kwargs)
        self.assertEqual(status, response.status_int, response.body)
        return sorted(s['stack_name'] for s in response.json['stacks'])

    def tagged(self):
        self.create('ab', tags='a,b')
        self.create('a', tags=['a'])
        self.create('bc', tags='b,c')
        self.create('none')
        self.create('pct', tags=['50%_x'])

    def test_tags_need_all(self):
        self.tagged()
        self.assertEqual(['ab'], self.names('?tags=a,b'))
        self.assertEqual(['a', 'ab'], self.names('?tags=a'))
        self.assertEqual(['ab'], self.names('?tags=a&tags=b'))
        self.assertEqual([], self.names('?tags=a,c'))

    def test_tags_any(self):
        self.tagged()
        self.assertEqual(['a', 'ab', 'bc'], self.names('?tags_any=a,c'))
        self.assertEqual(['bc'], self.names('?tags_any=c,zzz'))

    def test_not_tags(self):
        self.tagged()
        self.assertEqual(['a', 'bc', 'none', 'pct'],
                         self.names('?not_tags=a,b'))

    def test_not_tags_any(self):
        self.tagged()
        self.assertEqual(['none', 'pct'], self.names('?not_tags_any=a,c'))

    def test_tags_match_whole_tags_only(self):
        self.tagged()
        self.assertEqual([], self.names('?tags=50'))
        self.assertEqual([], self.names('?tags=%25'))
        self.assertEqual([], self.names('?tags=_'))
        self.assertEqual(['pct'], self.names('?tags=50%25_x'))

    def test_tag_filters_combine_with_the_others(self):
        self.tagged()
        self.assertEqual(['a'], self.names('?tags=a&not_tags_any=b'))
        self.assertEqual(['bc'], self.names('?tags=b&name=bc'))

    def test_paging_and_count_with_tags(self):
        for i in range(5):
            self.create('t%d' % i, tags=['even' if i % 2 == 0 else 'odd'])
        query = ('?tags=even&sort_keys=stack_name&sort_dir=asc&limit=2'
                 '&with_count=true')
        page = self.service.request('GET', STACKS + query).json
        self.assertEqual(['t0', 't2'],
                         [s['stack_name'] for s in page['stacks']])
        self.assertEqual(3, page['count'])
        rest = self.service.request(
            'GET', STACKS + query + '&marker=' + page['stacks'][-1]['id'])
        self.assertEqual(['t4'],
                         [s['stack_name'] for s in rest.json['stacks']])
        self.assertEqual(3, rest.json['count'])

    def test_count_uses_the_filters(self):
        self.tagged()
        listing = self.service.request(
            'GET', STACKS + '?name=a&with_count=true').json
        self.assertEqual(1, listing['count'])
        listing = self.service.request(
            'GET', STACKS + '?not_tags_any=a&with_count=true').json
        self.assertEqual(3, listing['count'])

    def test_show_nested(self):
        parent_id = self.create('parent', template=PARENT,
                                files={'child.yaml': EMPTY})
        self.assertEqual(['parent'], self.names())
        response = self.service.request(
            'GET', STACKS + '?show_nested=true&with_count=true')
        stacks = response.json['stacks']
        self.assertEqual(2, len(stacks))
        self.assertEqual(2, response.json['count'])
        [child] = [s for s in stacks if s['parent']]
        self.assertEqual(parent_id, child['parent'])
        self.assertTrue(child['stack_name'].startswith('parent-inner-'))

    def test_each_entry_is_what_show_says_of_the_stack(self):
        # The list reads only the columns it shows; show reads the row.
        described = EMPTY.replace('resources', 'description: Mine\nresources')
        parent_id = self.create('parent', template=PARENT, tags='a,b',
                                files={'child.yaml': described})
        plain_id = self.create('plain')
        response = self.service.request(
            'PATCH', '%s/plain/%s' % (STACKS, plain_id),
            body={'tags': ['z']})
        self.assertEqual(202, response.status_int, response.body)
        for _ in range(300):
            stack = self.service.wait_for_stack('demo', 'plain')
            if stack['stack_status'] == 'UPDATE_COMPLETE':
                break
            time.sleep(0.1)
        self.assertEqual('UPDATE_COMPLETE', stack['stack_status'])
        for query, admin in (('?show_nested=true', False),
                             ('?show_nested=true&global_tenant=true', True)):
            headers = {'X-Roles': 'admin'} if admin else {}
            stacks = self.service.request(
                'GET', STACKS + query, headers=headers).json['stacks']
            self.assertEqual(3, len(stacks))
            for entry in stacks:
                shown = self.service.request(
                    'GET', '%s/%s/%s' % (STACKS, entry['stack_name'],
                                         entry['id'])).json['stack']
                shown['project'] = shown['stack_user_project_id']
                self.assertEqual(
                    entry, {key: shown[key] for key in entry})
        by_name = {s['stack_name']: s for s in stacks}
        self.assertEqual(['a', 'b'], by_name['parent']['tags'])
        self.assertEqual(['z'], by_name['plain']['tags'])
        self.assertIsNotNone(by_name['plain']['updated_time'])
        [child] = [s for s in stacks if s['parent'] == parent_id]
        self.assertEqual('Mine', child['description'])

    def test_hidden_stacks(self):
        self.create('cluster', tags=['data-processing-cluster', 'x'])
        self.create('plain', tags=['x'])
        self.assertEqual(['plain'], self.names())
        self.assertEqual(['plain'], self.names('?tags=x'))
        self.assertEqual(['cluster', 'plain'],
                         self.names('?show_hidden=true'))
        count = self.service.request(
            'GET', STACKS + '?with_count=true').json['count']
        self.assertEqual(1, count)
        self.flags(hidden_stack_tags=['x'])
        self.assertEqual([], self.names())
        self.flags(hidden_stack_tags=[])
        self.assertEqual(['cluster', 'plain'], self.names())

    def test_global_tenant(self):
        self.create('mine')
        self.create('theirs', tenant='other')
        admin = {'X-Roles': 'admin'}
        response = self.service.request(
            'GET', STACKS + '?global_tenant=true&with_count=true',
            headers=admin)
        self.assertEqual(200, response.status_int, response.body)
        projects = {s['stack_name']: s['project']
                    for s in response.json['stacks']}
        self.assertEqual({'mine': 'demo', 'theirs': 'other'}, projects)
        self.assertEqual(2, response.json['count'])
        plain = self.service.request('GET', STACKS, headers=admin).json
        self.assertEqual(['mine'],
                         [s['stack_name'] for s in plain['stacks']])
        # Heat's list names the project for an administrator.
        self.assertEqual('demo', plain['stacks'][0]['project'])

    def test_global_tenant_is_for_admins(self):
        response = self.service.request(
            'GET', STACKS + '?global_tenant=true')
        self.assertEqual(403, response.status_int, response.body)
        self.assertEqual([], self.names('?global_tenant=false'))

    def test_a_marker_of_another_project_is_unknown(self):
        mine = self.create('mine')
        theirs = self.create('theirs', tenant='other')
        unknown = '5d9d4f0e-8f8a-4b59-9b0f-2a3c1c1f0a11'
        answers = []
        for marker in (theirs, unknown):
            response = self.service.request('GET',
                                            STACKS + '?marker=' + marker)
            self.assertEqual(404, response.status_int, response.body)
            answers.append(response.text.replace(marker, 'ID'))
        self.assertEqual(answers[0], answers[1])
        response = self.service.request('GET', STACKS + '?marker=' + mine)
        self.assertEqual(200, response.status_int, response.body)
        # An administrator listing every project may page through any.
        response = self.service.request(
            'GET', STACKS + '?global_tenant=true&marker=' + theirs,
            headers={'X-Roles': 'admin'})
        self.assertEqual(200, response.status_int, response.body)

    def test_repeated_lists_see_their_project_and_options(self):
        # The engine keeps the statements of the usual lists: each
        # project, order and option keeps its own, and its rows are read
        # afresh every time.
        self.create('one')
        self.assertEqual(['one'], self.names())
        self.assertEqual([], self.names(tenant='other'))
        self.create('two')
        self.create('theirs', tenant='other')
        self.assertEqual(['one', 'two'], self.names())
        self.assertEqual(['theirs'], self.names(tenant='other'))

        def order(query):
            response = self.service.request('GET', STACKS + query)
            return [s['stack_name'] for s in response.json['stacks']]
        self.assertEqual(['one', 'two'],
                         order('?sort_keys=stack_name&sort_dir=asc'))
        self.assertEqual(['two', 'one'],
                         order('?sort_keys=stack_name&sort_dir=desc'))
        self.assertEqual(['one', 'two'],
                         order('?sort_keys=stack_name&sort_dir=asc'))
        self.assertEqual(['one'], order('?sort_keys=stack_name&limit=1'
                                        '&sort_dir=asc'))

    def test_bad_values(self):
        for query in ('show_nested=maybe', 'show_hidden=2',
                      'global_tenant=x', 'show_deleted=nah',
                      'with_count=perhaps', 'tags=a,,b', 'not_tags=',
                      'tags_any=,', 'limit=-1', 'limit=two',
                      'sort_dir=up', 'sort_keys=nope', 'limit=1&limit=2'):
            response = self.service.request('GET', STACKS + '?' + query)
            self.assertEqual(400, response.status_int, query)
            self.assertIn('error', response.json)


class GlobalTenantRPCTest(base.TestCase):
    """The engine itself refuses global_tenant to a non-admin caller."""

    def test_engine_refuses_a_non_admin(self):
        self.useFixture(hv_fixtures.EmbeddedService(self.state_dir))
        client = engine_client.EngineClient()
        member = context.RequestContext(project_id='demo',
                                        roles=['member'])
        self.assertRaises(exception.Forbidden, client.list_stacks, member,
                          global_tenant=True)
        self.assertRaises(exception.Forbidden, client.count_stacks, member,
                          global_tenant=True)
        admin = context.RequestContext(project_id='demo', roles=['admin'],
                                       is_admin=True)
        self.assertEqual([], client.list_stacks(admin, global_tenant=True))
