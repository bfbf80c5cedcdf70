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

"""purge_deleted removes the raw templates no stack uses, on every backend,
and never one that a stack is being pointed at.
"""

import datetime
import threading
import time
import uuid

from oslo_db import exception as db_exc
from oslo_utils import timeutils
import sqlalchemy as sa

from heat_vision.common import context
from heat_vision.db import api as db_api
from heat_vision.db import models
from heat_vision.db import purge
from heat_vision.db import stacks as db_stacks
from tests import base
from tests.functional.db import base as dbbase

DAY = datetime.timedelta(days=1)


def _template(name):
    return {'heat_template_version': '2021-04-16',
            'resources': {name: {'type': 'OS::Heat::None'}}}


class _Purge:

    def setUp(self):
        super().setUp()
        self.ctxt = context.RequestContext(project_id='p')
        self.admin = context.get_admin_context()

    def store(self, name, age=None):
        template_id = db_stacks.raw_template_create(self.ctxt,
                                                    _template(name))
        if age is not None:
            with db_api.writer(self.admin) as session:
                session.query(models.RawTemplate).filter_by(
                    id=template_id).update(
                        {'created_at': timeutils.utcnow() - age})
        return template_id

    def stack(self, template_id, **values):
        values.update(id=str(uuid.uuid4()), name='s', project_id='p',
                      raw_template_id=template_id, action='CREATE',
                      status='COMPLETE')
        return db_stacks.stack_create(self.ctxt, values).id

    def template_ids(self):
        with db_api.reader(self.admin) as session:
            return {row.id for row in session.query(models.RawTemplate.id)}

    def purge(self):
        return purge.purge_deleted(self.admin, timeutils.utcnow() - DAY)

    def test_removes_unused_templates_stored_before_the_cutoff(self):
        used = self.store('used', age=2 * DAY)
        previous = self.store('previous', age=2 * DAY)
        unused = self.store('unused', age=2 * DAY)
        recent = self.store('recent')
        self.stack(used, prev_raw_template_id=previous)

        counts = self.purge()

        self.assertEqual({used, previous, recent}, self.template_ids())
        self.assertEqual(1, counts['templates'])
        self.assertNotIn(unused, self.template_ids())

    def test_removes_the_templates_of_purged_stacks_only_when_unused(self):
        shared = self.store('shared', age=3 * DAY)
        own = self.store('own', age=3 * DAY)
        gone = self.stack(own)
        kept_by = self.stack(shared)
        purged_too = self.stack(shared)
        for stack_id in (gone, purged_too):
            db_stacks.stack_update(self.ctxt, stack_id, {
                'deleted_at': timeutils.utcnow() - 2 * DAY})

        counts = self.purge()

        self.assertEqual(2, counts['stacks'])
        self.assertEqual(1, counts['templates'])
        self.assertEqual({shared}, self.template_ids())
        self.assertEqual(shared, db_stacks.stack_get(
            self.ctxt, kept_by).raw_template_id)

    def test_a_write_committed_beside_its_read_does_not_stop_it(self):
        # An engine commits (here, a stack's update) after the purge read
        # which stacks to remove: on sqlite (WAL) a transaction that
        # had read could not write after it ("database is locked").
        kept = self.stack(self.store('kept'))
        gone = self.stack(self.store('gone', age=3 * DAY))
        db_stacks.stack_update(self.ctxt, gone, {
            'deleted_at': timeutils.utcnow() - 2 * DAY})
        engine = db_api.get_engine()
        written = []

        def commit_beside(conn, cursor, statement, *args):
            if (not written and statement.lstrip().startswith('SELECT')
                    and 'FROM stack' in statement):
                writer = threading.Thread(
                    target=db_stacks.stack_update,
                    args=(self.ctxt, kept, {'status': 'FAILED'}))
                writer.start()
                writer.join(30)
                written.append(not writer.is_alive())

        sa.event.listen(engine, 'after_cursor_execute', commit_beside)
        self.addCleanup(sa.event.remove, engine, 'after_cursor_execute',
                        commit_beside)

        counts = self.purge()

        self.assertEqual([True], written)
        self.assertEqual(1, counts['stacks'])
        self.assertEqual('FAILED',
                         db_stacks.stack_get(self.ctxt, kept).status)

    def test_goes_through_every_batch(self):
        self.patch(purge, '_BATCH', 2)
        kept = self.store('kept', age=2 * DAY)
        self.stack(kept)
        for i in range(5):
            self.store('unused%d' % i, age=2 * DAY)

        self.assertEqual(5, self.purge()['templates'])
        self.assertEqual({kept}, self.template_ids())

    def test_a_template_purged_before_its_use_is_stored_again(self):
        old = self.store('old', age=2 * DAY)
        stack_id = self.stack(self.store('current'))
        tried = []

        def point(template_id):
            tried.append(template_id)
            if len(tried) == 1:
                # A purge between the store and the stack's update.
                self.assertEqual(old, template_id)
                self.assertEqual(1, self.purge()['templates'])
            db_stacks.stack_update(self.ctxt, stack_id,
                                   {'raw_template_id': template_id})
            return template_id

        used = db_stacks.with_stored_template(self.ctxt, _template('old'),
                                              {}, {}, point)

        self.assertEqual(2, len(tried))
        self.assertNotEqual(old, used)
        self.assertEqual(used, db_stacks.stack_get(
            self.ctxt, stack_id).raw_template_id)
        self.assertEqual(_template('old'), db_stacks.raw_template_get(
            self.ctxt, used).template)

    def test_a_reference_error_of_every_try_is_raised(self):
        def point(template_id):
            with db_api.writer(self.admin) as session:
                session.query(models.RawTemplate).filter_by(
                    id=template_id).delete()
            self.stack(template_id)

        self.assertRaises(db_exc.DBReferenceError,
                          db_stacks.with_stored_template, self.ctxt,
                          _template('t'), {}, {}, point)


