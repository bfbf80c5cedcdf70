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

"""Scaling signals: claimed once, queued while the group is busy, applied.
"""

import concurrent.futures
import datetime
import threading
from unittest import mock
import urllib.parse

import fixtures
from oslo_utils import timeutils
from oslo_utils import uuidutils

from heat_vision.common import context
from heat_vision.db import api as db_api
from heat_vision.db import models
from heat_vision.db import resource_claims as db_claims
from heat_vision.db import resource_data
from heat_vision.db import resources as db_resources
from heat_vision.db import services as db_services
from heat_vision.db import stacks as db_stacks
from heat_vision.engine.actions import common
from heat_vision.engine import listener
from heat_vision.engine import server as engine_server
from heat_vision.engine.signals import owed_events
from heat_vision.engine.signals import scaling as scaling_signals
from heat_vision.engine.tree import nested
from heat_vision.engine.tree import trust as stack_trust
from heat_vision.resources.heat import scaling
from tests.component.engine import test_autoscaling
from tests import fixtures as hv_fixtures
from tests import waiting

TEMPLATE = '''heat_template_version: 2021-04-16
parameters:
  group_cooldown: {type: number, default: 0}
resources:
  group:
    type: OS::Heat::AutoScalingGroup
    properties:
      min_size: 0
      max_size: 200
      desired_capacity: 2
      cooldown: {get_param: group_cooldown}
      resource: {type: OS::Heat::None}
  up:
    type: OS::Heat::ScalingPolicy
    properties:
      auto_scaling_group_id: {get_resource: group}
      adjustment_type: change_in_capacity
      scaling_adjustment: 1
  exact:
    type: OS::Heat::ScalingPolicy
    properties:
      auto_scaling_group_id: {get_resource: group}
      adjustment_type: exact_capacity
      scaling_adjustment: 10
  percent:
    type: OS::Heat::ScalingPolicy
    properties:
      auto_scaling_group_id: {get_resource: group}
      adjustment_type: percent_change_in_capacity
      scaling_adjustment: 50
outputs:
  size: {value: {get_attr: [group, current_size]}}
'''

#: Generous: the machine is shared; nothing here depends on speed.
WAIT = 120


def run_now(function, *args):
    function(*args)


class ConcurrentSignalsTest(test_autoscaling.ScalingTestBase):
    """Many signals to one policy at once never resize twice for one."""

    THREADS = 16

    def fire(self, policy, count):
        with concurrent.futures.ThreadPoolExecutor(count) as pool:
            futures = [pool.submit(self.service.request, 'POST',
                                   '%s/resources/%s/signal' % (self.path,
                                                               policy))
                       for _i in range(count)]
            responses = [f.result(WAIT) for f in futures]
        for response in responses:
            self.service.settle(response)
        return [response.status_int for response in responses]

    def test_queued_signals_all_count_once(self):
        self.create(template=TEMPLATE)
        self.assertEqual([202] * self.THREADS, self.fire('up', self.THREADS))
        self.assertEqual(2 + self.THREADS, self.outputs()['size'])
        self.assertEqual(self.THREADS, len(self.signal_reasons('up')))

    def test_dropped_signals_are_refused_not_doubled(self):
        self.flags(group='autoscaling', pending_adjustments='drop')
        self.create(template=TEMPLATE)
        self.fire('up', self.THREADS)
        reasons = self.signal_reasons('up')
        self.assertEqual(self.THREADS, len(reasons))
        resized = [r for r in reasons if 'resized' in r]
        refused = [r for r in reasons if 'signal refused' in r]
        self.assertEqual(self.THREADS, len(resized) + len(refused), reasons)
        # Each resize added exactly one member: none ran twice.
        self.assertEqual(2 + len(resized), self.outputs()['size'])


