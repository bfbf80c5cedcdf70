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

"""What heat-vision-manage says when the database cannot be used."""

from oslo_db import exception as db_exc
import psycopg2
import pymysql
from sqlalchemy import exc as sa_exc

from heat_vision.db import problems
from tests import base

MYSQL = 'mysql+pymysql://hv:secret@db.example.org/heat_vision'
POSTGRESQL = 'postgresql+psycopg2://hv:secret@db.example.org/heat_vision'
GRANT = ('(CREATE DATABASE and GRANT, as in the distributed installation '
         'guide).')


def from_driver(error, oslo_class=None, *args):
    """``error`` wrapped as SQLAlchemy, then oslo.db, wrap it."""
    wrapped = sa_exc.OperationalError('SELECT 1', {}, error)
    if oslo_class is None:
        return wrapped
    return oslo_class(*args, inner_exception=wrapped)


class DescribeTest(base.TestCase):

    def test_mysql_database_missing(self):
        exc = from_driver(pymysql.err.OperationalError(
            1049, "Unknown database 'heat_vision'"),
            db_exc.DBNonExistentDatabase, 'heat_vision')
        self.assertTrue(problems.concerns_database(exc))
        self.assertEqual(
            "The database mysql+pymysql://hv:***@db.example.org/heat_vision "
            "cannot be used: Unknown database 'heat_vision'.\n"
            "Create it and grant its user access first " + GRANT,
            problems.describe(exc, MYSQL))

    def test_postgresql_database_missing(self):
        exc = from_driver(psycopg2.OperationalError(
            'connection to server at "db.example.org", port 5432 failed: '
            'FATAL:  database "heat_vision" does not exist\n'),
            db_exc.DBNonExistentDatabase, 'heat_vision')
        self.assertEqual(
            'The database postgresql+psycopg2://hv:***@db.example.org/'
            'heat_vision cannot be used: database "heat_vision" does not '
            'exist.\nCreate it and grant its user access first ' + GRANT,
            problems.describe(exc, POSTGRESQL))

    def test_access_denied(self):
        exc = from_driver(pymysql.err.OperationalError(
            1045, "Access denied for user 'hv'@'10.0.0.2' (using password: "
                  "YES)"))
        self.assertEqual(
            "The database mysql+pymysql://hv:***@db.example.org/heat_vision "
            "cannot be used: Access denied for user 'hv'@'10.0.0.2' (using "
            "password: YES).\nCheck the user and password in [database] "
            "connection, and that the user was granted access " + GRANT,
            problems.describe(exc, MYSQL))

    def test_postgresql_role_missing(self):
        exc = from_driver(psycopg2.OperationalError(
            'connection to server at "db.example.org", port 5432 failed: '
            'FATAL:  role "hv" does not exist\n'))
        self.assertIn('cannot be used: role "hv" does not exist.\nCheck the '
                      'user and password', problems.describe(exc, POSTGRESQL))

    def test_server_unreachable(self):
        exc = from_driver(pymysql.err.OperationalError(
            2003, "Can't connect to MySQL server on 'db.example.org' "
                  "([Errno 111] Connection refused)"),
            db_exc.DBConnectionError)
        self.assertEqual(
            "The database mysql+pymysql://hv:***@db.example.org/heat_vision "
            "cannot be used: Can't connect to MySQL server on "
            "'db.example.org' ([Errno 111] Connection refused).\n"
            "Is the database server running, and is the host right?",
            problems.describe(exc, MYSQL))

    def test_driver_missing(self):
        exc = ModuleNotFoundError("No module named 'pymysql'",
                                  name='pymysql')
        self.assertTrue(problems.concerns_database(exc))
        self.assertEqual(
            "The database mysql+pymysql://hv:***@db.example.org/heat_vision "
            "cannot be used: No module named 'pymysql'.\nInstall the "
            "database's driver: pip install 'heat-vision[mysql]' or "
            "'heat-vision[postgresql]'.", problems.describe(exc, MYSQL))

    def test_other_errors_are_not_about_the_database(self):
        for exc in (ModuleNotFoundError("No module named 'redis'",
                                        name='redis'),
                    ValueError('x'), KeyError('y')):
            self.assertFalse(problems.concerns_database(exc), exc)
