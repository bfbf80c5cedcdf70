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

"""Many resource rows changed at once, each with values of its own.

MySQL and MariaDB get one ``UPDATE ... CASE`` statement per group of rows
that change the same columns (``db.batch_update``); sqlite and PostgreSQL
an executemany. Every backend must store the same values: quotes, percent
signs and non-ASCII text, JSON documents, NULLs and microseconds.
"""

import datetime
import threading
from unittest import mock

from sqlalchemy.dialects import mysql

from heat_vision.common import context
from heat_vision.db import api as db_api
from heat_vision.db import batch_update
from heat_vision.db import models
from heat_vision.db import resources as db_resources
from heat_vision.db import stacks as db_stacks
from tests import base
from tests.functional.db import base as dbbase

WHEN = datetime.datetime(2026, 12, 1, 12, 0, 0, 123456)


class _ResourceUpdates:

    def setUp(self):
        super().setUp()
        self.ctxt = context.RequestContext(project_id='p', user_id='u')
        template_id = db_stacks.raw_template_create(
            self.ctxt, {'heat_template_version': '2021-04-16'})
        self.stack_id = db_stacks.stack_create(self.ctxt, {
            'name': 's', 'project_id': 'p', 'raw_template_id': template_id,
            'action': 'CREATE', 'status': 'IN_PROGRESS'}).id
        db_resources.resource_create_many(self.ctxt, [
            {'stack_id': self.stack_id, 'name': 'r%d' % i,
             'type': 'OS::Heat::None', 'action': 'INIT',
             'status': 'COMPLETE'} for i in range(7)])
        self.ids = {row.name: row.id for row in self.rows().values()}

    def rows(self):
        return {row.name: row for row in db_resources.
                resource_get_all_by_stack(self.ctxt, self.stack_id)}

    def test_each_row_gets_its_own_values(self):
        tricky = "it's 100% \"done\" \\ ok — ü %s %(x)s"
        changes = [dict(id=self.ids['r%d' % i], action='CREATE',
                        status='COMPLETE', status_reason='%s %d' % (tricky, i),
                        updated_at=WHEN.replace(microsecond=i),
                        attr_data={'value': [i, tricky, None]})
                   for i in range(5)]
        # Other columns, and a NULL, in a second group.
        changes.append(dict(id=self.ids['r5'], physical_resource_id='p5',
                            rsrc_metadata=None))
        # Three rows a statement: the groups are cut in chunks.
        with mock.patch.object(batch_update, 'MAX_ROWS', 3):
            db_resources.resource_update_many(self.ctxt, changes)
        rows = self.rows()
        for i in range(5):
            row = rows['r%d' % i]
            self.assertEqual(('CREATE', 'COMPLETE'), (row.action, row.status))
            self.assertEqual('%s %d' % (tricky, i), row.status_reason)
            self.assertEqual(WHEN.replace(microsecond=i), row.updated_at)
            self.assertEqual({'value': [i, tricky, None]}, row.attr_data)
        self.assertEqual('p5', rows['r5'].physical_resource_id)
        self.assertEqual(('INIT', 'COMPLETE'),
                         (rows['r5'].action, rows['r5'].status))
        self.assertIsNone(rows['r5'].rsrc_metadata)
        # A change that does not name updated_at still sets it.
        self.assertIsNotNone(rows['r5'].updated_at)
        # Rows not named are left alone.
        self.assertEqual(('INIT', 'COMPLETE', None),
                         (rows['r6'].action, rows['r6'].status,
                          rows['r6'].updated_at))

    def test_large_documents_are_cut_by_size(self):
        big = {'blob': 'x' * 3000}
        changes = [dict(id=self.ids['r%d' % i], attr_data=big)
                   for i in range(7)]
        # Two documents a statement, by their stored (JSON) size.
        with mock.patch.object(batch_update, 'MAX_BYTES', 5000), \
                mock.patch.object(batch_update, '_statement',
                                  wraps=batch_update._statement) as built:
            db_resources.resource_update_many(self.ctxt, changes)
        if db_api.get_engine().dialect.name in batch_update.DIALECTS:
            self.assertEqual([2, 2, 2, 1],
                             [len(c.args[3]) for c in built.call_args_list])
        self.assertEqual([big] * 7,
                         [row.attr_data for row in self.rows().values()])


class _OnlyItsRows:
    """On a server, an update locks the rows it changes and no others.

    A young table's statistics make MariaDB scan the whole primary key
    for ``WHERE id IN (...)``, and under REPEATABLE READ a scan locks
    every row it passes: the update then waited for any transaction
    that had inserted a row (a nested stack being stored), and that one
    for a row the update held, a deadlock.
    """

    def test_an_uncommitted_insert_does_not_hold_up_an_update(self):
        other = db_api.get_engine().connect()
        self.addCleanup(other.close)
        inserting = other.begin()
        self.addCleanup(inserting.rollback)
        other.execute(models.Resource.__table__.insert(), [
            dict(stack_id=self.stack_id, name='new%d' % i,
                 type='OS::Heat::None', action='INIT', status='COMPLETE',
                 uuid='00000000-0000-0000-0000-%012d' % i,
                 created_at=WHEN) for i in range(3)])
        done = threading.Event()

        def update():
            db_resources.resource_update_many(self.ctxt, [
                dict(id=self.ids['r%d' % i], status_reason='r%d' % i)
                for i in range(7)])
            done.set()

        worker = threading.Thread(target=update, daemon=True)
        worker.start()
        # Well under innodb_lock_wait_timeout (50 s): the update either
        # went by the primary key or is waiting for the insert.
        finished = done.wait(20)
        inserting.rollback()
        worker.join(60)
        self.assertTrue(finished, 'the update waited for an insert')
        self.assertEqual('r3', self.rows()['r3'].status_reason)


class StatementTest(base.TestCase):

    def test_a_column_set_alike_in_every_row_has_no_case(self):
        sql, params = batch_update._statement(
            mysql.dialect(), models.Resource.__table__,
            ['action', 'replaces', 'status_reason'],
            [(1, ['CREATE', 1, 'a']), (2, ['CREATE', True, 'b'])])
        self.assertEqual(
            'UPDATE resource FORCE INDEX (PRIMARY) SET action = %s, '
            'replaces = CASE id WHEN %s THEN %s WHEN %s THEN %s '
            'ELSE replaces END, '
            'status_reason = CASE id WHEN %s THEN %s WHEN %s THEN %s '
            'ELSE status_reason END WHERE id IN (%s, %s)', sql)
        self.assertEqual(['CREATE', 1, 1, 2, True, 1, 'a', 2, 'b', 1, 2],
                         params)


class SqliteTest(_ResourceUpdates, dbbase.Sqlite, base.TestCase):
    pass


class MariaDBTest(_OnlyItsRows, _ResourceUpdates, dbbase.Server,
                  base.TestCase):
    BACKEND = 'mysql'


class PostgreSQLTest(_OnlyItsRows, _ResourceUpdates, dbbase.Server,
                     base.TestCase):
    BACKEND = 'postgresql'
