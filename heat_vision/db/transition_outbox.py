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

"""The built-in alarms' transitions waiting to reach an engine's listener.

A row is added in the transaction that changes its alarm's state
(``db.alarms.alarm_change_states``), so that a state written is a
transition sent, whatever happens to the broker or the engine. A sender
takes the rows that are due (``take_due``: each moved on by a lease, so
that no other sender takes it meanwhile) and publishes them: one the
broker took is due again a while later (``mark_sent``) unless a listener
took it first (``mark_delivered``); one it refused is put off
(``postpone``). Delivered rows are purged after a while.
"""

import sqlalchemy as sa

from heat_vision.db import api as db_api
from heat_vision.db import models

_Outbox = models.TransitionOutbox


def add_many(context, rows):
    """Insert outbox rows (``id``, ``alarm_id``, ``payload``,
    ``created_at``, ``next_attempt_at``) in the caller's transaction.
    """
    if rows:
        with db_api.writer(context) as session:
            session.execute(sa.insert(_Outbox.__table__),
                            [dict(row, attempts=0, sends=0)
                             for row in rows])


def take_due(context, now, lease_until, limit):
    """Take up to ``limit`` undelivered rows due by ``now``, the oldest
    transitions first: each is moved on to ``lease_until`` if it is still
    due (no other sender took it first).

    :returns: the rows taken (their ``attempts`` not yet counted).
    """
    with db_api.reader(context) as session:
        due = session.query(_Outbox).filter(
            _Outbox.delivered_at.is_(None),
            _Outbox.next_attempt_at <= now).order_by(
                _Outbox.created_at, _Outbox.id).limit(limit).all()
    taken = []
    for row in due:
        with db_api.writer(context) as session:
            if session.query(_Outbox).filter(
                    _Outbox.id == row.id, _Outbox.delivered_at.is_(None),
                    _Outbox.next_attempt_at <= now).update(
                        {'next_attempt_at': lease_until},
                        synchronize_session=False):
                taken.append(row)
    return taken


def mark_sent(context, sent, now):
    """The broker took rows at ``now``: each is sent again at its time
    unless a listener took it by then.

    :param sent: ``[(row id, times sent, when to send it again)]``.
    """
    if not sent:
        return
    query = sa.update(_Outbox.__table__).where(
        _Outbox.id == sa.bindparam('_id')).values(
            sent_at=now, attempts=0, sends=sa.bindparam('_sends'),
            next_attempt_at=sa.bindparam('_again'))
    with db_api.writer(context) as session:
        session.execute(query, [
            {'_id': row_id, '_sends': sends, '_again': again}
            for row_id, sends, again in sent])


def mark_delivered(context, row_id, now):
    """A listener took the transition ``row_id``.

    :returns: False if it had been taken before (or is unknown).
    """
    with db_api.writer(context) as session:
        return bool(session.execute(sa.update(_Outbox.__table__).where(
            _Outbox.id == row_id, _Outbox.delivered_at.is_(None)).values(
                delivered_at=now)).rowcount)


def delivered(context, row_id):
    """:returns: whether a listener took the transition ``row_id``."""
    with db_api.reader(context) as session:
        return session.execute(sa.select(_Outbox.id).where(
            _Outbox.id == row_id,
            _Outbox.delivered_at.isnot(None))).first() is not None


def postpone(context, row_id, attempts, next_attempt_at):
    """Record a failed attempt: try again at ``next_attempt_at``."""
    with db_api.writer(context) as session:
        session.execute(sa.update(_Outbox.__table__).where(
            _Outbox.id == row_id).values(
                attempts=attempts, next_attempt_at=next_attempt_at))


def pending_count(context):
    """:returns: how many rows no listener took yet."""
    with db_api.reader(context) as session:
        return session.query(sa.func.count(_Outbox.id)).filter(
            _Outbox.delivered_at.is_(None)).scalar()


def purge(context, older_than, limit=1000):
    """Remove up to ``limit`` rows delivered before ``older_than``, or
    sent and made before it but never delivered (no engine listens).

    :returns: how many were removed.
    """
    with db_api.writer(context) as session:
        ids = session.execute(sa.select(_Outbox.id).where(
            (_Outbox.delivered_at < older_than) |
            (_Outbox.sent_at.isnot(None) &
             (_Outbox.created_at < older_than))).limit(
                limit)).scalars().all()
        if not ids:
            return 0
        return session.execute(sa.delete(_Outbox).where(
            _Outbox.id.in_(ids))).rowcount