class PendingAdjustmentsTest(test_autoscaling.ScalingTestBase):

    def setUp(self):
        super().setUp()
        self.resizing = threading.Event()
        self.release = threading.Event()
        real = nested.update_child

        def gated(*args, **kwargs):
            self.resizing.set()
            self.assertTrue(self.release.wait(WAIT))
            return real(*args, **kwargs)

        self.useFixture(fixtures.MonkeyPatch(
            'heat_vision.engine.tree.nested.update_child', gated))

    def during_one_scaling(self, signals):
        """Start a scaling by ``up``, send ``signals`` while it runs.

        :returns: the status codes of ``signals``.
        """
        first = threading.Thread(target=self.signal, args=('up',))
        first.start()
        self.assertTrue(self.resizing.wait(WAIT))
        codes = [self.service.request(
            'POST', '%s/resources/%s/signal' % (self.path, policy),
            body=body).status_int for policy, body in signals]
        self.release.set()
        first.join(WAIT)
        self.assertFalse(first.is_alive())
        return codes

    def test_fifty_signals_during_one_scaling(self):
        self.create(template=TEMPLATE)
        codes = self.during_one_scaling([('up', None)] * 49)
        self.assertEqual([202] * 49, codes)
        self.assertEqual(52, self.outputs()['size'])
        reasons = self.signal_reasons('up')
        self.assertEqual(50, len(reasons))
        # The first signal's event comes when its resize is over.
        self.assertIn('group group resized from 2 to 3', reasons[-1])
        self.assertEqual(1, len([r for r in reasons if 'signal queued'
                                 in r]))
        self.assertEqual(48, len([r for r in reasons if 'signal coalesced'
                                  in r]))
        self.assertIn('49 signal(s) pending in 1 adjustment(s)',
                      reasons[-2])
        [applied] = self.signal_reasons('group')
        self.assertIn('49 pending signal(s) from up applied: group group '
                      'resized from 3 to 52', applied)

    def test_exact_capacity_replaces_and_the_bound_refuses(self):
        self.flags(group='autoscaling', max_pending_adjustments=2)
        self.create(template=TEMPLATE)
        self.during_one_scaling([
            ('up', None), ('percent', None), ('exact', None),
            ('percent', None), ('percent', None)])
        reasons = self.signal_reasons('percent')
        self.assertIn('signal queued', reasons[0])
        self.assertIn('signal queued', reasons[1])
        self.assertIn('signal refused: the group is scaling '
                      '(max_pending_adjustments = 2)', reasons[2])
        self.assertIn('signal coalesced', self.signal_reasons('exact')[0])
        # exact (10) then +50% (15): the first percent was replaced.
        self.assertEqual(15, self.outputs()['size'])

    def test_alarm_state_ok_is_not_queued(self):
        self.create(template=TEMPLATE)
        self.during_one_scaling([('up', {'current': 'ok'})])
        self.assertIn('Signal: signal ignored: alarm state is ok',
                      self.signal_reasons('up'))
        self.assertEqual(3, self.outputs()['size'])


class DrainReadsTest(test_autoscaling.ScalingTestBase):

    def test_a_lone_signal_reads_the_stack_once_to_scale(self):
        """Nothing waits behind the claim after the resize: it is let go
        without reading the stack again.
        """
        self.create(template=TEMPLATE)
        loads = []

        class CountedStack(scaling_signals.stack_mod.Stack):
            @classmethod
            def load(cls, ctxt, stack_id, *args, **kwargs):
                loads.append(stack_id)
                return super().load(ctxt, stack_id, *args, **kwargs)

        self.useFixture(fixtures.MockPatchObject(
            scaling_signals, 'stack_mod', mock.Mock(Stack=CountedStack)))
        self.assertEqual(3, self.signal('up')['size'])
        self.assertEqual([self.stack_id], loads)
        claim = db_claims.claim_get(context.get_admin_context(),
                                    self.stack_id, 'group')
        self.assertIsNone(claim.holder)
        self.assertFalse(claim.pending)


