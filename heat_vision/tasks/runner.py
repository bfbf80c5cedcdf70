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

"""``run_flow``: the one place a job's run starts.

It stores the run's logbook (the flow factory, its arguments and the
store) and then posts the run to the process's board: TaskFlow's jobboard
in the distributed mode, the local runner in the embedded one.
"""

import threading

from heat_vision.tasks import constants as c
from heat_vision.tasks import flows
from heat_vision.tasks import lanes
from heat_vision.tasks import persistence

_LOCK = threading.Lock()
_BOARD = None
#: A run that starts within this many seconds goes to the board's pool
#: at once (its first atom waits the rest); a later one is held by the
#: local board, and posted on a Redis board only once it is due (``due``).
POST_AHEAD = 1.0


def set_board(board):
    """Make ``board`` (``post(name, book, details)``) the process's."""
    global _BOARD
    with _LOCK:
        _BOARD = board


def get_board():
    with _LOCK:
        if _BOARD is None:
            raise RuntimeError('The task system is not started in this '
                               'process (no jobboard).')
        return _BOARD


def run_name(job_id, run):
    return 'job-%s-run-%d' % (job_id, run)


def flow_detail_of(book):
    """:returns: the run's flow detail in logbook ``book``, or None."""
    for flow_detail in book or ():
        return flow_detail
    return None


def start_of(flow_detail):
    """:returns: the epoch second a run starts at, or None."""
    if flow_detail is None:
        return None
    return (flow_detail.meta or {}).get('store', {}).get(c.STORE_START_AT)


def run_details(job_id, run, lane=None):
    """The job details posted with a run (what a conductor reads).

    :param lane: the run's lane (``lanes``), for the conductors.
    """
    details = {c.STORE_JOB_ID: job_id, c.STORE_RUN: run,
               'flow_uuid': persistence.run_ids(job_id, run)[1]}
    if lane:
        details[lanes.META_KEY] = list(lane)
    return details


def run_book(job, run, start_at):
    """:returns: the logbook of run ``run`` of ``job`` (not stored).

    :param job: the TaskJob row.
    :param run: the run number (1 for the first).
    :param start_at: epoch second the run's tasks may start (scheduled
        jobs wait for it in their first atom).
    """
    # NOTE(heat-vision): TaskFlow's engines at the first run (``flows``).
    from taskflow import engines

    from heat_vision.tasks import storage

    book, flow_detail = persistence.create_run_book(job.id, run)
    engines.save_factory_details(flow_detail, flows.job_run_flow,
                                 [job.id, job.document], {})
    storage.new_atom_details(flows.job_run_flow(job.id, job.document),
                             flow_detail)
    flow_detail.meta['store'] = {
        c.STORE_JOB_ID: job.id, c.STORE_RUN: run,
        c.STORE_CONTEXT: job.context or {}, c.STORE_START_AT: start_at}
    lane = lanes.lane_of(job.document)
    if lane is not None:
        flow_detail.meta[lanes.META_KEY] = lane
    return book


def run_flow(job, run, start_at, repost=False, on_board=None):
    """Persist run ``run`` of ``job`` and hand it to the board.

    :param repost: True when the run may already be on the board (a
        conductor finishing a run that another had finished before dying,
        or ``reconcile``); its stored logbook is kept.
    :param on_board: with ``repost``, the names of the runs on the board
        if the caller has just listed them (saves listing it again).
    See ``run_book`` for the others.
    """
    existing = persistence.get_flow_detail(job.id, run) if repost else None
    if existing is None:
        book = run_book(job, run, start_at)
        persistence.save_book(book)
    else:
        book = persistence.stored_book(job.id, run, existing)
    post(job, run, book, repost=repost, on_board=on_board)


def post(job, run, book, repost=False, on_board=None):
    """Hand run ``run`` of ``job``, its logbook ``book`` stored, to the
    process's board (see ``run_flow`` for the others).

    ``book`` is the logbook as stored: the local board runs the run from
    it without reading it back.
    """
    board = get_board()
    name = run_name(job.id, run)
    if repost and (name in on_board if on_board is not None
                   else board.has_job(name)):
        return
    board.post(name, book, run_details(
        job.id, run, lanes.of_flow(flow_detail_of(book))))
