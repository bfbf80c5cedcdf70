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

"""Fixtures that run real heat-vision parts inside the test process."""

import atexit
import os
import shutil
import tempfile
import threading
import urllib.parse

import fixtures
from oslo_config import cfg
from oslo_serialization import jsonutils
from oslo_utils import uuidutils
import webob

from heat_vision.cmd import composite
from heat_vision.common import context
from heat_vision.db import api as db_api
from heat_vision.db import migration
from heat_vision.db import models
from heat_vision.db import resource_data
from heat_vision.engine import server as engine_server
from heat_vision.policies import enforcer
from heat_vision.resources.heat import wait_condition_handle as wch
from heat_vision.rpc import transport
from heat_vision.tasks import notify
from heat_vision.tasks import persistence
from tests import waiting

CONF = cfg.CONF

_GOLDEN = {}
_GOLDEN_LOCK = threading.Lock()


def golden_sqlite():
    """A migrated sqlite file, built once per test process."""
    with _GOLDEN_LOCK:
        if 'path' not in _GOLDEN:
            folder = tempfile.mkdtemp(prefix='hv-golden-')
            atexit.register(shutil.rmtree, folder, True)
            path = os.path.join(folder, 'golden.sqlite')
            CONF.set_override('connection', 'sqlite:///' + path,
                              group='database')
            db_api.reset()
            migration.db_sync()
            db_api.reset()
            CONF.clear_override('connection', group='database')
            _GOLDEN['path'] = path
        return _GOLDEN['path']


#: The first sqlite engine of this process (``share_compiled_sql``).
_SQLITE_ENGINE = {}


def share_compiled_sql(engine):
    """Let ``engine`` (a sqlite one) use the SQL already compiled by this
    process's first sqlite engine.

    SQLAlchemy keeps the statements it compiled in a cache of each
    engine, keyed by the engine's dialect: a test's fresh engine (the
    database of its own) compiled every statement again, about a sixth
    of the CPU of the component tests. The dialects of two sqlite engines
    of oslo.db's making are alike (same driver, same options), so one
    serves them all.
    """
    if engine.dialect.name != 'sqlite':
        return
    with _GOLDEN_LOCK:
        first = _SQLITE_ENGINE.setdefault('engine', engine)
    if first is not engine:
        engine.dialect = first.dialect
        engine._compiled_cache = first._compiled_cache


class Database(fixtures.Fixture):
    """A fresh, migrated sqlite database for one test."""

    def __init__(self, state_dir):
        super().__init__()
        self.state_dir = state_dir

    def _setUp(self):
        path = os.path.join(self.state_dir, 'heat-vision.sqlite')
        shutil.copyfile(golden_sqlite(), path)
        CONF.set_override('connection', 'sqlite:///' + path,
                          group='database')
        db_api.reset()
        self.addCleanup(db_api.reset)
        self.addCleanup(CONF.clear_override, 'connection', group='database')
        share_compiled_sql(db_api.get_engine())