class PolicyCooldownTest(test_autoscaling.ScalingTestBase):

    def test_the_cooldown_is_stored_before_the_group_is_free(self):
        template = TEMPLATE.replace(
            '      scaling_adjustment: 1\n',
            '      scaling_adjustment: 1\n      cooldown: 3600\n', 1)
        self.create(template=template)
        admin = context.get_admin_context()
        at_release = []

        def releasing(real):
            def change(*args):
                values = real(*args)
                if values == scaling_signals._RELEASED:
                    policy = resource_data.resource_get_by_name(
                        admin, self.stack_id, 'up')
                    at_release.append(scaling.COOLDOWN_END in (
                        policy.attr_data or {}))
                return values
            return change

        # The claim is let go by one of these, whichever finds nothing
        # left to do.
        for name in ('_next', '_let_go_if_idle'):
            self.useFixture(fixtures.MockPatchObject(
                scaling_signals, name,
                releasing(getattr(scaling_signals, name))))
        self.assertEqual(3, self.signal('up')['size'])
        self.assertEqual([True], at_release)
        self.assertEqual(3, self.signal('up')['size'])
        self.assertIn('Signal: signal ignored: in cooldown until',
                      self.last_reason('up'))


class CooldownQueueTest(test_autoscaling.ScalingTestBase):

    def expire_cooldown(self):
        """Move the group's cooldown and the claim's due time to the past.
        """
        admin = context.get_admin_context()
        with db_api.writer(admin) as session:
            row = session.query(models.Resource).filter_by(
                stack_id=self.stack_id, name='group').one()
            row.rsrc_metadata = {}
            claim = session.get(models.ResourceClaim,
                                (self.stack_id, 'group'))
            claim.due_at = claim.due_at.replace(year=2000)

    def test_signals_in_cooldown_wait_for_its_end(self):
        self.create(template=TEMPLATE, group_cooldown=3600)
        self.assertEqual(3, self.signal('up')['size'])
        self.assertEqual(3, self.signal('up')['size'])
        self.assertEqual(3, self.signal('exact')['size'])
        self.assertIn('signal queued: group group in cooldown until',
                      self.last_reason('up'))
        self.assertIn('signal coalesced: the group is in cooldown until',
                      self.last_reason('exact'))
        admin = context.get_admin_context()
        scaling_signals.sweep(admin, run_now, self.service.engine.engine_id)
        self.assertEqual(3, self.outputs()['size'])
        self.expire_cooldown()
        scaling_signals.sweep(admin, run_now, self.service.engine.engine_id)
        self.assertEqual(10, self.outputs()['size'])
        self.assertIn('2 pending signal(s) from exact applied',
                      self.last_reason('group'))

    def test_queue_survives_an_engine_restart(self):
        self.create(template=TEMPLATE, group_cooldown=3600)
        self.signal('up')
        self.signal('up')
        self.service.engine.stop()
        self.expire_cooldown()
        # A new engine's first heartbeat sweeps what is due.
        engine = engine_server.EngineServer()
        engine.start()
        self.addCleanup(engine.stop)
        self.assertTrue(self.poll(lambda: self.outputs()['size'] == 4))

    def test_drop_mode_refuses_in_cooldown(self):
        self.flags(group='autoscaling', pending_adjustments='drop')
        self.create(template=TEMPLATE, group_cooldown=3600)
        self.signal('up')
        self.assertEqual(3, self.signal('up')['size'])
        self.assertIn('signal refused: group group in cooldown until',
                      self.last_reason('up'))
        self.assertIn('(pending_adjustments = drop)', self.last_reason('up'))

    def poll(self, predicate):
        return waiting.holds_within(predicate, WAIT)


