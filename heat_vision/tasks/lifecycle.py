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

"""A job's runs: start, end, the next run, the final state.

Both the conductors (jobboard) and the local runner call ``run_started``
before a run's engine runs and ``run_finished`` after it, before the run
is consumed from the board: a conductor that dies in between leaves the
run on the board, and the one that takes it over repeats only what is
left (the updates are compare-and-swap on the run number).
"""

from oslo_log import log as logging
from oslo_utils import timeutils
from taskflow import states

from heat_vision.common import context as hv_context
from heat_vision.common import trusts
from heat_vision.db import api as db_api
from heat_vision.db import tasks as db_tasks
from heat_vision.tasks import cancel
from heat_vision.tasks import constants as c
from heat_vision.tasks import history
from heat_vision.tasks import notify
from heat_vision.tasks import persistence
from heat_vision.tasks import runner
from heat_vision.tasks import schedule
from heat_vision.tasks import views

LOG = logging.getLogger(__name__)
_ADMIN = hv_context.get_admin_context


def _job_context(job):
    return hv_context.RequestContext.from_dict(job.context or {})


def _updated_view(job, values):
    """:returns: the view of ``job`` (a row read before) once ``values``
        were written to it, without reading it again.
    """
    for key, value in values.items():
        setattr(job, key, value)
    return views.format_job(job)


def run_started(job_id, run, owner, flow_detail=None):
    """Mark a run as running here.

    The job's row and the run's history row are written in one
    transaction when the run starts for the first time.

    :param flow_detail: the run's flow detail, if the caller has it: the
        next run of a job that waits for it then starts without a read
        of the job first.
    :returns: False if the run is stale (the job ended or moved on), in
        which case the caller drops it without running it.
    """
    ctxt = _ADMIN()
    # A run of this job that lost its claim here earlier may have left
    # its interruption behind (the claim watchdog saw the loss after the
    # run had ended here): it must not cancel this one.
    cancel.forget_run_reason(job_id)
    if flow_detail is not None and _next_run_started(ctxt, job_id, run,
                                                     owner, flow_detail):
        return True
    # The read and, for a run not started before, its writes are one
    # transaction: the writes are compare-and-swap on what was read, so a
    # change in between (a cancel) makes them miss, as before.
    with db_api.read_then_write(ctxt):
        job = db_tasks.job_get(ctxt, job_id)
        if job.status in c.FINAL_STATES or job.current_run != run:
            LOG.info('Dropping run %d of task job %s (%s, run %d)',
                     run, job_id, job.status, job.current_run)
            return False
        values = {'owner': owner, 'updated_at': timeutils.utcnow()}
        if job.status != c.CANCELLING:
            values['status'] = c.RUNNING
        if job.started_at is None:
            values['started_at'] = timeutils.utcnow()
        planned = schedule.to_epoch(job.next_run_at) \
            if job.kind != c.SEQUENCE and job.next_run_at else None
        fresh = False
        if job.status in (c.PENDING, c.WAITING):
            # Not started before (a taken-over run is RUNNING): no
            # history row yet, so the insert cannot collide.
            with db_api.writer(ctxt):
                fresh = db_tasks.job_update(ctxt, job_id, values,
                                            expected={'status': job.status,
                                                      'current_run': run})
                if fresh:
                    history.started(job_id, run, owner, planned, ctxt=ctxt)
    first = fresh and job.status == c.PENDING
    if not fresh:
        first = db_tasks.job_update(ctxt, job_id, values,
                                    expected={'status': c.PENDING})
        if not first and not db_tasks.job_update(
                ctxt, job_id, values, expected={
                    'current_run': run, 'status': c.UNCANCELLED_STATES}):
            # Changed since the read: a cancel, which the status must
            # keep showing, or the job moved on.
            job = db_tasks.job_get(ctxt, job_id)
            if job.status in c.FINAL_STATES or job.current_run != run:
                LOG.info('Dropping run %d of task job %s (%s, run %d)',
                         run, job_id, job.status, job.current_run)
                return False
            values.pop('status', None)
            db_tasks.job_update(ctxt, job_id, values,
                                expected={'current_run': run})
        history.started(job_id, run, owner, planned, ctxt=ctxt)
    cancel.event_for(job_id)
    if job.cancel_requested:
        cancel.stop(job_id, 'cancelled')
    if first:
        notify.send(_job_context(job), c.EVENT_START,
                    _updated_view(job, values))
    return True


