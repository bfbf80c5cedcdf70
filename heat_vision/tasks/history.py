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

"""The run history of jobs: each run's start, end, status, result, error.

``lifecycle`` records a run when a conductor starts it and when it ends;
only ``[tasks] max_runs_kept`` runs per job are kept, and every stored
value is bounded.
"""

import time

from oslo_config import cfg
from oslo_serialization import jsonutils
from oslo_utils import timeutils

from heat_vision.common import context as hv_context
from heat_vision.db import task_runs as db_runs
from heat_vision.tasks import schedule

CONF = cfg.CONF
#: Longest error text kept with a run.
MAX_ERROR = 4096

# Run statuses
RUNNING = 'RUNNING'
SUCCEEDED = 'SUCCEEDED'
FAILED = 'FAILED'
CANCELLED = 'CANCELLED'
CUT = 'CUT'     # stopped by the job's deadline while its tasks ran
RUN_FIELDS = ('run', 'status', 'owner', 'planned_at', 'started_at',
              'ended_at', 'result', 'error')


def started(job_id, run, owner, planned_at=None, ctxt=None):
    """:param planned_at: epoch second the run was planned to start; its
        tasks start then (they wait for it), or now if that has passed.
    :param ctxt: the admin context whose transaction the row joins.
    """
    start = max(planned_at or 0, time.time())
    ctxt = ctxt or hv_context.get_admin_context()
    db_runs.run_started(ctxt, job_id, run, {
        'status': RUNNING, 'owner': owner,
        'planned_at': schedule.from_epoch(planned_at) if planned_at
        else None, 'started_at': schedule.from_epoch(start)})


def ended(job_id, run, status, results, error, ctxt=None):
    ctxt = ctxt or hv_context.get_admin_context()
    db_runs.run_ended(ctxt, job_id, run, {
        'status': status, 'ended_at': timeutils.utcnow(),
        'result': _bounded(results),
        'error': error[:MAX_ERROR] if error else None},
        CONF.tasks.max_runs_kept)


def forget(job_id, run, ctxt=None):
    db_runs.run_forget(ctxt or hv_context.get_admin_context(), job_id, run)


def _bounded(results):
    size = len(jsonutils.dumps(results))
    if size > CONF.tasks.max_run_result_size:
        return {'truncated': True, 'size': size}
    return results


def get_page(ctxt, job_id, limit=None, marker=None):
    """:returns: the job's runs as views, newest first."""
    return [format_run(row) for row in db_runs.run_get_page(
        ctxt, job_id, limit=limit, marker=marker)]


def format_run(row):
    view = {key: getattr(row, key) for key in RUN_FIELDS}
    for key in ('planned_at', 'started_at', 'ended_at'):
        if view[key] is not None:
            view[key] = view[key].isoformat() + 'Z'
    return view
