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

"""Queries on the service table (engine heartbeats)."""

from oslo_utils import timeutils
import sqlalchemy as sa

from heat_vision.db import api as db_api
from heat_vision.db import models

#: The ``binary`` of an engine's row (heat-vision-all's engine too).
ENGINE = 'heat-vision-engine'
#: The ``binary`` of a ``heat-vision-tasks`` on the local jobboard, whose
#: row says it is alive to the processes that could take its jobs.
TASKS = 'heat-vision-tasks'


def service_create(context, values):
    """Record an engine; its registration is its first heartbeat."""
    now = timeutils.utcnow()
    values = dict({'created_at': now, 'updated_at': now}, **values)
    with db_api.writer(context) as session:
        service = models.Service(**values)
        session.add(service)
        session.flush()
        return _as_dict(service)


def service_heartbeat(context, engine_id):
    """Mark the engine alive now. :returns: False if it has no record."""
    with db_api.writer(context) as session:
        count = session.query(models.Service).filter_by(
            engine_id=engine_id, deleted_at=None).update(
                {'updated_at': timeutils.utcnow()})
        return count > 0


def service_revive(context, engine_id):
    """Undelete the record of a live engine that was taken for dead
    (it could not beat for longer than ``service_cleanup_time``).
    """
    with db_api.writer(context) as session:
        session.query(models.Service).filter_by(engine_id=engine_id).update(
            {'updated_at': timeutils.utcnow(), 'deleted_at': None})


def service_delete(context, engine_id):
    with db_api.writer(context) as session:
        session.query(models.Service).filter_by(
            engine_id=engine_id, deleted_at=None).update(
                {'deleted_at': timeutils.utcnow()})


def live_ids(since, binary=None):
    """:returns: a select of the ids of the registered services (of
    ``binary``, or any) whose last heartbeat is at or after ``since``.
    """
    service = models.Service.__table__
    seen = sa.func.coalesce(service.c.updated_at, service.c.created_at)
    query = sa.select(service.c.engine_id).where(
        service.c.deleted_at.is_(None), seen >= since)
    if binary is not None:
        query = query.where(service.c.binary == binary)
    return query


def engine_ids_seen_since(context, since):
    """:returns: the set of registered engines whose last heartbeat is at
    or after ``since``.

    Asked before every stack create when several engines run, so only the
    ids are read, without building rows.
    """
    with db_api.reader_connection(context) as connection:
        return set(connection.execute(live_ids(since, ENGINE)).scalars())


def service_delete_stale(context, seen_before):
    """Mark deleted every engine whose last heartbeat is before
    ``seen_before`` (they died without deregistering).

    :returns: the engine ids removed.
    """
    seen = sa.func.coalesce(models.Service.updated_at,
                            models.Service.created_at)
    with db_api.writer(context) as session:
        query = session.query(models.Service).filter(
            models.Service.deleted_at.is_(None), seen < seen_before)
        engine_ids = [row.engine_id for row in query]
        if engine_ids:
            session.query(models.Service).filter(
                models.Service.engine_id.in_(engine_ids),
                models.Service.deleted_at.is_(None)).update(
                    {'deleted_at': timeutils.utcnow()},
                    synchronize_session=False)
        return engine_ids


def service_get_all(context, binary=None):
    """:returns: the registered services (of ``binary``, or all)."""
    with db_api.reader(context) as session:
        query = session.query(models.Service).filter_by(deleted_at=None)
        if binary is not None:
            query = query.filter_by(binary=binary)
        rows = query.order_by(models.Service.created_at).all()
        return [_as_dict(row) for row in rows]


def _as_dict(service):
    return {c.name: getattr(service, c.name)
            for c in models.Service.__table__.columns}
