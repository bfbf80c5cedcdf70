"""The embedded mode's board: runs are run in this process.

The database is the board: every job that has not ended is run again
when the process starts (``resume``), from its current run's logbook, so
the tasks that had completed are not run again.
"""

import threading

import futurist
from oslo_config import cfg
from oslo_log import log as logging

from heat_vision.common import context as hv_context
from heat_vision.db import tasks as db_tasks
from heat_vision.tasks import constants as c
from heat_vision.tasks import engine_options
from heat_vision.tasks import execution
from heat_vision.tasks import lifecycle
from heat_vision.tasks import persistence
from heat_vision.tasks import runner
from heat_vision.tasks import schedule

CONF = cfg.CONF
LOG = logging.getLogger(__name__)


class LocalBoard:
    """Runs posted runs in a pool of this process's threads."""

    def __init__(self, owner):
        self.owner = owner
        self._pool = futurist.ThreadPoolExecutor(CONF.tasks.max_jobs)
        self._lock = threading.Lock()
        self._engines = {}
        self._stopping = False

    def post(self, name, book, details):
        self._pool.submit(self._dispatch, name, details)

    def has_job(self, name):
        with self._lock:
            return name in self._engines

    def resume(self):
        """Run again every job that had not ended when the process died.
        """
        ctxt = hv_context.get_admin_context()
        for job in db_tasks.job_get_active(ctxt, c.ACTIVE_STATES):
            LOG.info('Resuming task job %s at run %d', job.id,
                     job.current_run)
            start = schedule.to_epoch(job.next_run_at or job.created_at)
            runner.run_flow(job, job.current_run, start, repost=True)

    def _dispatch(self, name, details):
        job_id, run = details[c.STORE_JOB_ID], details[c.STORE_RUN]
        try:
            if not lifecycle.run_started(job_id, run, self.owner):
                return
            flow_detail = persistence.get_flow_detail(job_id, run)
            engine = engine_options.load_run(flow_detail)
            with self._lock:
                self._engines[name] = engine
            try:
                outcome = execution.run(engine, job_id, run)
            finally:
                with self._lock:
                    self._engines.pop(name, None)
            if outcome == execution.DONE and not self._stopping:
                lifecycle.run_finished(job_id, run)
        except Exception:
            LOG.exception('Cannot run %s; it resumes when the service '
                          'starts again', name)

    def close(self):
        """Suspend the running engines; their runs resume on restart."""
        self._stopping = True
        with self._lock:
            running = list(self._engines.values())
        for engine in running:
            engine.suspend()
        self._pool.shutdown(wait=False)
