"""Queries on events."""

from oslo_config import cfg

from heat_vision.db import api as db_api
from heat_vision.db import models

CONF = cfg.CONF


def event_create_many(context, rows):
    """Insert event rows (dicts) and purge the oldest past the cap."""
    if not rows:
        return
    with db_api.writer(context) as session:
        session.add_all([models.Event(**row) for row in rows])
        session.flush()
        cap = CONF.max_events_per_stack
        if cap:
            for stack_id in {row['stack_id'] for row in rows}:
                _purge_oldest(session, stack_id, cap)


def event_get_all_by_stack(context, stack_id, limit=None, sort_dir='asc'):
    with db_api.reader(context) as session:
        query = session.query(models.Event).filter_by(stack_id=stack_id)
        column = models.Event.id
        query = query.order_by(column.asc() if sort_dir == 'asc'
                               else column.desc())
        if limit:
            query = query.limit(limit)
        return query.all()


def event_delete_by_stack(context, stack_id):
    with db_api.writer(context) as session:
        session.query(models.Event).filter_by(stack_id=stack_id).delete()


def _purge_oldest(session, stack_id, cap):
    keep_from = session.query(models.Event.id).filter_by(
        stack_id=stack_id).order_by(models.Event.id.desc()).offset(
            cap - 1).limit(1).scalar()
    if keep_from is not None:
        session.query(models.Event).filter(
            models.Event.stack_id == stack_id,
            models.Event.id < keep_from).delete(synchronize_session=False)
