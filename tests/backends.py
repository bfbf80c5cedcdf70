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

"""Real services for the tests: RabbitMQ, MariaDB, PostgreSQL, Redis.

A test that needs one calls ``require(testcase, name)``. When the service
is unreachable the test is skipped on a developer's machine and fails
under ``CI=true``, where every service must be there.
"""

import atexit
import contextlib
import os
import re
import socket
import threading

import fixtures
from oslo_utils import uuidutils
import sqlalchemy as sa

SERVICES = {
    'rabbitmq': ('127.0.0.1', 5672),
    'mysql': ('127.0.0.1', 3306),
    'postgresql': ('127.0.0.1', 5432),
    'redis': ('127.0.0.1', 6379),
}
RABBIT_URL = os.environ.get('HV_TEST_RABBIT_URL',
                            'rabbit://guest:guest@127.0.0.1:5672/')
ADMIN_URLS = {
    'mysql': os.environ.get('HV_TEST_MYSQL_URL',
                            'mysql+pymysql://root@127.0.0.1:3306/'),
    'postgresql': os.environ.get(
        'HV_TEST_POSTGRESQL_URL',
        'postgresql+psycopg2://postgres@127.0.0.1:5432/postgres'),
}


def reachable(name, timeout=1.0):
    host, port = SERVICES[name]
    with contextlib.suppress(OSError):
        with socket.create_connection((host, port), timeout=timeout):
            return True
    return False


def require(testcase, name):
    """Fail (CI) or skip (elsewhere) unless service ``name`` answers."""
    if reachable(name):
        return
    message = '%s is not reachable at %s:%d' % ((name,) + SERVICES[name])
    if os.environ.get('CI') == 'true':
        testcase.fail(message + ' (CI=true: every service must run)')
    testcase.skipTest(message)


class TemporaryDatabase(fixtures.Fixture):
    """An empty database of its own on MariaDB or PostgreSQL.

    ``url`` is its SQLAlchemy URL; it is dropped on clean-up.

    :param migrated: whether it gets heat-vision's newest schema (a copy
        of the test process's migrated template, ``_Schema``) rather
        than staying empty: what ``heat-vision-manage db sync`` would
        make, for a fraction of its CPU.
    """

    def __init__(self, backend, migrated=False):
        super().__init__()
        self.backend = backend
        self.migrated = migrated

    def _setUp(self):
        name = _new_name('hv_test_')
        engine = _admin_engine(self.backend)
        if self.migrated and self.backend == 'postgresql':
            create = 'CREATE DATABASE %s TEMPLATE %s' % (
                name, _schema(self.backend).template)
        else:
            create = 'CREATE DATABASE %s' % name
        with engine.connect() as conn:
            conn.execute(sa.text(create))
        self.addCleanup(_drop, engine, self.backend, name)
        self.url = _url(self.backend, name)
        if self.migrated and self.backend == 'mysql':
            _schema(self.backend).fill(self.url)


def _new_name(prefix):
    return prefix + uuidutils.generate_uuid(dashed=False)[:16]


def _admin_engine(backend):
    return sa.create_engine(ADMIN_URLS[backend],
                            isolation_level='AUTOCOMMIT')


def _url(backend, name):
    url = sa.engine.make_url(ADMIN_URLS[backend]).set(database=name)
    return url.render_as_string(hide_password=False)


def _drop(engine, backend, name):
    with engine.connect() as conn:
        if backend == 'postgresql':
            conn.execute(sa.text(
                'SELECT pg_terminate_backend(pid) FROM '
                'pg_stat_activity WHERE datname = :name'), {'name': name})
        conn.execute(sa.text('DROP DATABASE IF EXISTS %s' % name))
    engine.dispose()


_SCHEMAS = {}
_SCHEMAS_LOCK = threading.Lock()


def _schema(backend):
    """The test process's ``_Schema`` of ``backend``, made on first use."""
    with _SCHEMAS_LOCK:
        if backend not in _SCHEMAS:
            _SCHEMAS[backend] = _Schema(backend)
        return _SCHEMAS[backend]


