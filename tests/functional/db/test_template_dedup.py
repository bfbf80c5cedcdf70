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

"""Concurrent stores of one template make one row, on every backend."""

import threading
import uuid

from oslo_config import cfg

from heat_vision.common import context
from heat_vision.db import api as db_api
from heat_vision.db import models
from heat_vision.db import stacks as db_stacks
from heat_vision.engine.actions import create
from heat_vision.engine import model
from tests import base
from tests.functional.db import base as dbbase

CONF = cfg.CONF
THREADS = 8


class _ConcurrentTemplateStore:

    def test_racing_stores_share_one_row(self):
        ctxt = context.RequestContext(project_id='p')
        template = {'heat_template_version': '2021-04-16',
                    'resources': {'r': {'type': 'OS::Heat::None'}}}
        start = threading.Barrier(THREADS)
        ids, errors = [], []

        def store():
            try:
                own = context.RequestContext(project_id='p')
                start.wait(timeout=30)
                ids.append(db_stacks.raw_template_create(
                    own, template, {'f': 'x'}, {}))
            except Exception as exc:  # reported by the assertion below
                errors.append(exc)

        threads = [threading.Thread(target=store) for _ in range(THREADS)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
        self.assertEqual([], errors)
        self.assertEqual(THREADS, len(ids))
        self.assertEqual(1, len(set(ids)))
        with db_api.reader(ctxt) as session:
            self.assertEqual(1, session.query(models.RawTemplate).count())


class _StoresSideBySide:
    """A store of a template stored before does not wait for another
    store of it still in its transaction (a stack writing its resources):
    on a database server the stored row is share-locked, not re-inserted.
    """

    def test_a_store_does_not_wait_for_another_open_one(self):
        template = {'heat_template_version': '2021-04-16',
                    'resources': {'r': {'type': 'OS::Heat::None'}}}
        first = db_stacks.raw_template_create(
            context.RequestContext(project_id='p'), template)
        opened, second_done = threading.Event(), threading.Event()
        found, errors = [], []

        def open_store():
            try:
                own = context.RequestContext(project_id='p')
                with db_api.writer(own):
                    found.append(db_stacks.raw_template_create(own,
                                                               template))
                    opened.set()
                    # Held open until the other store is done, or long
                    # enough for the test to fail if that one waits.
                    found.append(second_done.wait(timeout=30))
            except Exception as exc:  # reported by the assertion below
                errors.append(exc)
                opened.set()

        holder = threading.Thread(target=open_store)
        holder.start()
        self.assertTrue(opened.wait(timeout=30))
        found.append(db_stacks.raw_template_create(
            context.RequestContext(project_id='p'), template))
        second_done.set()
        holder.join(60)
        self.assertEqual([], errors)
        # The open store's wait ended because the other store was done.
        self.assertEqual([first, True, first], found)


class _NewTemplateStoresSideBySide:
    """Stores of stacks from one new template do not wait for each other:
    the first does not hold the new row's lock while it writes its stack.
    """

    def _store(self, name):
        ctxt = context.RequestContext(project_id='p')
        template = {'heat_template_version': '2021-04-16',
                    'resources': {'r%d' % i: {'type': 'OS::Heat::None'}
                                  for i in range(3)}}
        stack_id = str(uuid.uuid4())
        definition = model.build_definition(template, {}, {}, name,
                                            stack_id, 'p')
        return create.store(ctxt, create.NewStack(
            stack_id, name, template, {}, {}, definition, {}))

    def test_a_new_template_store_does_not_wait_for_another(self):
        real_store = create._store
        held, second_done = threading.Event(), threading.Event()
        rows, errors = {}, []

        def store_then_hold(*args):
            row = real_store(*args)
            if not held.is_set():
                held.set()
                # Transaction still open: the other store must not wait.
                rows['waited'] = second_done.wait(timeout=30)
            return row

        def first():
            try:
                rows['first'] = self._store('first')
            except Exception as exc:  # reported by the assertion below
                errors.append(exc)
                held.set()

        self.patch(create, '_store', store_then_hold)
        holder = threading.Thread(target=first)
        holder.start()
        self.assertTrue(held.wait(timeout=30))
        rows['second'] = self._store('second')
        second_done.set()
        holder.join(60)
        self.assertEqual([], errors)
        self.assertTrue(rows['waited'])
        self.assertEqual(rows['first'].raw_template_id,
                         rows['second'].raw_template_id)


class SqliteTemplateStoreTest(_ConcurrentTemplateStore, dbbase.Sqlite,
                              base.TestCase):
    pass


class MySQLTemplateStoreTest(_ConcurrentTemplateStore, _StoresSideBySide,
                             _NewTemplateStoresSideBySide, dbbase.Server,
                             base.TestCase):
    BACKEND = 'mysql'


class PostgreSQLTemplateStoreTest(_ConcurrentTemplateStore,
                                  _StoresSideBySide,
                                  _NewTemplateStoresSideBySide,
                                  dbbase.Server, base.TestCase):
    BACKEND = 'postgresql'
