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

"""The enforcer looks for an absent policy file at most once a second."""

import os
from unittest import mock

from oslo_config import cfg
from oslo_policy import policy

from heat_vision.common import context
from heat_vision.common import exception
from heat_vision.policies import enforcer
from tests import base


class AbsentPolicyFileTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.path = os.path.join(self.state_dir, 'policy.yaml')
        enforcer.get_enforcer()     # registers oslo.policy's options
        self.flags(policy_file=self.path, group='oslo_policy')
        enforcer.reset()
        self.addCleanup(enforcer.reset)
        self.ctxt = context.RequestContext(project_id='p', user_id='u',
                                           roles=['member'])

    def allowed(self):
        try:
            enforcer.authorize(self.ctxt, 'stacks:index',
                               {'project_id': 'p'})
            return True
        except Exception:
            return False

    def test_a_file_created_later_is_read(self):
        self.assertTrue(self.allowed())
        with open(self.path, 'w') as f:
            f.write('"stacks:index": "!"\n')
        with mock.patch.object(enforcer.Enforcer, 'MISSING_RECHECK', 0):
            self.assertFalse(self.allowed())

    def test_an_absent_file_is_not_looked_for_at_every_decision(self):
        self.assertTrue(self.allowed())
        with mock.patch.object(cfg.ConfigOpts, 'find_file') as find:
            for _ in range(3):
                self.assertTrue(self.allowed())
        find.assert_not_called()

    def test_an_existing_file_is_reread_when_changed(self):
        with open(self.path, 'w') as f:
            f.write('"stacks:index": "role:member"\n')
        self.assertTrue(self.allowed())
        later = os.path.getmtime(self.path) + 10
        with open(self.path, 'w') as f:
            f.write('"stacks:index": "!"\n')
        os.utime(self.path, (later, later))   # newer, whatever the clock
        self.assertFalse(self.allowed())


class RulesNotReloadedTest(AbsentPolicyFileTest):
    """Without a policy file, the rules are not gone over again at each
    decision, and what could change them still does.
    """

    def test_rules_are_not_reloaded_at_every_decision(self):
        self.assertTrue(self.allowed())
        with mock.patch('oslo_policy.policy.Enforcer.load_rules') as load:
            for _ in range(3):
                self.assertTrue(self.allowed())
        load.assert_not_called()

    def test_a_rule_registered_later_is_enforced(self):
        self.assertTrue(self.allowed())
        enforcer.get_enforcer().register_default(
            policy.RuleDefault('hv:test:later', '!'))
        self.assertRaises(exception.Forbidden, enforcer.authorize, self.ctxt,
                          'hv:test:later', {'project_id': 'p'})
        self.assertIn('hv:test:later', enforcer.get_enforcer().rules)

    def test_a_forced_reload_is_done(self):
        self.assertTrue(self.allowed())
        with mock.patch('oslo_policy.policy.Enforcer.load_rules') as load:
            enforcer.get_enforcer().load_rules(force_reload=True)
        load.assert_called_once_with(True)
