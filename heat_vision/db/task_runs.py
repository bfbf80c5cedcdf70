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

"""Queries on the run history of task jobs (the ``task_run`` table)."""

from oslo_db import exception as db_exc

from heat_vision.db import api as db_api
from heat_vision.db import models


def run_started(context, job_id, run, values):
    """Record that run ``run`` of a job started (again, after a takeover).

    :param values: ``status``, ``owner``, ``planned_at``, ``started_at``.
    """
    try:
        with db_api.writer(context) as session:
            session.add(models.TaskRun(job_id=job_id, run=run, **values))
    except db_exc.DBDuplicateEntry:
        # A conductor took the run over: it is still the same run.
        with db_api.writer(context) as session:
            session.query(models.TaskRun).filter_by(
                job_id=job_id, run=run).update(
                    {'owner': values['owner'], 'status': values['status']},
                    synchronize_session=False)


def run_ended(context, job_id, run, values, keep):
    """Record a run's outcome and forget the runs ``keep`` or more
    before it (a job's runs are numbered one after the other).

    :param values: ``status``, ``ended_at``, ``result``, ``error``.
    """
    runs = models.TaskRun.__table__
    with db_api.writer(context) as session:
        session.execute(
            runs.update().where(runs.c.job_id == job_id,
                                runs.c.run == run).values(values))
        if run > keep:
            # (Runs are numbered from 1: before that, none is too old.)
            session.execute(runs.delete().where(
                runs.c.job_id == job_id, runs.c.run <= run - keep))


def run_forget(context, job_id, run):
    """Drop a run that never started a task (stopped while it waited)."""
    with db_api.writer(context) as session:
        session.query(models.TaskRun).filter_by(
            job_id=job_id, run=run).delete(synchronize_session=False)


def run_get_page(context, job_id, limit=None, marker=None):
    """:returns: runs of the job, newest first, before run ``marker``.

    The caller checks that the job is the context's to see.
    """
    with db_api.reader(context) as session:
        query = session.query(models.TaskRun).filter_by(job_id=job_id)
        if marker is not None:
            query = query.filter(models.TaskRun.run < marker)
        query = query.order_by(models.TaskRun.run.desc())
        if limit is not None:
            query = query.limit(limit)
        return query.all()
