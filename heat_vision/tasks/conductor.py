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

"""The conductor that claims job runs from a TaskFlow jobboard.

It is TaskFlow's non-blocking conductor, plus:

* the run's start and end are recorded (``lifecycle``) before the run is
  consumed from the board, and the engine runs through ``execution`` (a
  cancel or a task's failure is not logged as an error);
* it does not claim a run of a lane (``lanes``: the dispatches of one
  CEP) of which it runs as many as the lane allows already;
* it looks only at unclaimed runs, and an idle conductor wakes as soon as
  a run is posted or released (``wakeup``) or one of its runs ends, not
  at its next poll;
* each run is fenced (``fencing``): before each write of its state, so
  before each step, the conductor checks that it still holds the run's
  claim. A conductor that was stalled and lost the run to another one
  goes no further with it;
* the claims of the runs it holds are renewed while they run, except
  that of a run whose step has run far past its timeout (a task blocked
  for good): that run is handed back to the board. A run whose claim is
  found gone (taken by another, or lost with the board's data) has its
  tasks interrupted, so that it stops here before ``reconcile`` posts it
  again;
* when it stops, its runs are fenced, their tasks interrupted, and the
  runs handed back to the board before ``release_all`` returns.
"""

import threading
import time

from oslo_config import cfg
from oslo_log import log as logging
from taskflow.conductors.backends import impl_nonblocking
from taskflow import exceptions as tf_exc
from taskflow.types import timing

from heat_vision.tasks import cancel
from heat_vision.tasks import constants as c
from heat_vision.tasks import engine_options
from heat_vision.tasks import execution
from heat_vision.tasks import fencing
from heat_vision.tasks import lanes
from heat_vision.tasks import lifecycle
from heat_vision.tasks import persistence

CONF = cfg.CONF
LOG = logging.getLogger(__name__)


class _Unclaimed:
    """The conductor's view of the board: runs it may claim (in one
    pipeline on Redis: ``redis_jobs.RedisBoard.unclaimed_jobs``).
    """

    def __init__(self, board, running=None):
        """:param running: ``running()`` returns the details of the runs
            the conductor runs (for the lanes' limits).
        """
        self._board = board
        self._running = running or (lambda: [])

    def iterjobs(self, only_unclaimed=True, ensure_fresh=False):
        unclaimed = getattr(self._board, 'unclaimed_jobs', None)
        if unclaimed is None:     # ZooKeeper
            jobs = self._board.iterjobs(only_unclaimed=True,
                                        ensure_fresh=ensure_fresh)
        else:
            jobs = unclaimed()
        # Lazily: each run is claimed before the next is looked at, so
        # the count of a lane includes the runs just claimed.
        return (job for job in jobs if not self._lane_full(job))

    def _lane_full(self, job):
        lane = (job.details or {}).get(lanes.META_KEY)
        if not lane:
            return False
        return lanes.running_in(lane, self._running()) >= lane[1]

    def __getattr__(self, name):
        return getattr(self._board, name)


class WakeableWait(timing.Timeout):
    """The conductor's idle wait: ends at the timeout, at a wakeup (a run
    posted or released, ``wakeup`` on Redis; one of its runs ended), or
    for good when the conductor stops.
    """

    def __init__(self, value, wake):
        super().__init__(value)
        self._wake = wake

    def wait(self):
        if not self.is_stopped():
            self._wake.wait(self.value)
            self._wake.clear()

    def interrupt(self):
        super().interrupt()
        self._wake.set()


class _Held:
    """A run this conductor runs."""

    def __init__(self, job, fence):
        self.job = job
        self.fence = fence
        self.engine = None
        self.specs = {}


def blocked_step(run, now=None):
    """:returns: the name of a task of ``run`` (a ``_Held``) still running
        more than ``[tasks] claim_expiry`` seconds past its timeout (or
        ``[tasks] max_task_timeout``), or None.
    """
    if run.engine is None:
        return None
    now = time.monotonic() if now is None else now
    for name, since in list(run.engine.storage.running.items()):
        spec = run.specs.get(name)
        if spec is None:
            continue    # the start wait and retries wait on events
        limit = (spec.get('timeout') or CONF.tasks.max_task_timeout) \
            + CONF.tasks.claim_expiry
        if now - since > limit:
            return name
    return None


