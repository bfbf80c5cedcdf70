"""Queries on events."""

from oslo_config import cfg
import sqlalchemy as sa

from heat_vision.common import exception
from heat_vision.db import api as db_api
from heat_vision.db import models

CONF = cfg.CONF

# API sort keys and filters -> columns.
SORT_KEYS = {
    'event_time': models.Event.created_at,
    'resource_type': models.Event.resource_type,
}
FILTER_KEYS = {
    'resource_action': models.Event.resource_action,
    'resource_status': models.Event.resource_status,
    'resource_name': models.Event.resource_name,
    'resource_type': models.Event.resource_type,
}
_STATUSES = ('IN_PROGRESS', 'COMPLETE', 'FAILED')


def event_create_many(context, rows):
    """Insert event rows and purge the oldest past the cap.

    :param rows: dicts, each with the same keys (one batch of one
        statement, without ORM objects).
    """
    if not rows:
        return
    with db_api.writer(context) as session:
        session.execute(sa.insert(models.Event.__table__), rows)
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


def event_get_page(context, stack_ids, filters=None, limit=None,
                   marker=None, sort_keys=None, sort_dir='asc'):
    """One page of the events of ``stack_ids`` (keyset paging).

    :param filters: ``{FILTER_KEYS key: value or [values]}``; a
        ``resource_status`` may also be given whole (``CREATE_COMPLETE``).
    :param marker: the uuid of the last event of the previous page.
    :param sort_keys: SORT_KEYS names; ties are broken by insertion order.
    :returns: event rows.
    :raises: EntityNotFound if the marker is not an event of the stacks.
    """
    with db_api.reader(context) as session:
        query = session.query(models.Event).filter(
            models.Event.stack_id.in_(list(stack_ids)))
        for key, values in (filters or {}).items():
            values = values if isinstance(values, list) else [values]
            query = query.filter(sa.or_(*[_filter_clause(key, value)
                                          for value in values]))
        order = [SORT_KEYS[k] for k in (sort_keys or ['event_time'])]
        order.append(models.Event.id)
        direction = sa.asc if sort_dir == 'asc' else sa.desc
        if marker:
            query = _after_marker(session, query, stack_ids, marker, order,
                                  direction)
        query = query.order_by(*[direction(c) for c in order])
        if limit:
            query = query.limit(limit)
        return query.all()


def _filter_clause(key, value):
    column = FILTER_KEYS[key]
    action, _sep, status = str(value).rpartition('_')
    if key == 'resource_status' and action and status in _STATUSES \
            and value not in _STATUSES:
        return sa.and_(models.Event.resource_action == action,
                       models.Event.resource_status == status)
    return column == value


def _after_marker(session, query, stack_ids, marker, order, direction):
    mark = session.query(models.Event).filter(
        models.Event.uuid == marker,
        models.Event.stack_id.in_(list(stack_ids))).first()
    if mark is None:
        raise exception.EntityNotFound(entity='Event', name=marker)
    keys = [getattr(mark, c.key) for c in order]
    compare = (lambda c, v: c > v) if direction is sa.asc else (
        lambda c, v: c < v)
    clauses = []
    for i, column in enumerate(order):
        same = [order[j] == keys[j] for j in range(i)]
        clauses.append(sa.and_(*same, compare(column, keys[i])))
    return query.filter(sa.or_(*clauses))


def event_get_by_uuid(context, stack_id, uuid):
    """The event ``uuid`` of the stack, or None."""
    with db_api.reader(context) as session:
        return session.query(models.Event).filter_by(
            stack_id=stack_id, uuid=uuid).first()
