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

"""TaskFlow persistence in the project's database.

TaskFlow's logbook tables (``logbooks``, ``flowdetails``, ``atomdetails``)
are created by heat-vision's own migration ``0002_tasks`` and live beside
its other tables; this backend shares the oslo.db engine.
"""

import threading
import uuid

import sqlalchemy as sa
from sqlalchemy import exc as sa_exc
from taskflow import exceptions as tf_exc

from heat_vision.db import api as db_api

_LOCK = threading.Lock()
_BACKEND = None
# Run logbooks get ids derived from the job id and run number, so posting
# the same run twice reuses one logbook (and TaskFlow skips done atoms).
_NAMESPACE = uuid.UUID('5b0f1c4e-6a53-4c5d-9a3e-2f7d1c0e8b61')


def _impl():
    """TaskFlow's SQLAlchemy backend module.

    NOTE(heat-vision): imported at the first use: with alembic (which
    its migrations module loads, with Mako) it is about 10 MB that a
    process running no task job never needs.
    """
    from taskflow.persistence.backends import impl_sqlalchemy
    return impl_sqlalchemy


def _models():
    """TaskFlow's persistence models (imported at the first use)."""
    from taskflow.persistence import models
    return models


def _backend_class():
    """:returns: TaskFlow's SQLAlchemy backend with one reused
        connection object.

    TaskFlow builds a new ``Connection`` (and new Table objects) for every
    call, so SQLAlchemy's statement cache never hits: reusing one cuts the
    cost of a 3-task job from about 130 ms to about 35 ms on sqlite here.
    The connection object holds no database connection of its own (each
    call checks one out of the engine's pool), so threads may share it.
    """
    class Backend(_impl().SQLAlchemyBackend):

        def __init__(self, conf, engine=None):
            super().__init__(conf, engine=engine)
            self._connection = None

        def get_connection(self):
            if self._connection is None:
                self._connection = super().get_connection()
            return self._connection

    return Backend


def _sqlite_engine(url):
    """An engine whose transactions take sqlite's write lock up front.

    TaskFlow reads a row and then writes it in one transaction. Two such
    transactions on sqlite deadlock when both upgrade their read lock:
    one waits the whole busy timeout (5 s) and fails, and TaskFlow
    retries. ``BEGIN IMMEDIATE`` queues writers at the start instead.

    sqlite enforces foreign keys only when asked, per connection: without
    it, a run's logbook deleted after the run (``destroy_run``) left its
    flow and atom details behind, and every read of a run's details
    scanned all that was ever left.
    """
    engine = sa.create_engine(url, connect_args={
        'timeout': db_api.SQLITE_BUSY_TIMEOUT_MS / 1000})

    @sa.event.listens_for(engine, 'connect')
    def _connect(dbapi_conn, _record):
        dbapi_conn.isolation_level = None
        dbapi_conn.execute('PRAGMA journal_mode=WAL')
        dbapi_conn.execute('PRAGMA synchronous=NORMAL')
        dbapi_conn.execute('PRAGMA foreign_keys=ON')

    @sa.event.listens_for(engine, 'begin')
    def _begin(conn):
        conn.exec_driver_sql('BEGIN IMMEDIATE')

    return engine


def get_backend():
    """:returns: the process's TaskFlow persistence backend."""
    global _BACKEND
    with _LOCK:
        if _BACKEND is None:
            engine = db_api.get_engine()
            url = engine.url.render_as_string(hide_password=False)
            if engine.dialect.name == 'sqlite':
                engine = _sqlite_engine(url)
            _BACKEND = _backend_class()({'connection': url},
                                        engine=engine)
        return _BACKEND


def reset():
    """Forget the backend (tests, and after the database changes)."""
    global _BACKEND
    with _LOCK:
        backend, _BACKEND = _BACKEND, None
    if backend is not None and backend.engine.dialect.name == 'sqlite':
        backend.engine.dispose()


def run_ids(job_id, run):
    """:returns: (logbook uuid, flow detail uuid) of a job's run."""
    book = uuid.uuid5(_NAMESPACE, '%s/%d' % (job_id, run))
    return str(book), str(uuid.uuid5(book, 'flow'))


def get_flow_detail(job_id, run):
    """:returns: the run's FlowDetail, or None if it was never stored."""
    book_id, flow_id = run_ids(job_id, run)
    try:
        return get_backend().get_connection().get_flow_details(flow_id)
    except tf_exc.NotFound:
        return None


def create_run_book(job_id, run):
    """:returns: (logbook, flow detail) of a new run (or the stored one)."""
    book_id, flow_id = run_ids(job_id, run)
    models = _models()
    book = models.LogBook('job-%s-run-%d' % (job_id, run), uuid=book_id)
    flow_detail = models.FlowDetail('job-%s' % job_id, uuid=flow_id)
    book.add(flow_detail)
    return book, flow_detail


def save_book(book):
    get_backend().get_connection().save_logbook(book)


