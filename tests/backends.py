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

import contextlib
import os
import socket

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
    """

    def __init__(self, backend):
        super().__init__()
        self.backend = backend

    def _setUp(self):
        name = 'hv_test_' + uuidutils.generate_uuid(dashed=False)[:16]
        admin_url = ADMIN_URLS[self.backend]
        engine = sa.create_engine(admin_url, isolation_level='AUTOCOMMIT')
        with engine.connect() as conn:
            conn.execute(sa.text('CREATE DATABASE %s' % name))
        self.addCleanup(self._drop, engine, name)
        url = sa.engine.make_url(admin_url).set(database=name)
        self.url = url.render_as_string(hide_password=False)

    def _drop(self, engine, name):
        with engine.connect() as conn:
            if self.backend == 'postgresql':
                conn.execute(sa.text(
                    'SELECT pg_terminate_backend(pid) FROM '
                    'pg_stat_activity WHERE datname = :name'), {'name': name})
            conn.execute(sa.text('DROP DATABASE IF EXISTS %s' % name))
        engine.dispose()


class ServerDatabase:
    """A test case mixin: ``database_url()`` is an empty database of its
    own on ``BACKEND`` (``mysql`` or ``postgresql``), required.
    """

    BACKEND = None

    def database_url(self):
        require(self, self.BACKEND)
        return self.useFixture(TemporaryDatabase(self.BACKEND)).url


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