class DeadEngineClaimTest(test_autoscaling.ScalingTestBase):
    """A claim is given up as soon as its engine is dead, never before."""

    def hold_claim(self, engine_id, seconds):
        """Put a claim on the group held by ``engine_id`` until ``seconds``
        from now (negative: already past ``claim_timeout``).
        """
        until = timeutils.utcnow() + datetime.timedelta(seconds=seconds)
        db_claims.claim_change(
            context.get_admin_context(), self.stack_id, 'group',
            lambda row: {'holder': uuidutils.generate_uuid(),
                         'engine_id': engine_id, 'claimed_until': until,
                         'pending': None, 'due_at': None})

    def other_engine(self, answers=True):
        """Register an engine that beats (no process behind it); it
        answers when asked whether it is alive if ``answers``.
        """
        engine_id = uuidutils.generate_uuid()
        db_services.service_create(context.get_admin_context(), {
            'engine_id': engine_id, 'host': 'other', 'hostname': 'other',
            'binary': engine_server.BINARY, 'topic': 'heat-vision-engine',
            'report_interval': 10})
        if answers:
            server = listener.server(engine_id)
            server.start()
            self.addCleanup(server.wait)
            self.addCleanup(server.stop)
        return engine_id

    def claim(self):
        return db_claims.claim_get(context.get_admin_context(),
                                   self.stack_id, 'group')

    def test_claim_of_a_dead_engine_is_taken_over_at_once(self):
        self.create(template=TEMPLATE)
        # Unknown to the service list: dead. Its claim would hold for
        # another hour by claim_timeout.
        self.hold_claim(uuidutils.generate_uuid(), 3600)
        self.assertEqual(3, self.signal('up')['size'])
        self.assertIn('group group resized from 2 to 3',
                      self.last_reason('up'))
        claim = self.claim()
        self.assertIsNone(claim.holder)
        self.assertIsNone(claim.engine_id)

    def test_claim_of_a_live_engine_holds_past_the_timeout(self):
        self.create(template=TEMPLATE)
        other = self.other_engine()
        self.hold_claim(other, -60)
        self.assertEqual(2, self.signal('up')['size'])
        self.assertIn('signal queued: the group is scaling',
                      self.last_reason('up'))
        admin = context.get_admin_context()
        engine_id = self.service.engine.engine_id
        scaling_signals.sweep(admin, run_now, engine_id)
        self.assertEqual(2, self.outputs()['size'])
        self.assertEqual(other, self.claim().engine_id)
        # The engine dies: the next sweep applies what waited behind it.
        db_services.service_delete(admin, other)
        scaling_signals.sweep(admin, run_now, engine_id)
        self.assertEqual(3, self.outputs()['size'])
        self.assertIn('1 pending signal(s) from up applied: group group '
                      'resized from 2 to 3', self.last_reason('group'))
        self.assertIsNone(self.claim().holder)

    def test_claim_of_an_engine_that_beats_but_does_not_answer(self):
        # Its heartbeat is fresh (killed a moment ago): asked, it does not
        # answer within engine_life_check_timeout, so it is dead now, not
        # after service_down_time.
        self.flags(engine_life_check_timeout=1)
        self.create(template=TEMPLATE)
        self.hold_claim(self.other_engine(answers=False), 3600)
        self.assertEqual(3, self.signal('up')['size'])
        self.assertIn('group group resized from 2 to 3',
                      self.last_reason('up'))

    def test_signal_records_its_engine_while_it_scales(self):
        seen = []
        real = nested.update_child

        def watching(*args, **kwargs):
            seen.append(self.claim().engine_id)
            return real(*args, **kwargs)

        self.useFixture(fixtures.MonkeyPatch(
            'heat_vision.engine.tree.nested.update_child', watching))
        self.create(template=TEMPLATE)
        self.signal('up')
        self.assertEqual([self.service.engine.engine_id], seen)


SLOW_MEMBERS = TEMPLATE.replace(
    'resource: {type: OS::Heat::None}',
    'resource: {type: OS::Heat::TestResource, properties: '
    '{action_wait_secs: {create: 0.2}}}')


class Killed(BaseException):
    """The engine died here (SIGKILL: nothing after this runs)."""


