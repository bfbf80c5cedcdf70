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

"""Reconciling the jobs of the database with the board.

A job's row is written before its run is posted. A process that dies in
between, or a Redis jobboard that loses its data (a restart without
persistence, ``FLUSHALL``), leaves a job that has not ended with its
current run on no board, and nothing would run it again. The conductors
look for such jobs every half ``[tasks] orphan_grace`` (``Reconciler``);
the local board looks once, when its process starts (``LocalBoard``).

A job is an orphan when its current run is neither on the board (one
listing per pass) nor held by this conductor, its row has not changed
for ``orphan_grace`` seconds, and this conductor has seen the run
missing for as long. A run that a conductor was running waits at least
``claim_expiry`` seconds: by then that conductor's fence has dropped it
(the claim is gone) and its tasks were interrupted. One conductor acts
on an orphan, the one whose compare-and-swap of the row's ``updated_at``
wins (which also starts the grace again). The run is posted again from
its logbook (the tasks that had completed are not run again) or, if the
logbook says the run ended, its end is recorded.
"""

import datetime
import time

from oslo_config import cfg
from oslo_log import log as logging
from oslo_utils import timeutils
from taskflow import states

from heat_vision.common import context as hv_context
from heat_vision.db import tasks as db_tasks
from heat_vision.tasks import constants as c
from heat_vision.tasks import lifecycle
from heat_vision.tasks import persistence
from heat_vision.tasks import runner
from heat_vision.tasks import schedule

CONF = cfg.CONF
LOG = logging.getLogger(__name__)
#: Jobs read from the database at a time.
PAGE_SIZE = 200
#: Flow states of a run whose engine has ended.
ENDED = (states.SUCCESS, states.FAILURE, states.REVERTED,
         states.REVERT_FAILURE)
#: Job states in which a conductor may be running the current run.
HELD_STATES = (c.RUNNING, c.CANCELLING)


def active_jobs(before=None):
    """:returns: an iterator on the jobs that have not ended (all
        projects), read a page at a time (only the columns that
        ``orphans`` and ``take`` look at: see ``db_tasks``).

    :param before: only the jobs whose row has not changed since then.
    """
    ctxt = hv_context.get_admin_context()
    marker = None
    while True:
        page = db_tasks.job_get_unchanged(ctxt, c.ACTIVE_STATES, before,
                                          limit=PAGE_SIZE, marker=marker)
        yield from page
        if len(page) < PAGE_SIZE:
            return
        marker = page[-1].id


def absence_needed(job):
    """:returns: seconds the current run of ``job`` must have been seen
        missing from the board before it is repaired.
    """
    grace = CONF.tasks.orphan_grace
    if job.owner and job.status in HELD_STATES:
        return max(grace, CONF.tasks.claim_expiry)
    return grace


def orphans(jobs, on_board, held, missing_since, now, later=None):
    """Decide which jobs to repair.

    :param jobs: the job rows to look at.
    :param on_board: names of the runs on the board.
    :param held: names of the runs this process runs.
    :param missing_since: ``{run name: monotonic time}`` the runs were
        first seen missing, as the previous call returned it.
    :param now: the monotonic time.
    :param later: a datetime: a run waiting to start after it is not
        missing, it is not posted yet (``due``). None: posted runs only.
    :returns: (the jobs to repair, the new ``missing_since``: the runs
        still missing and not repaired).
    """
    found, missing = [], {}
    for job in jobs:
        name = runner.run_name(job.id, job.current_run)
        if name in on_board or name in held:
            continue
        if (later is not None and job.status in (c.PENDING, c.WAITING)
                and job.next_run_at is not None
                and job.next_run_at > later):
            continue
        since = missing_since.get(name, now)
        if now - since >= absence_needed(job):
            found.append(job)
        else:
            missing[name] = since
    return found, missing


def run_ended(flow_detail):
    """:returns: True if the logbook says the run's engine has ended."""
    return flow_detail is not None and flow_detail.state in ENDED


def repair(job_id, why, level=logging.WARNING, on_board=None):
    """Post the current run of a job again, or record its end if its
    logbook says it ended; logs one line at ``level`` saying so.

    :param on_board: the names of the runs on the board, just listed.
    """
    job = db_tasks.job_get(hv_context.get_admin_context(), job_id)
    if job.status in c.FINAL_STATES:
        return      # it ended since it was read
    run = job.current_run
    flow_detail = persistence.get_flow_detail(job.id, run)
    if run_ended(flow_detail):
        LOG.log(level, 'Task job %s: run %d %s and had ended; recording '
                'its end', job.id, run, why)
        lifecycle.run_finished(job.id, run, flow_detail)
        return
    LOG.log(level, 'Task job %s (%s): run %d %s; posting it again',
            job.id, job.status, run, why)
    if flow_detail is not None:
        start = flow_detail.meta['store'][c.STORE_START_AT]
    else:
        start = schedule.to_epoch(job.next_run_at or job.created_at)
    runner.run_flow(job, run, start, repost=True, on_board=on_board)


def take(job):
    """:returns: True if this process won the right to repair ``job``
        (its row is as read, and is now marked changed).
    """
    return db_tasks.job_update(
        hv_context.get_admin_context(), job.id, {}, expected={
            'status': job.status, 'current_run': job.current_run,
            'updated_at': job.updated_at})


class Reconciler:
    """A conductor's periodic search for runs that are on no board.

    :param board: the process's ``boards.JobBoard``.
    :param held: callable returning the names of the runs this process
        runs.
    """

    def __init__(self, board, held=frozenset):
        self._board = board
        self._held = held
        self._missing = {}

    def run(self):
        """One pass: one board listing, the stale jobs a page at a time.

        :returns: the number of jobs repaired.
        """
        before = timeutils.utcnow() - datetime.timedelta(
            seconds=CONF.tasks.orphan_grace)
        on_board = self._board.run_names()
        later = None
        if getattr(self._board, 'posts_when_due', False):
            later = timeutils.utcnow() + datetime.timedelta(
                seconds=runner.POST_AHEAD)
        found, self._missing = orphans(
            active_jobs(before), on_board, set(self._held()),
            self._missing, time.monotonic(), later)
        repaired = 0
        for job in found:
            if not take(job):
                continue    # another conductor did, or the job moved on
            try:
                repair(job.id, 'is on no jobboard', on_board=on_board)
                repaired += 1
            except Exception:
                LOG.exception('Cannot repair task job %s', job.id)
        return repaired