def insert_book(conn, book):
    """Insert a new run's logbook (with its flow and atom details) on
    ``conn``, a connection of the project's database in a transaction
    of the caller's (the job's row is written in the same one).
    """
    statements = _statements(get_backend().get_connection())
    models = _models()
    conn.execute(statements['new book'], book.to_dict())
    for flow_detail in book:
        conn.execute(statements['new flow'], dict(
            flow_detail.to_dict(), parent_uuid=book.uuid))
        for rows in _by_keys(dict(
                detail.to_dict(), parent_uuid=flow_detail.uuid,
                atom_type=models.atom_detail_type(detail))
                for detail in flow_detail):
            conn.execute(statements['new atom'], rows)


def delete_book(conn, job_id, run):
    """Delete a run's logbook, its flow and atom details first, on
    ``conn`` in a transaction of the caller's (``destroy_run`` in it).

    The details go by name: the project's engine does not ask sqlite to
    enforce foreign keys, so their cascade would not.
    """
    book_id, flow_id = run_ids(job_id, run)
    statements = _statements(get_backend().get_connection())
    conn.execute(statements['delete atoms'], {'_uuid': flow_id})
    conn.execute(statements['delete flow'], {'_uuid': flow_id})
    conn.execute(statements['delete book'], {'_uuid': book_id})


def stored_book(job_id, run, flow_detail):
    """:returns: the logbook of a run whose flow detail was read back."""
    book_id, _flow_id = run_ids(job_id, run)
    book = _models().LogBook('job-%s-run-%d' % (job_id, run), uuid=book_id)
    book.add(flow_detail)
    return book


def save_run_details(backend, flow_uuid, flow_detail=None, updated=(),
                     added=()):
    """Write a run's changed details in one transaction.

    TaskFlow writes each change in a transaction of its own, reading the
    row first, and a change of the flow's state rewrites every atom row
    of the run too. Here only the changed rows are written, as they are in
    memory: the process that runs a run holds its only current copy (its
    fence says so), so there is nothing to merge.

    :param backend: the run's TaskFlow persistence backend.
    :param flow_uuid: the run's flow detail uuid.
    :param flow_detail: the flow detail, if its own row changed.
    :param updated: atom details whose rows exist.
    :param added: atom details to insert (they are in ``flow_detail``).
    :raises: taskflow.exceptions.StorageFailure
    """
    connection = backend.get_connection()
    if not isinstance(connection, _impl().Connection):
        # Another kind of backend (the tests' memory one): TaskFlow's
        # own writes.
        if flow_detail is not None:
            connection.update_flow_details(flow_detail)
        for detail in updated:
            connection.update_atom_details(detail)
        return
    statements = _statements(connection)
    models = _models()
    try:
        with connection._engine.begin() as conn:
            if flow_detail is not None:
                conn.execute(statements['flow'],
                             dict(flow_detail.to_dict(), _uuid=flow_uuid))
            for rows in _by_keys(dict(detail.to_dict(), _uuid=detail.uuid)
                                 for detail in updated):
                conn.execute(statements['atom'], rows)
            for rows in _by_keys(dict(
                    detail.to_dict(), parent_uuid=flow_uuid,
                    atom_type=models.atom_detail_type(detail))
                    for detail in added):
                conn.execute(statements['new atom'], rows)
    except sa_exc.SQLAlchemyError:
        tf_exc.raise_with_cause(tf_exc.StorageFailure,
                                'Cannot save the details of run %s'
                                % flow_uuid)


def _statements(connection):
    """The statements of ``save_run_details``, ``insert_book`` and
    ``delete_book``, built once per TaskFlow connection (``Backend``
    keeps one).

    A statement built for each write costs its cache key every time (a
    tenth of a short job's CPU); these are built once, their columns named
    by each write's parameters.
    """
    found = getattr(connection, '_hv_statements', None)
    if found is None:
        books = connection._tables.logbooks
        flows = connection._tables.flowdetails
        atoms = connection._tables.atomdetails
        found = {
            'flow': sa.update(flows).where(
                flows.c.uuid == sa.bindparam('_uuid')),
            'atom': sa.update(atoms).where(
                atoms.c.uuid == sa.bindparam('_uuid')),
            'new book': sa.insert(books),
            'new flow': sa.insert(flows),
            'new atom': sa.insert(atoms),
            'delete atoms': sa.delete(atoms).where(
                atoms.c.parent_uuid == sa.bindparam('_uuid')),
            'delete flow': sa.delete(flows).where(
                flows.c.uuid == sa.bindparam('_uuid')),
            'delete book': sa.delete(books).where(
                books.c.uuid == sa.bindparam('_uuid')),
        }
        connection._hv_statements = found
    return found


def _by_keys(rows):
    """:returns: lists of ``rows`` that have the same keys (an executemany
        each).
    """
    groups = {}
    for row in rows:
        groups.setdefault(frozenset(row), []).append(row)
    return groups.values()


def destroy_run(job_id, run):
    """Delete a finished run's logbook (keeps the tables small)."""
    book_id, _flow_id = run_ids(job_id, run)
    try:
        get_backend().get_connection().destroy_logbook(book_id)
    except tf_exc.NotFound:
        pass