class InterruptedResizeTest(test_autoscaling.ScalingTestBase):
    """An engine died in a resize, its new member half made: the engine
    taking its claim finishes that resize first, and never counts a
    member that stays CREATE_IN_PROGRESS.
    """

    #: The event owed to the signal whose resize the engine died in.
    OWED = '4b0e43c1-3f0c-4d67-9a53-36a1a3e0c0de'

    def claim_as_a_dead_engine(self):
        """Claim the group as an engine (unknown, so dead) that took a
        signal to ``up``, owing it the event ``OWED``.

        :returns: the claim's holder.
        """
        holder = uuidutils.generate_uuid()
        db_claims.claim_change(
            context.get_admin_context(), self.stack_id, 'group',
            lambda row: {
                'holder': holder, 'engine_id': uuidutils.generate_uuid(),
                'claimed_until': None, 'due_at': None,
                'pending': [scaling.adjustment('up', 'change_in_capacity',
                                               1)],
                'owed_events': [owed_events.entry('up', self.OWED)]})
        return holder

    def owed_event(self):
        """The event owed to the dead engine's signal, as its caller's
        ``Location`` reads it.
        """
        response = self.service.request('GET', '%s/resources/up/events/%s' %
                                        (self.path, self.OWED))
        self.assertEqual(200, response.status_int, response.body)
        return response.json['event']

    def die_in_a_resize(self, template=SLOW_MEMBERS):
        """Resize as an engine that dies once its new member's
        handle_create returned (the member stays CREATE_IN_PROGRESS).
        """
        self.create(template=template)
        admin = context.get_admin_context()
        holder = self.claim_as_a_dead_engine()
        ctxt = stack_trust.owner_context(
            db_stacks.stack_get(admin, self.stack_id))
        # Its new member is polled: it dies; then in its own bookkeeping.
        with mock.patch.object(common, 'polling', side_effect=Killed), \
                mock.patch.object(common, 'finish', side_effect=Killed):
            self.assertRaises(Killed, scaling_signals.drain, ctxt,
                              self.stack_id, 'group', holder)
        self.child_id = resource_data.resource_get_by_name(
            admin, self.stack_id, 'group').physical_resource_id
        self.assertEqual(('UPDATE', 'IN_PROGRESS'), self.child_state())
        self.assertIn('CREATE_IN_PROGRESS', self.member_states())

    def child_state(self):
        row = db_stacks.stack_get(context.get_admin_context(), self.child_id)
        return row.action, row.status

    def member_states(self):
        return ['%s_%s' % (r.action, r.status) for r in
                db_resources.resource_get_all_by_stack(
                    context.get_admin_context(), self.child_id)]

    def assertFinished(self, size):
        self.assertEqual(size, self.outputs()['size'])
        self.assertEqual(('UPDATE', 'COMPLETE'), self.child_state())
        self.assertEqual(['CREATE_COMPLETE'] * size, self.member_states())
        self.assertIn('Signal: resize left under way by a dead engine '
                      'finished: group group has 3 members',
                      self.signal_reasons('group'))

    def assertOwedEventSaysFinished(self):
        event = self.owed_event()
        self.assertEqual('SIGNAL_COMPLETE', event['resource_status'])
        self.assertEqual('Signal: resize left under way by a dead engine '
                         'finished: group group has 3 members',
                         event['resource_status_reason'])

    def test_the_next_signal_finishes_it_first(self):
        self.die_in_a_resize()
        self.assertEqual(4, self.signal('up')['size'])
        self.assertIn('group group resized from 3 to 4',
                      self.last_reason('up'))
        self.assertFinished(4)
        self.assertOwedEventSaysFinished()
        self.assertIsNone(db_claims.claim_get(
            context.get_admin_context(), self.stack_id,
            'group').owed_events)

    def test_the_sweep_finishes_it(self):
        self.die_in_a_resize()
        scaling_signals.sweep(context.get_admin_context(), run_now,
                              self.service.engine.engine_id)
        self.assertFinished(3)
        claim = db_claims.claim_get(context.get_admin_context(),
                                    self.stack_id, 'group')
        self.assertEqual((None, None), (claim.holder, claim.owed_events))
        self.assertOwedEventSaysFinished()
        # Written once: a later drain finds nothing owed.
        self.assertEqual(1, self.signal_reasons('up').count(
            self.owed_event()['resource_status_reason']))

    def test_the_dead_signals_policy_cooldown_starts(self):
        self.die_in_a_resize(SLOW_MEMBERS.replace(
            '      scaling_adjustment: 1\n',
            '      scaling_adjustment: 1\n      cooldown: 3600\n', 1))
        scaling_signals.sweep(context.get_admin_context(), run_now,
                              self.service.engine.engine_id)
        self.assertFinished(3)
        policy = resource_data.resource_get_by_name(
            context.get_admin_context(), self.stack_id, 'up')
        self.assertIn(scaling.COOLDOWN_END, policy.attr_data)
        self.assertEqual(3, self.signal('up')['size'])
        self.assertIn('Signal: signal ignored: in cooldown until',
                      self.last_reason('up'))

    def test_a_signal_its_dead_engine_never_applied(self):
        # The engine died before it took the adjustment: the engine that
        # takes its claim over applies it, and says so in its event.
        self.create(template=SLOW_MEMBERS)
        self.claim_as_a_dead_engine()
        scaling_signals.sweep(context.get_admin_context(), run_now,
                              self.service.engine.engine_id)
        self.assertEqual(3, self.outputs()['size'])
        self.assertIn('group group resized from 2 to 3',
                      self.owed_event()['resource_status_reason'])


