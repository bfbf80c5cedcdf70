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

"""Raw templates are stored once per content and project."""

import datetime

from oslo_utils import timeutils

from heat_vision.common import context
from heat_vision.db import api as db_api
from heat_vision.db import models
from heat_vision.db import purge
from heat_vision.db import stacks as db_stacks
from tests import base
from tests import fixtures as hv_fixtures

CHILD = '''heat_template_version: 2021-04-16
resources:
  v: {type: OS::Heat::None}
'''
PARENT = {'heat_template_version': '2021-04-16', 'resources': {
    'a%d' % i: {'type': 'child.yaml'} for i in range(5)}}


class TemplateDedupTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.service = self.useFixture(
            hv_fixtures.EmbeddedService(self.state_dir))

    def create(self, tenant, name, template, files=None):
        response = self.service.request(
            'POST', '/v1/%s/stacks' % tenant,
            body={'stack_name': name, 'template': template,
                  'files': files or {}})
        self.assertEqual(201, response.status_int, response.body)
        stack = self.service.wait_for_stack(tenant, name)
        self.assertEqual('CREATE_COMPLETE', stack['stack_status'],
                         stack['stack_status_reason'])
        return stack

    def template_rows(self):
        with db_api.reader(context.get_admin_context()) as session:
            return session.query(models.RawTemplate).count()

    def test_nested_stacks_and_equal_stacks_share_one_row(self):
        files = {'child.yaml': CHILD}
        self.create('demo', 'one', PARENT, files)
        # The parent's row, and one row for the five identical children.
        self.assertEqual(2, self.template_rows())
        self.create('demo', 'two', PARENT, files)
        self.assertEqual(2, self.template_rows())

    def test_other_projects_and_other_content_get_rows_of_their_own(self):
        self.create('demo', 'one', CHILD)
        self.create('other', 'one', CHILD)
        self.create('demo', 'two', CHILD + '\ndescription: different\n')
        self.assertEqual(3, self.template_rows())

    def test_the_hash_covers_files_and_environment(self):
        ctxt = context.RequestContext(project_id='p', is_admin=False)
        ids = {db_stacks.raw_template_create(ctxt, {'t': 1}, files, env)
               for files, env in (({}, {}), ({'f': 'x'}, {}),
                                  ({}, {'parameters': {'a': 1}}),
                                  ({}, {}))}
        self.assertEqual(3, len(ids))

    def test_purge_keeps_a_row_another_stack_still_uses(self):
        one = self.create('demo', 'one', CHILD)
        self.create('demo', 'two', CHILD)
        path = '/v1/demo/stacks/one/%s' % one['id']
        self.assertEqual(204,
                         self.service.request('DELETE', path).status_int)
        self.service.wait_for_stack('demo', 'one')
        future = timeutils.utcnow() + datetime.timedelta(days=1)
        purge.purge_deleted(context.get_admin_context(), future)
        self.assertEqual(1, self.template_rows())
        self.create('demo', 'three', CHILD)
        self.assertEqual(1, self.template_rows())
        self.assertEqual('CREATE_COMPLETE', self.service.wait_for_stack(
            'demo', 'two')['stack_status'])
