"""Queries on the service table (engine heartbeats)."""

from oslo_utils import timeutils

from heat_vision.db import api as db_api
from heat_vision.db import models


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


def service_delete(context, engine_id):
    with db_api.writer(context) as session:
        session.query(models.Service).filter_by(
            engine_id=engine_id, deleted_at=None).update(
                {'deleted_at': timeutils.utcnow()})


def service_get_all(context):
    with db_api.reader(context) as session:
        rows = session.query(models.Service).filter_by(
            deleted_at=None).order_by(models.Service.created_at).all()
        return [_as_dict(row) for row in rows]


def _as_dict(service):
    return {c.name: getattr(service, c.name)
            for c in models.Service.__table__.columns}