def _next_run_started(ctxt, job_id, run, owner, flow_detail):
    """Start run ``run`` if its job waits for it (it was moved on to it
    and nothing has happened since): no notification, no cancel to see.

    :returns: False if the job is in any other state.
    """
    planned = (flow_detail.meta or {}).get('store', {}).get(
        c.STORE_START_AT)
    if planned is None:
        return False
    with db_api.writer(ctxt):
        started = db_tasks.job_update(
            ctxt, job_id, {'owner': owner, 'status': c.RUNNING},
            expected={'status': c.WAITING, 'current_run': run})
        if started:
            history.started(job_id, run, owner, planned, ctxt=ctxt)
    if started:
        cancel.event_for(job_id)
    return started


def run_finished(job_id, run, flow_detail=None):
    """Record a run's outcome; post the next run or end the job.

    :param flow_detail: the run's flow detail as its engine left it (all
        of it written), or None to read it.
    """
    if flow_detail is None:
        flow_detail = persistence.get_flow_detail(job_id, run)
    ctxt = _ADMIN()
    announce = None
    # The read and the job's end are one transaction (the end's writes
    # are compare-and-swap on the run and an active status, so a change
    # in between makes them miss, as before).
    with db_api.read_then_write(ctxt):
        job = db_tasks.job_get(ctxt, job_id)
        try:
            if job.status in c.FINAL_STATES:
                return
            ok = flow_detail is not None and \
                flow_detail.state == states.SUCCESS
            stopped = cancel.reason(job_id) or (
                'cancelled' if job.cancel_requested else None)
            outcome = _outcome(job, run, ok, stopped, flow_detail)
        finally:
            # Before the next run is posted: a board that holds it until
            # its start makes the job's event again, for a cancel to find.
            cancel.forget(job_id)
        last = job.kind == c.SEQUENCE or stopped
        if last:
            announce = _finish(job, run, outcome, stopped, ctxt=ctxt)
    if not last:
        _next_run(job, run, outcome, flow_detail)
    elif announce is not None:
        announce()


def _outcome(job, run, ok, stopped, flow_detail):
    """:returns: the run's outcome: ``status`` (a history run status, or
        None for a run stopped before any task started), ``result`` (the
        job's ``result``) and what the run adds to the counters.

    A run counts once: in ``runs`` unless it never started a task, and
    in ``failures`` only if a task failed (not when a cancel or the
    deadline cut it short).
    """
    if ok:
        status = history.SUCCEEDED
    elif stopped is None:
        status = history.FAILED
    elif _never_ran(job, run, flow_detail):
        status = None
    else:
        status = history.CUT if stopped == 'deadline' else history.CANCELLED
    error = views.failure_message(flow_detail) \
        if status == history.FAILED else None
    results = views.run_results(flow_detail, job.document)
    return {'status': status, 'runs': int(status is not None),
            'failures': int(status == history.FAILED),
            'result': {'last_run': run, 'status': status,
                       'results': results, 'error': error}}


def _record(ctxt, job, run, outcome):
    """Write the run's outcome to its history row (in ``ctxt``'s
    transaction, with the job's row).
    """
    if outcome['status'] is None:
        history.forget(job.id, run, ctxt=ctxt)
    else:
        history.ended(job.id, run, outcome['status'],
                      outcome['result']['results'],
                      outcome['result']['error'], ctxt=ctxt)


def _counters(job, outcome):
    return {'runs': job.runs + outcome['runs'],
            'failures': job.failures + outcome['failures']}


