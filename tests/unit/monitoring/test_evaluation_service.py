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

"""The engines' alarm evaluators: each its share, together every alarm."""

import itertools
from unittest import mock

from heat_vision.common import context
from heat_vision.db import alarms as db_alarms
from heat_vision.db import services as db_services
from heat_vision.engine import locks
from heat_vision.monitoring import constants as c
from heat_vision.monitoring import evaluation_service
from heat_vision.monitoring import publisher
from heat_vision.monitoring import samples
from tests import base
from tests import fixtures as hv_fixtures
from tests.unit.monitoring import test_alarms
from tests import waiting


class EvaluationServiceTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.useFixture(hv_fixtures.Database(self.state_dir))
        self.admin = context.get_admin_context()
        self.patch(publisher, 'publish_transition', mock.Mock())
        self.alarm_ids = []
        for project in ('demo', 'other'):
            ctxt = context.RequestContext(project_id=project, user_id='u',
                                          overwrite=False)
            samples.store(ctxt, project, [{'name': 'cpu', 'value': 70}])
            for n in range(20):
                self.alarm_ids.append(db_alarms.alarm_create(ctxt, {
                    'project_id': project, 'user_id': 'u',
                    'stack_id': 's', 'resource_name': 'a%d' % n,
                    'name': 'a%d' % n, 'state': c.STATE_INSUFFICIENT,
                    'definition': dict(test_alarms.DEFINITION)}).id)

    def register(self, engine_id):
        db_services.service_create(self.admin, {
            'engine_id': engine_id, 'host': 'h', 'hostname': 'h',
            'binary': 'heat-vision-engine', 'topic': 'engine',
            'report_interval': 10})
        return evaluation_service.AlarmEvaluator(engine_id,
                                                 locks.live_engines)

    def evaluated(self, evaluator):
        return set(evaluator.evaluate_share())

    def test_one_engine_evaluates_every_alarm(self):
        self.assertEqual(set(self.alarm_ids),
                         self.evaluated(self.register('e1')))
        rows = db_alarms.alarms_to_evaluate(self.admin)[0]
        self.assertEqual({c.STATE_ALARM}, {row.state for row in rows})

    def test_live_engines_split_the_alarms(self):
        first, second = self.register('e1'), self.register('e2')
        self.assertEqual((0, 2), first.share(self.admin))
        mine, theirs = self.evaluated(first), self.evaluated(second)
        self.assertEqual(set(), mine & theirs)
        self.assertEqual(set(self.alarm_ids), mine | theirs)
        # Both had some: the hash spreads them.
        self.assertTrue(mine and theirs, (mine, theirs))

    def test_a_dead_engines_share_falls_to_the_live(self):
        first = self.register('e1')
        self.register('e2')
        db_services.service_delete(self.admin, 'e2')
        self.assertEqual((0, 1), first.share(self.admin))
        self.assertEqual(set(self.alarm_ids), self.evaluated(first))

    def test_a_round_reads_the_alarms_in_pages(self):
        self.patch(evaluation_service, 'PAGE', 7)
        reads = mock.Mock(wraps=db_alarms.alarms_to_evaluate)
        self.patch(evaluation_service.db_alarms, 'alarms_to_evaluate',
                   reads)
        first, second = self.register('e1'), self.register('e2')
        mine, theirs = self.evaluated(first), self.evaluated(second)
        self.assertEqual(set(self.alarm_ids), mine | theirs)
        self.assertEqual(set(), mine & theirs)
        # 40 alarms, 7 a page: six pages per round, the last one short.
        self.assertEqual(12, reads.call_count)
        self.assertTrue(all(call.kwargs['limit'] == 7
                            for call in reads.call_args_list))

    def test_the_service_evaluates_in_rounds_until_stopped(self):
        self.flags(group='monitoring', evaluation_interval=1)
        evaluator = self.register('e1')
        rounds = []
        self.patch(evaluator, 'evaluate_share',
                   lambda: rounds.append(len(rounds)))
        # A clock half an interval further at each look: a round every
        # second look, at once.
        looks = itertools.count()
        self.patch(evaluation_service, 'time', mock.Mock(
            monotonic=lambda: next(looks) * 0.5))
        self.patch(evaluation_service, 'LOOK_EVERY', 0.001)
        evaluator.start()
        self.addCleanup(evaluator.stop)
        thread = evaluator._thread
        # The first round at once, the next an interval later.
        waiting.wait_until(lambda: len(rounds) >= 2)
        evaluator.stop()
        done = len(rounds)
        # Stopped means its thread has ended: no round can follow.
        self.assertFalse(thread.is_alive())
        self.assertEqual(done, len(rounds))
