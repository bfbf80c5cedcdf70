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

"""Queries on alarm bindings, built-in alarms and their history.

A built-in alarm belongs to its project: another project's alarm reads as
missing (the same EntityNotFound). Bindings carry no foreign key to the
stack: the listener checks that the bound resource still exists when a
transition arrives, and the binding resource removes its own on delete.
"""

import zlib

from oslo_db import exception as db_exception
from oslo_utils import timeutils
import sqlalchemy as sa

from heat_vision.common import exception
from heat_vision.db import api as db_api
from heat_vision.db import models
from heat_vision.db import paging
from heat_vision.db import transition_outbox as db_outbox

_Alarm = models.Alarm
_Binding = models.AlarmBinding
_History = models.AlarmHistory

# Ids per IN list (sqlite binds at most 32766 per statement).
_IN_BATCH = 500


# Bindings ---------------------------------------------------------------

def binding_add(context, alarm_id, stack_id, resource_name):
    """Bind ``alarm_id`` to a resource (binding it again changes nothing).
    """
    try:
        with db_api.writer(context) as session:
            session.add(_Binding(alarm_id=alarm_id, stack_id=stack_id,
                                 resource_name=resource_name))
            session.flush()
    except db_exception.DBDuplicateEntry:
        pass


def binding_remove(context, stack_id, resource_name, alarm_id=None):
    """Remove the resource's bindings (only to ``alarm_id`` if given).

    :returns: how many were removed.
    """
    with db_api.writer(context) as session:
        query = session.query(_Binding).filter_by(
            stack_id=stack_id, resource_name=resource_name)
        if alarm_id is not None:
            query = query.filter_by(alarm_id=alarm_id)
        return query.delete()


def bound_with_types(context, alarm_id):
    """:returns: ``[(stack_id, resource_name, type)]`` bound to
    ``alarm_id``, in one query; ``type`` is None for a resource that no
    longer exists, and a resource being replaced may be there once per
    row (its old and new type alike).
    """
    resource = models.Resource
    with db_api.reader(context) as session:
        rows = session.query(_Binding.stack_id, _Binding.resource_name,
                             resource.type)\
            .outerjoin(resource, (resource.stack_id == _Binding.stack_id) &
                       (resource.name == _Binding.resource_name))\
            .filter(_Binding.alarm_id == alarm_id).all()
    return [tuple(row) for row in rows]


# Built-in alarms --------------------------------------------------------

def alarm_create(context, values):
    with db_api.writer(context) as session:
        row = _Alarm(**values)
        session.add(row)
        session.flush()
        return row


def alarm_create_many(context, values):
    """Insert alarms (``alarm_create``'s values each) in one statement."""
    if values:
        with db_api.writer(context) as session:
            session.execute(sa.insert(_Alarm.__table__), values)


def new_alarm(values):
    """:returns: an alarm row not stored (nor in any session)."""
    return _Alarm(**values)


def alarm_get_by_resource(context, stack_id, resource_name):
    """:returns: the alarm a stack's resource made, or None."""
    with db_api.reader(context) as session:
        return session.query(_Alarm).filter_by(
            stack_id=stack_id, resource_name=resource_name).first()


def _visible(context, row, alarm_id):
    if row is None or not (context.is_admin or
                           row.project_id == context.project_id):
        raise exception.EntityNotFound(entity='Alarm', name=alarm_id)
    return row


def alarm_get(context, alarm_id):
    """:raises: EntityNotFound, also for another project's alarm."""
    with db_api.reader(context) as session:
        return _visible(context, session.get(_Alarm, alarm_id), alarm_id)


def alarm_get_all(context, limit=None, marker=None):
    """The project's alarms, oldest first, ``limit`` after ``marker``."""
    with db_api.reader(context) as session:
        query = session.query(_Alarm)
        if not context.is_admin:
            query = query.filter_by(project_id=context.project_id)
        query = paging.sorted_after(
            query, [_Alarm.created_at, _Alarm.id],
            mark=alarm_get(context, marker) if marker is not None else None)
        if limit is not None:
            query = query.limit(limit)
        return query.all()


def alarm_update(context, alarm_id, values):
    """:returns: the updated row.

    :raises: EntityNotFound (also for another project's alarm)
    """
    # One UPDATE, no read first: on sqlite (WAL) a transaction that read
    # before another connection wrote cannot start writing.
    with db_api.writer(context) as session:
        query = session.query(_Alarm).filter_by(id=alarm_id)
        if not context.is_admin:
            query = query.filter_by(project_id=context.project_id)
        updated = query.update(dict(values, updated_at=timeutils.utcnow()),
                               synchronize_session=False)
    if not updated:
        raise exception.EntityNotFound(entity='Alarm', name=alarm_id)
    return alarm_get(context, alarm_id)


def alarm_change_states(context, changes, keep, outbox=None):
    """Change alarms' states, each only if it is still the state it was
    read in, and record each transition in its alarm's history (the
    newest ``keep`` kept) and in the outbox, in one transaction.

    :param changes: ``[(alarm id, previous state, values, history)]``:
        the alarm's new columns and its history entry's.
    :param outbox: ``{alarm id: outbox row}`` (``db.transition_outbox``):
        the transition to send of each alarm changed.
    :returns: the ids of the alarms changed (not those gone, or whose
        state another writer changed first).
    """
    now = timeutils.utcnow()
    changed = []
    # The UPDATEs first, no read: see alarm_update.
    with db_api.writer(context) as session:
        for alarm_id, previous, values, _history in changes:
            if session.query(_Alarm).filter_by(
                    id=alarm_id, state=previous).update(
                        dict(values, updated_at=now),
                        synchronize_session=False):
                changed.append(alarm_id)
        if not changed:
            return changed
        done = set(changed)
        session.execute(sa.insert(_History.__table__), [
            dict(history, alarm_id=alarm_id, created_at=now)
            for alarm_id, _previous, _values, history in changes
            if alarm_id in done])
        db_outbox.add_many(context, [outbox[alarm_id] for alarm_id in changed
                                     if alarm_id in (outbox or {})])
        _trim_history(session, changed, keep)
    return changed


