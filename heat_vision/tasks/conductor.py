"""The conductor that claims job runs from a TaskFlow jobboard.

It is TaskFlow's non-blocking conductor, plus: the run's start and end are
recorded (``lifecycle``) before the run is consumed from the board, the
engine runs through ``execution`` (a cancel or a task's failure is not
logged as an error), and the claims of the runs it holds are renewed
while they run.
"""

import threading

from oslo_config import cfg
from oslo_log import log as logging
from taskflow.conductors.backends import impl_nonblocking

from heat_vision.tasks import constants as c
from heat_vision.tasks import engine_options
from heat_vision.tasks import execution
from heat_vision.tasks import lifecycle
from heat_vision.tasks import persistence

CONF = cfg.CONF
LOG = logging.getLogger(__name__)


class Conductor(impl_nonblocking.NonBlockingConductor):

    def __init__(self, name, jobboard):
        options = engine_options.options()
        options.pop('backend')
        super().__init__(
            name, jobboard, persistence=persistence.get_backend(),
            engine=engine_options.ENGINE, engine_options=options,
            wait_timeout=CONF.tasks.poll_interval,
            max_simultaneous_jobs=CONF.tasks.max_jobs)
        self._held = {}
        self._held_lock = threading.Lock()

    def _dispatch_job(self, job):
        job_id = job.details[c.STORE_JOB_ID]
        run = job.details[c.STORE_RUN]
        with self._held_lock:
            self._held[job.uuid] = job
        try:
            if not lifecycle.run_started(job_id, run, self._name):
                return True
            engine = self._engine_from_job(job)
            outcome = execution.run(engine, job_id, run,
                                    self._wait_timeout.is_stopped)
            if outcome != execution.DONE:
                return False
            lifecycle.run_finished(job_id, run)
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

    def _engine_from_job(self, job):
        return engine_options.load_run(self._flow_detail_from_job(job))

    def renew_claims(self):
        """Extend the claims of the runs this conductor is running."""
        with self._held_lock:
            held = list(self._held.values())
        for job in held:
            try:
                job.extend_expiry(CONF.tasks.claim_expiry)
            except Exception:
                LOG.exception('Cannot renew the claim of %s', job)
