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
"""A server's metadata pushed again when its deployments change
(ZAQAR_MESSAGE, POLL_TEMP_URL), on the sqlite database.
"""

from unittest import mock

import fixtures

from heat_vision.clients import stack_domain
from heat_vision.common import context
from heat_vision.common import exception
from heat_vision.common import trusts
from heat_vision.db import resources as db_resources
from heat_vision.db import software_configs as db_configs
from heat_vision.db import stacks as db_stacks
from heat_vision.engine import deployment_push
from heat_vision.engine import software_deployments
from heat_vision.resources.heat import server_transport
from tests import base
from tests import fixtures as hv_fixtures

SERVER = 'b1946ac9-2b1a-4b5c-9a54-6a3f7e1d2c01'


class PushTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.flags(auth_encryption_key='unit-test-key')
        self.useFixture(hv_fixtures.Database(self.state_dir))
        self.ctxt = context.RequestContext(project_id='p', user_id='u',
                                           overwrite=False)
        template_id = db_stacks.raw_template_create(
            self.ctxt, {'heat_template_version': '2021-04-16'})
        self.stack_id = db_stacks.stack_create(self.ctxt, {
            'name': 's', 'project_id': 'p', 'raw_template_id': template_id,
            'action': 'CREATE', 'status': 'COMPLETE'}).id
        self.domain = mock.Mock()
        self.patch(stack_domain, 'StackDomain',
                   lambda: self.domain)
        self.put = mock.Mock()
        self.patch(server_transport.ks_session, 'Session',
                   lambda **kwargs: mock.Mock(put=self.put))

    def server(self, data, project='p'):
        db_resources.resource_create_many(self.ctxt, [{
            'stack_id': self.stack_id, 'name': 'server',
            'type': 'OS::Heat::DeployedServer', 'action': 'CREATE',
            'status': 'COMPLETE', 'physical_resource_id': SERVER,
            'attr_data': data, 'rsrc_metadata': {'own': 1}}])

    def deploy(self):
        config = db_configs.software_config_create(self.ctxt, {
            'name': 'cfg', 'group': 'script', 'config': {'config': 'x'},
            'project_id': 'p'})
        software_deployments.create(self.ctxt, 'd-1', SERVER, config.id, {},
                                    'CREATE', 'IN_PROGRESS', '')

    def test_the_queue_gets_the_deployed_configs(self):
        self.server({'metadata_queue_id': 'q', 'user_id': 'su',
                     'user_project_id': 'sp',
                     'password': trusts.seal('pw')})
        self.deploy()
        deployment_push.push(self.ctxt, 'p', SERVER)
        [call] = self.domain.call_as_user.call_args_list
        user, service, method, path = call[0]
        self.assertEqual(({'user_id': 'su', 'project_id': 'sp',
                           'password': 'pw'}, 'messaging', 'POST',
                          '/v2/queues/q/messages'),
                         (user, service, method, path))
        [message] = call[1]['body']['messages']
        self.assertEqual(1, message['body']['own'])
        self.assertEqual(['cfg'], [c['name'] for c in
                                   message['body']['deployments']])
        self.put.assert_not_called()

    def test_the_object_is_put_through_its_url(self):
        self.server({'metadata_put_url': 'http://swift/put?sig=1'})
        self.deploy()
        deployment_push.push(self.ctxt, 'p', SERVER)
        [call] = self.put.call_args_list
        self.assertEqual('http://swift/put?sig=1', call[0][0])
        self.assertIn('"deployments": [{', call[1]['data'])

    def test_polled_or_other_projects_servers_get_nothing(self):
        self.server({'user_id': 'su'})
        deployment_push.push(self.ctxt, 'p', SERVER)
        deployment_push.push(self.ctxt, 'other', SERVER)
        deployment_push.push(self.ctxt, 'p', None)
        self.domain.call_as_user.assert_not_called()
        self.put.assert_not_called()

    def test_a_failed_delivery_is_logged(self):
        self.server({'metadata_put_url': 'http://swift/put?sig=1'})
        self.put.side_effect = exception.ServiceError(
            service='swift', status=503, reason='down')
        logged = self.useFixture(fixtures.FakeLogger(
            name=deployment_push.__name__))
        deployment_push.push(self.ctxt, 'p', SERVER)
        self.assertIn('Failed to deliver deployment data', logged.output)