class _Schema:
    """heat-vision's newest schema on a server, migrated once per test
    process by alembic (``heat_vision.db.migration.db_sync``, the code
    ``heat-vision-manage db sync`` runs), then copied into each migrated
    ``TemporaryDatabase``.

    A new test database then costs a ``CREATE TABLE`` per table instead
    of a ``heat-vision-manage`` process (about 1.7 s of CPU, most of it
    imports) and twenty migrations' DDL. PostgreSQL copies its
    ``template`` database itself (``CREATE DATABASE ... TEMPLATE``, kept
    until the process exits); for MariaDB the template's tables are
    described (``SHOW CREATE TABLE``, columns, keys, foreign keys and
    all, as ``mysqldump --no-data`` does) and the template is dropped.
    The tests of the migrations themselves (``tests/functional/db/
    test_migrations.py``, ``cmd/test_manage.py``) still migrate.
    """

    def __init__(self, backend):
        from heat_vision.db import migration
        self.backend = backend
        self.template = _new_name('hv_test_template_')
        admin = _admin_engine(backend)
        with admin.connect() as conn:
            conn.execute(sa.text('CREATE DATABASE %s' % self.template))
        engine = sa.create_engine(_url(backend, self.template))
        try:
            migration.db_sync(engine)
            if backend == 'mysql':
                self._describe(engine)
        except BaseException:
            engine.dispose()
            _drop(admin, backend, self.template)
            raise
        engine.dispose()
        if backend == 'mysql':
            _drop(admin, backend, self.template)
        else:
            atexit.register(_drop, admin, backend, self.template)

    def _describe(self, engine):
        with engine.connect() as conn:
            tables = [row[0] for row in conn.execute(sa.text('SHOW TABLES'))]
            self.statements = [
                # A counter the template's rows moved on (none yet)
                # is no part of the schema.
                re.sub(r' AUTO_INCREMENT=\d+', '', conn.execute(sa.text(
                    'SHOW CREATE TABLE `%s`' % table)).one()[1])
                for table in tables]
            self.versions = [row[0] for row in conn.execute(sa.text(
                'SELECT version_num FROM alembic_version'))]

    def fill(self, url):
        """Create the template's tables in the empty database ``url``."""
        engine = sa.create_engine(url)
        try:
            with engine.begin() as conn:
                # Tables in any order: each names the others' keys.
                conn.execute(sa.text('SET FOREIGN_KEY_CHECKS = 0'))
                for statement in self.statements:
                    conn.exec_driver_sql(statement)
                for version in self.versions:
                    conn.execute(sa.text(
                        'INSERT INTO alembic_version (version_num) '
                        'VALUES (:v)'), {'v': version})
        finally:
            engine.dispose()


class ServerDatabase:
    """A test case mixin: ``database_url()`` is a database of its own on
    ``BACKEND`` (``mysql`` or ``postgresql``), required, at heat-vision's
    newest schema.
    """

    BACKEND = None

    def database_url(self):
        require(self, self.BACKEND)
        return self.useFixture(TemporaryDatabase(self.BACKEND,
                                                 migrated=True)).url


def isolated_messaging():
    """Config sections giving a test RabbitMQ names of its own.

    Queue names are global to a RabbitMQ vhost: two deployments that
    differ only in ``control_exchange`` still share the queue of the
    topic ``heat-vision-engine``, and answer each other's calls. Each
    test gets its own exchange and topics; notifications are off, so no
    queue fills up with nobody to read it.
    """
    unique = uuidutils.generate_uuid(dashed=False)[:12]
    return {
        'DEFAULT': {'transport_url': RABBIT_URL,
                    'control_exchange': 'hv-test-' + unique},
        'rpc': {'engine_topic': 'hv-engine-' + unique},
        'tasks': {'topic': 'hv-tasks-' + unique},
        'oslo_messaging_notifications': {'driver': 'noop'},
        # The engines' alarm listener: its pool queue, heat-vision's own
        # alarm topic and Aodh's exchange (a test running a real Aodh sets
        # Aodh's control_exchange to this value).
        'monitoring': {'listener_pool': 'hv-monitoring-' + unique,
                       'topic': 'hv-alarming-' + unique,
                       'aodh_exchange': 'hv-aodh-' + unique},
    }


def merge_config(base, *more):
    """``base`` updated section by section with each of ``more``."""
    for sections in more:
        for section, options in sections.items():
            base.setdefault(section, {}).update(options)
    return base