class ScalingWhileTheTreeIsCreatedTest(test_autoscaling.ScalingTestBase):
    """A group that completed early waits for the rest of its tree.

    The create bounds the tree's resources without counting them again
    (``engine.tree.budget``): members added by a signal meanwhile would
    escape ``max_resources_per_stack``.
    """

    def setUp(self):
        super().setUp()
        self.release = self.useFixture(
            hv_fixtures.HeldHandleCreates()).release

    def state(self, name):
        return hv_fixtures.resource_state(self.stack_id, name)

    def members(self):
        path = '%s/resources?nested_depth=1' % self.path
        return sum(r['resource_type'] == 'OS::Heat::None' for r in
                   self.service.request('GET', path).json['resources'])

    def test_signals_wait_until_the_top_level_stack_is_created(self):
        template = TEMPLATE.replace('outputs:', '''  handle:
    type: OS::Heat::WaitConditionHandle
outputs:''')
        response = self.service.request('POST', '/v1/demo/stacks', body={
            'stack_name': 'as', 'template': template,
            'disable_rollback': True})
        self.assertEqual(201, response.status_int, response.body)
        self.stack_id = response.json['stack']['id']
        self.path = '/v1/demo/stacks/as/%s' % self.stack_id
        self.assertTrue(waiting.holds_within(
            lambda: self.state('up') == 'CREATE_COMPLETE', WAIT))
        self.assertEqual('CREATE_IN_PROGRESS', self.state('handle'))
        response = self.service.request(
            'POST', '%s/resources/up/signal' % self.path)
        self.assertEqual(202, response.status_int, response.body)
        self.service.settle(response)
        self.assertIn('signal queued: the stacks of group group are still '
                      'being created', self.last_reason('up'))
        admin = context.get_admin_context()
        scaling_signals.sweep(admin, run_now, self.service.engine.engine_id)
        self.assertEqual(2, self.members())
        self.release.set()
        self.finish('CREATE_COMPLETE')
        scaling_signals.sweep(admin, run_now, self.service.engine.engine_id)
        self.assertEqual(3, self.outputs()['size'])


