"""Concurrent stores of one template make one row, on every backend."""

import threading

from oslo_config import cfg

from heat_vision.common import context
from heat_vision.db import api as db_api
from heat_vision.db import migration
from heat_vision.db import models
from heat_vision.db import stacks as db_stacks
from tests import backends
from tests import base

CONF = cfg.CONF
THREADS = 8


class _ConcurrentTemplateStore:

    def use_database(self, url):
        CONF.set_override('connection', url, group='database')
        self.addCleanup(CONF.clear_override, 'connection', group='database')
        db_api.reset()
        self.addCleanup(db_api.reset)
        migration.db_sync()

    def test_racing_stores_share_one_row(self):
        ctxt = context.RequestContext(project_id='p')
        template = {'heat_template_version': '2021-04-16',
                    'resources': {'r': {'type': 'OS::Heat::None'}}}
        start = threading.Barrier(THREADS)
        ids, errors = [], []

        def store():
            try:
                own = context.RequestContext(project_id='p')
                start.wait(timeout=30)
                ids.append(db_stacks.raw_template_create(
                    own, template, {'f': 'x'}, {}))
            except Exception as exc:  # reported by the assertion below
                errors.append(exc)

        threads = [threading.Thread(target=store) for _ in range(THREADS)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
        self.assertEqual([], errors)
        self.assertEqual(THREADS, len(ids))
        self.assertEqual(1, len(set(ids)))
        with db_api.reader(ctxt) as session:
            self.assertEqual(1, session.query(models.RawTemplate).count())


class SqliteTemplateStoreTest(_ConcurrentTemplateStore, base.TestCase):

    def setUp(self):
        super().setUp()
        self.use_database('sqlite:///%s/dedup.sqlite' % self.state_dir)


class _ServerTemplateStore(_ConcurrentTemplateStore):

    BACKEND = None

    def setUp(self):
        super().setUp()
        backends.require(self, self.BACKEND)
        database = self.useFixture(backends.TemporaryDatabase(self.BACKEND))
        self.use_database(database.url)


class MySQLTemplateStoreTest(_ServerTemplateStore, base.TestCase):
    BACKEND = 'mysql'


class PostgreSQLTemplateStoreTest(_ServerTemplateStore, base.TestCase):
    BACKEND = 'postgresql'
