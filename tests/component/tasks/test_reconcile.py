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

"""Finding and repairing the jobs whose current run is on no board."""

import datetime
import threading
from unittest import mock

from oslo_utils import timeutils
from oslo_utils import uuidutils
from taskflow import states

from heat_vision.common import context
from heat_vision.db import tasks as db_tasks
from heat_vision.tasks import cancel
from heat_vision.tasks import conductor
from heat_vision.tasks import constants as c
from heat_vision.tasks import due as due_mod
from heat_vision.tasks import fencing
from heat_vision.tasks import manager
from heat_vision.tasks import persistence
from heat_vision.tasks import reconcile
from heat_vision.tasks import runner
from tests.component.tasks import base


class _Job:

    def __init__(self, job_id, run=1, status=c.PENDING, owner=None,
                 next_run_at=None):
        self.id = job_id
        self.current_run = run
        self.status = status
        self.owner = owner
        self.next_run_at = next_run_at


class OrphansTest(base.TestCase):
    """The decision alone: what is missing, and for how long."""

    def setUp(self):
        super().setUp()
        self.flags(group='tasks', orphan_grace=10, claim_expiry=30)

    def decide(self, jobs, on_board=(), held=(), missing=None, now=100.0):
        return reconcile.orphans(jobs, set(on_board), set(held),
                                 missing or {}, now)

    def test_a_run_on_the_board_or_held_here_is_not_missing(self):
        jobs = [_Job('a'), _Job('b', status=c.RUNNING, owner='x')]
        found, missing = self.decide(
            jobs, on_board=['job-a-run-1'], held=['job-b-run-1'],
            missing={'job-a-run-1': 0.0, 'job-b-run-1': 0.0})
        self.assertEqual(([], {}), (found, missing))

    def test_a_missing_run_waits_for_the_grace(self):
        job = _Job('a', run=3, status=c.WAITING)
        found, missing = self.decide([job], now=100.0)
        self.assertEqual(([], {'job-a-run-3': 100.0}), (found, missing))
        found, missing = self.decide([job], missing=missing, now=109.0)
        self.assertEqual(([], {'job-a-run-3': 100.0}), (found, missing))
        found, missing = self.decide([job], missing=missing, now=110.0)
        self.assertEqual(([job], {}), (found, missing))

    def test_a_run_a_conductor_ran_waits_for_the_claim_expiry(self):
        job = _Job('a', status=c.RUNNING, owner='conductor-1')
        found, _missing = self.decide(
            [job], missing={'job-a-run-1': 80.0}, now=100.0)
        self.assertEqual([], found)
        found, _missing = self.decide(
            [job], missing={'job-a-run-1': 70.0}, now=100.0)
        self.assertEqual([job], found)

    def test_the_next_run_is_a_new_absence(self):
        job = _Job('a', run=2, status=c.WAITING)
        found, missing = self.decide(
            [job], missing={'job-a-run-1': 0.0}, now=100.0)
        self.assertEqual(([], {'job-a-run-2': 100.0}), (found, missing))

    def test_a_run_not_due_yet_is_not_missing_where_posted_when_due(self):
        now = timeutils.utcnow()
        hour = datetime.timedelta(hours=1)
        later = _Job('a', run=2, status=c.WAITING, next_run_at=now + hour)
        due = _Job('b', run=2, status=c.WAITING, next_run_at=now - hour)
        cancelling = _Job('c', run=2, status=c.CANCELLING,
                          next_run_at=now + hour)
        found, missing = reconcile.orphans(
            [later, due, cancelling], set(), set(),
            {'job-a-run-2': 0.0, 'job-b-run-2': 0.0, 'job-c-run-2': 0.0},
            100.0, later=now)
        self.assertEqual([due, cancelling], found)
        self.assertEqual({}, missing)
        # A board that posts every run at once: missing all the same.
        found, _missing = reconcile.orphans(
            [later], set(), set(), {'job-a-run-2': 0.0}, 100.0)
        self.assertEqual([later], found)


