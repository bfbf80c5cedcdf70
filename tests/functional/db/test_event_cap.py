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

"""The event cap on every backend: the newest events kept, the room told.
"""

from heat_vision.common import context
from heat_vision.db import events as db_events
from heat_vision.db import stacks as db_stacks
from tests import base
from tests.functional.db import base as dbbase

CAP = 10


class _EventCap:

    def setUp(self):
        super().setUp()
        self.ctxt = context.RequestContext(project_id='p')
        template_id = db_stacks.raw_template_create(
            self.ctxt, {'heat_template_version': '2021-04-16'})
        self.stack_id = db_stacks.stack_create(self.ctxt, {
            'name': 's', 'project_id': 'p', 'raw_template_id': template_id,
            'action': 'CREATE', 'status': 'IN_PROGRESS'}).id
        self.flags(max_events_per_stack=CAP)
        self.made = 0

    def insert(self, count, room=0):
        rows = [{'stack_id': self.stack_id,
                 'resource_name': 'r%d' % (self.made + i),
                 'resource_action': 'CREATE', 'resource_status': 'COMPLETE'}
                for i in range(count)]
        self.made += count
        return db_events.event_create_many(self.ctxt, rows, room)

    def stored(self):
        return [e.resource_name for e in
                db_events.event_get_all_by_stack(self.ctxt, self.stack_id)]

    def test_room_below_the_cap_and_the_newest_kept_past_it(self):
        self.assertEqual(CAP - 4, self.insert(4))
        # Rows that fit in the room given are not checked: the room shrinks.
        self.assertEqual(1, self.insert(5, room=CAP - 4))
        self.assertEqual(9, len(self.stored()))
        # More than the room: checked, and the oldest purged.
        self.assertEqual(0, self.insert(5, room=1))
        self.assertEqual(['r%d' % i for i in range(4, 14)], self.stored())
        self.assertEqual(0, self.insert(3))
        self.assertEqual(['r%d' % i for i in range(7, 17)], self.stored())

    def test_a_room_told_too_large_is_corrected_at_the_next_check(self):
        # Another writer's events are not in the room a caller holds: the
        # stack passes the cap by at most those, until the next check.
        self.insert(6)
        self.assertEqual(2, self.insert(8, room=CAP))
        self.assertEqual(14, len(self.stored()))
        self.assertEqual(0, self.insert(1, room=0))
        self.assertEqual(['r%d' % i for i in range(5, 15)], self.stored())

    def test_no_cap(self):
        self.flags(max_events_per_stack=0)
        self.assertEqual(db_events.NO_CAP, self.insert(3 * CAP))
        self.assertEqual(3 * CAP, len(self.stored()))

    def test_other_stacks_keep_their_events(self):
        other = db_stacks.stack_create(self.ctxt, {
            'name': 'o', 'project_id': 'p',
            'raw_template_id': db_stacks.raw_template_create(
                self.ctxt, {'heat_template_version': '2018-08-31'}),
            'action': 'CREATE', 'status': 'IN_PROGRESS'}).id
        db_events.event_create_many(self.ctxt, [
            {'stack_id': other, 'resource_name': 'o%d' % i,
             'resource_action': 'CREATE', 'resource_status': 'COMPLETE'}
            for i in range(CAP)])
        self.insert(2 * CAP)
        self.assertEqual(CAP, len(self.stored()))
        self.assertEqual(CAP, len(db_events.event_get_all_by_stack(
            self.ctxt, other)))


class SqliteEventCapTest(_EventCap, dbbase.Sqlite, base.TestCase):
    pass


class MySQLEventCapTest(_EventCap, dbbase.Server, base.TestCase):
    BACKEND = 'mysql'


class PostgreSQLEventCapTest(_EventCap, dbbase.Server, base.TestCase):
    BACKEND = 'postgresql'
