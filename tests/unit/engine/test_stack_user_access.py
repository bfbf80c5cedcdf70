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
"""What a stack's own user (a server's agent) finds: its stack by name,
and the metadata of only the resource that owns it (Heat's
``stack_get_by_name`` and ``_authorize_stack_user``).
"""

import types

from heat_vision.common import context
from heat_vision.common import exception
from heat_vision.common import stack_users
from heat_vision.db import stacks as db_stacks
from heat_vision.engine.endpoints import resources
from tests import base
from tests import fixtures as hv_fixtures

OWNER = '0' * 32


def row(user_id=None, replaced_by=None):
    return types.SimpleNamespace(attr_data={'user_id': user_id},
                                 replaced_by=replaced_by)


class StackByNameTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.flags(stack_user_domain_id='heat-domain')
        self.useFixture(hv_fixtures.Database(self.state_dir))
        owner = context.RequestContext(project_id=OWNER, user_id='u',
                                       overwrite=False)
        template_id = db_stacks.raw_template_create(
            owner, {'heat_template_version': '2021-04-16'})
        self.stack = db_stacks.stack_create(owner, {
            'name': 'web', 'project_id': OWNER,
            'raw_template_id': template_id, 'action': 'CREATE',
            'status': 'COMPLETE'})

    def agent(self, stack_id, **kwargs):
        values = dict(project_id='sp', project_domain_id='heat-domain',
                      roles=['heat_stack_user'], overwrite=False,
                      project_name=stack_users.project_name(OWNER,
                                                            stack_id))
        values.update(kwargs)
        return context.RequestContext(**values)

    def test_the_stack_user_finds_its_stack(self):
        found = db_stacks.stack_get_by_name(self.agent(self.stack.id),
                                            'web')
        self.assertEqual(self.stack.id, found.id)

    def test_others_do_not(self):
        for ctxt in (self.agent('another-stack'),
                     self.agent(self.stack.id, roles=['member']),
                     context.RequestContext(project_id='other',
                                            overwrite=False)):
            self.assertIsNone(db_stacks.stack_get_by_name(ctxt, 'web'))


class OwnResourceTest(base.TestCase):

    def stack(self, plugins):
        return types.SimpleNamespace(
            rows={'server': row('su'), 'other': row('ou'),
                  'old': row('su', replaced_by=7)},
            plugin=plugins.get)

    def test_a_server_user_reads_its_server_only(self):
        stack = self.stack({'server': object(), 'other': object()})
        ctxt = types.SimpleNamespace(user_id='su')
        resources._authorize_stack_user(ctxt, stack, 'server')
        for name in ('other', 'old'):
            self.assertRaises(exception.Forbidden,
                              resources._authorize_stack_user, ctxt, stack,
                              name)

    def test_an_iam_user_reads_what_its_policies_allow(self):
        iam = types.SimpleNamespace(
            access_allowed=lambda name: name == 'other')
        stack = self.stack({'server': iam})
        ctxt = types.SimpleNamespace(user_id='su')
        resources._authorize_stack_user(ctxt, stack, 'other')
        self.assertRaises(exception.Forbidden,
                          resources._authorize_stack_user, ctxt, stack,
                          'server')
