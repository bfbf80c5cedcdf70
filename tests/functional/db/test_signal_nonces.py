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

"""A one-use action URL acts once, under a race, until it expires.

Run on the embedded sqlite and on a real MariaDB server.
"""

import datetime
import threading

from oslo_utils import timeutils

from heat_vision.common import context
from heat_vision.db import signal_nonces
from tests import base
from tests.functional.db import base as dbbase

RACERS = 8


class _Nonces:

    def setUp(self):
        super().setUp()
        self.ctxt = context.get_admin_context()
        self.expires = timeutils.utcnow() + datetime.timedelta(hours=1)

    def test_one_of_concurrent_uses_acts(self):
        barrier = threading.Barrier(RACERS)
        results, errors = [], []

        def use():
            try:
                barrier.wait(30)
                results.append(signal_nonces.take(
                    self.ctxt, 'n' * 64, 's1', self.expires))
            except Exception as exc:
                errors.append(exc)

        threads = [threading.Thread(target=use) for _i in range(RACERS)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(120)
        self.assertEqual([], errors)
        self.assertEqual(1, results.count(True), results)
        # Given back (its signal failed), it may be used once more.
        signal_nonces.give_back(self.ctxt, 'n' * 64)
        self.assertTrue(signal_nonces.take(self.ctxt, 'n' * 64, 's1',
                                           self.expires))
        self.assertFalse(signal_nonces.take(self.ctxt, 'n' * 64, 's1',
                                            self.expires))

    def test_purge_removes_the_nonces_of_expired_urls(self):
        past = timeutils.utcnow() - datetime.timedelta(seconds=1)
        for i in range(5):
            signal_nonces.take(self.ctxt, '%064d' % i, 's1', past)
        signal_nonces.take(self.ctxt, 'k' * 64, 's1', self.expires)
        self.assertEqual(3, signal_nonces.purge(self.ctxt, limit=3))
        self.assertEqual(2, signal_nonces.purge(self.ctxt))
        self.assertEqual(0, signal_nonces.purge(self.ctxt))
        # The unexpired one is still taken.
        self.assertFalse(signal_nonces.take(self.ctxt, 'k' * 64, 's1',
                                            self.expires))


class SqliteNoncesTest(_Nonces, dbbase.Sqlite, base.TestCase):
    pass


class MySQLNoncesTest(_Nonces, dbbase.Server, base.TestCase):
    BACKEND = 'mysql'
