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

"""A run's storage writes its changes together, at the step boundaries,
and a job is created with its first run in one transaction."""

import threading
import time

import sqlalchemy as sa
from taskflow.patterns import graph_flow
from taskflow.patterns import linear_flow
from taskflow import states

from heat_vision.db import api as db_api
from heat_vision.tasks import atoms
from heat_vision.tasks import constants as c
from heat_vision.tasks import engine_options
from heat_vision.tasks import execution
from heat_vision.tasks import manager
from heat_vision.tasks import persistence
from heat_vision.tasks.plugins import base as plugin_base
from heat_vision.tasks import runner
from heat_vision.tasks import storage
from tests.component.tasks import base

CONTEXT = {'hv_job_id': 'j', 'hv_run': 1, 'hv_context': {}}


def _spec(name):
    return {'name': name, 'action': 'test', 'input': {}, 'requires': [],
            'timeout': None, 'retry': {'count': 0, 'delay': 0}}


class _Returns(plugin_base.TaskPlugin):
    def execute(self, runtime, **inputs):
        return {'done': runtime.task_name}


class _Blocks(plugin_base.TaskPlugin):
    release = None

    def execute(self, runtime, **inputs):
        if not self.release.wait(60):
            raise RuntimeError('never released')
        return 'released'


class RunStorageWritesTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.backend = persistence.get_backend()
        self.transactions = 0

        def _begin(_conn):
            self.transactions += 1
        sa.event.listen(self.backend.engine, 'begin', _begin)
        self.addCleanup(sa.event.remove, self.backend.engine, 'begin',
                        _begin)
        self.addCleanup(engine_options.shutdown)

    def store_run(self, flow):
        book, flow_detail = persistence.create_run_book('j', 1)
        storage.new_atom_details(flow, flow_detail)
        persistence.save_book(book)
        return flow_detail

    def stored(self, flow_detail):
        """:returns: {atom name: (state, result)} as in the database."""
        stored = persistence.get_flow_detail('j', 1)
        return {ad.name: (ad.state, ad.results) for ad in stored}

    def engine(self, flow, flow_detail):
        engine = storage.RunEngine(flow, flow_detail, self.backend,
                                   {'executor': engine_options.executor()})
        engine.storage.inject(CONTEXT, transient=True)
        return engine

    def test_a_step_is_durable_before_the_next_one_starts(self):
        flow = linear_flow.Flow('f').add(
            *[atoms.PluginTask(_spec(n), _Returns) for n in 'ab'])
        flow_detail = self.store_run(flow)
        run = storage.RunStorage(flow_detail, backend=self.backend)
        run.set_atom_state('a', states.RUNNING)
        self.assertEqual((states.RUNNING, None), self.stored(flow_detail)['a'])
        run.save('a', {'done': 'a'})
        # Nothing acts before the next boundary: the result waits.
        self.assertEqual((states.RUNNING, None), self.stored(flow_detail)['a'])
        written = self.transactions
        run.set_atom_state('b', states.RUNNING)
        self.assertEqual(1, self.transactions - written)
        self.assertEqual({'a': (states.SUCCESS, {'done': 'a'}),
                          'b': (states.RUNNING, None)},
                         self.stored(flow_detail))

    def test_a_run_is_written_once_per_step(self):
        flow = linear_flow.Flow('f').add(
            *[atoms.PluginTask(_spec(n), _Returns) for n in 'abc'])
        flow_detail = self.store_run(flow)
        engine = self.engine(flow, flow_detail)
        written = self.transactions
        self.assertEqual(execution.DONE, execution.run(engine, 'j', 1))
        # One write as each step starts (with the previous step's result)
        # and one at the end (TaskFlow alone makes eight here).
        self.assertLessEqual(self.transactions - written, 4)
        self.assertEqual({n: (states.SUCCESS, {'done': n}) for n in 'abc'},
                         self.stored(flow_detail))
        self.assertEqual(states.SUCCESS,
                         persistence.get_flow_detail('j', 1).state)

    def test_a_step_that_ends_beside_a_running_one_is_written(self):
        _Blocks.release = threading.Event()
        self.addCleanup(_Blocks.release.set)
        flow = graph_flow.Flow('f').add(
            atoms.PluginTask(_spec('quick'), _Returns),
            atoms.PluginTask(_spec('slow'), _Blocks))
        flow_detail = self.store_run(flow)
        engine = self.engine(flow, flow_detail)
        outcome = []
        runner = threading.Thread(
            target=lambda: outcome.append(execution.run(engine, 'j', 1)))
        runner.start()
        self.addCleanup(runner.join, 60)
        deadline = time.monotonic() + 30
        while self.stored(flow_detail)['quick'][0] != states.SUCCESS:
            if time.monotonic() > deadline:
                self.fail('the quick step was not written while the slow '
                          'one ran: %s' % self.stored(flow_detail))
            time.sleep(0.02)
        self.assertEqual((states.RUNNING, None),
                         self.stored(flow_detail)['slow'])
        _Blocks.release.set()
        runner.join(60)
        self.assertEqual([execution.DONE], outcome)
        self.assertEqual((states.SUCCESS, 'released'),
                         self.stored(flow_detail)['slow'])


class CreateJobWritesTest(base.TestCase):

    def test_the_job_and_its_first_run_in_one_transaction(self):
        board = base.RecordingBoard()
        runner.set_board(board)
        self.addCleanup(runner.set_board, None)
        commits = []

        def _commit(conn):
            commits.append(conn)
        engines = {db_api.get_engine(), persistence.get_backend().engine}
        for engine in engines:
            sa.event.listen(engine, 'commit', _commit)
            self.addCleanup(sa.event.remove, engine, 'commit', _commit)
        job = manager.TaskManager().create_job(self.ctx, base.sequence(
            ('a', 'noop', None), ('b', 'noop', None)))
        self.assertEqual(1, len(commits))
        self.assertEqual([runner.run_name(job['id'], 1)], board.posted)
        stored = persistence.get_flow_detail(job['id'], 1)
        self.assertEqual({'a', 'b'}, {ad.name for ad in stored})
        self.assertEqual(job['id'],
                         stored.meta['store'][c.STORE_JOB_ID])
        self.assertEqual(
            job, manager.TaskManager().get_job(self.ctx, job['id'],
                                               with_steps=False))
