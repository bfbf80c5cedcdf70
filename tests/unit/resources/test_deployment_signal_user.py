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
"""HEAT_SIGNAL and ZAQAR_SIGNAL with the deployment's stack-domain user."""

from heat_vision.common import exception
from heat_vision.resources.heat import software_deployment as sd
from tests import base
from tests.unit.resources import test_iam
from tests.unit.resources import test_software_deployment as test_sd
from tests.unit.resources import utils


class QueueDomain(test_iam.FakeDomain):
    """A fake domain whose users reach an in-memory Zaqar."""

    def __init__(self):
        super().__init__()
        self.queues = {}
        self.requests = []

    def call_as_user(self, user, service_type, method, path, body=None,
                     headers=None):
        self.requests.append((user, service_type, method, path))
        assert self.users[user['user_id']]['password'] == user['password']
        assert 'Client-ID' in headers
        queue = path.split('/')[3].split('?')[0]
        if path.endswith('messages?pop=1'):
            if queue not in self.queues:
                raise exception.ServiceObjectNotFound(
                    service='messaging', status=404, reason='no queue')
            messages = self.queues[queue][:1]
            del self.queues[queue][:1]
            return {'messages': [{'body': m} for m in messages]}
        self.queues.pop(queue, None)
        return {}


class SignalStack(test_sd.DeploymentStack):

    def __init__(self):
        super().__init__()
        self.domain = QueueDomain()

    def stack_domain(self):
        return self.domain


class SignalUserTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.flags(auth_encryption_key='unit-test-key',
                   stack_user_domain_id='dom', stack_domain_admin='adm',
                   stack_domain_admin_password='pw')
        self.flags(group='clients', auth_url='http://keystone.test/v3')
        self.stack = SignalStack()
        self.domain = self.stack.domain

    def make(self, transport):
        plugin = utils.make(sd.SoftwareDeployment, 'deploy', {
            'config': 'source', 'server': 'server-1',
            'signal_transport': transport}, stack=self.stack)
        token = plugin.handle_create()
        self.assertFalse(plugin.check_create_complete(token))
        return plugin, token

    def test_heat_signal_gives_the_deployment_user(self):
        plugin, _token = self.make('HEAT_SIGNAL')
        inputs = test_sd.derived_inputs(self.stack, plugin.resource_id)
        user = self.domain.users[inputs['deploy_user_id']]
        self.assertEqual(user['password'], inputs['deploy_password'])
        self.assertEqual(user['project'], inputs['deploy_project_id'])
        self.assertEqual(user['name'], inputs['deploy_username'])
        self.assertEqual('http://keystone.test/v3',
                         inputs['deploy_auth_url'])
        self.assertNotIn('deploy_queue_id', inputs)

    def test_zaqar_signal_completes_from_the_queue(self):
        plugin, token = self.make('ZAQAR_SIGNAL')
        inputs = test_sd.derived_inputs(self.stack, plugin.resource_id)
        queue = inputs['deploy_queue_id']
        self.assertEqual(plugin.physical_resource_name(), queue)
        self.assertFalse(plugin.check_create_complete(token))
        self.domain.queues[queue] = [
            {'deploy_status_code': 0, 'result': 'from zaqar'}]
        self.assertTrue(plugin.check_create_complete(token))
        self.assertEqual('from zaqar', plugin.get_attribute('result'))
        user, service, _m, _p = self.domain.requests[-1]
        self.assertEqual(('messaging', inputs['deploy_user_id']),
                         (service, user['user_id']))

    def test_a_bad_message_fails(self):
        plugin, token = self.make('ZAQAR_SIGNAL')
        queue = plugin.physical_resource_name()
        self.domain.queues[queue] = ['not an object']
        error = self.assertRaises(sd.DeploymentFailed,
                                  plugin.check_create_complete, token)
        self.assertIn('not a JSON object', str(error))

    def test_delete_removes_the_queue_and_the_user(self):
        plugin, token = self.make('ZAQAR_SIGNAL')
        queue = plugin.physical_resource_name()
        self.domain.queues[queue] = [{}]
        self.assertTrue(plugin.check_create_complete(token))
        utils.run(plugin, 'delete')
        self.assertEqual(({}, {}, {}), (self.domain.queues,
                                        self.domain.users,
                                        self.domain.projects))

    def test_zaqar_refused_without_a_domain(self):
        self.flags(stack_domain_admin=None)
        error = self.assertRaises(
            exception.StackValidationFailed,
            sd.SoftwareDeployment.validate_properties,
            {'signal_transport': 'ZAQAR_SIGNAL'},
            ['resources', 'deploy', 'properties'])
        self.assertIn('ZAQAR_SIGNAL', str(error))
