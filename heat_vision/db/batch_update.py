"""Update many rows of one table, each with values of its own, in few
statements on MySQL and MariaDB.

An executemany of ``UPDATE ... WHERE id = ?`` is one round trip per row
with PyMySQL (it batches only INSERTs): a stack walk changes a row per
resource per flush, so that was three statements in four that an engine
sent. Here rows that change the same columns share one statement::

    UPDATE resource SET status = CASE id WHEN 1 THEN 'A' WHEN 2 THEN 'B'
    ELSE status END, ... WHERE id IN (1, 2)

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
    columns = [table.c[name] for name in sorted(changes[0]) if name != 'id']
    columns += [column for column in table.c if column.onupdate is not None
                and column.name not in changes[0]]
    for chunk in _chunks(changes):
        sql, params = _statement(dialect, table, columns, chunk)
        session.connection().exec_driver_sql(sql, tuple(params))


def _chunks(changes):
    chunk, size = [], 0
    for change in changes:
        chunk.append(change)
        size += sum(len(value) for value in change.values()
                    if isinstance(value, (str, bytes)))
        if len(chunk) >= MAX_ROWS or size >= MAX_BYTES:
            yield chunk
            chunk, size = [], 0
    if chunk:
        yield chunk


def _statement(dialect, table, columns, chunk):
    quote = dialect.identifier_preparer.quote
    sets, params = [], []
    for column in columns:
        process = column.type._cached_bind_processor(dialect)
        if column.name in chunk[0]:
            values = [change[column.name] for change in chunk]
        else:
            values = [column.onupdate.arg(None)] * len(chunk)
        for change, value in zip(chunk, values):
            params.extend((change['id'],
                           value if process is None else process(value)))
        name = quote(column.name)
        sets.append('%s = CASE %s %s ELSE %s END' % (
            name, quote('id'), ' '.join(['WHEN %s THEN %s'] * len(chunk)),
            name))
    params.extend(change['id'] for change in chunk)
    sql = 'UPDATE %s SET %s WHERE %s IN (%s)' % (
        dialect.identifier_preparer.format_table(table), ', '.join(sets),
        quote('id'), ', '.join(['%s'] * len(chunk)))
    return sql, params
