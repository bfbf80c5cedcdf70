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

"""Update many rows of one table, each with values of its own, in few
statements on MySQL and MariaDB.

An executemany of ``UPDATE ... WHERE id = ?`` is one round trip per row
with PyMySQL (it batches only INSERTs): a stack walk changes a row per
resource per flush, so that was three statements in four that an engine
sent. Here rows that change the same columns share one statement::

    UPDATE resource SET status = CASE id WHEN 1 THEN 'A' WHEN 2 THEN 'B'
    ELSE status END, action = 'CREATE', ... WHERE id IN (1, 2)

(a column that gets the same value in every row is set to it plainly).

The statement is written here rather than built with SQLAlchemy: compiling
a CASE of hundreds of branches cost more than the round trips it saves.
Values go through each column type's bind processor (JSON documents) and
the driver's own quoting. Other dialects keep the executemany, which
costs little there (sqlite runs in process; see ``resource_update_many``).
"""

DIALECTS = ('mysql', 'mariadb')
# A statement's rows are cut at this many, or at this many bytes of
# values, whichever comes first (well under max_allowed_packet).
MAX_ROWS = 200
MAX_BYTES = 1 << 20


def supported(session):
    return session.get_bind().dialect.name in DIALECTS


def update_by_id(session, table, changes):
    """Apply ``[{'id': .., column: value, ...}, ...]``; every change has the
    same keys. Columns with an ``onupdate`` default get it when a change
    does not name them, as SQLAlchemy's own update would.
    """
    dialect = session.get_bind().dialect
    names = sorted(name for name in changes[0] if name != 'id')
    defaults = {column.name: column.onupdate.arg(None)
                for column in table.c if column.onupdate is not None
                and column.name not in changes[0]}
    names += sorted(defaults)
    processors = [table.c[name].type._cached_bind_processor(dialect)
                  for name in names]
    rows = []
    for change in changes:
        values = [change[name] if name in change else defaults[name]
                  for name in names]
        rows.append((change['id'], [
            value if process is None else process(value)
            for process, value in zip(processors, values)]))
    for chunk in _chunks(rows):
        sql, params = _statement(dialect, table, names, chunk)
        session.connection().exec_driver_sql(sql, tuple(params))


def _chunks(rows):
    """Cut ``rows`` (stored values: JSON already text) by count and size.
    """
    chunk, size = [], 0
    for row in rows:
        chunk.append(row)
        size += sum(len(value) for value in row[1]
                    if isinstance(value, (str, bytes)))
        if len(chunk) >= MAX_ROWS or size >= MAX_BYTES:
            yield chunk
            chunk, size = [], 0
    if chunk:
        yield chunk


def _statement(dialect, table, names, chunk):
    """A column that gets one value in every row of ``chunk`` is set to it
    plainly: MariaDB parses no CASE for it and tests no ``WHEN`` per row
    (a walk's flush sets action, status and reason alike on most rows).
    """
    quote = dialect.identifier_preparer.quote
    sets, params = [], []
    for index, name in enumerate(names):
        values = [row[1][index] for row in chunk]
        if all(_same(value, values[0]) for value in values):
            sets.append('%s = %%s' % quote(name))
            params.append(values[0])
            continue
        for (row_id, _values), value in zip(chunk, values):
            params.extend((row_id, value))
        sets.append('%s = CASE %s %s ELSE %s END' % (
            quote(name), quote('id'),
            ' '.join(['WHEN %s THEN %s'] * len(chunk)), quote(name)))
    params.extend(row_id for row_id, _values in chunk)
    sql = 'UPDATE %s FORCE INDEX (PRIMARY) SET %s WHERE %s IN (%s)' % (
        dialect.identifier_preparer.format_table(table), ', '.join(sets),
        quote('id'), ', '.join(['%s'] * len(chunk)))
    return sql, params


def _same(value, other):
    # Equal and of one type: 1 == True == 1.0 in Python, but a row's
    # value is stored as given.
    return type(value) is type(other) and value == other
