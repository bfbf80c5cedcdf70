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

"""Which trust a stack's deferred work acts with, and when it goes.

Keystone itself is in tests/cloud/auth/test_stack_trusts.py; here
the stored trust is set by hand (the embedded service runs noauth, which
makes none) and its deletion is watched.
"""

import time
from unittest import mock

from heat_vision.common import trusts
from heat_vision.db import stacks as db_stacks
from heat_vision.engine.tree import trust as stack_trust
from tests.component.engine import stack_ops

TEMPLATE = '''heat_template_version: 2021-04-16
resources:
  inner:
    type: OS::Heat::Stack
    properties:
      template: |
        heat_template_version: 2021-04-16
        resources:
          leaf: {type: OS::Heat::None}
'''


class StackTrustTest(stack_ops.StackOpsTestCase):

    template = TEMPLATE

    def setUp(self):
        super().setUp()
        self.flags(auth_encryption_key='a key')
        self.sealed = trusts.seal('the-trust-id')
        self.child = db_stacks.stack_get_children(
            self.ctxt, [self.stack_id])[0]

    def _keep(self, **values):
        values = dict({'sealed_trust': self.sealed,
                       'trustor_user_id': 'trustor',
                       'trust_borrowed': False}, **values)
        db_stacks.stack_update(self.ctxt, self.stack_id, values)

    def test_noauth_makes_no_trust(self):
        row = db_stacks.stack_get(self.ctxt, self.stack_id)
        self.assertIsNone(row.sealed_trust)
        self.assertIsNone(self.child.sealed_trust)
        self.assertIsNone(stack_trust.owner_context(row).sealed_trust)

    def test_nested_stacks_act_with_their_roots_trust(self):
        self._keep()
        ctxt = stack_trust.owner_context(self.child, request_id='req-1')
        self.assertEqual(self.sealed, ctxt.sealed_trust)
        self.assertEqual('trustor', ctxt.user_id)
        self.assertEqual(self.child.project_id, ctxt.project_id)
        self.assertIsNone(ctxt.auth_token)
        self.assertNotIn(self.sealed, repr(ctxt.to_dict()))

    def test_a_users_signal_acts_with_the_stacks_trust(self):
        caller = mock.Mock(request_id='req-2', user_id='signaller')
        row = db_stacks.stack_get(self.ctxt, self.stack_id)
        self.assertIs(caller, stack_trust.signal_context(caller, row))
        self._keep()
        row = db_stacks.stack_get(self.ctxt, self.stack_id)
        ctxt = stack_trust.signal_context(caller, row)
        self.assertEqual(self.sealed, ctxt.sealed_trust)
        self.assertEqual('trustor', ctxt.user_id)
        self.assertEqual('req-2', ctxt.request_id)
        self.assertEqual(row.project_id, ctxt.project_id)

    def test_delete_deletes_the_trust_once(self):
        self._keep()
        with mock.patch.object(trusts, 'delete') as delete:
            self.service.request('DELETE', self.path)
            self.service.wait_for_stack('demo', self.stack_name)
            # The stack disappears as its delete completes; the trust
            # goes right after, on the engine's thread.
            deadline = time.monotonic() + 30
            while not delete.called and time.monotonic() < deadline:
                time.sleep(0.01)
        delete.assert_called_once_with('the-trust-id')
        row = db_stacks.stack_get(self.ctxt, self.stack_id,
                                  show_deleted=True)
        self.assertIsNone(row.sealed_trust)

    def test_a_borrowed_trust_stays(self):
        self._keep(trust_borrowed=True)
        with mock.patch.object(trusts, 'delete') as delete:
            self.service.request('DELETE', self.path)
            self.service.wait_for_stack('demo', self.stack_name)
        delete.assert_not_called()

    def test_abandon_deletes_the_trust(self):
        self._keep()
        with mock.patch.object(trusts, 'delete') as delete:
            response = self.service.request('DELETE',
                                            self.path + '/abandon')
        self.assertEqual(200, response.status_int, response.body)
        delete.assert_called_once_with('the-trust-id')