class ContendedClaimTest(test_autoscaling.ScalingTestBase):
    """However often the claim changes under a signal, it leaves an event.
    """

    def contend(self, races):
        """Change the group's claim after each read of it, ``races``
        times: every compare-and-set in between loses.
        """
        real = db_claims.claim_get
        lost = []

        def raced(ctxt, stack_id, resource_name):
            row = real(ctxt, stack_id, resource_name)
            if row is not None and len(lost) < races:
                lost.append(row.version)
                with db_api.writer(ctxt) as session:
                    session.query(models.ResourceClaim).filter_by(
                        stack_id=stack_id,
                        resource_name=resource_name).update(
                            {'version': models.ResourceClaim.version + 1},
                            synchronize_session=False)
            return row

        self.useFixture(fixtures.MockPatchObject(db_claims, 'claim_get',
                                                 raced))
        return lost

    def test_a_signal_outlasts_many_lost_races(self):
        self.create(template=TEMPLATE)
        self.assertEqual(3, self.signal('up')['size'])
        # A loser's pause after each lost race (random, up to a quarter
        # of a second) is not what is tested: sixty of them were seven
        # seconds of waiting.
        self.useFixture(fixtures.MockPatchObject(
            db_claims, '_BACKOFF', (0.001, 0.005)))
        lost = self.contend(60)
        response = self.service.request(
            'POST', '%s/resources/up/signal' % self.path)
        self.assertEqual(202, response.status_int, response.body)
        self.service.settle(response)
        self.assertEqual(60, len(lost))
        self.assertEqual(4, self.outputs()['size'])
        self.assertIn('group group resized from 3 to 4',
                      self.last_reason('up'))

    def test_a_signal_that_cannot_get_through_leaves_an_event(self):
        self.create(template=TEMPLATE)
        self.assertEqual(3, self.signal('up')['size'])
        self.useFixture(fixtures.MockPatchObject(
            scaling_signals, '_arrival_deadline', lambda: 0.5))
        self.contend(10 ** 6)
        response = self.service.request(
            'POST', '%s/resources/up/signal' % self.path)
        self.assertEqual(409, response.status_int, response.body)
        self.assertIn('kept changing', response.text)
        self.assertEqual(2, len(self.signal_reasons('up')))
        self.assertIn('signal failed: claim on', self.last_reason('up'))
        self.assertEqual(3, self.outputs()['size'])


class SignalAnswerTest(test_autoscaling.ScalingTestBase):
    """A signal to a policy is answered 202 with its id and its event."""

    def post(self, policy='up', body=None, key=None):
        headers = {'Idempotency-Key': key} if key is not None else None
        return self.service.request(
            'POST', '%s/resources/%s/signal' % (self.path, policy),
            body=body, headers=headers)

    def test_the_answer_names_the_signal_and_its_event(self):
        self.create(template=TEMPLATE)
        response = self.post()
        self.assertEqual(202, response.status_int, response.body)
        signal = response.json['signal']
        self.assertTrue(uuidutils.is_uuid_like(signal['id']))
        self.assertEqual('accepted', signal['status'])
        self.assertTrue(response.location.endswith(
            '/v1/demo/stacks/as/%s/resources/up/events/%s' % (
                self.stack_id, signal['event_id'])))
        self.service.settle(response)
        event = self.service.request(
            'GET', urllib.parse.urlsplit(response.location).path).json[
                'event']
        self.assertEqual(signal['event_id'], event['id'])
        self.assertIn('group group resized from 2 to 3',
                      event['resource_status_reason'])

    def test_a_retry_with_the_same_key_does_nothing(self):
        self.create(template=TEMPLATE)
        first = self.service.settle(self.post(key='cep-plan-7'))
        again = self.service.settle(self.post(key='cep-plan-7'))
        self.assertEqual(202, again.status_int, again.body)
        self.assertEqual('cep-plan-7', first.json['signal']['id'])
        self.assertEqual('cep-plan-7', again.json['signal']['id'])
        self.assertEqual('duplicate', again.json['signal']['status'])
        self.assertEqual(first.location, again.location)
        self.assertEqual(3, self.outputs()['size'])
        self.assertEqual(1, len(self.signal_reasons('up')))
        # Another key is another signal; the same key elsewhere too.
        self.service.settle(self.post(key='cep-plan-8'))
        self.service.settle(self.post('percent', key='cep-plan-7'))
        self.assertEqual(6, self.outputs()['size'])

    def test_an_unusable_key_is_refused(self):
        self.create(template=TEMPLATE)
        for key in ('', 'k' * 256, 'caf\u00e9', 'a\tb'):
            response = self.post(key=key)
            self.assertEqual(400, response.status_int, key)
            self.assertIn('Idempotency-Key', response.text)
        self.assertEqual(2, self.outputs()['size'])
        self.assertEqual([], self.signal_reasons('up'))

    def test_other_signals_are_still_answered_when_handled(self):
        template = TEMPLATE.replace('outputs:', '''  handle:
    type: OS::Heat::WaitConditionHandle
outputs:''')
        self.create(template=template)
        response = self.post('handle', body={'status': 'SUCCESS'})
        self.assertEqual(200, response.status_int, response.body)