class DuePosterTest(base.TestCase):
    """Which runs a conductor posts when they are due (sqlite)."""

    def setUp(self):
        super().setUp()
        self.board = base.RecordingBoard()
        self.board.post_now = self.board.post
        runner.set_board(self.board)
        self.addCleanup(runner.set_board, None)

    def job(self, **values):
        job, _book = manager.store_job(self.ctx, {
            'name': 'p', 'kind': 'persistent', 'interval': 3600,
            'tasks': [{'name': 'a', 'action': 'noop'}]})
        db_tasks.job_update(self.ctx, job.id, values)
        return job.id

    def test_due_and_cancelling_runs_on_no_board_are_posted(self):
        now = timeutils.utcnow()
        due = self.job(status=c.WAITING, current_run=2,
                       next_run_at=now + datetime.timedelta(seconds=1))
        self.job(status=c.WAITING, current_run=2,
                 next_run_at=now + datetime.timedelta(hours=1))
        cancelling = self.job(status=c.CANCELLING, current_run=2,
                              next_run_at=now + datetime.timedelta(hours=1))
        self.job(status=c.RUNNING, next_run_at=now)
        on_board = self.job(status=c.WAITING, current_run=3,
                            next_run_at=now - datetime.timedelta(hours=1))
        self.board.posted = [runner.run_name(on_board, 3)]
        self.assertEqual(2, due_mod.DuePoster(self.board).run())
        self.assertEqual([runner.run_name(on_board, 3),
                          runner.run_name(due, 2),
                          runner.run_name(cancelling, 2)], self.board.posted)
        # Posted now: the next pass leaves them.
        self.assertEqual(0, due_mod.DuePoster(self.board).run())


class RepairTest(base.TestCase):
    """The repair of stored jobs (sqlite; no task service runs)."""

    def setUp(self):
        super().setUp()
        self.flags(group='tasks', orphan_grace=5)
        self.board = base.RecordingBoard()
        runner.set_board(self.board)
        self.addCleanup(runner.set_board, None)

    def lost_job(self, age=60, document=None):
        """:returns: a job stored ``age`` s ago whose post was lost."""
        job = manager.TaskManager().create_job(self.ctx, document or
                                               base.sequence(('a', 'noop',
                                                              {})))
        self.board.posted.remove(runner.run_name(job['id'], 1))
        past = timeutils.utcnow() - datetime.timedelta(seconds=age)
        db_tasks.job_update(context.get_admin_context(), job['id'],
                            {'created_at': past, 'updated_at': past})
        return job['id']

    def test_a_lost_post_is_posted_again_once(self):
        job_id = self.lost_job()
        fresh = self.lost_job(age=1)
        reconciler = reconcile.Reconciler(self.board)
        with mock.patch.object(reconcile.LOG, 'log') as log:
            self.assertEqual(0, reconciler.run())     # first seen
            self.assertEqual([runner.run_name(job_id, 1)],
                             list(reconciler._missing))
            reconciler._missing = {
                name: since - 10 for name, since in
                reconciler._missing.items()}
            self.assertEqual(1, reconciler.run())
            self.assertEqual(0, reconciler.run())     # on the board now
        self.assertEqual([runner.run_name(job_id, 1)], self.board.posted)
        self.assertEqual(1, log.call_count)
        self.assertIn(job_id, log.call_args[0][1:])
        # The fresh job (its post may be on its way) was not looked at.
        self.assertNotIn(runner.run_name(fresh, 1), self.board.posted)

    def test_only_one_process_takes_a_job(self):
        job_id = self.lost_job()
        [row] = [job for job in reconcile.active_jobs()
                 if job.id == job_id]
        self.assertTrue(reconcile.take(row))
        self.assertFalse(reconcile.take(row))

    def test_a_run_whose_logbook_ended_is_recorded_not_run(self):
        job_id = self.lost_job()
        flow_detail = persistence.get_flow_detail(job_id, 1)
        flow_detail.state = states.SUCCESS
        persistence.get_backend().get_connection().update_flow_details(
            flow_detail)
        [row] = [job for job in reconcile.active_jobs()
                 if job.id == job_id]
        reconcile.repair(row.id, 'is on no jobboard')
        self.assertEqual([], self.board.posted)
        job = db_tasks.job_get(context.get_admin_context(), job_id)
        self.assertEqual(c.COMPLETE, job.status)

    def test_a_job_that_ended_meanwhile_is_left_alone(self):
        job_id = self.lost_job()
        db_tasks.job_update(context.get_admin_context(), job_id,
                            {'status': c.CANCELLED})
        with mock.patch.object(runner, 'run_flow') as run_flow:
            reconcile.repair(job_id, 'is on no jobboard')
        run_flow.assert_not_called()

    def test_a_run_is_reposted_at_the_start_its_logbook_has(self):
        job_id = self.lost_job(document={
            'name': 'p', 'kind': 'persistent', 'interval': 3600,
            'tasks': [{'name': 'a', 'action': 'noop'}]})
        start = persistence.get_flow_detail(job_id, 1).meta['store'][
            c.STORE_START_AT]
        [row] = [job for job in reconcile.active_jobs()
                 if job.id == job_id]
        with mock.patch.object(runner, 'run_flow') as run_flow:
            reconcile.repair(row.id, 'is on no jobboard')
        [(job, run, at), kwargs] = run_flow.call_args
        self.assertEqual((job_id, 1, start, {'repost': True,
                                             'on_board': None}),
                         (job.id, run, at, kwargs))

    def test_the_jobs_are_read_a_page_at_a_time(self):
        ids = sorted(self.lost_job() for _ in range(5))
        reads = mock.Mock(wraps=db_tasks.job_get_unchanged)
        with mock.patch.object(reconcile, 'PAGE_SIZE', 2), \
                mock.patch.object(db_tasks, 'job_get_unchanged', reads):
            self.assertEqual(ids,
                             [job.id for job in reconcile.active_jobs()])
        self.assertEqual(3, reads.call_count)


