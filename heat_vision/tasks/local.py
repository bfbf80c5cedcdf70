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

"""The local board: runs are run in the process that owns their job.

The database is the board. A job is claimed by the process whose board
it is posted to (its ``owner``, the id of a row of the service table),
in one statement with the liveness of the owner it had: any number of
engines may use it, each running its own jobs. A job whose owner stopped
beating (``service_down_time``; at once if it stopped cleanly and left
the service list) is claimed by one of the others, or by the process
when it starts again, and run again from its current run's logbook
(``take_over``), so the tasks that had completed are not run again.
While the process lives
the runs it posted are in its own pool, so it needs no periodic check
(``reconcile``) as the conductors do. A run that starts later (the next
run of a persistent or timed job) is held off the pool until its start
time or its job's cancel: waiting in the pool, a thousand persistent
jobs' next runs took every thread for an interval, and any other job posted
meanwhile waited for them. A run that the task system could
not carry on (the database refused a write: sqlite busy past its
timeout, a server gone) is repaired the same way a few seconds later,
and again with a longer pause while it fails: waiting for a restart
would stop a persistent job (an autoscaling policy's) for good. The runs
of a lane (``lanes``: the dispatches of one CEP) beyond its limit wait in
the lane's queue, not in the pool, so that a slow lane's runs never stand
in front of another's.
"""

from concurrent import futures
import datetime
import functools
import threading
import time

import futurist
from oslo_config import cfg
from oslo_log import log as logging
from oslo_utils import timeutils

from heat_vision.common import context as hv_context
from heat_vision.common import exception
from heat_vision.db import tasks as db_tasks
from heat_vision.tasks import cancel
from heat_vision.tasks import constants as c
from heat_vision.tasks import engine_options
from heat_vision.tasks import execution
from heat_vision.tasks import fencing
from heat_vision.tasks import lanes
from heat_vision.tasks import lifecycle
from heat_vision.tasks import persistence
from heat_vision.tasks import reconcile
from heat_vision.tasks import runner

CONF = cfg.CONF
LOG = logging.getLogger(__name__)

# Seconds before a failed run is repaired, doubling up to the last.
RETRY_DELAYS = (1, 2, 4, 8, 16, 32, 60)
HOLD_AFTER = runner.POST_AHEAD
# Seconds between two looks at the held runs for a cancelled job.
HOLD_TICK = 0.5


def _ago(seconds):
    return timeutils.utcnow() - datetime.timedelta(seconds=seconds)


