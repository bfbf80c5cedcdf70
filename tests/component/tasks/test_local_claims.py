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

"""The local board's claims: a job is one live service's at a time."""

import datetime
import time

from oslo_utils import timeutils

from heat_vision.common import context
from heat_vision.db import services as db_services
from heat_vision.db import tasks as db_tasks
from heat_vision.engine import locks
from heat_vision.tasks import constants as c
from heat_vision.tasks import local
from heat_vision.tasks import manager
from heat_vision.tasks import runner
from tests.component.tasks import base


def add_service(service_id, seen_ago=0, binary=db_services.ENGINE):
    """A service whose last heartbeat was ``seen_ago`` seconds ago."""
    seen = timeutils.utcnow() - datetime.timedelta(seconds=seen_ago)
    db_services.service_create(context.get_admin_context(), {
        'engine_id': service_id, 'host': 'h', 'hostname': 'h',
        'binary': binary, 'topic': 't', 'report_interval': 1,
        'created_at': seen, 'updated_at': seen})


class LocalClaimsTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.flags(service_down_time=5)
        self.admin = context.get_admin_context()
        self.board = base.RecordingBoard()
        runner.set_board(self.board)
        self.addCleanup(runner.set_board, None)

    def new_job(self):
        return manager.TaskManager().create_job(
            self.ctx, base.sequence(('a', 'noop', None)))['id']

    def claim(self, job_id, owner):
        return db_tasks.job_claim(
            self.admin, job_id, owner, c.ACTIVE_STATES,
            timeutils.utcnow() - datetime.timedelta(seconds=5))

    def unowned(self, owner, unowned_grace=0):
        now = timeutils.utcnow()
        return db_tasks.job_ids_unowned(
            self.admin, c.ACTIVE_STATES, owner,
            now - datetime.timedelta(seconds=5),
            now - datetime.timedelta(seconds=unowned_grace))

    def test_a_live_owners_job_is_not_claimed(self):
        add_service('a')
        add_service('b')
        job_id = self.new_job()
        self.assertEqual([job_id], self.unowned('b'))
        self.assertTrue(self.claim(job_id, 'a'))
        self.assertTrue(self.claim(job_id, 'a'))        # still a's
        self.assertEqual([], self.unowned('b'))
        self.assertFalse(self.claim(job_id, 'b'))
        self.assertEqual('a', db_tasks.job_get(self.admin, job_id).owner)

    def test_a_dead_owners_job_is_claimed_by_one(self):
        add_service('a', seen_ago=6)
        add_service('b')
        add_service('c')
        job_id = self.new_job()
        self.assertTrue(self.claim(job_id, 'a'))        # unowned
        self.assertEqual([job_id], self.unowned('b'))
        self.assertTrue(self.claim(job_id, 'b'))
        self.assertFalse(self.claim(job_id, 'c'))       # b is alive
        self.assertFalse(self.claim(job_id, 'a'))       # a came back
        # An owner that left the service list (a clean stop) is gone.
        db_services.service_delete(self.admin, 'b')
        self.assertTrue(self.claim(job_id, 'c'))

    def test_an_ended_job_is_claimed_by_none(self):
        job_id = self.new_job()
        db_tasks.job_update(self.admin, job_id, {'status': c.COMPLETE})
        self.assertFalse(self.claim(job_id, 'a'))
        self.assertEqual([], self.unowned('a'))

    def test_a_job_with_no_owner_waits_for_the_grace_when_not_starting(
            self):
        job_id = self.new_job()
        self.assertEqual([], self.unowned('a', unowned_grace=60))
        self.assertEqual([job_id], self.unowned('a', unowned_grace=0))

    def test_a_live_owners_job_posted_elsewhere_is_not_run(self):
        add_service('a')
        add_service('b')
        job_id, other_id = self.new_job(), self.new_job()
        self.assertTrue(self.claim(job_id, 'a'))
        board = local.LocalBoard('b')
        self.addCleanup(board.close, 10)
        # b's start takes over the job no service claimed, not a's.
        del self.board.posted[:]
        board.take_over(unowned_grace=0)
        self.assertEqual([runner.run_name(other_id, 1)], self.board.posted)
        runner.set_board(board)
        for job_id_ in (job_id, other_id):
            runner.post(db_tasks.job_get(self.admin, job_id_), 1, None)
        # b runs the other job, posted after a's, to its end: a's was
        # never started here.
        deadline = time.monotonic() + 30
        while db_tasks.job_get(self.admin, other_id).status != c.COMPLETE:
            self.assertLess(time.monotonic(), deadline)
            time.sleep(0.02)
        self.assertEqual(c.PENDING,
                         db_tasks.job_get(self.admin, job_id).status)
        self.assertEqual('a', db_tasks.job_get(self.admin, job_id).owner)

    def test_task_services_are_not_engines(self):
        add_service('engine')
        add_service('tasks', binary=db_services.TASKS)
        self.assertEqual({'engine'}, locks.live_engines(self.admin))
        self.assertEqual(['engine'], [
            s['engine_id'] for s in db_services.service_get_all(
                self.admin, db_services.ENGINE)])


class LocalFenceTest(base.TestCase):
    """A run whose job another live service took over stops here."""

    def test_a_run_taken_over_goes_no_further(self):
        self.flags(service_down_time=60)
        admin = context.get_admin_context()
        self.start_service()
        job = self.client.create_job(self.ctx, base.sequence(
            ('a', 'sleep', {'seconds': 1}), ('b', 'noop', None)))
        name = runner.run_name(job['id'], 1)

        def step(which):
            return {s['name']: s['state'] for s in self.client.get_job(
                self.ctx, job['id'])['steps']}[which]
        deadline = time.monotonic() + 30
        while step('a') != 'RUNNING':
            self.assertLess(time.monotonic(), deadline)
            time.sleep(0.02)
        # Another service, alive, took the job (this one was taken for
        # dead while it stalled).
        add_service('other')
        db_tasks.job_update(admin, job['id'], {'owner': 'other'})
        while runner.get_board().has_job(name):
            self.assertLess(time.monotonic(), deadline)
            time.sleep(0.02)
        self.assertEqual('PENDING', step('b'))
        job = db_tasks.job_get(admin, job['id'])
        self.assertEqual((c.RUNNING, 'other'), (job.status, job.owner))
