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

"""Two engines share new stacks and orphans by load, not by arrival."""

import datetime
import logging
import time

import fixtures
import oslo_messaging as messaging
from oslo_utils import timeutils
from oslo_utils import uuidutils

from heat_vision.common import context
from heat_vision.common import exception
from heat_vision.db import api as db_api
from heat_vision.db import locks as db_locks
from heat_vision.db import models
from heat_vision.db import resources as db_resources
from heat_vision.db import services as db_services
from heat_vision.db import stacks as db_stacks
from heat_vision.engine.actions import placement
from heat_vision.engine.actions import takeover
from heat_vision.engine.endpoints import stacks as stack_endpoints
from heat_vision.engine import server as engine_server
from tests import base
from tests import fixtures as hv_fixtures

WAIT = 120


def flat(count):
    return {'heat_template_version': '2021-04-16',
            'resources': {'r%d' % i: {'type': 'OS::Heat::None'}
                          for i in range(count)}}


class TwoEnginesTestCase(base.TestCase):
    """The embedded service's engine (a) and a second one (b)."""

    def setUp(self):
        super().setUp()
        # Heartbeats (and their take-overs) only when a test says so.
        self.flags(report_interval=3600, service_down_time=7200)
        self.service = self.useFixture(
            hv_fixtures.EmbeddedService(self.state_dir))
        self.a = self.service.engine
        self.b = engine_server.EngineServer()
        self.b.start()
        self.addCleanup(self.b.stop)
        self.admin = context.get_admin_context()
        self.ctxt = context.RequestContext(project_id='demo',
                                           user_id='demo')
        self.log = self.useFixture(fixtures.FakeLogger(
            level=logging.INFO, format='%(message)s'))

    @staticmethod
    def endpoint(engine):
        [found] = [e for e in engine.endpoints
                   if isinstance(e, stack_endpoints.StackEndpoint)]
        return found

    def create_via(self, engine, name, count):
        """Submit a create to ``engine`` as if the topic handed it there.
        """
        identity = self.endpoint(engine).create_stack(
            self.ctxt, name, flat(count))
        self.wait_complete(identity['stack_id'])
        return identity['stack_id']

    def wait_complete(self, stack_id):
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            row = db_stacks.stack_get(self.admin, stack_id)
            if row.status != 'IN_PROGRESS' and db_locks.lock_owner(
                    self.admin, stack_id) is None:
                self.assertEqual(('CREATE', 'COMPLETE'),
                                 (row.action, row.status), row.status_reason)
                return
            time.sleep(0.05)
        self.fail('stack %s did not complete' % stack_id)

    def creator(self, stack_id):
        """:returns: the id of the engine that logged the stack's create.
        """
        for line in self.log.output.splitlines():
            if ' creates stack ' in line and '(%s)' % stack_id in line:
                return line.split()[1]
        self.fail('no engine logged the create of %s:\n%s' % (
            stack_id, self.log.output))

    def load(self, engine, resources):
        """Make ``engine`` hold the lock of a stack with ``resources``
        resources still to do (stored directly, as a stuck create).
        """
        stack_id = self.create_via(engine, 'load-%s' % engine.engine_id[:8],
                                   resources)
        db_resources.resource_update_many(self.admin, [
            {'id': r.id, 'action': 'INIT', 'status': 'COMPLETE'}
            for r in db_resources.resource_get_all_by_stack(self.admin,
                                                            stack_id)])
        self.assertIsNone(db_locks.lock_create(self.admin, stack_id,
                                               engine.engine_id))
        self.assertEqual((1, resources), db_locks.lock_loads(
            self.admin)[engine.engine_id])


