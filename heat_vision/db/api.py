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

"""Database set-up: the oslo.db enginefacade and nothing else.

Queries live in one module per entity (``stacks``, ``resources``, ...).
Each of them opens a transaction with ``reader(context)`` or
``writer(context)``; the context object carries the session, so nested
calls share one transaction.
"""

import contextlib
import random
import threading
import time

from oslo_config import cfg
from oslo_db import exception as db_exc
from oslo_db.sqlalchemy import enginefacade
from oslo_log import log as logging
import sqlalchemy as sa

from heat_vision.common import context as hv_context
from heat_vision.common import extras
from heat_vision.db import pool_reset
from heat_vision.db import pymysql_tls
from heat_vision.db import sqlite_begin

CONF = cfg.CONF
LOG = logging.getLogger(__name__)

# How many times a deadlock's victim is tried again (retrying_deadlocks).
DEADLOCK_RETRIES = 3

_LOCK = threading.Lock()
_FACADE = None

enginefacade.transaction_context_provider(hv_context.RequestContext)


# Milliseconds a sqlite writer waits for the write lock, here and on the
# task system's own connections (``tasks.persistence``). The driver's 5 s
# was too short when a thousand alarms' first runs wrote at once: their
# writes failed with "database is locked".
SQLITE_BUSY_TIMEOUT_MS = 30000


def _sqlite_pragmas(dbapi_conn, _record):
    # NORMAL sync is safe with WAL (no corruption) and avoids an fsync per
    # commit; it is a per-connection setting.
    cursor = dbapi_conn.cursor()
    cursor.execute('PRAGMA synchronous=NORMAL')
    cursor.execute('PRAGMA busy_timeout=%d' % SQLITE_BUSY_TIMEOUT_MS)
    cursor.close()


def _sqlite_wal(dbapi_conn):
    # WAL lets readers run beside the single writer. It is stored in the
    # database file, so once is enough.
    cursor = dbapi_conn.cursor()
    cursor.execute('PRAGMA journal_mode=WAL')
    cursor.close()


def _pool_sqlite_connections(engine):
    """Keep sqlite connections between transactions.

    oslo.db gives a sqlite file a NullPool: a new connection, with its
    set-up statements, for every transaction, which was most of the cost
    of a short read. SQLAlchemy's own choice for a sqlite file, a
    QueuePool, lends each connection to one thread at a time. oslo.db's
    listeners are kept (the new pool takes the old one's dispatch).
    """
    if engine.url.database in (None, '', ':memory:'):
        return
    old = engine.pool
    engine.pool = sa.pool.QueuePool(
        old._creator, pool_size=8, max_overflow=64, timeout=30,
        _dispatch=old.dispatch, pre_ping=False)
    old.dispose()


def _facade():
    global _FACADE
    if _FACADE is None:
        with _LOCK:
            if _FACADE is None:
                # A clear error if the URL's driver is an extra not
                # installed, rather than SQLAlchemy's ImportError.
                extras.database_driver(CONF.database.connection)
                facade = enginefacade.transaction_context()
                facade.configure(
                    connection=CONF.database.connection,
                    sqlite_fk=True,
                    max_pool_size=CONF.database.max_pool_size,
                    max_overflow=CONF.database.max_overflow,
                    pool_timeout=CONF.database.pool_timeout,
                    # oslo.db's sleep(0) at each connection check-in lets
                    # eventlet's green threads run; with OS threads it only
                    # hands the GIL to whichever thread is runnable, in
                    # the middle of a request.
                    thread_checkin=False)
                engine = facade.writer.get_engine()
                if engine.dialect.name == 'sqlite':
                    _pool_sqlite_connections(engine)
                    sqlite_begin.install(engine)
                    sa.event.listen(engine, 'connect', _sqlite_pragmas)
                    with engine.connect() as conn:
                        _sqlite_wal(conn.connection.dbapi_connection)
                pool_reset.install(engine)
                pymysql_tls.install(engine)
                _FACADE = facade
    return _FACADE


def get_engine():
    """:returns: the SQLAlchemy engine for ``[database] connection``."""
    return _facade().writer.get_engine()


def reader(context):
    """A read transaction bound to ``context`` (a context manager)."""
    return _facade().reader.using(context)


def reader_connection(context):
    """A read transaction bound to ``context`` that gives a Core
    connection, not an ORM session (a context manager).

    For reads of Core statements only: making and closing the session was
    a third of the CPU of a one-row read (a client's poll of a stack).
    Inside a transaction already open on ``context`` it reads on that
    transaction's connection (oslo.db's enginefacade).
    """
    return _facade().reader.connection.using(context)


def writer(context):
    """A write transaction bound to ``context`` (a context manager)."""
    return _facade().writer.using(context)


def read_then_write(context):
    """A transaction for a read and the compare-and-swap writes that
    follow it: one transaction where a transaction that has read may write
    after another has committed (MariaDB, PostgreSQL: a commit fewer); on
    sqlite none, the read and the writes taking their own, as a WAL
    reader's snapshot cannot become a writer once another transaction
    has committed ("database is locked" at once, busy timeout or not).
    """
    if get_engine().dialect.name == 'sqlite':
        return contextlib.nullcontext()
    return writer(context)


def in_transaction(context):
    """:returns: whether this thread has a transaction open on ``context``.
    """
    scopes = getattr(context, '_enginefacade_context', None)
    return getattr(scopes, 'current', None) is not None


def retrying_deadlocks(context, function, *args, **kwargs):
    """Call ``function`` (which opens a transaction on ``context``) again
    when MariaDB or PostgreSQL chose that transaction as a deadlock's
    victim: all of its work was rolled back, and the other side goes on.

    Up to ``DEADLOCK_RETRIES`` more times, after a short random pause. A
    function called inside a transaction already open on ``context`` is
    not called again: the deadlock rolled back the caller's work too.
    """
    for attempt in range(DEADLOCK_RETRIES + 1):
        try:
            return function(*args, **kwargs)
        except db_exc.DBDeadlock:
            if attempt == DEADLOCK_RETRIES or in_transaction(context):
                raise
            LOG.info('Deadlock in %s, trying again',
                     getattr(function, '__qualname__', function))
            time.sleep(random.uniform(0.01, 0.05) * 2 ** attempt)


def reset():
    """Forget the engine, so the next use reads the options again.

    Used by tests and by ``heat-vision-manage`` after it changes the
    connection option.
    """
    global _FACADE
    with _LOCK:
        if _FACADE is not None:
            _FACADE.dispose_pool()
        _FACADE = None
