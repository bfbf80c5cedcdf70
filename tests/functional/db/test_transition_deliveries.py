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

"""The first delivery of an alarm transition wins, under a race.

Aodh's HTTP action and heat-vision's listener on Aodh's queue deliver one
transition at the same moment, possibly in two engines: the unique key
decides. Run on the embedded sqlite and on a real MariaDB server.
"""

import datetime
import threading

from oslo_utils import timeutils

from heat_vision.common import context
from heat_vision.db import api as db_api
from heat_vision.db import models
from heat_vision.db import transition_deliveries as db_deliveries
from tests import base
from tests.functional.db import base as dbbase

RACERS = 8
VALUES = {'stack_id': 's1', 'resource_name': 'up', 'alarm_id': 'a1'}


class _Deliveries:

    def setUp(self):
        super().setUp()
        self.ctxt = context.get_admin_context()
        self.window_start = timeutils.utcnow() - datetime.timedelta(
            seconds=30)

    def race(self, digest, not_before):
        """:returns: what each of ``RACERS`` concurrent deliveries got."""
        barrier = threading.Barrier(RACERS)
        results = [None] * RACERS
        errors = []

        def deliver(i):
            try:
                barrier.wait(30)
                results[i] = db_deliveries.first_delivery(
                    self.ctxt, digest,
                    dict(VALUES, via='via-%d' % i), not_before)
            except Exception as exc:
                errors.append(exc)

        threads = [threading.Thread(target=deliver, args=(i,))
                   for i in range(RACERS)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(120)
        self.assertEqual([], errors)
        return results

    def rows(self):
        with db_api.reader(self.ctxt) as session:
            return session.query(models.TransitionDelivery).all()

    def test_one_of_concurrent_deliveries_acts(self):
        results = self.race('d' * 64, self.window_start)
        winners = [i for i, earlier in enumerate(results) if earlier is None]
        self.assertEqual(1, len(winners), results)
        [row] = self.rows()
        self.assertEqual('via-%d' % winners[0], row.via)
        # Every other one was told which delivery came first.
        self.assertEqual({row.via}, {r.via for r in results
                                     if r is not None})

    def test_an_expired_delivery_is_taken_over_once(self):
        self.assertIsNone(db_deliveries.first_delivery(
            self.ctxt, 'e' * 64, dict(VALUES, via='old'),
            self.window_start))
        # An hour later: out of the window, the next deliveries race to
        # take it over.
        with db_api.writer(self.ctxt) as session:
            session.query(models.TransitionDelivery).update(
                {'created_at': self.window_start -
                 datetime.timedelta(hours=1)})
        results = self.race('e' * 64, self.window_start)
        self.assertEqual(1, results.count(None), results)
        [row] = self.rows()
        self.assertNotEqual('old', row.via)

    def test_a_forgotten_delivery_lets_the_next_one_act(self):
        digest = 'f' * 64
        self.assertIsNone(db_deliveries.first_delivery(
            self.ctxt, digest, dict(VALUES, via='a'), self.window_start))
        earlier = db_deliveries.first_delivery(
            self.ctxt, digest, dict(VALUES, via='b'), self.window_start)
        self.assertEqual('a', earlier.via)
        db_deliveries.forget(self.ctxt, digest)
        self.assertIsNone(db_deliveries.first_delivery(
            self.ctxt, digest, dict(VALUES, via='c'), self.window_start))

    def test_purge_removes_old_deliveries_in_batches(self):
        for i in range(5):
            db_deliveries.first_delivery(self.ctxt, '%064d' % i,
                                         dict(VALUES, via='q'),
                                         self.window_start)
        cutoff = timeutils.utcnow() + datetime.timedelta(seconds=1)
        self.assertEqual(3, db_deliveries.purge(self.ctxt, cutoff, limit=3))
        self.assertEqual(2, db_deliveries.purge(self.ctxt, cutoff))
        self.assertEqual(0, db_deliveries.purge(self.ctxt, cutoff))
        self.assertEqual([], self.rows())


class SqliteDeliveriesTest(_Deliveries, dbbase.Sqlite, base.TestCase):
    pass


class MySQLDeliveriesTest(_Deliveries, dbbase.Server, base.TestCase):
    BACKEND = 'mysql'
