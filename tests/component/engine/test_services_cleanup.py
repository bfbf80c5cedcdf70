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

"""Dead engines leave the service list; deleted stacks can be purged."""

import datetime
import os
import time

from oslo_utils import timeutils

from heat_vision.common import context
from heat_vision.db import api as db_api
from heat_vision.db import events as db_events
from heat_vision.db import models
from heat_vision.db import services as db_services
from heat_vision.engine.actions import takeover
from tests import base
from tests import fixtures as hv_fixtures
from tests.functional import processes
from tests import templates

TEMPLATE = templates.one_none('thing')


def add_service(ctxt, engine_id, seen_ago, now=None):
    """An engine record whose last sign of life is ``seen_ago`` seconds
    before ``now`` (the present by default).
    """
    now = now or timeutils.utcnow()
    seen = now - datetime.timedelta(seconds=seen_ago)
    db_services.service_create(ctxt, {
        'engine_id': engine_id, 'host': 'h', 'hostname': 'h',
        'binary': 'heat-vision-engine', 'topic': 't', 'report_interval': 1,
        'created_at': seen, 'updated_at': seen})


class GracePeriodTest(base.TestCase):
    """No engine runs here: its own periodic clean-up would race the test.
    """

    def setUp(self):
        super().setUp()
        self.flags(report_interval=1, service_down_time=2,
                   service_cleanup_time=3)
        self.useFixture(hv_fixtures.Database(self.state_dir))
        self.ctxt = context.get_admin_context()

    def test_grace_period(self):
        now = timeutils.utcnow()
        add_service(self.ctxt, 'down', seen_ago=2.5, now=now)
        add_service(self.ctxt, 'gone', seen_ago=10, now=now)
        self.assertEqual(['gone'],
                         takeover.clean_dead_services(self.ctxt, now))
        self.assertEqual({'down'}, {s['engine_id'] for s in
                                    db_services.service_get_all(self.ctxt)})
        # Never before service_down_time, whatever the grace.
        self.flags(service_cleanup_time=1)
        add_service(self.ctxt, 'quiet', seen_ago=1.5, now=now)
        self.assertEqual(['down'],
                         takeover.clean_dead_services(self.ctxt, now))


class DeadServiceCleanupTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.flags(report_interval=1, service_down_time=2,
                   service_cleanup_time=3)
        self.service = self.useFixture(
            hv_fixtures.EmbeddedService(self.state_dir))
        self.ctxt = context.get_admin_context()

    def engine_ids(self):
        return {s['engine_id'] for s in
                db_services.service_get_all(self.ctxt)}

    def test_a_running_engine_removes_dead_ones(self):
        add_service(self.ctxt, 'dead', seen_ago=60)
        add_service(self.ctxt, 'recent', seen_ago=0)
        deadline = time.monotonic() + 60
        while 'dead' in self.engine_ids():
            self.assertLess(time.monotonic(), deadline, 'never removed')
            time.sleep(0.1)
        self.assertIn(self.service.engine.engine_id, self.engine_ids())

    def test_a_live_engine_taken_for_dead_registers_again(self):
        engine_id = self.service.engine.engine_id
        db_services.service_delete(self.ctxt, engine_id)
        deadline = time.monotonic() + 60
        while engine_id not in self.engine_ids():
            self.assertLess(time.monotonic(), deadline, 'not registered')
            time.sleep(0.1)


class ManageTest(base.TestCase):
    """heat-vision-manage service clean and purge-deleted, as run."""

    def setUp(self):
        super().setUp()
        self.flags(report_interval=1, service_down_time=5)
        self.service = self.useFixture(
            hv_fixtures.EmbeddedService(self.state_dir))
        self.ctxt = context.get_admin_context()
        self.config = processes.write_config(
            os.path.join(self.state_dir, 'manage.conf'), {
                'DEFAULT': {'state_path': self.state_dir,
                            'service_down_time': 5},
                'database': {'connection': self.conf.database.connection}})

    def manage(self, *args):
        return processes.run('heat-vision-manage', '--config-file',
                             self.config, *args)

    def test_service_clean(self):
        add_service(self.ctxt, 'dead', seen_ago=60)
        output = self.manage('service', 'clean')
        self.assertIn('Removed engine dead', output)
        listed = self.manage('service', 'list')
        # By column: a live engine's uuid may well contain "dead".
        self.assertNotIn('dead', listed.split())
        self.assertIn(self.service.engine.engine_id, listed)

    def create_deleted(self, name, deleted_ago):
        response = self.service.request('POST', '/v1/demo/stacks', body={
            'stack_name': name, 'template': TEMPLATE})
        self.assertEqual(201, response.status_int, response.body)
        stack_id = response.json['stack']['id']
        self.service.wait_for_stack('demo', name)
        response = self.service.request(
            'DELETE', '/v1/demo/stacks/%s/%s' % (name, stack_id))
        self.assertEqual(204, response.status_int, response.body)
        gone = self.service.wait_for_stack('demo', name)
        self.assertEqual(404, gone.status_int)
        with db_api.writer(self.ctxt) as session:
            session.query(models.Stack).filter_by(id=stack_id).update(
                {'deleted_at': timeutils.utcnow() - deleted_ago})
        return stack_id

    def rows(self, model, stack_id):
        with db_api.reader(self.ctxt) as session:
            return session.query(model).filter_by(stack_id=stack_id).count()

    def test_purge_deleted(self):
        old = self.create_deleted('old', datetime.timedelta(hours=3))
        recent = self.create_deleted('recent', datetime.timedelta(hours=1))
        self.assertTrue(db_events.event_get_all_by_stack(self.ctxt, old))
        output = self.manage('purge-deleted', '--age', '2',
                             '--granularity', 'hours')
        self.assertIn('Purged 1 stack(s)', output)
        with db_api.reader(self.ctxt) as session:
            self.assertIsNone(session.get(models.Stack, old))
            self.assertIsNotNone(session.get(models.Stack, recent))
        self.assertEqual(0, self.rows(models.Event, old))
        self.assertEqual(0, self.rows(models.Resource, old))
        self.assertNotEqual(0, self.rows(models.Event, recent))
        output = self.manage('purge-deleted', '--age', '0',
                             '--granularity', 'seconds')
        self.assertIn('Purged 1 stack(s)', output)