class EmbeddedService(fixtures.Fixture):
    """An engine and the API app in this process, as heat-vision-all runs.

    Requests go through the whole WSGI pipeline and the in-process
    transport (on an exchange of this fixture's own).

    :param database_url: a migrated server database of the test's own
        (``backends.ServerDatabase.database_url``); by default a copy of
        the migrated sqlite file (``Database``).
    """

    def __init__(self, state_dir, database_url=None):
        super().__init__()
        self.state_dir = state_dir
        self.database_url = database_url

    def _setUp(self):
        if self.database_url is None:
            self.useFixture(Database(self.state_dir))
        else:
            # A server database of the test's own (MariaDB, PostgreSQL).
            CONF.set_override('connection', self.database_url,
                              group='database')
            self.addCleanup(CONF.clear_override, 'connection',
                            group='database')
            db_api.reset()
            self.addCleanup(db_api.reset)
        CONF.set_override('transport_url', 'inproc://')
        CONF.set_override('control_exchange',
                          'test-' + uuidutils.generate_uuid())
        self.addCleanup(CONF.clear_override, 'transport_url')
        self.addCleanup(CONF.clear_override, 'control_exchange')
        transport.reset()
        self.addCleanup(transport.reset)
        # The task system's TaskFlow backend and notifier follow this
        # test's database and transport, not an earlier test's.
        for reset in (persistence.reset, notify.reset):
            reset()
            self.addCleanup(reset)
        enforcer.reset()
        self.engine = engine_server.EngineServer()
        self.engine.start()
        self.addCleanup(self.engine.stop)
        self.app = composite.setup_app()

    def request(self, method, path, body=None, headers=None, raw=None):
        """:returns: the webob response of ``method path``."""
        request = webob.Request.blank(path, method=method)
        request.headers['Content-Type'] = 'application/json'
        for name, value in (headers or {}).items():
            request.headers[name] = value
        if raw is not None:
            request.body = raw
        elif body is not None:
            request.body = jsonutils.dump_as_bytes(body)
        return request.get_response(self.app)

    def settle(self, response, timeout=120):
        """Wait until a signal answered 202 is applied: its event (the
        ``Location``) is there and, if it took its group's claim, no
        claim of its stack is held any more.

        :returns: ``response``, whatever its status.
        """
        if response.status_int != 202:
            return response
        path = urllib.parse.urlsplit(response.location).path
        stack_id = path.split('/')[-5]
        took = response.json['signal']['status'] == 'accepted'

        def settled():
            if self.request('GET', path).status_int != 200:
                return False
            if not took:
                return True
            with db_api.reader(context.get_admin_context()) as session:
                return not session.query(models.ResourceClaim).filter(
                    models.ResourceClaim.stack_id == stack_id,
                    models.ResourceClaim.holder.isnot(None)).count()

        waiting.wait_until(settled, timeout,
                           describe='signal %s applied' % path)
        return response

    def follow(self, response, method='GET'):
        """Follow a 302, as clients do; other responses pass through."""
        if response.status_int != 302:
            return response
        location = urllib.parse.urlsplit(response.location)
        path = location.path + ('?' + location.query if location.query
                                else '')
        return self.request(method, path)

    def run_job(self, testcase, tenant, document, timeout=60):
        """Submit a task job and poll until it ends.

        :returns: the job's view (with its steps).
        """
        response = self.request('POST', '/v1/%s/tasks' % tenant,
                                body={'job': document})
        testcase.assertEqual(201, response.status_int, response.body)
        path = '/v1/%s/tasks/%s' % (tenant, response.json['job']['id'])

        def ended():
            job = self.request('GET', path).json['job']
            return job if job['status'] in (
                'COMPLETE', 'FAILED', 'CANCELLED') else None

        return waiting.wait_until(ended, timeout, describe=path)

    def wait_for_stack(self, tenant, name, timeout=30):
        """Poll until the stack leaves IN_PROGRESS; :returns: its body.

        A stack deleted between the lookup by name and the show is shown
        DELETE_COMPLETE; the next lookup by name answers 404, returned.
        """
        def settled():
            response = self.follow(self.request(
                'GET', '/v1/%s/stacks/%s' % (tenant, name)))
            if response.status_int != 200:
                return response
            stack = response.json['stack']
            status = stack['stack_status']
            if not (status.endswith('IN_PROGRESS') or
                    status == 'DELETE_COMPLETE'):
                return stack
            return None

        return waiting.wait_until(settled, timeout,
                                  describe='stack %s to settle' % name)


class HeldHandleCreates(fixtures.Fixture):
    """Hold every ``OS::Heat::WaitConditionHandle`` create under way (its
    check answers False) until ``release`` is set, to keep a stack
    ``CREATE_IN_PROGRESS`` for as long as a test needs.
    """

    def _setUp(self):
        self.release = threading.Event()
        self.addCleanup(self.release.set)
        self.useFixture(fixtures.MonkeyPatch(
            '%s.WaitConditionHandle.check_create_complete' % wch.__name__,
            lambda plugin, token: self.release.is_set()))


def resource_state(stack_id, name):
    """:returns: ``ACTION_STATUS`` of a resource, read from the database.
    """
    row = resource_data.resource_get_by_name(
        context.get_admin_context(), stack_id, name)
    return '%s_%s' % (row.action, row.status)
