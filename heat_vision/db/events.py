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

"""Queries on events."""

import sys

from oslo_config import cfg
import sqlalchemy as sa

from heat_vision.db import api as db_api
from heat_vision.db import models
from heat_vision.db import paging

CONF = cfg.CONF

# API sort keys -> the columns they sort by, and filters -> a column.
SORT_KEYS = {
    'event_time': (models.Event.created_at,),
    'resource_type': (models.Event.resource_type,),
    'resource_name': (models.Event.resource_name,),
    'logical_resource_id': (models.Event.resource_name,),
    # The API's resource_status is "<action>_<status>".
    'resource_status': (models.Event.resource_action,
                        models.Event.resource_status),
    'resource_status_reason': (models.Event.resource_status_reason,),
    'physical_resource_id': (models.Event.physical_resource_id,),
}
FILTER_KEYS = {
    'resource_action': models.Event.resource_action,
    'resource_status': models.Event.resource_status,
    'resource_name': models.Event.resource_name,
    'resource_type': models.Event.resource_type,
}
_STATUSES = ('IN_PROGRESS', 'COMPLETE', 'FAILED')
#: The room ``event_create_many`` answers when no cap is set.
NO_CAP = sys.maxsize


def room_of_new_stack():
    """How many events a stack that has none yet takes under the cap."""
    return CONF.max_events_per_stack or NO_CAP


def event_create_many(context, rows, room=0):
    """Insert events of one stack, and purge its oldest past the cap.

    :param rows: dicts, each with the same keys and stack (one batch of
        one statement, without ORM objects).
    :param room: how many more events the stack is known to take under
        the cap: what an earlier call returned, less the events inserted
        since. The cap is checked only for rows that do not fit in it, so
        that a stack well below the cap does not count its events at
        every batch.
    :returns: the room left after these rows (``NO_CAP`` without a cap).
    """
    cap = CONF.max_events_per_stack
    if not rows:
        return room if cap else NO_CAP
    with db_api.writer(context) as session:
        session.execute(sa.insert(models.Event.__table__), rows)
        if not cap:
            return NO_CAP
        if len(rows) <= room:
            return room - len(rows)
        return _keep_newest(session, rows[0]['stack_id'], cap)


def event_insert_many(context, rows, capped=()):
    """Insert events of several stacks.

    :param capped: the ids of the stacks whose oldest events past the
        cap are purged (one count for all of them); the others' events
        are within it already (new stacks').
    """
    if not rows:
        return
    cap = CONF.max_events_per_stack
    with db_api.writer(context) as session:
        session.execute(sa.insert(models.Event.__table__), rows)
        if not cap or not capped:
            return
        table = models.Event.__table__
        counts = session.execute(
            sa.select(table.c.stack_id, sa.func.count()).where(
                table.c.stack_id.in_(sorted(set(capped)))).group_by(
                    table.c.stack_id)).all()
        for stack_id, count in counts:
            if count > cap:
                _keep_newest(session, stack_id, cap)


def _keep_newest(session, stack_id, cap):
    """Purge all but the newest ``cap`` events of the stack.

    :returns: how many more events it takes under the cap.
    """
    newest = sa.select(models.Event.id).where(
        models.Event.stack_id == stack_id).order_by(
            models.Event.id.desc()).limit(cap).subquery()
    kept, oldest_kept = session.execute(sa.select(
        sa.func.count(), sa.func.min(newest.c.id))).one()
    if kept < cap:
        return cap - kept
    session.execute(sa.delete(models.Event).where(
        models.Event.stack_id == stack_id,
        models.Event.id < oldest_kept))
    return 0


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


def event_get_page(context, stack_ids, filters=None, limit=None,
                   marker=None, sort_keys=None, sort_dir='asc'):
    """One page of the events of ``stack_ids`` (keyset paging).

    :param filters: ``{FILTER_KEYS key: value or [values]}``; a
        ``resource_status`` may also be given whole (``CREATE_COMPLETE``).
    :param marker: the uuid of the last event of the previous page; one
        that is not (or no longer) an event of the stacks, e.g. purged by
        the event cap while a client was following, pages from the start,
        as Heat's ``_events_paginate_query`` does (heat/db/api.py: an
        unknown uuid leaves ``model_marker`` None).
    :param sort_keys: SORT_KEYS names; ties are broken by insertion order.
    :returns: event rows.
    """
    with db_api.reader(context) as session:
        query = session.query(models.Event).filter(
            models.Event.stack_id.in_(list(stack_ids)))
        for key, values in (filters or {}).items():
            values = values if isinstance(values, list) else [values]
            query = query.filter(sa.or_(*[_filter_clause(key, value)
                                          for value in values]))
        order = [column for key in (sort_keys or ['event_time'])
                 for column in SORT_KEYS[key]]
        order.append(models.Event.id)
        mark = _marker_event(session, stack_ids, marker) if marker else None
        query = paging.sorted_after(query, order,
                                    'asc' if sort_dir == 'asc' else 'desc',
                                    mark)
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


def _marker_event(session, stack_ids, marker):
    return session.query(models.Event).filter(
        models.Event.uuid == marker,
        models.Event.stack_id.in_(list(stack_ids))).first()


def event_get_by_uuid(context, stack_id, uuid):
    """The event ``uuid`` of the stack, or None."""
    with db_api.reader(context) as session:
        return session.query(models.Event).filter_by(
            stack_id=stack_id, uuid=uuid).first()
