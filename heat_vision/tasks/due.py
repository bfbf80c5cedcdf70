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

"""Posting the runs that start later once they are due (Redis boards).

A run posted long before its start is claimed by a conductor at once and
waits for its start in its first atom, on one of the conductor's
``[tasks] max_jobs`` slots: after the first runs of a thousand
persistent jobs every slot would wait, and any other job with them. On a Redis
board such a run is therefore not posted (``boards.JobBoard.post``); its
logbook and its job's row (``WAITING``, ``next_run_at``) are stored as
always. Every conductor's ``DuePoster`` looks every ``TICK`` seconds for
the runs that start within ``runner.POST_AHEAD`` seconds and are on no
board, and posts them. It posts as well the current run of a job being
cancelled whose run is on no board, which a conductor then ends at once.

Posting is idempotent on Redis (``redis_jobs.RedisBoard.post_once``):
two conductors that post the same run leave one posting. A run that the
pass misses is posted by the next; one whose logbook is gone is the
reconciler's.
"""

import datetime

from oslo_log import log as logging
from oslo_utils import timeutils
from taskflow.persistence import models

from heat_vision.common import context as hv_context
from heat_vision.db import tasks as db_tasks
from heat_vision.tasks import constants as c
from heat_vision.tasks import persistence
from heat_vision.tasks import runner

LOG = logging.getLogger(__name__)

#: Seconds between two passes.
TICK = 0.5
#: Jobs read in one pass.
LIMIT = 10000
#: Jobs whose next run waits for its start.
WAITING = (c.PENDING, c.WAITING)


def due_by(now=None):
    """:returns: the latest start of the runs to post now: each is posted
        at least ``runner.POST_AHEAD`` seconds before its start.
    """
    now = timeutils.utcnow() if now is None else now
    return now + datetime.timedelta(seconds=runner.POST_AHEAD + TICK)


class DuePoster:
    """A conductor's periodic posting of the runs that are due.

    :param board: the process's ``boards.JobBoard``.
    """

    def __init__(self, board):
        self._board = board

    def run(self):
        """One pass.

        :returns: the number of runs posted.
        """
        due = db_tasks.job_get_due(
            hv_context.get_admin_context(), WAITING, due_by(),
            (c.CANCELLING,), LIMIT)
        if not due:
            return 0
        on_board = self._board.run_names()
        posted = 0
        for job_id, run in due:
            name = runner.run_name(job_id, run)
            if name in on_board:
                continue
            book_id, _flow_id = persistence.run_ids(job_id, run)
            # A posting names the logbook only; the claimer reads it.
            self._board.post_now(name, models.LogBook(name, uuid=book_id),
                                 runner.run_details(job_id, run))
            posted += 1
        if posted:
            LOG.debug('Posted %d due task runs', posted)
        return posted
