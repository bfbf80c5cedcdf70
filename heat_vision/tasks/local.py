"""The embedded mode's board: runs are run in this process.

The database is the board: every job that has not ended is run again
when the process starts (``resume``), from its current run's logbook, so
the tasks that had completed are not run again. While the process lives
the runs it posted are in its own pool, so it needs no periodic check
(``reconcile``) as the conductors do. A run that the task system could
not carry on (the database refused a write: sqlite busy past its
timeout, a server gone) is repaired the same way a few seconds later,
and again with a longer pause while it fails: waiting for a restart
would stop a persistent job (an alarm's evaluation) for good.
"""

from concurrent import futures
import threading

import futurist
from oslo_config import cfg
from oslo_log import log as logging

from heat_vision.common import exception
from heat_vision.tasks import cancel
from heat_vision.tasks import constants as c
from heat_vision.tasks import engine_options
from heat_vision.tasks import execution
from heat_vision.tasks import fencing
from heat_vision.tasks import lifecycle
from heat_vision.tasks import persistence
from heat_vision.tasks import reconcile

CONF = cfg.CONF
LOG = logging.getLogger(__name__)

# Seconds before a failed run is repaired, doubling up to the last.
RETRY_DELAYS = (1, 2, 4, 8, 16, 32, 60)


class LocalBoard:
    """Runs posted runs in a pool of this process's threads."""

    def __init__(self, owner):
        self.owner = owner
        self._pool = futurist.ThreadPoolExecutor(CONF.tasks.max_jobs)
        self._lock = threading.Lock()
        self._runs = {}
        self._futures = set()
        self._stopping = False
        self._failures = {}     # run name -> failures in a row
        self._timers = set()

    def post(self, name, book, details):
        future = self._pool.submit(self._dispatch, name, details)
        with self._lock:
            self._futures.add(future)
        future.add_done_callback(self._done)

    def _done(self, future):
        with self._lock:
            self._futures.discard(future)

    def has_job(self, name):
        with self._lock:
            return name in self._runs

    def resume(self):
        """Run again every job that had not ended when the process died
        (``reconcile.repair``: a run whose logbook says it ended is
        recorded as ended, not run again).
        """
        for job in reconcile.active_jobs():
            reconcile.repair(job.id, 'was left when the service stopped',
                             level=logging.INFO)

    def _dispatch(self, name, details):
        job_id, run = details[c.STORE_JOB_ID], details[c.STORE_RUN]
        fence = fencing.Fence(name)
        with self._lock:
            if self._stopping:
                return
            self._runs[name] = (job_id, fence)
        failed = False
        try:
            if not lifecycle.run_started(job_id, run, self.owner):
                return
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
            reconcile.repair(job_id, 'failed in this process')
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
        for timer in timers:
            timer.cancel()
        for job_id, fence in running:
            fence.drop(fencing.STOPPING)
            cancel.stop(job_id, fencing.STOPPING)
        timeout = CONF.tasks.stop_timeout if timeout is None else timeout
        _done, left = futures.wait(pending, timeout=timeout)
        self._pool.shutdown(wait=False)
        return not left
