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

"""MariaDB connections build PyMySQL's "preferred" TLS context once.

The server here has TLS off, so the connections fall back to plain text
as PyMySQL's own do; what is checked is that they still offer TLS with
the same context, built once, and that TLS the URL configures is built as
PyMySQL builds it.
"""

import ssl
from unittest import mock

from pymysql import connections
import sqlalchemy as sa

from heat_vision.common import context
from heat_vision.db import api as db_api
from heat_vision.db import pymysql_tls
from tests import base
from tests.functional.db import base as dbbase


class PyMySQLTLSContextTest(dbbase.Server, base.TestCase):
    BACKEND = 'mysql'

    def setUp(self):
        super().setUp()
        # The engine made now: oslo.db tries a connection of its own
        # (plain PyMySQL) while it makes one, before heat-vision's class
        # is installed on it.
        db_api.get_engine()
        # Built afresh by this test's first connection.
        patcher = mock.patch.object(pymysql_tls.connection_class(),
                                    '_preferred', None)
        patcher.start()
        self.addCleanup(patcher.stop)
        self.ctxt = context.get_admin_context()

    def fresh_connections(self, count):
        """``count`` new connections of the engine, each used once."""
        engine = db_api.get_engine()
        engine.dispose()
        raw = [engine.raw_connection() for _ in range(count)]
        try:
            for conn in raw:
                cursor = conn.cursor()
                cursor.execute('SELECT 1')
                self.assertEqual((1,), cursor.fetchone())
                cursor.close()
            return [conn.dbapi_connection for conn in raw]
        finally:
            for conn in raw:
                conn.close()

    def test_connections_offer_tls_with_one_context(self):
        build = mock.patch.object(
            connections.Connection, '_create_ssl_ctx', autospec=True,
            side_effect=connections.Connection._create_ssl_ctx)
        with build as built:
            dbapi = self.fresh_connections(3)
        self.assertEqual(1, built.call_count)
        self.assertEqual({}, built.call_args.args[1])
        for conn in dbapi:
            self.assertIsInstance(conn, pymysql_tls.connection_class())
            self.assertTrue(conn.ssl)
            self.assertFalse(conn._ssl_required)
        self.assertEqual(1, len({id(conn.ctx) for conn in dbapi}))
        # Preferred mode verifies nothing, with PyMySQL's context or ours.
        self.assertEqual(ssl.CERT_NONE, dbapi[0].ctx.verify_mode)
        self.assertFalse(dbapi[0].ctx.check_hostname)

    def test_the_session_works_through_the_shared_context(self):
        with db_api.reader(self.ctxt) as session:
            self.assertEqual(1, session.execute(sa.text('SELECT 1')).scalar())

    def test_configured_tls_gets_a_context_of_its_own(self):
        cls = pymysql_tls.connection_class()
        preferred = cls(host='127.0.0.1', defer_connect=True).ctx
        verified = cls(host='127.0.0.1', ssl_verify_cert=True,
                       defer_connect=True)
        self.assertIsNot(preferred, verified.ctx)
        self.assertTrue(verified._ssl_required)
        self.assertEqual(ssl.CERT_REQUIRED, verified.ctx.verify_mode)
        # And a URL that turns TLS off builds no context at all.
        self.assertFalse(cls(host='127.0.0.1', ssl_disabled=True,
                             defer_connect=True).ssl)


class OtherDriversTest(base.TestCase):

    def test_only_pymysql_engines_are_changed(self):
        engine = sa.create_engine('sqlite://')
        pymysql_tls.install(engine)
        self.assertFalse(engine.dialect.dispatch.do_connect)
