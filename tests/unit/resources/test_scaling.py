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

"""The capacity arithmetic and cooldowns of autoscaling."""

import datetime

from oslo_utils import timeutils

from heat_vision.common import exception
from heat_vision.common import signing
from heat_vision.resources.heat import scaling
from heat_vision.resources.heat import scaling_policy
from tests import base
from tests.unit.resources import utils

CHANGE, EXACT, PERCENT = scaling.ADJUSTMENT_TYPES


class NewCapacityTest(base.TestCase):

    def check(self, expected, current, adjustment, kind, step=None,
              minimum=0, maximum=100):
        self.assertEqual(expected, scaling.new_capacity(
            current, adjustment, kind, step, minimum, maximum))

    def test_change_and_exact(self):
        self.check(5, 3, 2, CHANGE)
        self.check(1, 3, -2, CHANGE)
        self.check(7, 3, 7, EXACT)

    def test_clamped_to_the_bounds(self):
        self.check(4, 3, 5, CHANGE, maximum=4)
        self.check(2, 3, -5, CHANGE, minimum=2)
        self.check(2, 3, 0, EXACT, minimum=2)
        self.check(4, 3, 50, EXACT, maximum=4)

    def test_percent_under_one_member_rounds_away_from_zero(self):
        self.check(4, 3, 10, PERCENT)      # +0.3 -> +1
        self.check(2, 3, -10, PERCENT)     # -0.3 -> -1
        self.check(0, 0, 50, PERCENT)      # 0 members: no change

    def test_percent_over_one_member_rounds_towards_zero(self):
        self.check(16, 15, 10, PERCENT)    # +1.5 -> +1
        self.check(14, 15, -10, PERCENT)   # -1.5 -> -1
        self.check(13, 10, 35, PERCENT)    # +3.5 -> +3

    def test_min_adjustment_step(self):
        self.check(18, 15, 10, PERCENT, step=3)
        self.check(12, 15, -10, PERCENT, step=3)
        # A step smaller than the change leaves it.
        self.check(13, 10, 35, PERCENT, step=2)


class CooldownTest(base.TestCase):

    def test_cooldown(self):
        self.assertIsNone(scaling.in_cooldown({}))
        self.assertEqual({}, scaling.start_cooldown({}, 0))
        metadata = scaling.start_cooldown({'kept': 1}, 60)
        self.assertEqual(1, metadata['kept'])
        end = scaling.in_cooldown(metadata)
        now = timeutils.utcnow(with_timezone=True)
        self.assertGreater(end, now + datetime.timedelta(seconds=50))
        past = (now - datetime.timedelta(seconds=1)).isoformat()
        self.assertIsNone(scaling.in_cooldown({scaling.COOLDOWN_END: past}))


class FakeGroup:

    def __init__(self):
        self.calls = []

    def get_reference_id(self):
        return 'group-id'

    name = 'asg'

    def apply_adjustments(self, pending):
        self.calls.append(pending)
        return True, 'resized'


class ScalingPolicyTest(base.TestCase):

    def policy(self, **props):
        stack = utils.FakeStack()
        stack.get_reference_id = lambda name: stack.plugins[
            name].get_reference_id()
        group = FakeGroup()
        stack.plugins['asg'] = group
        props = dict({'auto_scaling_group_id': 'group-id',
                      'adjustment_type': PERCENT,
                      'scaling_adjustment': 10}, **props)
        policy = utils.make(scaling_policy.ScalingPolicy, 'up', props,
                            stack=stack)
        utils.run(policy)
        return policy, group

    def test_signal_claims_the_group_by_reference(self):
        policy, _group = self.policy(min_adjustment_step=2, cooldown=60)
        self.assertEqual('asg', policy.signal_claim())
        self.assertIsNone(policy.signal_ignored(None))
        self.assertEqual(scaling.adjustment('up', PERCENT, 10, 2),
                         policy.signal_adjustment())
        self.assertEqual('alarm state is ok',
                         policy.signal_ignored({'current': 'ok'}))
        policy.signal_applied()
        reason = policy.signal_ignored({'current': 'alarm'})
        self.assertTrue(reason.startswith('in cooldown until '), reason)

    def test_alarm_url_is_signed_with_the_kept_secret(self):
        policy, _group = self.policy()
        secret = policy.data[signing.SECRET_KEY]
        self.assertEqual(
            signing.signal_url(policy.stack.id, 'up', secret),
            policy.get_attribute('alarm_url'))

    def test_unknown_group_is_refused(self):
        policy, group = self.policy(auto_scaling_group_id='nope')
        self.assertRaises(exception.Invalid, policy.signal_claim)
        self.assertEqual([], group.calls)


class PendingTest(base.TestCase):
    """Coalescing of the adjustments a busy group keeps."""

    def entry(self, kind, value, policy='p'):
        return scaling.adjustment(policy, kind, value)

    def test_changes_add_up_exact_replaces_percent_queues(self):
        pending, outcome = scaling.merge_pending(
            [], self.entry(scaling.CHANGE_IN_CAPACITY, 2), 3)
        self.assertEqual(scaling.QUEUED, outcome)
        pending, outcome = scaling.merge_pending(
            pending, self.entry(scaling.CHANGE_IN_CAPACITY, -1, 'q'), 3)
        self.assertEqual(scaling.COALESCED, outcome)
        self.assertEqual([dict(self.entry(scaling.CHANGE_IN_CAPACITY, 1),
                               policy='p,q', signals=2)], pending)
        pending, outcome = scaling.merge_pending(
            pending, self.entry(scaling.PERCENT_CHANGE_IN_CAPACITY, 50), 3)
        self.assertEqual((2, scaling.QUEUED), (len(pending), outcome))
        self.assertEqual(6, scaling.pending_capacity(3, pending, 0, 10))
        pending, outcome = scaling.merge_pending(
            pending, self.entry(scaling.EXACT_CAPACITY, 7), 3)
        self.assertEqual(scaling.COALESCED, outcome)
        self.assertEqual(4, scaling.signal_count(pending))
        self.assertEqual(7, scaling.pending_capacity(3, pending, 0, 10))

    def test_bound_refuses(self):
        pending = [self.entry(scaling.PERCENT_CHANGE_IN_CAPACITY, 10)]
        merged, outcome = scaling.merge_pending(
            pending, self.entry(scaling.PERCENT_CHANGE_IN_CAPACITY, 10), 1)
        self.assertEqual((pending, scaling.REFUSED), (merged, outcome))