class NewStackPlacementTest(TwoEnginesTestCase):

    def test_busy_engine_hands_a_new_stack_to_the_idle_one(self):
        self.load(self.a, 40)
        stack_id = self.create_via(self.a, 'new', 5)
        self.assertEqual(self.b.engine_id, self.creator(stack_id))
        self.assertIn('creates stack new (%s), handed over' % stack_id,
                      self.log.output)

    def test_equal_loads_keep_the_stack_where_it_arrived(self):
        for engine, name in ((self.a, 'on-a'), (self.b, 'on-b')):
            stack_id = self.create_via(engine, name, 5)
            self.assertEqual(engine.engine_id, self.creator(stack_id))
        self.assertNotIn('handed over', self.log.output)

    def test_a_smaller_difference_than_the_stack_does_not_move_it(self):
        # b, taking it (30 + 25), would have more to do than a (10 + 25)
        # has now.
        self.load(self.a, 10)
        stack_id = self.create_via(self.a, 'big', 30)
        self.assertEqual(self.a.engine_id, self.creator(stack_id))

    def test_stacks_being_placed_here_widen_the_margin(self):
        # b, even with it (5 + 25), would have no more to do than a
        # (40 + 25), but a is placing another stack (20 + 25) right now:
        # b may well be placing one that a cannot count yet either.
        self.load(self.a, 40)
        arrivals = self.endpoint(self.a)._arrivals
        with arrivals.placing(20):
            stack_id = self.create_via(self.a, 'stays', 5)
        self.assertEqual(self.a.engine_id, self.creator(stack_id))
        self.assertNotIn('handed over', self.log.output)

    def test_a_difference_beyond_the_margin_still_moves_it(self):
        self.load(self.a, 100)
        with self.endpoint(self.a)._arrivals.placing(20):
            stack_id = self.create_via(self.a, 'moves', 5)
        self.assertEqual(self.b.engine_id, self.creator(stack_id))

    def test_a_failed_hand_over_runs_the_stack_here(self):
        self.flags(rpc_response_timeout=2)
        # An engine that beats but serves no RPC: the call times out.
        silent = uuidutils.generate_uuid()
        db_services.service_create(self.admin, {
            'engine_id': silent, 'host': 'silent', 'hostname': 'silent',
            'binary': engine_server.BINARY, 'topic': 'heat-vision-engine',
            'report_interval': 10})
        self.load(self.a, 40)
        self.load(self.b, 40)
        stack_id = self.create_via(self.a, 'stays', 5)
        self.assertEqual(self.a.engine_id, self.creator(stack_id))
        self.assertIn('did not take the create of stack %s' % stack_id,
                      self.log.output)

    def test_unknown_operation_is_refused(self):
        raised = self.assertRaises(
            messaging.ExpectedException,
            self.endpoint(self.a).run_stack_operation, self.ctxt, 'x',
            'delete', self.a.engine_id)
        self.assertIsInstance(raised.exc_info[1], exception.InvalidParameter)
        self.assertIn('Unknown stack operation "delete"',
                      str(raised.exc_info[1]))


class ArrivalsTest(base.TestCase):

    def test_counts_the_others_while_they_are_placed(self):
        arrivals = placement.Arrivals()
        self.assertEqual(0, arrivals.besides(5))
        with arrivals.placing(5):
            self.assertEqual(0, arrivals.besides(5))
            with arrivals.placing(10):
                self.assertEqual(placement.weight(10), arrivals.besides(5))
                self.assertEqual(placement.weight(5), arrivals.besides(10))
        self.assertEqual(0, arrivals.besides(5))

    def test_a_failed_placement_is_no_longer_counted(self):
        arrivals = placement.Arrivals()

        def fail():
            with arrivals.placing(50):
                raise exception.StackValidationFailed(message='x')
        self.assertRaises(exception.StackValidationFailed, fail)
        with arrivals.placing(5):
            self.assertEqual(0, arrivals.besides(5))


class OrphanSharesTest(TwoEnginesTestCase):

    def setUp(self):
        super().setUp()
        self.dead = uuidutils.generate_uuid()
        db_services.service_create(self.admin, {
            'engine_id': self.dead, 'host': 'dead', 'hostname': 'dead',
            'binary': engine_server.BINARY, 'topic': 'heat-vision-engine',
            'report_interval': 10})

    def last_seen(self, seconds_ago):
        with db_api.writer(self.admin) as session:
            row = session.query(models.Service).filter_by(
                engine_id=self.dead).one()
            row.updated_at = timeutils.utcnow() - datetime.timedelta(
                seconds=seconds_ago)

    def orphans(self, count, prefix):
        """Stacks CREATE_IN_PROGRESS whose lock the dead engine holds."""
        ids = []
        for i in range(count):
            stack_id = self.create_via(self.a, '%s%d' % (prefix, i), 3)
            with db_api.writer(self.admin) as session:
                session.query(models.Stack).filter_by(id=stack_id).update(
                    {'status': 'IN_PROGRESS'})
            self.assertIsNone(db_locks.lock_create(self.admin, stack_id,
                                                   self.dead))
            ids.append(stack_id)
        return set(ids)

    def test_orphans_are_shared_between_live_engines(self):
        orphans = self.orphans(4, 'o')
        # Dead (past service_down_time), but only just.
        self.last_seen(7200 + 60)
        first = {r.id for r in takeover.claim_orphans(self.admin,
                                                      self.a.engine_id)}
        second = {r.id for r in takeover.claim_orphans(self.admin,
                                                       self.b.engine_id)}
        self.assertEqual(2, len(first), first)
        self.assertEqual(2, len(second), second)
        self.assertEqual(orphans, first | second)

    def test_an_orphan_left_by_its_engine_is_taken_after_the_grace(self):
        orphans = self.orphans(2, 'g')
        self.last_seen(7200 + 60)
        first = {r.id for r in takeover.claim_orphans(self.admin,
                                                      self.a.engine_id)}
        self.assertEqual(1, len(first))
        # b never took its share: two heartbeats later, a takes it.
        self.last_seen(7200 + 2 * 3600 + 60)
        rest = {r.id for r in takeover.claim_orphans(self.admin,
                                                     self.a.engine_id)}
        self.assertEqual(orphans, first | rest)