class LocalBoardResumeTest(base.TestCase):
    """The local board resumes, when it starts, the jobs left active."""

    def test_a_job_whose_post_was_lost_runs_at_start(self):
        board = base.RecordingBoard()
        runner.set_board(board)
        job = manager.TaskManager().create_job(
            self.ctx, base.sequence(('a', 'noop', {'x': 1})))
        runner.set_board(None)
        self.start_service()
        job = self.wait_job(job['id'])
        self.assertEqual('COMPLETE', job['status'])
        self.assertEqual([('a', 'SUCCESS', 1)],
                         [(s['name'], s['state'], s['attempts'])
                          for s in job['steps']])


class InterruptTest(base.TestCase):
    """A conductor stops the tasks of a run whose claim it lost."""

    def held(self, job_id, lost='its claim is gone'):
        run = conductor._Held(
            mock.Mock(details={c.STORE_JOB_ID: job_id},
                      uuid=uuidutils.generate_uuid()),
            fencing.Fence('run-of-' + job_id))
        run.fence.lost = lost
        self.addCleanup(cancel.forget, job_id)
        return run

    def conductor(self, *runs):
        """A conductor holding ``runs`` (only what _interrupt reads)."""
        held = conductor.Conductor.__new__(conductor.Conductor)
        held._held_lock = threading.Lock()
        held._held = {run.job.uuid: run for run in runs}
        return held

    def test_the_tasks_of_a_fenced_run_are_interrupted(self):
        run = self.held('j1')
        self.conductor(run)._interrupt(run)
        self.assertEqual('its claim is gone', cancel.reason('j1'))

    def test_not_while_another_run_of_the_job_runs_here(self):
        old, new = self.held('j2'), self.held('j2', lost=None)
        self.conductor(old, new)._interrupt(old)
        self.assertIsNone(cancel.reason('j2'))

    def test_not_once_the_run_has_ended_here(self):
        # The watchdog's look began while the run was held; the run ended
        # (and may be claimed again here) before it saw the claim gone.
        gone = self.held('j3')
        self.conductor()._interrupt(gone)
        self.assertIsNone(cancel.reason('j3'))

    def test_a_runs_own_interruption_does_not_stop_the_next_run(self):
        cancel.stop('j4', 'its claim is gone')
        cancel.forget_run_reason('j4')
        self.assertIsNone(cancel.reason('j4'))
        for reason in cancel.JOB_REASONS:
            cancel.stop('j4', reason)
            cancel.forget_run_reason('j4')
            self.assertEqual(reason, cancel.reason('j4'))
