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
"""POLL_SERVER_HEAT credentials of OS::Heat::DeployedServer."""

from heat_vision.resources.heat import deployed_server
from tests import base
from tests.unit.resources import test_iam
from tests.unit.resources import utils


class PollServerHeatTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.flags(auth_encryption_key='unit-test-key')
        self.flags(group='clients', auth_url='http://keystone.test/v3')
        self.stack = test_iam.DomainStack()
        self.stack.definition = None

    def _server(self):
        server = utils.make(deployed_server.DeployedServer, 'server',
                            stack=self.stack, metadata={})
        utils.run(server)
        return server

    def test_without_a_domain_no_credentials(self):
        occ = self._server().get_attribute('os_collect_config')
        self.assertEqual({'auth_url': 'http://keystone.test/v3',
                          'project_id': 'demo',
                          'stack_id': 'teststack/%s' % self.stack.id,
                          'resource_name': 'server',
                          'region_name': None}, occ['heat'])
        self.assertEqual({}, self.stack.domain.users)

    def test_credentials_of_a_stack_user(self):
        self.flags(stack_user_domain_id='dom', stack_domain_admin='adm',
                   stack_domain_admin_password='pw')
        server = self._server()
        heat = server.get_attribute('os_collect_config', 'heat')
        made = self.stack.domain.users[heat['user_id']]
        self.assertEqual(made['password'], heat['password'])
        self.assertEqual(made['project'], heat['project_id'])
        self.assertNotIn(heat['password'], str(server.data))
        utils.run(server, 'delete')
        self.assertEqual({}, self.stack.domain.users)
        self.assertEqual({}, self.stack.domain.projects)
