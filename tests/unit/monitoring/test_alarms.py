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

"""The built-in alarm's evaluation, history and samples, on the database.
"""

import datetime
from unittest import mock

from oslo_utils import timeutils

from heat_vision.common import context
from heat_vision.common import exception
from heat_vision.db import alarms as db_alarms
from heat_vision.db import api as db_api
from heat_vision.db import metrics as db_metrics
from heat_vision.db import models
from heat_vision.db import tasks as db_tasks
from heat_vision.monitoring import alarms
from heat_vision.monitoring import constants as c
from heat_vision.monitoring import publisher
from heat_vision.monitoring import samples
from heat_vision.monitoring import task_plugins
from heat_vision.tasks import cancel
from heat_vision.tasks import constants as task_states
from heat_vision.tasks import manager as task_manager
from heat_vision.tasks.plugins import base as task_base
from tests import base
from tests import fixtures as hv_fixtures

DEFINITION = {'meter_name': 'cpu', 'matching_metadata': {}, 'period': 60,
              'evaluation_periods': 1, 'statistic': 'max',
              'comparison_operator': 'gt', 'threshold': 50,
              'alarm_actions': ['http://x/v1/signal/s/up?signature=1'],
              'ok_actions': [], 'insufficient_data_actions': [],
              'repeat_actions': False, 'enabled': True, 'severity': 'low'}


class AlarmsTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.useFixture(hv_fixtures.Database(self.state_dir))
        self.ctxt = context.RequestContext(project_id='demo', user_id='u',
                                           overwrite=False)
        self.row = db_alarms.alarm_create(self.ctxt, {
            'project_id': 'demo', 'user_id': 'u', 'stack_id': 's',
            'resource_name': 'cpu_high', 'name': 'cpu_high',
            'state': c.STATE_INSUFFICIENT, 'definition': dict(DEFINITION)})
        patcher = mock.patch.object(publisher, 'publish_transition')
        self.published = patcher.start()
        self.addCleanup(patcher.stop)

    def push(self, value, project='demo'):
        samples.store(self.ctxt, project, [{'name': 'cpu', 'value': value}])

    def test_a_change_is_recorded_and_published_as_aodh_does(self):
        self.push(70)
        payload = alarms.evaluate(self.ctxt, self.row.id)
        self.published.assert_called_once_with(payload)
        self.assertEqual({'actions', 'alarm_id', 'alarm_name', 'severity',
                          'previous', 'current', 'reason', 'reason_data',
                          'source', 'timestamp', 'transition_id'},
                         set(payload))
        self.assertEqual((c.STATE_INSUFFICIENT, c.STATE_ALARM,
                          DEFINITION['alarm_actions'], 'heat-vision'),
                         (payload['previous'], payload['current'],
                          payload['actions'], payload['source']))
        self.assertEqual(c.STATE_ALARM,
                         db_alarms.alarm_get(self.ctxt, self.row.id).state)
        # Unchanged and no repeat: nothing more.
        self.assertIsNone(alarms.evaluate(self.ctxt, self.row.id))
        self.assertEqual(1, self.published.call_count)

    def test_repeat_actions_publishes_while_on(self):
        db_alarms.alarm_update(self.ctxt, self.row.id, {
            'definition': dict(DEFINITION, repeat_actions=True)})
        self.push(70)
        alarms.evaluate(self.ctxt, self.row.id)
        alarms.evaluate(self.ctxt, self.row.id)
        self.assertEqual(2, self.published.call_count)
        self.assertEqual(1, len(db_alarms.history_get(self.ctxt,
                                                      self.row.id)))

    def test_a_disabled_alarm_is_not_evaluated(self):
        db_alarms.alarm_update(self.ctxt, self.row.id, {
            'definition': dict(DEFINITION, enabled=False)})
        self.push(70)
        self.assertIsNone(alarms.evaluate(self.ctxt, self.row.id))

    def test_history_keeps_the_newest(self):
        self.flags(group='monitoring', max_alarm_history=3)
        previous = c.STATE_INSUFFICIENT
        for n in range(5):
            current = c.STATE_OK if n % 2 else c.STATE_ALARM
            db_alarms.alarm_change_states(self.ctxt, [(
                self.row.id, previous, {'state': current}, {
                    'previous': previous, 'current': current,
                    'reason': str(n), 'reason_data': {}})], 3)
            previous = current
        self.assertEqual(['4', '3', '2'], [
            h.reason for h in db_alarms.history_get(self.ctxt,
                                                    self.row.id)])

    def test_another_projects_alarm_is_missing(self):
        other = context.RequestContext(project_id='other', overwrite=False)
        for call in (lambda: db_alarms.alarm_get(other, self.row.id),
                     lambda: db_alarms.history_get(other, self.row.id),
                     lambda: alarms.evaluate(other, self.row.id),
                     lambda: db_alarms.alarm_update(other, self.row.id,
                                                    {'state': 'ok'})):
            self.assertRaises(exception.EntityNotFound, call)
        self.assertEqual([], db_alarms.alarm_get_all(other))

    def test_an_older_versions_task_evaluates_nothing(self):
        self.push(70)
        task = task_plugins.AlarmEvaluate()
        mine = task_base.TaskRuntime(self.ctxt, 'job', 1, 'evaluate')
        self.assertEqual({'alarm_id': self.row.id, 'changed': False},
                         task.execute(mine, alarm_id=self.row.id))
        # The engines' evaluators do: the run left no transition.
        self.assertEqual(c.STATE_INSUFFICIENT,
                         db_alarms.alarm_get(self.ctxt, self.row.id).state)
        self.published.assert_not_called()
        theirs = task_base.TaskRuntime(
            context.RequestContext(project_id='other', overwrite=False),
            'job', 1, 'evaluate')
        self.assertRaises(exception.TaskFailed, task.execute, theirs,
                          alarm_id=self.row.id)

    def test_alarms_on_one_meter_read_its_samples_once(self):
        other = context.RequestContext(project_id='other', user_id='u',
                                       overwrite=False)
        rows = [self.row] + [db_alarms.alarm_create(ctxt, {
            'project_id': ctxt.project_id, 'user_id': 'u', 'stack_id': 's',
            'resource_name': name, 'name': name,
            'state': c.STATE_INSUFFICIENT,
            'definition': dict(DEFINITION, threshold=threshold)})
            for ctxt, name, threshold in ((self.ctxt, 'b', 80),
                                          (self.ctxt, 'c', 90),
                                          (other, 'd', 50))]
        self.push(85)
        self.push(10, project='other')
        reads = mock.Mock(wraps=db_metrics.samples_since)
        self.patch(alarms.db_metrics, 'samples_since', reads)
        admin = context.get_admin_context()
        payloads = alarms.evaluate_many(
            admin, db_alarms.alarms_to_evaluate(admin)[0])
        # One read per project and meter, each alarm its own rule.
        self.assertEqual(2, reads.call_count)
        self.assertEqual({(rows[0].id, c.STATE_ALARM),
                          (rows[1].id, c.STATE_ALARM),
                          (rows[2].id, c.STATE_OK),
                          (rows[3].id, c.STATE_OK)},
                         {(p['alarm_id'], p['current']) for p in payloads})
        self.assertEqual(4, self.published.call_count)

    def test_a_transition_the_queue_refuses_leaves_the_others(self):
        other = db_alarms.alarm_create(self.ctxt, {
            'project_id': 'demo', 'user_id': 'u', 'stack_id': 's',
            'resource_name': 'b', 'name': 'b',
            'state': c.STATE_INSUFFICIENT, 'definition': dict(DEFINITION)})
        self.push(70)
        self.published.side_effect = [RuntimeError('queue gone'), None]
        payloads = alarms.evaluate_many(self.ctxt, [self.row, other])
        self.assertEqual([other.id], [p['alarm_id'] for p in payloads])
        self.assertEqual(2, self.published.call_count)
        # Both changes were recorded.
        for row in (self.row, other):
            self.assertEqual(c.STATE_ALARM,
                             db_alarms.alarm_get(self.ctxt, row.id).state)

    def test_an_alarm_that_cannot_be_evaluated_leaves_the_others(self):
        broken = db_alarms.alarm_create(self.ctxt, {
            'project_id': 'demo', 'user_id': 'u', 'stack_id': 's',
            'resource_name': 'b', 'name': 'b',
            'state': c.STATE_INSUFFICIENT,
            'definition': dict(DEFINITION, statistic='median')})
        self.push(70)
        payloads = alarms.evaluate_many(self.ctxt, [broken, self.row])
        self.assertEqual([self.row.id], [p['alarm_id'] for p in payloads])
        self.assertEqual(c.STATE_INSUFFICIENT,
                         db_alarms.alarm_get(self.ctxt, broken.id).state)

    def test_an_alarm_evaluated_twice_at_once_changes_once(self):
        self.push(70)
        stale = db_alarms.alarm_get(self.ctxt, self.row.id)
        self.assertEqual(1, len(alarms.evaluate_many(self.ctxt, [stale])))
        # A second evaluator read the row before the first wrote it.
        self.assertEqual([], alarms.evaluate_many(self.ctxt, [stale]))
        self.assertEqual(1, self.published.call_count)
        self.assertEqual(1, len(db_alarms.history_get(self.ctxt,
                                                      self.row.id)))

    def test_a_project_keeps_a_bounded_number_of_samples(self):
        self.flags(group='monitoring', max_samples_per_project=100)
        samples.store(self.ctxt, 'demo', [{'name': 'cpu', 'value': 1}] * 100)
        self.assertRaises(exception.Conflict, self.push, 1)
        self.push(1, project='another')

    def test_expired_samples_are_purged(self):
        old = timeutils.utcnow() - datetime.timedelta(seconds=120)
        db_metrics.sample_add_many(self.ctxt, 'demo', [{
            'name': 'cpu', 'value': 1.0, 'dimensions': {},
            'timestamp': old}])
        self.flags(group='monitoring', metric_retention=60)
        self.push(2)
        self.assertEqual(1, db_metrics.sample_count(self.ctxt, 'demo'))

    def legacy_alarm(self, ctxt, stack_id, name):
        """An alarm as an older version made it: with a job of its own.
        """
        alarm = alarms.create(ctxt, stack_id, name, DEFINITION)
        job, _book = task_manager.store_job(ctxt, {
            'name': 'alarm-%s' % alarm['id'], 'kind': 'persistent',
            'interval': 60, 'tasks': [{
                'name': 'evaluate', 'action': 'alarm.evaluate',
                'input': {'alarm_id': alarm['id']}}]})
        db_alarms.alarm_update(ctxt, alarm['id'], {'job_id': job.id})
        return dict(alarm, job_id=job.id)

    def test_a_create_taken_over_keeps_the_alarm_made_before(self):
        first = alarms.create(self.ctxt, 'stack-1', 'cpu', DEFINITION)
        again = alarms.create(self.ctxt, 'stack-1', 'cpu',
                              dict(DEFINITION, threshold=60))
        self.assertEqual(first['id'], again['id'])
        self.assertEqual(60, again['threshold'])
        self.assertEqual(2, len(db_alarms.alarm_get_all(self.ctxt)))
        # An alarm is a row: no task job.
        self.assertEqual([], db_tasks.job_get_all(self.ctxt))

    def test_evaluators_cancel_an_older_versions_jobs(self):
        legacy = self.legacy_alarm(self.ctxt, 'stack-1', 'cpu')
        self.push(70)
        admin = context.get_admin_context()
        rows = db_alarms.alarms_to_evaluate(admin)[0]
        alarms.retire_jobs(admin, rows)
        job = db_tasks.job_get(self.ctxt, legacy['job_id'])
        self.assertEqual((task_states.CANCELLING, True),
                         (job.status, job.cancel_requested))
        self.assertIsNone(db_alarms.alarm_get(self.ctxt,
                                              legacy['id']).job_id)
        # The alarm goes on being evaluated, by the evaluators.
        self.assertIn(legacy['id'], [p['alarm_id'] for p in
                                     alarms.evaluate_many(admin, rows)])

    def test_delete_cancels_an_older_versions_job_with_the_alarm(self):
        alarm = self.legacy_alarm(self.ctxt, 'stack-1', 'cpu')
        alarms.delete(self.ctxt, alarm['id'])
        job = db_tasks.job_get(self.ctxt, alarm['job_id'])
        self.assertEqual(('CANCELLING', True),
                         (job.status, job.cancel_requested))
        self.assertRaises(exception.EntityNotFound, db_alarms.alarm_get,
                          self.ctxt, alarm['id'])
        # Deleting it again, or an alarm without a job, is fine.
        alarms.delete(self.ctxt, alarm['id'])
        alarms.delete(self.ctxt, self.row.id)
        self.assertRaises(exception.EntityNotFound, db_alarms.alarm_get,
                          self.ctxt, self.row.id)

    def test_delete_many_cancels_the_jobs_with_the_alarms(self):
        mine = [self.legacy_alarm(self.ctxt, 'stack-1', 'a%d' % i)
                for i in range(3)]
        other = context.RequestContext(project_id='other', user_id='u',
                                       overwrite=False)
        theirs = self.legacy_alarm(other, 'stack-2', 'a')
        ended = mine[2]['job_id']
        db_tasks.job_update(self.ctxt, ended,
                            {'status': task_states.FAILED})
        db_alarms.alarm_change_states(self.ctxt, [(
            mine[0]['id'], c.STATE_INSUFFICIENT, {'state': c.STATE_ALARM},
            {'previous': c.STATE_INSUFFICIENT, 'current': c.STATE_ALARM,
             'reason': 'r'})], 10)
        # Every job's run is in this process.
        self.patch(cancel, 'running', lambda: [
            alarm['job_id'] for alarm in mine + [theirs]])
        stopped = []
        self.patch(cancel, 'stop',
                   lambda job_id, reason: stopped.append(job_id))
        with db_api.writer(self.ctxt):
            then = alarms.delete_many(
                self.ctxt, [alarm['id'] for alarm in mine + [theirs]] +
                [self.row.id, 'gone'])
            self.assertEqual([], stopped)
        then()
        # Only the runs of the jobs it cancelled are stopped.
        self.assertEqual(sorted(alarm['job_id'] for alarm in mine[:2]),
                         sorted(stopped))
        for alarm in mine + [{'id': self.row.id}]:
            self.assertRaises(exception.EntityNotFound, db_alarms.alarm_get,
                              self.ctxt, alarm['id'])
        with db_api.reader(self.ctxt) as session:
            self.assertEqual(0, session.query(models.AlarmHistory).filter_by(
                alarm_id=mine[0]['id']).count())
        for alarm in mine[:2]:
            job = db_tasks.job_get(self.ctxt, alarm['job_id'])
            self.assertEqual((task_states.CANCELLING, True),
                             (job.status, job.cancel_requested))
        self.assertEqual(task_states.FAILED,
                         db_tasks.job_get(self.ctxt, ended).status)
        # Another project's alarm reads as missing: it stays, and runs.
        self.assertEqual(theirs['id'],
                         db_alarms.alarm_get(other, theirs['id']).id)
        job = db_tasks.job_get(other, theirs['job_id'])
        self.assertEqual((task_states.PENDING, False),
                         (job.status, job.cancel_requested))

    def test_batched_updates_leave_other_projects_alarms(self):
        other = context.RequestContext(project_id='other', user_id='u',
                                       overwrite=False)
        theirs = db_alarms.alarm_create(other, {
            'project_id': 'other', 'user_id': 'u', 'stack_id': 's',
            'resource_name': 'r', 'name': 'r',
            'state': c.STATE_INSUFFICIENT, 'definition': dict(DEFINITION)})
        changed = dict(DEFINITION, threshold=7)
        db_alarms.alarm_update_many(self.ctxt, [
            (alarm_id, {'definition': changed, 'name': 'n'})
            for alarm_id in (self.row.id, theirs.id, 'gone')])
        mine = db_alarms.alarm_get(self.ctxt, self.row.id)
        self.assertEqual((7, 'n'), (mine.definition['threshold'], mine.name))
        self.assertIsNotNone(mine.updated_at)
        theirs = db_alarms.alarm_get(other, theirs.id)
        self.assertEqual((50, 'r'),
                         (theirs.definition['threshold'], theirs.name))
