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

"""A database or jobboard that refuses the task service, as the caller's
``TaskServiceUnavailable`` (503) rather than an internal error.

"Too many connections" (MariaDB's 1040, or 1226 past a user's
``MAX_USER_CONNECTIONS``), a server gone, a pool with no connection to
lend in time, a deadlock's victim: the request did nothing lasting (its
transaction was rolled back) and may be sent again. A programming error
is not one of these and stays an internal error.
"""

import contextlib

from oslo_db import exception as db_exc
from sqlalchemy import exc as sa_exc
from taskflow import exceptions as tf_exc

from heat_vision.common import exception

_DATABASE_REFUSALS = (db_exc.DBConnectionError, db_exc.DBDeadlock,
                      sa_exc.OperationalError, sa_exc.TimeoutError,
                      sa_exc.DisconnectionError, tf_exc.StorageFailure)


def _jobboard_refusals():
    try:
        import redis
    except ImportError:
        return ()
    return (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError)


def backend_of(exc):
    """:returns: ``'database'`` or ``'jobboard'`` if ``exc`` says that
        backend refused or lost the request, else None.
    """
    if isinstance(exc, _DATABASE_REFUSALS):
        return 'database'
    if isinstance(exc, db_exc.DBError) and isinstance(
            exc.inner_exception, sa_exc.OperationalError):
        return 'database'
    if isinstance(exc, _jobboard_refusals() + (tf_exc.JobFailure,)):
        return 'jobboard'
    return None


@contextlib.contextmanager
def refusals_as_unavailable():
    """Raise a refusal of the database or jobboard as
    ``TaskServiceUnavailable``; anything else as it is.
    """
    try:
        yield
    except Exception as exc:
        backend = backend_of(exc)
        if backend is None:
            raise
        raise exception.TaskServiceUnavailable(backend=backend) from exc
