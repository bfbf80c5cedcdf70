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
"""Who is a stack-domain user of a stack."""

import types

from heat_vision.common import context
from heat_vision.common import stack_users
from tests import base

STACK = types.SimpleNamespace(id='5b5a0b4e-6a43-4c8b-9a8f-7c7e0f7d2f21',
                              project_id='0' * 32)


class StackUsersTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.flags(stack_user_domain_id='heat-domain')

    def ctxt(self, **kwargs):
        values = dict(project_id='p1', project_domain_id='heat-domain',
                      roles=['heat_stack_user'],
                      project_name=stack_users.project_name(
                          STACK.project_id, STACK.id))
        values.update(kwargs)
        return context.RequestContext(**values)

    def test_name_is_cut_to_keystone_length(self):
        name = stack_users.project_name(STACK.project_id, STACK.id)
        self.assertEqual(64, len(name))
        self.assertTrue(name.startswith(STACK.project_id + '-5b5a0b4e'))

    def test_the_stack_user(self):
        self.assertTrue(stack_users.is_stack_user_of(self.ctxt(), STACK))

    def test_crosses_rpc(self):
        again = context.RequestContext.from_dict(self.ctxt().to_dict())
        self.assertTrue(stack_users.is_stack_user_of(again, STACK))

    def test_not_a_stack_user(self):
        for kwargs in ({'project_domain_id': 'default'},
                       {'roles': ['member']},
                       {'project_name': 'someone-else'},
                       {'project_name': None}):
            self.assertFalse(stack_users.is_stack_user_of(
                self.ctxt(**kwargs), STACK), kwargs)

    def test_domain_by_name(self):
        self.flags(stack_user_domain_id=None, stack_user_domain_name='heat')
        self.assertTrue(stack_users.is_stack_user_of(
            self.ctxt(project_domain_id='x', project_domain_name='heat'),
            STACK))
        self.assertFalse(stack_users.is_stack_user_of(
            self.ctxt(project_domain_name='other'), STACK))

    def test_no_domain_configured(self):
        self.flags(stack_user_domain_id=None)
        self.assertFalse(stack_users.is_stack_user_of(self.ctxt(), STACK))
        self.assertFalse(stack_users.configured())
