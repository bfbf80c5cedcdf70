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

"""Running one run's TaskFlow engine, and saying how it went.

The conductor and the local board both run engines through ``run``. A
task's failure is the job's business (its view says which task failed and
why), and a cancel or a deadline is what the user asked for: neither is
logged with a traceback. Only a failure of the task system itself (the
database or the queue) is, and that run is left on the board to resume.
"""

from oslo_log import log as logging
from taskflow import exceptions as tf_exc
from taskflow import states

from heat_vision.tasks import cancel

LOG = logging.getLogger(__name__)

#: Outcomes of ``run``.
DONE = 'done'              # finished, failed or stopped: record it
SUSPENDED = 'suspended'    # the process stops: leave it on the board
BROKEN = 'broken'          # the task system failed: leave it on the board

# TaskFlow's own failures (storage, execution machinery), not a task's.
_SYSTEM_FAILURES = (tf_exc.StorageFailure, tf_exc.ExecutionFailure)


def run(engine, job_id, run_number, stopping=lambda: False):
    """Run ``engine`` to its end.

    :param stopping: callable, True once the process stops: the engine
        is then suspended and the run resumes elsewhere or on restart.
    :returns: DONE, SUSPENDED or BROKEN.
    """
    suspended = False
    try:
        for _state in engine.run_iter():
            if not suspended and stopping():
                engine.suspend()
                suspended = True
    except tf_exc.WrappedFailure as failures:
        if all(f.check(*_SYSTEM_FAILURES) for f in failures):
            return _broken(job_id, run_number, failures)
        _log_end(job_id, run_number, failures)
        return DONE
    except _SYSTEM_FAILURES as exc:
        return _broken(job_id, run_number, exc)
    except Exception as exc:
        _log_end(job_id, run_number, exc)
        return DONE
    if engine.storage.get_flow_state() == states.SUSPENDED:
        LOG.info('Run %d of task job %s suspended', run_number, job_id)
        return SUSPENDED
    LOG.debug('Run %d of task job %s succeeded', run_number, job_id)
    return DONE


def _log_end(job_id, run_number, exc):
    stopped = cancel.reason(job_id)
    if stopped:
        LOG.info('Run %d of task job %s stopped (%s)', run_number, job_id,
                 stopped)
    else:
        LOG.info('Run %d of task job %s failed: %s', run_number, job_id,
                 exc)


def _broken(job_id, run_number, exc):
    LOG.warning('Run %d of task job %s could not run (%s); it stays on '
                'the board and is taken again', run_number, job_id, exc)
    return BROKEN