class _PurgeRacesAStore:
    """A purge that reads a template as unused while a store is pointing
    a new stack at it waits for that store and leaves the template.
    """

    def lock_waits(self):
        with db_api.get_engine().connect() as conn:
            if conn.dialect.name == 'mysql':
                # MariaDB lists a statement waiting for a row lock as
                # running ("Updating"); half a second of it is the wait.
                return conn.execute(sa.text(
                    "SELECT COUNT(*) FROM information_schema.processlist "
                    "WHERE db = DATABASE() AND time_ms > 500 AND "
                    "info LIKE 'DELETE FROM raw_template%'")).scalar()
            return conn.execute(sa.text(
                "SELECT COUNT(*) FROM pg_stat_activity WHERE "
                "datname = current_database() AND "
                "wait_event_type = 'Lock'")).scalar()

    def test_purge_leaves_a_template_a_store_is_using(self):
        template_id = self.store('raced', age=2 * DAY)
        stored, release = threading.Event(), threading.Event()
        results, errors = {}, []

        def store_and_hold():
            try:
                own = context.RequestContext(project_id='p')
                with db_api.writer(own):
                    found = db_stacks.raw_template_create(own,
                                                          _template('raced'))
                    results['stack'] = db_stacks.stack_create(own, {
                        'id': str(uuid.uuid4()), 'name': 'raced',
                        'project_id': 'p', 'raw_template_id': found,
                        'action': 'CREATE', 'status': 'IN_PROGRESS'}).id
                    stored.set()
                    results['released'] = release.wait(timeout=60)
            except Exception as exc:  # reported by the assertion below
                errors.append(exc)
                stored.set()

        def run_purge():
            try:
                results['counts'] = self.purge()
            except Exception as exc:  # reported by the assertion below
                errors.append(exc)

        holder = threading.Thread(target=store_and_hold)
        holder.start()
        self.assertTrue(stored.wait(timeout=30))
        purger = threading.Thread(target=run_purge)
        purger.start()
        deadline = time.monotonic() + 30
        while not self.lock_waits() and time.monotonic() < deadline:
            time.sleep(0.05)
        waited = bool(self.lock_waits())
        release.set()
        holder.join(60)
        purger.join(60)

        self.assertEqual([], errors)
        self.assertTrue(waited, 'the purge never waited for the store')
        self.assertEqual(0, results['counts']['templates'])
        self.assertEqual({template_id}, self.template_ids())
        self.assertEqual(template_id, db_stacks.stack_get(
            self.ctxt, results['stack']).raw_template_id)


class SqliteTemplatePurgeTest(_Purge, dbbase.Sqlite, base.TestCase):
    pass


class MySQLTemplatePurgeTest(_Purge, _PurgeRacesAStore, dbbase.Server,
                             base.TestCase):
    BACKEND = 'mysql'


class PostgreSQLTemplatePurgeTest(_Purge, _PurgeRacesAStore, dbbase.Server,
                                  base.TestCase):
    BACKEND = 'postgresql'