def _finish(job, run, outcome, stopped, reason=None, ctxt=None):
    """End the job.

    :param stopped: ``cancelled``, ``deadline`` or None.
    :param reason: the status reason of a job that ends at its deadline.
    :param ctxt: the admin context whose open transaction the writes
        join; the end is then announced by the caller once it commits.
    :returns: with ``ctxt``, a callable that announces the end (None if
        the job had ended already).
    """
    if stopped == 'cancelled':
        status = c.CANCELLED
    elif stopped == 'deadline' or outcome['status'] == history.SUCCEEDED:
        status = c.COMPLETE
    else:
        status = c.FAILED
    if status == c.COMPLETE and stopped == 'deadline':
        reason = reason or (
            'deadline reached during run %d, which was cut short' % run
            if outcome['status'] == history.CUT else 'deadline reached')
    now = timeutils.utcnow()
    values = dict(_counters(job, outcome), status=status, ended_at=now,
                  updated_at=now, status_reason={
                      c.COMPLETE: reason or 'completed',
                      c.CANCELLED: 'cancelled',
                      c.FAILED: outcome['result']['error']}[status])
    result = outcome['result']
    if job.kind != c.SEQUENCE:
        result = dict(result, runs=values['runs'],
                      failures=values['failures'])
    values['result'] = result
    joined = ctxt is not None
    ctxt = ctxt or _ADMIN()
    with db_api.writer(ctxt):
        _record(ctxt, job, run, outcome)
        ended = db_tasks.job_update(ctxt, job.id, values, expected={
            'current_run': run, 'status': c.ACTIVE_STATES})
    if not ended:
        return None

    def announce():
        # The job has ended: the credential its runs used goes with it.
        trusts.forget(job.context)
        notify.send(_job_context(job),
                    c.EVENT_ERROR if status == c.FAILED else c.EVENT_END,
                    _updated_view(job, values), error=status == c.FAILED)

    if joined:
        return announce
    announce()
    return None


def _never_ran(job, run, flow_detail):
    names = {spec['name'] for spec in job.document['tasks']}
    return not any(ad.name in names and ad.state != states.PENDING
                   for ad in flow_detail or ())


def _next_run(job, run, outcome, previous):
    start = previous.meta['store'][c.STORE_START_AT]
    next_at = schedule.next_start(job.document, start)
    if job.deadline is not None and next_at >= schedule.to_epoch(
            job.deadline):
        _finish(job, run, outcome, 'deadline',
                reason='no further run fits before the deadline')
        return
    values = dict(_counters(job, outcome), current_run=run + 1,
                  status=c.WAITING, result=outcome['result'],
                  next_run_at=schedule.from_epoch(next_at))
    ctxt = _ADMIN()
    book = None
    with db_api.writer(ctxt) as session:
        moved = db_tasks.job_update(ctxt, job.id, values, expected={
            'current_run': run, 'status': c.UNCANCELLED_STATES})
        if moved:
            # This transaction moved the job on: the next run's logbook
            # cannot be stored yet, and goes with the move (and the end
            # of the run before this one's logbook with it).
            for key, value in values.items():
                setattr(job, key, value)
            book = runner.run_book(job, run + 1, next_at)
            persistence.insert_book(session.connection(), book)
            if run > 1:
                persistence.delete_book(session.connection(), job.id,
                                        run - 1)
        else:
            job = db_tasks.job_get(ctxt, job.id)
        cancelled = (not moved and job.current_run == run and
                     job.status == c.CANCELLING)
        if not cancelled:
            _record(ctxt, job, run, outcome)
    if cancelled:
        # Cancelled after this run's end was read: no next run.
        _finish(job, run, outcome, 'cancelled')
        return
    if moved:
        runner.post(job, run + 1, book)
    elif job.current_run == run + 1 and job.status not in c.FINAL_STATES:
        # Moved on by another (a conductor that finished this run before
        # dying): post the run it stored, unless it is on the board.
        runner.run_flow(job, run + 1, next_at, repost=True)
        if run > 1:
            persistence.destroy_run(job.id, run - 1)
