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

"""Roll a pooled connection back on its return only if a transaction is open.

SQLAlchemy's pool sends a ROLLBACK for every connection given back to it.
oslo.db's sessions have always committed or rolled back by then, so that
was a second round trip for each transaction: 240 of the 850 statements
that a burst of twenty 100-resource stack creates sent to MariaDB.

A connection is given back without that ROLLBACK only when both agree
that no transaction is open:

- SQLAlchemy: the connection's last transaction ended in a commit or a
  rollback that did not fail (a failed statement or commit leaves it
  unsure, and it is rolled back);
- the driver, where it can tell: sqlite3 and psycopg2 exactly; PyMySQL
  from the server's flags of the last OK packet, which a read does not
  carry, so for it this only adds to the first check.

Anything else (a connection checked out and given back without a
SQLAlchemy transaction, a driver error) is rolled back as before. What
is not seen is SQL sent straight through the driver after a SQLAlchemy
transaction ended on the same checkout; heat-vision sends none (sqlite's
WAL pragma at start opens no transaction, and sqlite3 would say so; the
BEGIN of ``sqlite_begin`` starts a SQLAlchemy transaction).
"""

import sqlalchemy as sa
from sqlalchemy.pool import base as pool_base

# PyMySQL: the SERVER_STATUS_IN_TRANS bit of the server's status flags.
_MYSQL_IN_TRANS = 1
# connection_record.info key: its last transaction ended cleanly.
_ENDED = 'heat_vision_transaction_ended'


def in_transaction(dbapi_connection):
    """:returns: True if the driver says a transaction is open, False if
    it says none is, None if it cannot tell.
    """
    flag = getattr(dbapi_connection, 'in_transaction', None)
    if isinstance(flag, bool):  # sqlite3
        return flag
    status = getattr(getattr(dbapi_connection, 'info', None),
                     'transaction_status', None)
    if isinstance(status, int):  # psycopg2: 0 is TRANSACTION_STATUS_IDLE
        return status != 0
    server_status = getattr(dbapi_connection, 'server_status', None)
    if isinstance(server_status, int):  # PyMySQL, after a write only
        return True if server_status & _MYSQL_IN_TRANS else None
    return None


def _ended(conn):
    conn.info[_ENDED] = True


def _began(conn):
    conn.info.pop(_ENDED, None)


def _failed(context):
    connection = context.connection
    if connection is None or connection.invalidated:
        return
    try:
        connection.info.pop(_ENDED, None)
    except sa.exc.SQLAlchemyError:
        # Closed meanwhile: it does not go back to the pool as it is.
        pass


def _reset(dbapi_connection, connection_record, reset_state):
    if reset_state.terminate_only or not reset_state.asyncio_safe:
        return
    ended = connection_record is not None and connection_record.info.pop(
        _ENDED, False)
    if not ended or in_transaction(dbapi_connection):
        dbapi_connection.rollback()


def install(engine):
    """Make ``engine``'s pool roll back only connections left in a
    transaction.

    oslo.db builds the engine and passes SQLAlchemy no reset option, so
    the pool's is set here. If a SQLAlchemy release names it differently,
    nothing is changed and every connection is rolled back, as before.
    """
    pool = engine.pool
    if getattr(pool, '_reset_on_return', None) is not \
            pool_base.reset_rollback:
        return
    sa.event.listen(engine, 'begin', _began)
    sa.event.listen(engine, 'commit', _ended)
    sa.event.listen(engine, 'rollback', _ended)
    sa.event.listen(engine, 'handle_error', _failed)
    sa.event.listen(pool, 'reset', _reset)
    pool._reset_on_return = pool_base.reset_none
