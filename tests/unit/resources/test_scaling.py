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

    def adjust(self, *args):
        self.calls.append(args)
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

    def test_signal_adjusts_the_group_by_reference(self):
        policy, group = self.policy(min_adjustment_step=2, cooldown=60)
        self.assertEqual('resized', policy.handle_signal(None))
        self.assertEqual([(10, PERCENT, 2)], group.calls)
        reason = policy.handle_signal({'current': 'alarm'})
        self.assertTrue(reason.startswith('signal ignored: in cooldown '
                                          'until '), reason)
        self.assertEqual(1, len(group.calls))

    def test_alarm_url_is_signed_with_the_kept_secret(self):
        policy, _group = self.policy()
        secret = policy.data[signing.SECRET_KEY]
        self.assertEqual(
            signing.signal_url(policy.stack.id, 'up', secret),
            policy.get_attribute('alarm_url'))

    def test_unknown_group_is_refused(self):
        policy, group = self.policy(auto_scaling_group_id='nope')
        self.assertRaises(exception.Invalid, policy.handle_signal, None)
        self.assertEqual([], group.calls)
