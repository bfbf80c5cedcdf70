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

"""A configured backend whose package is missing names its extra."""

import sys
from unittest import mock

from heat_vision.common import exception
from heat_vision.common import extras
from heat_vision.tasks import boards
from tests import base


def missing(*modules):
    """Make ``modules`` impossible to import, as if not installed."""
    return mock.patch.dict(sys.modules, dict.fromkeys(modules))


class ExtrasTest(base.TestCase):

    def test_an_installed_module_is_returned(self):
        self.assertIs(sys, extras.require('sys', 'Anything'))

    def test_a_missing_module_names_its_extra(self):
        with missing('redis'):
            exc = self.assertRaises(exception.MissingExtra, extras.require,
                                    'redis', 'The Redis jobboard')
        self.assertEqual('The Redis jobboard needs the Python package '
                         'redis, which is not installed: pip install '
                         'heat-vision[redis]', str(exc))

    def test_a_module_of_no_extra_is_named(self):
        with missing('nonesuch'):
            exc = self.assertRaises(exception.MissingExtra, extras.require,
                                    'nonesuch', 'X')
        self.assertIn('package nonesuch', str(exc))
        self.assertNotIn('heat-vision[', str(exc))

    def test_database_drivers(self):
        cases = [
            ('mysql+pymysql://u@h/db', 'pymysql', 'heat-vision[mysql]'),
            ('postgresql+psycopg2://u@h/db', 'psycopg2',
             'heat-vision[postgresql]'),
            # SQLAlchemy's default driver is not the extra's: say so.
            ('postgresql://u@h/db', 'psycopg',
             'heat-vision[postgresql] and write the connection as '
             'postgresql+psycopg2://'),
            ('mysql+mysqldb://u@h/db', 'MySQLdb',
             'heat-vision[mysql] and write the connection as '
             'mysql+pymysql://'),
        ]
        for url, module, hint in cases:
            with missing(module):
                exc = self.assertRaises(exception.MissingExtra,
                                        extras.database_driver, url)
            self.assertIn(hint, str(exc))
            self.assertIn(url.split('/')[0], str(exc))

    def test_sqlite_needs_nothing(self):
        extras.check(database=True, tasks=True)

    def test_the_jobboards_client_is_imported_only_when_configured(self):
        with missing('redis', 'kazoo'):
            extras.jobboard_client()    # local
            for board, extra in (('redis', 'redis'),
                                 ('zookeeper', 'zookeeper')):
                self.flags(group='tasks', jobboard=board)
                exc = self.assertRaises(exception.MissingExtra,
                                        extras.check, tasks=True)
                self.assertIn('heat-vision[%s]' % extra, str(exc))

    def test_a_redis_jobboard_without_redis(self):
        self.flags(group='tasks', jobboard='redis')
        with missing('redis', 'taskflow.jobs.backends.impl_redis',
                     'heat_vision.tasks.redis_jobs'):
            exc = self.assertRaises(exception.MissingExtra,
                                    boards.JobBoard, 'test')
        self.assertIn('pip install heat-vision[redis]', str(exc))
