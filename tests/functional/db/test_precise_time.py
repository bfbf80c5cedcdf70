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

"""Timestamps keep microseconds, so rows of one second stay in order.

On MariaDB a plain DATETIME keeps whole seconds; these tests run on the
embedded sqlite and on real MariaDB and PostgreSQL servers.
"""

import datetime

import sqlalchemy as sa

from heat_vision.common import context
from heat_vision.db import api as db_api
from heat_vision.db import events as db_events
from heat_vision.db import models
from heat_vision.db import stacks as db_stacks
from heat_vision.db import tasks as db_tasks
from tests import base
from tests.functional.db import base as dbbase

# One second, and rows 1 microsecond to 0.2 s apart inside it.
SECOND = datetime.datetime(2026, 11, 30, 12, 0, 0)
OFFSETS = (900000, 1, 200000, 450000, 2)


class _PreciseTime:

    def setUp(self):
        super().setUp()
        self.ctxt = context.RequestContext(project_id='p', user_id='u')

    def _stack(self):
        template_id = db_stacks.raw_template_create(
            self.ctxt, {'heat_template_version': '2021-04-16'})
        return db_stacks.stack_create(self.ctxt, {
            'name': 's', 'project_id': 'p', 'raw_template_id': template_id,
            'action': 'CREATE', 'status': 'IN_PROGRESS'}).id

    def test_events_of_one_second_sort_by_time(self):
        stack_id = self._stack()
        # Inserted out of time order: the id tie-break alone would be wrong.
        db_events.event_create_many(self.ctxt, [
            {'stack_id': stack_id, 'resource_name': 'r%d' % micro,
             'resource_action': 'CREATE', 'resource_status': 'COMPLETE',
             'created_at': SECOND.replace(microsecond=micro)}
            for micro in OFFSETS])
        for sort_dir, ordered in (('asc', sorted(OFFSETS)),
                                  ('desc', sorted(OFFSETS, reverse=True))):
            page = db_events.event_get_page(self.ctxt, [stack_id],
                                            sort_dir=sort_dir)
            self.assertEqual(['r%d' % micro for micro in ordered],
                             [e.resource_name for e in page], sort_dir)
            self.assertEqual(
                [SECOND.replace(microsecond=micro) for micro in ordered],
                [e.created_at for e in page])

    def test_task_jobs_of_one_second_list_newest_first(self):
        for micro in OFFSETS:
            db_tasks.job_create(self.ctxt, {
                'project_id': 'p', 'name': 'j%d' % micro, 'kind': 'sequence',
                'status': 'COMPLETE', 'document': {}, 'current_run': 1,
                'runs': 1, 'failures': 0, 'cancel_requested': False,
                'created_at': SECOND.replace(microsecond=micro),
                'ended_at': SECOND.replace(microsecond=micro)})
        jobs = db_tasks.job_get_all(self.ctxt)
        self.assertEqual(['j%d' % m for m in sorted(OFFSETS, reverse=True)],
                         [job.name for job in jobs])
        self.assertEqual(SECOND.replace(microsecond=1),
                         jobs[-1].ended_at)

    def test_every_timestamp_column_keeps_microseconds(self):
        stack_id = self._stack()
        when = SECOND.replace(microsecond=123456)
        with db_api.writer(self.ctxt) as session:
            session.query(models.Stack).filter_by(id=stack_id).update(
                {'updated_at': when, 'deleted_at': when})
        stack = db_stacks.stack_get(self.ctxt, stack_id, show_deleted=True)
        self.assertEqual((when, when), (stack.updated_at, stack.deleted_at))


class SqlitePreciseTimeTest(_PreciseTime, dbbase.Sqlite, base.TestCase):
    pass


class MySQLPreciseTimeTest(_PreciseTime, dbbase.Server, base.TestCase):
    BACKEND = 'mysql'

    def test_the_columns_are_datetime_6(self):
        inspector = sa.inspect(db_api.get_engine())
        checked = 0
        taskflow_tables = models.taskflow_tables()
        for table in models.Base.metadata.sorted_tables:
            if table in taskflow_tables:
                continue
            reflected = {c['name']: c['type']
                         for c in inspector.get_columns(table.name)}
            for column in table.columns:
                if isinstance(column.type, sa.DateTime):
                    self.assertEqual(6, reflected[column.name].fsp,
                                     '%s.%s' % (table.name, column.name))
                    checked += 1
        self.assertGreaterEqual(checked, 20)


class PostgreSQLPreciseTimeTest(_PreciseTime, dbbase.Server,
                                base.TestCase):
    BACKEND = 'postgresql'
