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

"""One-use action URLs: each nonce is taken once, until it expires.

The primary key makes the insert the atomic test: of the requests that
bring the same URL, the first inserts its digest and the others get
``DBDuplicateEntry``. A row whose URL has expired is of no more use (the
URL is refused for its expiry): ``purge`` removes them.
"""

from oslo_db import exception as db_exc
from oslo_utils import timeutils

from heat_vision.db import api as db_api
from heat_vision.db import models


def take(context, digest, stack_id, expires_at):
    """:returns: True if the nonce ``digest`` was not taken before."""
    try:
        with db_api.writer(context) as session:
            session.add(models.SignalNonce(
                digest=digest, stack_id=stack_id, expires_at=expires_at))
            session.flush()
        return True
    except db_exc.DBDuplicateEntry:
        return False


def give_back(context, digest):
    """Forget a nonce whose signal failed, so that it may be tried again.
    """
    with db_api.writer(context) as session:
        session.query(models.SignalNonce).filter_by(
            digest=digest).delete(synchronize_session=False)


def purge(context, now=None, limit=1000):
    """Remove up to ``limit`` nonces of expired URLs.

    :returns: how many were removed.
    """
    now = now or timeutils.utcnow()
    with db_api.writer(context) as session:
        digests = [row.digest for row in session.query(
            models.SignalNonce.digest).filter(
                models.SignalNonce.expires_at < now).limit(limit)]
        if not digests:
            return 0
        return session.query(models.SignalNonce).filter(
            models.SignalNonce.digest.in_(digests)).delete(
                synchronize_session=False)
