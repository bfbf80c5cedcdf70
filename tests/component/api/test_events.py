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

"""``.../events`` of a stack and of its resources, end to end."""

import time

from tests.component.api import stack_base


class EventsTest(stack_base.StackTestCase):

    def events(self, query='', suffix='/events'):
        return self.get(suffix + ('?' + query if query else ''))['events']

    def test_stack_events_include_the_stacks_own(self):
        events = self.events()
        self.assertEqual(
            [('web', 'CREATE_IN_PROGRESS'), ('first', 'CREATE_IN_PROGRESS'),
             ('first', 'CREATE_COMPLETE'), ('second', 'CREATE_IN_PROGRESS'),
             ('second', 'CREATE_COMPLETE'), ('web', 'CREATE_COMPLETE')],
            [(e['resource_name'], e['resource_status']) for e in events])
        event = events[0]
        self.assertEqual({'id', 'links', 'event_time', 'resource_name',
                          'logical_resource_id', 'resource_status',
                          'resource_status_reason', 'physical_resource_id'},
                         set(event))
        self.assertEqual(self.stack_id, event['physical_resource_id'])
        self.assertEqual(['self', 'resource', 'stack'],
                         [link['rel'] for link in event['links']])
        self.assertTrue(event['links'][0]['href'].endswith(
            '/resources/web/events/' + event['id']))

    def test_filters(self):
        for query, expected in (
                ('resource_name=first', 2),
                ('resource_name=first&resource_name=web', 4),
                ('resource_status=COMPLETE', 3),
                ('resource_status=CREATE_COMPLETE', 3),
                ('resource_action=CREATE&resource_type=OS::Heat::Value', 2),
                ('resource_status=FAILED', 0)):
            self.assertEqual(expected, len(self.events(query)), query)

    def test_sorting_and_paging(self):
        everything = self.events()
        newest_first = self.events('sort_dir=desc')
        self.assertEqual([e['id'] for e in reversed(everything)],
                         [e['id'] for e in newest_first])
        by_type = self.events('sort_keys=resource_type&sort_dir=asc')
        self.assertEqual(['OS::Heat::None'] * 2,
                         [e['resource_name'] == 'first' and 'OS::Heat::None'
                          for e in by_type[:2]])
        pages, marker = [], None
        while True:
            query = 'limit=4' + ('&marker=' + marker if marker else '')
            page = self.events(query)
            if not page:
                break
            pages.append(page)
            marker = page[-1]['id']
        self.assertEqual([4, 2], [len(p) for p in pages])
        self.assertEqual([e['id'] for e in everything],
                         [e['id'] for p in pages for e in p])

    def test_sorting_by_the_columns_clients_sort_on(self):
        # openstack stack event list --sort KEY[:DIR] sends its keys.
        def names(query):
            return [(e['resource_name'], e['resource_status'])
                    for e in self.events(query)]
        self.assertEqual(
            [('first', 'CREATE_IN_PROGRESS'), ('first', 'CREATE_COMPLETE'),
             ('second', 'CREATE_IN_PROGRESS'), ('second', 'CREATE_COMPLETE'),
             ('web', 'CREATE_IN_PROGRESS'), ('web', 'CREATE_COMPLETE')],
            names('sort_keys=resource_name&sort_dir=asc'))
        self.assertEqual(
            ['CREATE_IN_PROGRESS'] * 3 + ['CREATE_COMPLETE'] * 3,
            [status for _name, status in names(
                'sort_keys=resource_status&sort_dir=desc')])
        by_name = self.events('sort_keys=logical_resource_id,event_time')
        page = self.events('sort_keys=resource_name&limit=3&marker=%s'
                           % by_name[1]['id'])
        self.assertEqual([e['id'] for e in by_name[2:5]],
                         [e['id'] for e in page])

    def test_a_deleted_stacks_events_are_listed_by_its_id(self):
        # As Heat's: `stack delete --wait` reads the DELETE_COMPLETE there.
        last = self.events('sort_dir=desc&limit=1')[0]['id']
        response = self.service.request('DELETE', self.path)
        self.assertEqual(204, response.status_int, response.body)
        gone = self.service.wait_for_stack('demo', 'web')
        self.assertEqual(404, gone.status_int)
        for path in (self.path, '/v1/demo/stacks/%s' % self.stack_id):
            path += '/events?resource_name=web&marker=' + last
            deadline = time.monotonic() + 10
            while True:
                response = self.service.follow(
                    self.service.request('GET', path))
                self.assertEqual(200, response.status_int, response.body)
                statuses = [e['resource_status']
                            for e in response.json['events']]
                # The stack's last event is written just after its status.
                if len(statuses) == 2 or time.monotonic() > deadline:
                    break
                time.sleep(0.01)
            self.assertEqual(['DELETE_IN_PROGRESS', 'DELETE_COMPLETE'],
                             statuses)
        # By name, the stack is gone, as in Heat.
        response = self.service.request('GET',
                                        '/v1/demo/stacks/web/events')
        self.assertEqual(404, response.status_int)

    def test_resource_events_and_show(self):
        events = self.events(suffix='/resources/second/events')
        self.assertEqual(['CREATE_IN_PROGRESS', 'CREATE_COMPLETE'],
                         [e['resource_status'] for e in events])
        shown = self.get('/resources/second/events/%s' %
                         events[1]['id'])['event']
        self.assertEqual('OS::Heat::Value', shown['resource_type'])
        self.assertEqual('second', shown['logical_resource_id'])
        self.assertIn('resource_properties', shown)
        self.assertEqual(events[1]['id'], shown['id'])

    def test_missing_events_are_404s(self):
        self.assertError(self.service.request(
            'GET', self.path + '/resources/nope/events'), 404,
            part='nope')
        self.assertError(self.service.request(
            'GET', self.path + '/resources/first/events/' + '1' * 36), 404,
            part='1' * 36)
        other = self.events(suffix='/resources/second/events')[0]['id']
        self.assertError(self.service.request(
            'GET', self.path + '/resources/first/events/' + other), 404)

    def test_a_marker_that_is_gone_pages_from_the_start(self):
        # Heat's _events_paginate_query: an unknown uuid is no marker.
        everything = self.events()
        self.assertEqual(everything, self.events('marker=nothing'))
        self.assertEqual(everything[1:],
                         self.events('marker=' + everything[0]['id']))

    def test_bad_parameters_are_400s(self):
        for query, part in (('sort_keys=color', 'color'),
                            ('sort_dir=up', 'up'),
                            ('limit=-1', 'limit'),
                            ('nested_depth=deep', 'nested_depth')):
            self.assertError(self.service.request(
                'GET', self.path + '/events?' + query), 400, part=part)

    def test_reader_may_list(self):
        self.get('/events', headers={'X-Roles': 'reader'})
        self.assertError(self.service.request(
            'GET', self.path + '/events', headers={'X-Roles': 'nobody'}),
            403)


class NestedEventsTest(stack_base.StackTestCase):

    template = stack_base.GROUP_TEMPLATE

    def test_nested_depth_adds_the_members_events(self):
        top = self.get('/events')['events']
        nested = self.get('/events?nested_depth=1')['events']
        self.assertEqual(6, len(top))
        members = [e for e in nested if e['resource_name'] in ('0', '1')]
        self.assertEqual(4, len(members))
        rels = [link['rel'] for link in members[0]['links']]
        self.assertEqual(['self', 'resource', 'stack', 'root_stack'], rels)
        self.assertTrue(members[0]['links'][3]['href'].endswith(self.path))
        self.assertNotIn(self.stack_id, members[0]['links'][2]['href'])
