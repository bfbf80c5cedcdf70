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

"""sqlite's BEGIN sent through the driver, not as a SQLAlchemy statement.

oslo.db turns pysqlite's own transaction handling off (``isolation_level
= None``) and sends BEGIN itself when a SQLAlchemy transaction starts,
from a ``begin`` listener that runs ``conn.execute(text("BEGIN"))``
(``_sqlite_emit_begin`` in oslo_db/sqlalchemy/engines.py). That is a
whole SQLAlchemy execution, with its events, its execution context and
its result, for each transaction: 7% of the CPU (yappi) of a client's
poll of a stack (one single-row read) on the embedded engine.

Here the same BEGIN goes to the driver's cursor, and sets the same marker
in ``conn.info`` that oslo.db's commit and rollback listeners clear. A
BEGIN the driver refuses is sent again the SQLAlchemy way, so that it
fails with the same error as before, through SQLAlchemy's and oslo.db's
error handling.
"""

import sqlalchemy as sa

# oslo.db's marker of a transaction its BEGIN opened.
_IN_TRANSACTION = 'in_transaction'
_OSLO_DB_LISTENER = '_sqlite_emit_begin'


def _begin(conn):
    if _IN_TRANSACTION in conn.info:
        return
    cursor = conn.connection.dbapi_connection.cursor()
    try:
        cursor.execute('BEGIN')
    except Exception:
        conn.exec_driver_sql('BEGIN')
    finally:
        cursor.close()
    conn.info[_IN_TRANSACTION] = True


def install(engine):
    """Replace oslo.db's BEGIN listener on ``engine`` (sqlite) by one that
    sends BEGIN through the driver.

    :returns: True if replaced; False (nothing changed) if oslo.db's
        listener is not found, as with a release that begins otherwise.
    """
    theirs = [listener for listener in engine.dispatch.begin
              if getattr(listener, '__name__', None) == _OSLO_DB_LISTENER]
    if len(theirs) != 1:
        return False
    sa.event.remove(engine, 'begin', theirs[0])
    sa.event.listen(engine, 'begin', _begin)
    return True
