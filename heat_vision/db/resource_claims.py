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

"""Claims on resources, changed only by compare-and-set on ``version``."""

import random
import time

from oslo_db import exception as db_exc
from oslo_utils import timeutils
import sqlalchemy as sa

from heat_vision.db import api as db_api
from heat_vision.db import models

FIELDS = ('holder', 'engine_id', 'claimed_until', 'pending', 'due_at',
          'owed_events')

#: Seconds a change keeps trying while others change the same claim.
CONTENTION_DEADLINE = 300
#: Seconds: the first and the longest wait after losing a race.
_BACKOFF = (0.005, 0.25)


class ClaimContended(RuntimeError):
    """The claim kept changing under us for ``CONTENTION_DEADLINE``."""


def claim_get(context, stack_id, resource_name):
    """:returns: the claim row of the resource, or None."""
    with db_api.reader(context) as session:
        return session.get(models.ResourceClaim, (stack_id, resource_name))


def claim_change(context, stack_id, resource_name, change, deadline=None):
    """Apply ``change`` to the claim, retried until nobody raced it.

    Every round of a race lets one writer through; a loser waits a random
    while (growing with its losses, at most ``_BACKOFF[1]``) before it
    reads again, so that a storm of signals on one group spreads out and
    each of them gets its turn, however many there are.

    :param change: ``change(row) -> dict or None``: given the row as read
        (None when there is none yet), the new values of ``FIELDS``, or
        None to write nothing.
    :param deadline: seconds after which to give up (by default
        ``CONTENTION_DEADLINE``).
    :returns: the values written (None when ``change`` wrote nothing).
    :raises: ClaimContended when the claim kept changing under us.
    """
    give_up = time.monotonic() + (CONTENTION_DEADLINE if deadline is None
                                  else deadline)
    losses = 0
    while True:
        row = claim_get(context, stack_id, resource_name)
        values = change(row)
        if values is None:
            return None
        if row is None:
            if _insert(context, stack_id, resource_name, values):
                return values
        elif _update(context, row, values):
            return values
        losses += 1
        if time.monotonic() >= give_up:
            raise ClaimContended('claim on %s/%s kept changing (%d '
                                 'attempts)' % (stack_id, resource_name,
                                                losses))
        time.sleep(random.uniform(0, min(_BACKOFF[1],
                                         _BACKOFF[0] * 2 ** min(losses, 8))))


def _update(context, row, values):
    with db_api.writer(context) as session:
        return session.query(models.ResourceClaim).filter_by(
            stack_id=row.stack_id, resource_name=row.resource_name,
            version=row.version).update(
                dict(values, version=row.version + 1),
                synchronize_session=False)


def _insert(context, stack_id, resource_name, values):
    try:
        with db_api.writer(context) as session:
            session.add(models.ResourceClaim(
                stack_id=stack_id, resource_name=resource_name, version=0,
                **values))
            session.flush()
        return True
    except db_exc.DBDuplicateEntry:
        return False


def claims_due(context, live_engines, limit=100):
    """:param live_engines: the ids of the engines that beat.
    :returns: claims with pending work due now (or waiting behind a dead
        holder) and no live holder: none, an engine not in
        ``live_engines``, or (a claim naming no engine) one past
        ``claimed_until``.
    """
    now = timeutils.utcnow()
    claim = models.ResourceClaim
    with db_api.reader(context) as session:
        return session.query(claim).filter(
            claim.pending.isnot(None),
            sa.or_(claim.due_at.is_(None), claim.due_at <= now),
            sa.or_(claim.holder.is_(None),
                   sa.and_(claim.engine_id.is_(None),
                           claim.claimed_until < now),
                   sa.and_(claim.engine_id.isnot(None),
                           claim.engine_id.notin_(
                               sorted(live_engines))))).limit(
                                   limit).all()


def claims_held_elsewhere(context, engine_id, limit=100):
    """:returns: the claims held now by engines other than ``engine_id``
        (scaling under way there, or left by an engine that died).
    """
    claim = models.ResourceClaim
    with db_api.reader(context) as session:
        return session.query(claim).filter(
            claim.holder.isnot(None), claim.engine_id.isnot(None),
            claim.engine_id != engine_id).limit(limit).all()


def claims_delete_stack(context, stack_id):
    """Forget the claims of a deleted stack."""
    with db_api.writer(context) as session:
        session.query(models.ResourceClaim).filter_by(
            stack_id=stack_id).delete(synchronize_session=False)
