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

"""Queries on task-system jobs (the ``task_job`` table)."""

import types

from oslo_utils import timeutils
import sqlalchemy as sa

from heat_vision.common import exception
from heat_vision.db import api as db_api
from heat_vision.db import models
from heat_vision.db import paging
from heat_vision.db import services

FILTER_KEYS = ('status', 'kind', 'name')


def _visible(context, query):
    if context.is_admin:
        return query
    return query.filter(models.TaskJob.project_id == context.project_id)


def job_create(context, values):
    """:returns: the new job row."""
    with db_api.writer(context) as session:
        job = models.TaskJob(**values)
        session.add(job)
        session.flush()
        return job


_JOBS = models.TaskJob.__table__
# Built once: a statement built for each read costs its cache key every
# time, and the ORM's loading of an entity is most of a short read's CPU
# (a conductor reads a job as each run starts and ends).
_GET = sa.select(_JOBS).where(_JOBS.c.id == sa.bindparam('id'))
_GET_VISIBLE = _GET.where(_JOBS.c.project_id == sa.bindparam('project'))


def job_get(context, job_id):
    """:returns: the job's row, its columns as attributes (a record, not
        bound to a session: setting one changes only the record).
    :raises: TaskJobNotFound, also when the job is another project's.
    """
    with db_api.reader_connection(context) as connection:
        if context.is_admin:
            row = connection.execute(_GET, {'id': job_id}).first()
        else:
            row = connection.execute(_GET_VISIBLE, {
                'id': job_id, 'project': context.project_id}).first()
    if row is None:
        raise exception.TaskJobNotFound(job_id)
    return types.SimpleNamespace(**row._mapping)


def job_get_all(context, filters=None, limit=None, marker=None,
                sort_dir='desc'):
    """:returns: jobs of the context's project, newest first by default.

    :param filters: ``status``, ``kind`` and ``name`` to match exactly.
    :param marker: the id of the last job of the previous page.
    """
    with db_api.reader(context) as session:
        query = _visible(context, session.query(models.TaskJob))
        for key, value in (filters or {}).items():
            if key in FILTER_KEYS and value is not None:
                column = getattr(models.TaskJob, key)
                values = value if isinstance(value, list) else [value]
                query = query.filter(column.in_(values))
        last = None
        if marker is not None:
            # Another project's job is as unknown a marker as a missing one.
            last = _visible(context, session.query(models.TaskJob)).filter(
                models.TaskJob.id == marker).first()
            if last is None:
                raise exception.TaskJobNotFound(marker)
        query = paging.sorted_after(
            query, [models.TaskJob.created_at, models.TaskJob.id],
            'desc' if sort_dir == 'desc' else 'asc', last)
        if limit is not None:
            query = query.limit(limit)
        return query.all()


def job_update(context, job_id, values, expected=None):
    """Update a job, only if its columns hold ``expected`` (a CAS).

    A list or tuple in ``expected`` matches any of its values.
    ``updated_at`` is set to now unless ``values`` gives it.

    :returns: True if the row was updated.
    """
    return _update_where(context, models.TaskJob.id == job_id, values,
                         expected) == 1


def job_claim(context, job_id, owner, statuses, live_since):
    """Make ``owner`` the owner of a job in one of ``statuses`` unless a
    live service owns it (the local jobboard's claim).

    In one statement: the job has no owner, or ``owner`` (a service id),
    or one whose heartbeat is older than ``live_since``. Of two services
    claiming a dead one's job, one wins.

    :returns: True if the job is now ``owner``'s.
    """
    job = models.TaskJob
    live = services.live_ids(live_since)
    query = sa.update(job).where(
        job.id == job_id, job.status.in_(statuses),
        sa.or_(job.owner.is_(None), job.owner == owner,
               job.owner.not_in(live))).values(
        owner=owner, updated_at=timeutils.utcnow())
    with db_api.writer(context) as session:
        return session.execute(query, execution_options={
            'synchronize_session': False}).rowcount == 1


def job_owner(context, job_id):
    """:returns: the owner of a job (None if it has none, or is gone)."""
    with db_api.reader(context) as session:
        return session.execute(sa.select(models.TaskJob.owner).where(
            models.TaskJob.id == job_id)).scalar()