def _trim_history(session, alarm_ids, keep):
    """Drop all but the newest ``keep`` entries of each alarm's history.
    """
    for start in range(0, len(alarm_ids), _IN_BATCH):
        over = session.execute(
            sa.select(_History.alarm_id).where(
                _History.alarm_id.in_(alarm_ids[start:start + _IN_BATCH]))
            .group_by(_History.alarm_id)
            .having(sa.func.count(_History.id) > keep)).scalars().all()
        for alarm_id in over:
            stale = session.execute(
                sa.select(_History.id).where(_History.alarm_id == alarm_id)
                .order_by(_History.id.desc()).offset(keep)).scalars().all()
            session.execute(sa.delete(_History).where(
                _History.id.in_(stale)))


def alarms_to_evaluate(context, shard=None, after=None, limit=None):
    """Every project's alarms (an admin context's query), by id.

    :param shard: ``(index, count)``: only the alarms whose ``shard_of``
        is ``index`` of ``count``.
    :param after: the alarm id the previous page ended with.
    :param limit: alarms read (of every shard) for this page.
    :returns: ``(alarms, the id to read the next page after)``, that id
        None once the last page is read.
    """
    with db_api.reader(context) as session:
        query = session.query(_Alarm)
        if after is not None:
            query = query.filter(_Alarm.id > after)
        query = query.order_by(_Alarm.id)
        if limit is not None:
            query = query.limit(limit)
        rows = query.all()
    following = (rows[-1].id if limit is not None and len(rows) == limit
                 else None)
    if shard is not None:
        index, count = shard
        rows = [row for row in rows if shard_of(row.id, count) == index]
    return rows, following


def shard_of(alarm_id, count):
    """:returns: which of ``count`` evaluators evaluates ``alarm_id``,
    the same in every process (not Python's salted ``hash``).
    """
    return zlib.crc32(alarm_id.encode('utf-8')) % count


def alarm_forget_jobs(context, alarm_ids):
    """Clear the evaluation job ids of ``alarm_ids`` (an older version's).
    """
    with db_api.writer(context) as session:
        session.execute(sa.update(_Alarm.__table__).where(
            _Alarm.id.in_(alarm_ids)).values(job_id=None))


def alarm_update_many(context, changes):
    """Update the project's alarms (admins: any) among ``changes``,
    ``(alarm id, values)`` each with the same columns: an executemany of
    one statement; those gone are not an error.
    """
    if not changes:
        return
    columns = sorted(changes[0][1])
    query = sa.update(_Alarm.__table__).where(
        _Alarm.id == sa.bindparam('_id'))
    if not context.is_admin:
        query = query.where(_Alarm.project_id == context.project_id)
    # Named apart from the columns, which SQLAlchemy reserves; each takes
    # its column's type (the rule's JSON).
    query = query.values({column: sa.bindparam('_' + column)
                          for column in columns})
    with db_api.writer(context) as session:
        session.execute(query, [
            dict({'_' + column: values[column] for column in columns},
                 _id=alarm_id) for alarm_id, values in changes])


def alarm_delete(context, alarm_id):
    """Delete the alarm and its history; an unknown one is fine."""
    with db_api.writer(context) as session:
        session.query(_History).filter_by(alarm_id=alarm_id).delete()
        session.query(_Alarm).filter_by(id=alarm_id).delete()


def job_ids_of(context, alarm_ids):
    """A query (to nest in another) of the evaluation job ids of the
    project's alarms among ``alarm_ids`` (admins: any).
    """
    query = sa.select(_Alarm.job_id).where(_Alarm.id.in_(alarm_ids),
                                           _Alarm.job_id.isnot(None))
    if not context.is_admin:
        query = query.where(_Alarm.project_id == context.project_id)
    return query


def alarm_delete_many(context, alarm_ids):
    """Delete the project's alarms among ``alarm_ids`` (admins: any) and
    their history; those already gone are not an error.
    """
    mine = [_Alarm.id.in_(alarm_ids)]
    if not context.is_admin:
        mine.append(_Alarm.project_id == context.project_id)
    with db_api.writer(context) as session:
        session.execute(sa.delete(_History).where(
            _History.alarm_id.in_(sa.select(_Alarm.id).where(*mine))))
        # Not through a query of the same table: MariaDB refuses that.
        session.execute(sa.delete(_Alarm).where(*mine))


# History ----------------------------------------------------------------

def history_get(context, alarm_id, limit=None):
    """:returns: the alarm's transitions, newest first.

    :raises: EntityNotFound (also for another project's alarm)
    """
    alarm_get(context, alarm_id)
    with db_api.reader(context) as session:
        query = session.query(_History).filter_by(alarm_id=alarm_id)\
            .order_by(_History.id.desc())
        if limit is not None:
            query = query.limit(limit)
        return query.all()