class Conductor(impl_nonblocking.NonBlockingConductor):

    def __init__(self, name, jobboard, wake=None, publisher=None):
        options = engine_options.options()
        options.pop('backend')
        super().__init__(
            name, _Unclaimed(jobboard, self._running_details),
            persistence=persistence.get_backend(),
            engine=engine_options.ENGINE, engine_options=options,
            wait_timeout=CONF.tasks.poll_interval,
            max_simultaneous_jobs=CONF.tasks.max_jobs)
        self._wake = wake or threading.Event()
        self._wait_timeout = WakeableWait(CONF.tasks.poll_interval,
                                          self._wake)
        self._publisher = publisher
        self._held = {}
        self._lost = {}
        self._held_lock = threading.Lock()

    def _running_details(self):
        """:returns: the posted details of the runs it has claimed and
        not finished.
        """
        return [fut.job.details for fut in list(self._dispatched)
                if not fut.done() and getattr(fut, 'job', None)]

    def _owns(self, job):
        try:
            return self._jobboard.find_owner(job) == self._name
        except (tf_exc.NotFound, TypeError):
            # TypeError: Redis has no claim to decode (it expired, or the
            # board lost its data).
            return False

    def _dispatch_job(self, job):
        job_id = job.details[c.STORE_JOB_ID]
        run = job.details[c.STORE_RUN]
        held = _Held(job, fencing.Fence(job.name,
                                        owned=lambda: self._owns(job)))
        with self._held_lock:
            self._held[job.uuid] = held
        try:
            if not lifecycle.run_started(job_id, run, self._name):
                return True
            flow_detail = self._flow_detail_from_job(job)
            document = flow_detail.meta['factory']['args'][1]
            held.specs = {spec['name']: spec for spec in document['tasks']}
            held.engine = engine_options.load_run(flow_detail, held.fence)
            outcome = execution.run(held.engine, job_id, run,
                                    self._wait_timeout.is_stopped)
            if outcome != execution.DONE or not held.fence.holds():
                return False
            lifecycle.run_finished(job_id, run,
                                   held.engine.storage.flow_detail)
            return True
        except Exception:
            # NOTE(heat-vision): a database or queue failure must not
            # trash the run: abandon it, and it is claimed again.
            LOG.exception('Run %d of task job %s failed in %s; abandoning '
                          'it', run, job_id, self._name)
            return False
        finally:
            with self._held_lock:
                self._held.pop(job.uuid, None)
                if held.fence.lost:
                    self._lost[job.uuid] = held.fence.lost
            if held.fence.lost:
                # Its cancel event, if the stop set it, is not the next
                # run's business.
                cancel.forget(job_id)
            self._wake.set()

    def _flow_detail_from_job(self, job):
        """The run's flow detail, read without its logbook: two reads
        (the flow detail, its atoms) where TaskFlow's ``job.book``
        makes three.
        """
        flow_uuid = (job.details or {}).get('flow_uuid')
        if flow_uuid is None:
            return super()._flow_detail_from_job(job)
        return persistence.get_backend().get_connection().get_flow_details(
            flow_uuid)

    def _try_finish_job(self, job, consume, trash=False):
        with self._held_lock:
            lost = self._lost.pop(job.uuid, None)
        if lost is not None and lost != fencing.STOPPING:
            LOG.info('%s leaves %s to its new owner (%s)', self._name,
                     job.name, lost)
            return
        super()._try_finish_job(job, consume, trash=trash)
        if not consume and self._publisher is not None:
            self._publisher.publish()

    def renew_claims(self):
        """Extend the claims of the runs this conductor is running; hand
        back those whose step is blocked far past its timeout.
        """
        with self._held_lock:
            held = list(self._held.values())
        for run in held:
            if not run.fence.holds():
                self._interrupt(run)
                continue
            blocked = blocked_step(run)
            if blocked is not None:
                LOG.warning('Task %s of %s has run past its timeout by '
                            'more than %d s; handing the run back to the '
                            'board', blocked, run.job.name,
                            CONF.tasks.claim_expiry)
                self._release(run, 'task %s is blocked' % blocked)
                continue
            try:
                run.job.extend_expiry(CONF.tasks.claim_expiry)
            except Exception:
                LOG.exception('Cannot renew the claim of %s', run.job)

    def held_names(self):
        """:returns: the names of the runs this conductor runs."""
        with self._held_lock:
            return {run.job.name for run in self._held.values()}

    def _interrupt(self, run):
        """Stop the tasks of a fenced run still running here (unless the
        job has another run here: they share the job's event).
        """
        job_id = run.job.details[c.STORE_JOB_ID]
        with self._held_lock:
            # Not a run that has ended since the look began: its event
            # would stop the job's next run here.
            if self._held.get(run.job.uuid) is not run or any(
                    other is not run and
                    other.job.details[c.STORE_JOB_ID] == job_id
                    for other in self._held.values()):
                return
            if cancel.reason(job_id) is None:
                cancel.stop(job_id, run.fence.lost)

    def _release(self, run, reason):
        run.fence.drop(reason)
        try:
            self._jobboard.abandon(run.job, self._name)
        except (tf_exc.JobFailure, tf_exc.NotFound) as exc:
            LOG.info('%s was no longer ours to release (%s)', run.job.name,
                     exc)
        if self._publisher is not None:
            self._publisher.publish()

    def release_all(self, timeout):
        """Fence the runs held here and hand them back to the board.

        Their tasks are interrupted (as by a cancel, but nothing of it is
        recorded): the runs resume elsewhere, or here at the next start,
        from their last completed step. Waits up to ``timeout`` seconds
        for the runs to end here; those still running then (a task that
        ignores interruptions) are released anyway, and write nothing.

        :returns: True if every run ended within ``timeout``.
        """
        with self._held_lock:
            held = list(self._held.values())
        for run in held:
            run.fence.drop(fencing.STOPPING)
            cancel.stop(run.job.details[c.STORE_JOB_ID], fencing.STOPPING)
        self.stop()
        if self.wait(timeout):
            return True
        with self._held_lock:
            left = list(self._held.values())
        for run in left:
            self._release(run, fencing.STOPPING)
            with self._held_lock:
                self._lost[run.job.uuid] = 'released at stop'
        return False