def job_ids_unowned(context, statuses, owner, live_since, unowned_before):
    """:returns: the ids of the jobs in one of ``statuses`` that ``owner``
        could claim (``job_claim``): owned by a service whose heartbeat is
        older than ``live_since``, or by none and unchanged since
        ``unowned_before``.
    """
    job = models.TaskJob
    with db_api.reader(context) as session:
        return list(session.execute(sa.select(job.id).where(
            job.status.in_(statuses), sa.or_(
                sa.and_(job.owner.is_(None), sa.func.coalesce(
                    job.updated_at, job.created_at) <= unowned_before),
                sa.and_(job.owner != owner, job.owner.not_in(
                    services.live_ids(live_since))))).order_by(
                        job.id)).scalars())


def job_update_all(context, job_ids, values, expected=None):
    """``job_update`` for every job of ``job_ids`` (ids, or a query of
    them) that holds ``expected``, in one statement.
    """
    _update_where(context, models.TaskJob.id.in_(job_ids), values,
                  expected)


def _update_where(context, which, values, expected):
    """:returns: how many jobs matching ``which`` and ``expected`` were
        updated.
    """
    query = sa.update(models.TaskJob).where(which)
    for key, value in (expected or {}).items():
        column = getattr(models.TaskJob, key)
        query = query.where(column.in_(value) if isinstance(
            value, (list, tuple)) else column == value)
    query = query.values({'updated_at': timeutils.utcnow(), **values})
    with db_api.writer(context) as session:
        return session.execute(query, execution_options={
            'synchronize_session': False}).rowcount


def job_ids_in_status(context, job_ids, status):
    """:returns: the ids among ``job_ids`` (ids, or a query of them) of
        the jobs in ``status``.
    """
    with db_api.reader(context) as session:
        return list(session.execute(sa.select(models.TaskJob.id).where(
            models.TaskJob.id.in_(job_ids),
            models.TaskJob.status == status)).scalars())


def job_get_unchanged(context, statuses, before=None, limit=100,
                      marker=None):
    """:returns: a page of the jobs (all projects) in one of ``statuses``
        whose row has not changed since ``before`` (any time if None),
        ordered by id: rows of ``id``, ``status``, ``current_run``,
        ``owner``, ``next_run_at``, ``created_at`` and ``updated_at``
        only.

    :param marker: the id of the last job of the previous page.
    """
    job = models.TaskJob
    with db_api.reader(context) as session:
        query = session.query(
            job.id, job.status, job.current_run, job.owner, job.next_run_at,
            job.created_at, job.updated_at).filter(job.status.in_(statuses))
        if before is not None:
            query = query.filter(sa.func.coalesce(
                job.updated_at, job.created_at) < before)
        if marker is not None:
            query = query.filter(job.id > marker)
        return query.order_by(job.id).limit(limit).all()


def job_get_due(context, waiting, due_by, cancelling, limit):
    """:returns: ``(id, current_run)`` of at most ``limit`` jobs (all
        projects), soonest first: those in one of the ``waiting``
        statuses whose next run starts by ``due_by``, and those in one of
        the ``cancelling`` statuses.
    """
    job = models.TaskJob
    with db_api.reader(context) as session:
        return [tuple(row) for row in session.execute(
            sa.select(job.id, job.current_run).where(sa.or_(
                sa.and_(job.status.in_(waiting), job.next_run_at <= due_by),
                job.status.in_(cancelling)))
            .order_by(job.next_run_at).limit(limit))]


def job_get_stopping(context, job_ids, now):
    """:returns: ``{id: reason}`` of those jobs that must stop now."""
    if not job_ids:
        return {}
    with db_api.reader(context) as session:
        rows = session.query(
            models.TaskJob.id, models.TaskJob.cancel_requested,
            models.TaskJob.deadline).filter(
                models.TaskJob.id.in_(list(job_ids))).filter(
                    sa.or_(models.TaskJob.cancel_requested.is_(True),
                           models.TaskJob.deadline <= now)).all()
    return {row.id: 'cancelled' if row.cancel_requested else 'deadline'
            for row in rows}
