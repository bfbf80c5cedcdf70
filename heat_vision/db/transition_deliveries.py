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

"""Alarm transitions delivered: the first delivery of each acts.

A row is inserted per ``digest``; the primary key makes the insert the
atomic test (``DBDuplicateEntry`` for every delivery but the first). A
row older than the window no longer counts: the next delivery of the
same digest takes it over with a compare-and-set on ``created_at``.
"""

from oslo_db import exception as db_exc
from oslo_utils import timeutils

from heat_vision.db import api as db_api
from heat_vision.db import models


def first_delivery(context, digest, values, not_before, attempts=3,
                   now=None):
    """Record a delivery; :returns: None if it is the first since
    ``not_before``, else the row of the delivery that came first.

    :param values: ``stack_id``, ``resource_name``, ``alarm_id``, ``via``.
    :param now: the time to record (the current time by default).
    """
    for _attempt in range(attempts):
        earlier = _record(context, digest, values, not_before,
                          now or timeutils.utcnow())
        if earlier is not _GONE:
            return earlier
    # The earlier row keeps vanishing (each delivery before this one
    # failed and forgot itself): this one acts.
    return None


_GONE = object()


def _record(context, digest, values, not_before, now):
    try:
        with db_api.writer(context) as session:
            session.add(models.TransitionDelivery(
                digest=digest, created_at=now, **values))
            session.flush()
        return None
    except db_exc.DBDuplicateEntry:
        pass
    with db_api.writer(context) as session:
        taken = session.query(models.TransitionDelivery).filter(
            models.TransitionDelivery.digest == digest,
            models.TransitionDelivery.created_at < not_before).update(
                {'created_at': now, 'via': values['via']},
                synchronize_session=False)
    if taken:
        return None
    with db_api.reader(context) as session:
        row = session.get(models.TransitionDelivery, digest)
    # None: purged or forgotten between the insert and the read.
    return _GONE if row is None else row


def forget(context, digest):
    """Drop a delivery that failed, so that another may act."""
    with db_api.writer(context) as session:
        session.query(models.TransitionDelivery).filter_by(
            digest=digest).delete(synchronize_session=False)


def purge(context, older_than, limit=1000):
    """Remove up to ``limit`` deliveries made before ``older_than``.

    :returns: how many were removed.
    """
    with db_api.writer(context) as session:
        digests = [row.digest for row in session.query(
            models.TransitionDelivery.digest).filter(
                models.TransitionDelivery.created_at < older_than).limit(
                    limit)]
        if not digests:
            return 0
        return session.query(models.TransitionDelivery).filter(
            models.TransitionDelivery.digest.in_(digests)).delete(
                synchronize_session=False)
