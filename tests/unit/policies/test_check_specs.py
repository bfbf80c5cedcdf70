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

"""oslo.policy's check specs, remembered per check class."""

import inspect

from oslo_config import cfg
from oslo_policy import _checks
from oslo_policy import policy

from heat_vision.policies import check_specs
from tests import base


class _Legacy(_checks.Check):
    """A check written before checks were given the rule's name."""

    def __call__(self, target, creds, enforcer):
        return creds.get('roles') == [self.match]


class CheckSpecsTest(base.TestCase):

    def setUp(self):
        super().setUp()
        check_specs.install()

    def test_same_specs_as_inspect(self):
        remembering = _checks.inspect
        for check in (_checks.RoleCheck('role', 'admin'),
                      _Legacy('legacy', 'x'), _checks.TrueCheck()):
            self.assertEqual(inspect.getfullargspec(check.__call__),
                             remembering.getfullargspec(check.__call__))
        self.assertIs(inspect.signature, remembering.signature)

    def test_installing_twice_keeps_one_shim(self):
        shim = _checks.inspect
        check_specs.install()
        self.assertIs(shim, _checks.inspect)

    def test_decisions_unchanged(self):
        enforcer = policy.Enforcer(cfg.CONF, use_conf=False)
        enforcer.set_rules(policy.Rules.from_dict({
            'both': 'role:admin and project_id:%(project_id)s'}))
        creds = {'roles': ['admin'], 'project_id': 'p'}
        for _ in range(2):
            self.assertTrue(enforcer.enforce('both', {'project_id': 'p'},
                                             creds))
            self.assertFalse(enforcer.enforce('both', {'project_id': 'q'},
                                              creds))
        legacy = _Legacy('legacy', 'member')
        self.assertTrue(_checks._check(legacy, {}, {'roles': ['member']},
                                       enforcer, None))
        self.assertFalse(_checks._check(legacy, {}, {'roles': ['admin']},
                                        enforcer, None))
