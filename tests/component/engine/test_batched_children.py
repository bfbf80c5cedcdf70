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

"""Nested stacks of light resources, stored by their parent's batches."""

import collections
import json
import threading
import types

import sqlalchemy as sa

from heat_vision.common import context
from heat_vision.db import api as db_api
from heat_vision.db import events as db_events
from heat_vision.db import models
from heat_vision.db import resources as db_resources
from heat_vision.engine.actions import create
from heat_vision.engine import recorder as recorder_mod
from heat_vision.engine import stack as stack_mod
from heat_vision.engine.tree import batched
from heat_vision.engine.tree import prefetch
from tests import base
from tests import fixtures as hv_fixtures

LIGHT = {'heat_template_version': '2021-04-16',
         'parameters': {'word': {'type': 'string', 'default': 'child'}},
         'resources': {
             'v': {'type': 'OS::Heat::Value',
                   'properties': {'value': {'get_param': 'word'}}},
             'n': {'type': 'OS::Heat::None'}},
         'outputs': {'said': {'value': {'get_attr': ['v', 'value']}}}}
ROW_COLUMNS = ('id', 'name', 'project_id', 'owner_id', 'nested_depth',
               'raw_template_id', 'action', 'status', 'status_reason',
               'timeout', 'disable_rollback', 'created_at', 'updated_at',
               'tags', 'user_id', 'username', 'description')


def _children(count, child=LIGHT):
    template = {'heat_template_version': '2021-04-16', 'resources': {
        'inner%d' % i: {'type': 'OS::Heat::Stack', 'properties': {
            'template': json.dumps(child),
            'parameters': {'word': 'w%d' % i} if child is LIGHT else {}}}
        for i in range(count)}}
    if child is LIGHT:
        template['outputs'] = {'said': {'value': {
            'get_attr': ['inner0', 'outputs', 'said']}}}
    return template


class BatchedChildrenTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.service = self.useFixture(
            hv_fixtures.EmbeddedService(self.state_dir))
        self.context = context.get_admin_context()

    def create(self, name, template):
        response = self.service.request('POST', '/v1/demo/stacks', body={
            'stack_name': name, 'template': template})
        self.assertEqual(201, response.status_int, response.body)
        return self.service.wait_for_stack('demo', name)

    def children_of(self, stack_id):
        with db_api.reader(self.context) as session:
            return session.query(models.Stack).filter(
                models.Stack.owner_id == stack_id).order_by(
                    models.Stack.name).all()

    def test_a_child_is_stored_as_its_create_left_it(self):
        handed = {}
        real_run = create.run

        def run(context, stack_id, stack=None, recorder=None, **kwargs):
            row = real_run(context, stack_id, stack=stack, recorder=recorder,
                           **kwargs)
            if recorder is not None:
                handed[stack_id] = stack
            return row

        self.patch(create, 'run', run)
        stack = self.create('outer', _children(3))
        self.assertEqual('CREATE_COMPLETE', stack['stack_status'],
                         stack['stack_status_reason'])
        self.assertEqual('w0', stack['outputs'][0]['output_value'])
        children = self.children_of(stack['id'])
        self.assertEqual(3, len(children))
        self.assertEqual(set(handed), {c.id for c in children})
        for child in children:
            loaded = stack_mod.Stack.load(self.context, child.id)
            kept = handed[child.id]
            self.assertEqual(
                {c: getattr(kept.row, c) for c in ROW_COLUMNS},
                {c: getattr(loaded.row, c) for c in ROW_COLUMNS})
            self.assertEqual(('CREATE', 'COMPLETE'),
                             (child.action, child.status))
            columns = [c for c in db_resources.COLUMNS if c != 'id']
            self.assertEqual(
                {n: {c: getattr(r, c) for c in columns}
                 for n, r in kept.rows.items()},
                {n: {c: getattr(r, c) for c in columns}
                 for n, r in loaded.rows.items()})
            events = db_events.event_get_all_by_stack(self.context,
                                                      child.id)
            self.assertEqual(collections.Counter(
                [(child.name, 'IN_PROGRESS'), ('n', 'IN_PROGRESS'),
                 ('n', 'COMPLETE'), ('v', 'IN_PROGRESS'),
                 ('v', 'COMPLETE'), (child.name, 'COMPLETE')]),
                collections.Counter((e.resource_name, e.resource_status)
                                    for e in events))
            self.assertEqual('Stack CREATE started',
                             events[0].resource_status_reason)
            self.assertEqual('Stack CREATE completed successfully',
                             events[-1].resource_status_reason)
        # The parent's resources point at their children.
        with db_api.reader(self.context) as session:
            ids = dict(session.execute(sa.select(
                models.Resource.name, models.Resource.physical_resource_id
            ).where(models.Resource.stack_id == stack['id'])).all())
        self.assertEqual(sorted(c.id for c in children), sorted(ids.values()))

    def test_siblings_share_the_parent_s_flushes(self):
        """Twenty children are not twenty stores."""
        stores = []
        engine = db_api.get_engine()

        def count(conn, cursor, statement, *args):
            if statement.startswith('INSERT INTO stack '):
                stores.append(statement)

        sa.event.listen(engine, 'before_cursor_execute', count)
        self.addCleanup(sa.event.remove, engine, 'before_cursor_execute',
                        count)
        stack = self.create('many', _children(20))
        self.assertEqual('CREATE_COMPLETE', stack['stack_status'],
                         stack['stack_status_reason'])
        self.assertEqual(20, len(self.children_of(stack['id'])))
        # The top-level stack's store, then the flushes' batches.
        self.assertLess(len(stores), 10, len(stores))

    def delete(self, stack):
        """The stack goes, whatever its parent resources point at."""
        response = self.service.request('DELETE', '/v1/demo/stacks/%s/%s'
                                        % (stack['stack_name'], stack['id']))
        self.assertEqual(204, response.status_int)
        gone = self.service.wait_for_stack('demo', stack['stack_name'])
        self.assertEqual(404, gone.status_int)

    def test_a_failed_flush_stores_no_child_and_fails_the_parent(self):
        def broken(context, children):
            raise RuntimeError('the database went away')

        self.patch(batched, '_store_children', broken)
        # Only the flushes the parent resources wait for (no timed one on
        # the walk's own thread, whose failure would end the walk).
        self.patch(recorder_mod, 'FLUSH_EVERY', 3600)
        stack = self.create('lost', _children(2))
        self.assertEqual('CREATE_FAILED', stack['stack_status'])
        self.assertIn('the database went away',
                      stack['stack_status_reason'])
        self.assertEqual([], self.children_of(stack['id']))
        self.delete(stack)

    def test_children_of_heavier_types_are_stored_first(self):
        child = {'heat_template_version': '2021-04-16', 'resources': {
            't': {'type': 'OS::Heat::TestResource'}}}
        queued = []
        real = batched.create_child

        def create_child(*args, **kwargs):
            queued.append(args[1])
            return real(*args, **kwargs)

        self.patch(batched, 'create_child', create_child)
        stack = self.create('heavy', _children(2, child))
        self.assertEqual('CREATE_COMPLETE', stack['stack_status'])
        self.assertEqual([], queued)
        self.assertEqual(2, len(self.children_of(stack['id'])))

    def test_deletes_are_written_by_the_parent_s_flushes(self):
        stack = self.create('gone', _children(3))
        children = self.children_of(stack['id'])
        writes = []
        real = recorder_mod.Recorder._write

        def write(recorder, updates, events, inserts, batches, also):
            writes.append(recorder.stack_row.id)
            return real(recorder, updates, events, inserts, batches, also)

        counted = []
        real_keep = db_events._keep_newest

        def keep_newest(session, stack_id, cap):
            counted.append(stack_id)
            return real_keep(session, stack_id, cap)

        self.patch(recorder_mod.Recorder, '_write', write)
        self.patch(db_events, '_keep_newest', keep_newest)
        self.flags(max_events_per_stack=7)
        self.delete(stack)
        # Only the parent's walk wrote; each child, past the cap of
        # seven, was purged once.
        self.assertEqual({stack['id']}, set(writes))
        self.assertEqual(sorted(c.id for c in children),
                         sorted(c for c in counted if c != stack['id']))
        with db_api.reader(self.context) as session:
            rows = session.query(models.Stack).filter(
                models.Stack.owner_id == stack['id']).all()
            resources = session.query(models.Resource).filter(
                models.Resource.stack_id.in_([c.id for c in children]))
            self.assertEqual({('DELETE', 'COMPLETE')},
                             {(r.action, r.status) for r in resources})
        self.assertEqual(3 * [('DELETE', 'COMPLETE', True)],
                         [(r.action, r.status, r.deleted_at is not None)
                          for r in rows])
        for row in rows:
            events = db_events.event_get_all_by_stack(self.context, row.id)
            self.assertEqual(
                [(row.name, 'DELETE', 'IN_PROGRESS'),
                 (row.name, 'DELETE', 'COMPLETE')],
                [(e.resource_name, e.resource_action, e.resource_status)
                 for e in events if e.resource_name == row.name and
                 e.resource_action == 'DELETE'])
            # 6 of the create, 6 of the delete, the oldest purged.
            self.assertEqual(7, len(events))
            self.assertEqual('Stack DELETE completed successfully',
                             events[-1].resource_status_reason)

    def test_an_update_reads_its_children_together(self):
        """Updating ten children of one template: the first is read on
        its own, the other nine with one read of them all; their new
        template is stored once; each child ends with its new value.
        """
        def child(value):
            return {'heat_template_version': '2021-04-16', 'resources': {
                'v': {'type': 'OS::Heat::Value',
                      'properties': {'value': value}}}}

        stack = self.create('up', _children(10, child('old')))
        self.assertEqual('CREATE_COMPLETE', stack['stack_status'])
        reads, inserts, statements = [], [], []
        engine = db_api.get_engine()
        counting = [True]

        def count(conn, cursor, statement, parameters, *args):
            if not counting:
                return
            # The operation's threads, not the API's status polls (as
            # many as the machine is slow).
            if threading.current_thread().name.startswith(
                    ('stack-op', 'ThreadPoolExecutor')):
                statements.append(statement)
            if statement.startswith('INSERT INTO raw_template '):
                inserts.append(statement)
            elif (statement.startswith('SELECT resource.id') and
                  'resource.stack_id = ' in statement and
                  stack['id'] not in parameters):
                reads.append(parameters)

        sa.event.listen(engine, 'before_cursor_execute', count)
        self.addCleanup(sa.event.remove, engine, 'before_cursor_execute',
                        count)
        response = self.service.request(
            'PUT', '/v1/demo/stacks/up/%s' % stack['id'],
            body={'template': _children(10, child('new'))})
        self.assertEqual(202, response.status_int, response.body)
        updated = self.service.wait_for_stack('demo', 'up')
        counting.clear()
        self.assertEqual('UPDATE_COMPLETE', updated['stack_status'],
                         updated['stack_status_reason'])
        children = self.children_of(stack['id'])
        self.assertEqual(1, len({c.raw_template_id for c in children}))
        # The top-level template, then the children's (once).
        self.assertEqual(2, len(inserts), inserts)
        # The first child's resources, on their own (the others with
        # it, by stack ids).
        self.assertEqual(1, len(reads), reads)
        # 28 a child before the reads were shared, 17-18 now. How many
        # flushes the walks' events and states take depends on how the
        # steps interleave: 20.9 at load 30, hence the room.
        self.assertLess(len(statements) / 10, 24, len(statements))
        with db_api.reader(self.context) as session:
            values = session.execute(sa.select(
                models.Resource.properties_data).where(
                    models.Resource.stack_id.in_([c.id for c in children]),
                    models.Resource.action != 'INIT')).scalars().all()
        self.assertEqual(10 * ['new'], [v['value'] for v in values])

    def test_a_child_with_a_type_mapping_is_read_on_its_own(self):
        row = types.SimpleNamespace(type='OS::Heat::None', name='n')
        plain = types.SimpleNamespace(environment={
            'resource_registry': {'resources': {}}})
        mapped = types.SimpleNamespace(environment={
            'resource_registry': {'OS::Heat::None': 'other.yaml'}})
        heavy = types.SimpleNamespace(type='OS::Heat::TestResource',
                                      name='t')
        self.assertTrue(prefetch._all_light(plain, [row]))
        self.assertFalse(prefetch._all_light(mapped, [row]))
        self.flags(enable_test_resource_types=True)
        self.assertFalse(prefetch._all_light(plain, [row, heavy]))
