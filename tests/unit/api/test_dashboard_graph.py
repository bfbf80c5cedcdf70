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

"""The graph read's ETag, and the version it carries."""

import datetime

from heat_vision.api.controllers import dashboard as graph
from heat_vision.engine.formatters import graph as fmt
from tests import base

VERSION = '0123456789abcdef0123456789abcdef'


class KnownVersionTest(base.TestCase):

    def test_one_etag_of_this_route(self):
        for header in ('"%s"' % VERSION, 'W/"%s"' % VERSION,
                       ' "%s" ' % VERSION):
            self.assertEqual(VERSION, graph.known_version(header), header)

    def test_anything_else_is_no_version(self):
        for header in (None, '', '*', VERSION, '"%s"' % VERSION.upper(),
                       '"%s", "%s"' % (VERSION, VERSION), '"abc"',
                       '"%s0"' % VERSION, '"%s"' % ('x' * 10000)):
            self.assertIsNone(graph.known_version(header), header)


class StackRow:
    id = 'a-stack'
    name = 'web'
    action = 'CREATE'
    status = 'COMPLETE'
    status_reason = 'done'
    updated_at = datetime.datetime(2026, 1, 2, 3, 4, 5)
    deleted_at = None
    created_at = updated_at
    project_id = 'demo'
    description = ''
    username = 'someone'
    owner_id = None
    tags = None


class VersionTest(base.TestCase):

    COUNTS = (3, 6, datetime.datetime(2026, 1, 2, 3, 4, 6), 7, 'uuid')

    def test_same_state_same_version(self):
        self.assertEqual(fmt.version(StackRow(), self.COUNTS),
                         fmt.version(StackRow(), tuple(self.COUNTS)))
        self.assertRegex(fmt.version(StackRow(), self.COUNTS),
                         '^[0-9a-f]{32}$')

    def test_any_change_a_new_version(self):
        first = fmt.version(StackRow(), self.COUNTS)
        for index in range(len(self.COUNTS)):
            counts = list(self.COUNTS)
            counts[index] = None
            self.assertNotEqual(first, fmt.version(StackRow(), counts),
                                index)
        for field, value in (('status', 'FAILED'), ('status_reason', 'x'),
                             ('action', 'UPDATE'), ('name', 'other'),
                             ('deleted_at', StackRow.updated_at)):
            row = StackRow()
            setattr(row, field, value)
            self.assertNotEqual(first, fmt.version(row, self.COUNTS), field)


class FormatGraphTest(base.TestCase):

    def test_one_row_per_resource_in_the_fields_order(self):
        changed = datetime.datetime(2026, 1, 2, 3, 4, 5, 678)
        rows = [('a', 'OS::Heat::None', 'CREATE_COMPLETE', '', '', None,
                 None, None, None, changed),
                ('b', 'OS::Heat::Stack', 'CREATE_FAILED', 'boom', 'p',
                 '["a"]', '[]', 'inner', 'inner-id', changed),
                ('c', 'OS::Heat::None', 'INIT_COMPLETE', '', '', 'null',
                 '["a", "b"]', None, None, None)]
        graph = fmt.format_graph(StackRow(), rows, VERSION, 'event-uuid')
        table = graph['resources']
        self.assertEqual(list(fmt.RESOURCE_FIELDS), table['fields'])
        self.assertEqual([
            ['a', 'OS::Heat::None', 'CREATE_COMPLETE', '', '', None, None,
             None, '2026-01-02T03:04:05Z'],
            ['b', 'OS::Heat::Stack', 'CREATE_FAILED', 'boom', 'p', ['a'],
             None, ['inner', 'inner-id'], '2026-01-02T03:04:05Z'],
            ['c', 'OS::Heat::None', 'INIT_COMPLETE', '', '', None,
             ['a', 'b'], None, None]], table['rows'])
        self.assertEqual((VERSION, 'event-uuid', 'CREATE_COMPLETE'), (
            graph['version'], graph['newest_event'],
            graph['stack']['stack_status']))

    def test_no_resources(self):
        graph = fmt.format_graph(StackRow(), [], VERSION, None)
        self.assertEqual([], graph['resources']['rows'])