class LocalBoard:
    """Runs posted runs in a pool of this process's threads.

    :param owner: the id of the service-table row whose heartbeat says
        this process is alive (its engine's, or ``presence``'s).
    """

    def __init__(self, owner):
        self.owner = owner
        self._pool = futurist.ThreadPoolExecutor(CONF.tasks.max_jobs)
        self._lock = threading.Lock()
        self._runs = {}
        self._futures = set()
        self._stopping = False
        self._failures = {}     # run name -> failures in a row
        self._timers = set()
        self._held = {}         # run name -> (start at, details)
        self._holding = threading.Condition(self._lock)
        self._holder = None
        self._lanes = lanes.Lanes()

    def post(self, name, book, details):
        """:param book: the run's logbook as stored: nothing else runs
            the run until this board does, so it is run from that copy
            instead of one read back.
        """
        if self._stopping:
            return      # the job is left to the next owner
        if not self._claim(details[c.STORE_JOB_ID]):
            LOG.info('Not running %s: its job has ended, or another live '
                     'task service owns it', name)
            return
        flow_detail = runner.flow_detail_of(book)
        start_at = runner.start_of(flow_detail)
        if start_at is not None and start_at - time.time() > HOLD_AFTER:
            # The job's cancel event, made now, is what a cancel sets.
            cancel.event_for(details[c.STORE_JOB_ID])
            with self._lock:
                if self._stopping:
                    return
                self._held[name] = (start_at, details, flow_detail)
                if self._holder is None:
                    self._holder = threading.Thread(
                        target=self._release_held, name='held-runs',
                        daemon=True)
                    self._holder.start()
                self._holding.notify()
            return
        self._submit(name, details, flow_detail)

    def _submit(self, name, details, flow_detail):
        lane = lanes.of_flow(flow_detail)
        if self._lanes.admit(lane, name, (name, details, flow_detail)):
            self._start(lane, name, details, flow_detail)

    def _start(self, lane, name, details, flow_detail):
        future = self._pool.submit(self._dispatch, name, details,
                                   flow_detail)
        with self._lock:
            self._futures.add(future)
        future.add_done_callback(functools.partial(self._done, lane))

    def _release_held(self):
        """Hand each held run to the pool at its start time, or once its
        job is stopped (its first atom then ends it at once).
        """
        while True:
            with self._lock:
                if self._stopping:
                    return
                now = time.time()
                due = [(name, details, flow_detail) for name, (
                    start_at, details, flow_detail) in self._held.items()
                    if start_at - now <= HOLD_AFTER or cancel.reason(
                        details[c.STORE_JOB_ID])]
                for name, _details, _flow_detail in due:
                    del self._held[name]
                if not due:
                    soonest = min((held[0] for held in
                                   self._held.values()), default=None)
                    self._holding.wait(None if soonest is None else max(
                        0.0, min(HOLD_TICK, soonest - HOLD_AFTER - now)))
                    continue
            for name, details, flow_detail in due:
                try:
                    self._submit(name, details, flow_detail)
                except RuntimeError:
                    return      # the pool was shut down: the board stopped

    def _done(self, lane, future):
        with self._lock:
            self._futures.discard(future)
            stopping = self._stopping
        following = self._lanes.release(lane)
        if following is not None and not stopping:
            try:
                self._start(lane, *following)
            except RuntimeError:
                pass    # the pool was shut down: the board stopped

    def has_job(self, name):
        with self._lock:
            if name in self._runs or name in self._held:
                return True
        return self._lanes.waits(name)

    def _claim(self, job_id):
        """Make the job this process's unless a live service owns it."""
        return db_tasks.job_claim(
            hv_context.get_admin_context(), job_id, self.owner,
            c.ACTIVE_STATES, _ago(CONF.service_down_time))

    def _owns(self, job_id):
        """The fence of this process's runs: the job is still its own."""
        return db_tasks.job_owner(hv_context.get_admin_context(),
                                  job_id) == self.owner

    def resume(self):
        """Run the jobs that had not ended when their service stopped,
        and those that no service claimed (``take_over``), at once.
        """
        self.take_over(unowned_grace=0)

    def take_over(self, unowned_grace=None):
        """Claim and run again the jobs of the services that stopped
        beating (``service_down_time``), and those that no service
        claimed for ``unowned_grace`` seconds (``[tasks] orphan_grace``
        by default: a post lost with its process).

        A run is repaired from its logbook (``reconcile.repair``): the
        tasks that had completed are not run again, and a run whose
        logbook says it ended is recorded as ended. Each claim is atomic
        with the owner's liveness: of the services taking over a dead
        one's job, one does, and a live owner's job is never taken.
        """
        if unowned_grace is None:
            unowned_grace = CONF.tasks.orphan_grace
        ctxt = hv_context.get_admin_context()
        for job_id in db_tasks.job_ids_unowned(
                ctxt, c.ACTIVE_STATES, self.owner,
                _ago(CONF.service_down_time), _ago(unowned_grace)):
            if not self._claim(job_id):
                continue    # another service took it, or it ended
            try:
                reconcile.repair(job_id, 'was left by a task service that '
                                 'stopped', level=logging.INFO)
            except exception.NotFound:
                continue
            except Exception:
                # Ours now: no other pass would take it.
                LOG.exception('Cannot take over task job %s', job_id)
                self._repair_later(job_id, job_id)

    def _dispatch(self, name, details, flow_detail=None):
        job_id, run = details[c.STORE_JOB_ID], details[c.STORE_RUN]
        fence = fencing.Fence(name, owned=lambda: self._owns(job_id))
        with self._lock:
            if self._stopping:
                return
            self._runs[name] = (job_id, fence)
        failed = False
        try:
            if not (fence.holds() and lifecycle.run_started(
                    job_id, run, self.owner, flow_detail)):
                return
            if flow_detail is None:
                flow_detail = persistence.get_flow_detail(job_id, run)
            engine = engine_options.load_run(flow_detail, fence)
            outcome = execution.run(engine, job_id, run)
            if outcome == execution.DONE and fence.holds():
                lifecycle.run_finished(job_id, run,
                                       engine.storage.flow_detail)
            failed = outcome == execution.BROKEN
        except exception.NotFound as exc:
            LOG.info('Not running %s: %s', name, exc)
        except Exception:
            LOG.exception('Cannot run %s', name)
            failed = True
        finally:
            with self._lock:
                self._runs.pop(name, None)
                if not failed:
                    self._failures.pop(name, None)
            if fence.lost:
                cancel.forget(job_id)
        # Fenced but for a stop: taken over by another service (which the
        # repair's claim tells), or the check failed.
        failed = failed or fence.lost not in (None, fencing.STOPPING)
        if failed:
            # Once off the board's list: the repair posts it again only
            # if it is not there.
            self._repair_later(name, job_id)

    def _repair_later(self, name, job_id):
        """Repair the job (``reconcile.repair``) after a pause that grows
        with the run's failures in a row; not once the board stops.
        """
        with self._lock:
            if self._stopping:
                return
            failures = self._failures.get(name, 0)
            self._failures[name] = failures + 1
            delay = RETRY_DELAYS[min(failures, len(RETRY_DELAYS) - 1)]
            timer = threading.Timer(delay, self._repair, (name, job_id))
            timer.daemon = True
            self._timers.add(timer)
        LOG.warning('Run %s is taken again in %s s', name, delay)
        timer.start()

    def _repair(self, name, job_id):
        with self._lock:
            self._timers.discard(threading.current_thread())
            if self._stopping:
                return
        try:
            if self._claim(job_id):
                reconcile.repair(job_id, 'failed in this process')
            else:
                LOG.info('Task job %s has ended, or another live task '
                         'service took it over', job_id)
                with self._lock:
                    self._failures.pop(name, None)
        except exception.NotFound:
            with self._lock:
                self._failures.pop(name, None)
        except Exception:
            LOG.exception('Cannot repair task job %s', job_id)
            self._repair_later(name, job_id)

    def close(self, timeout=None):
        """Stop the running runs; they resume on restart.

        Their tasks are interrupted and their engines write nothing more
        (``fencing``): the runs resume from their last completed step.
        Waits up to ``timeout`` seconds (``[tasks] stop_timeout``) for
        them to end.

        :returns: True if every run ended in time.
        """
        with self._lock:
            self._stopping = True
            running = list(self._runs.values())
            pending = list(self._futures)
            timers, self._timers = self._timers, set()
            # Held runs, and those waiting in a lane, start again with
            # the process (``resume``).
            self._held.clear()
            self._holding.notify()
        self._lanes.clear()
        for timer in timers:
            timer.cancel()
        for job_id, fence in running:
            fence.drop(fencing.STOPPING)
            cancel.stop(job_id, fencing.STOPPING)
        timeout = CONF.tasks.stop_timeout if timeout is None else timeout
        _done, left = futures.wait(pending, timeout=timeout)
        self._pool.shutdown(wait=False)
        return not left
