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
"""POLL_SERVER_CFN, POLL_TEMP_URL and ZAQAR_MESSAGE: the os-collect-config
sections a server gets (the shapes of os-collect-config's cfn, request and
zaqar collectors) and where its metadata is delivered.
"""

import json
from urllib import parse

from heat_vision.common import exception
from heat_vision.resources.heat import deployed_server
from heat_vision.resources.heat import server_transport
from tests import base
from tests.unit.resources.openstack import swift_fakes
from tests.unit.resources import test_deployment_signal_user as test_user
from tests.unit.resources import utils

DEPLOYED = [{'id': 'cfg-1', 'name': 'deployed', 'config': 'x'}]


class QueueDomain(test_user.QueueDomain):
    """Also keeps the messages posted to its users' queues."""

    def call_as_user(self, user, service_type, method, path, body=None,
                     headers=None):
        if method == 'POST':
            assert self.users[user['user_id']]['password'] == \
                user['password']
            queue = path.split('/')[3]
            self.queues.setdefault(queue, []).extend(
                m['body'] for m in body['messages'])
            return {}
        return super().call_as_user(user, service_type, method, path, body,
                                    headers)


class TransportStack(utils.FakeStack):

    def __init__(self):
        super().__init__()
        self.domain = QueueDomain()
        self.swift = swift_fakes.MemorySwift()

    def stack_domain(self):
        return self.domain

    def client(self, name):
        assert name == 'swift'
        return self.swift

    def server_metadata(self, server_id, metadata):
        assert server_id
        return dict(metadata, deployments=DEPLOYED)


class TransportTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.flags(auth_encryption_key='unit-test-key',
                   stack_user_domain_id='dom', stack_domain_admin='adm',
                   stack_domain_admin_password='pw',
                   heat_metadata_server_url='http://hv.example:8004')
        self.flags(group='clients', auth_url='http://keystone.test/v3')
        self.flags(group='clients_openstack', region_name='RegionOne')
        self.stack = TransportStack()
        self.domain = self.stack.domain
        self.swift = self.stack.swift

    def server(self, transport, metadata=None, **props):
        plugin = utils.make(deployed_server.DeployedServer, 'server', dict(
            software_config_transport=transport, **props), stack=self.stack,
            metadata=metadata if metadata is not None else {})
        utils.run(plugin)
        return plugin

    def test_cfn_section_as_the_cfn_collector_reads_it(self):
        plugin = self.server('POLL_SERVER_CFN')
        occ = plugin.get_attribute('os_collect_config')
        cfn = occ['cfn']
        [(credential_id, credential)] = self.domain.credentials.items()
        self.assertEqual({
            'metadata_url': 'http://hv.example:8004/v1/%s/relay/cfn/heat/'
                            % credential['project'],
            'access_key_id': 'access-%s' % credential_id,
            'secret_access_key': 'secret-%s' % credential_id,
            'stack_name': 'teststack', 'path': 'server.Metadata'}, cfn)
        self.assertEqual(['cfn', 'local'], occ['collectors'])
        self.assertEqual(credential['user'], plugin.data['user_id'])
        self.assertNotIn(cfn['secret_access_key'], str(plugin.data))
        utils.run(plugin, 'delete')
        self.assertEqual(({}, {}, {}), (self.domain.credentials,
                                        self.domain.users,
                                        self.domain.projects))

    def test_cfn_url_of_the_relay_by_default(self):
        self.flags(heat_metadata_server_url=None)
        self.flags(group='api', public_endpoint='https://api.example/')
        self.assertEqual('https://api.example/v1/p-1/relay/cfn/heat/',
                         server_transport.metadata_url('p-1'))
        self.flags(group='relay', mount_in_api=False, bind_host='10.0.0.2',
                   bind_port=8005)
        self.assertEqual('http://10.0.0.2:8005/v1/p-1/relay/cfn/heat/',
                         server_transport.metadata_url('p-1'))

    def test_temp_url_section_and_object(self):
        plugin = self.server('POLL_TEMP_URL', metadata={'own': 1})
        occ = plugin.get_attribute('os_collect_config')
        url = occ['request']['metadata_url']
        name = plugin.physical_resource_name()
        path = parse.urlsplit(url)
        container, obj = path.path.split('/')[-2:]
        self.assertEqual(name, container)
        self.assertEqual(obj, plugin.data['metadata_object_name'])
        self.assertIn('temp_url_sig=', path.query)
        self.assertEqual(['request', 'local'], occ['collectors'])
        # The object is the metadata, with the configs deployed.
        stored = json.loads(self.swift.containers[name]['objects'][obj])
        self.assertEqual(occ, stored['os-collect-config'])
        self.assertEqual((DEPLOYED, 1), (stored['deployments'],
                                         stored['own']))
        # A PUT URL is kept for the pushes; no user is made.
        self.assertIn(obj, plugin.data['metadata_put_url'])
        self.assertEqual({}, self.domain.users)
        utils.run(plugin, 'delete')
        self.assertEqual({}, self.swift.containers)

    def test_temp_url_names_from_deployment_swift_data(self):
        plugin = self.server('POLL_TEMP_URL', deployment_swift_data={
            'container': 'mine', 'object': 'meta.json'})
        self.assertIn('/mine/meta.json?', plugin.get_attribute(
            'os_collect_config', 'request', 'metadata_url'))
        self.assertIn('meta.json', self.swift.containers['mine']['objects'])

    def test_zaqar_section_and_message(self):
        plugin = self.server('ZAQAR_MESSAGE')
        occ = plugin.get_attribute('os_collect_config')
        zaqar = occ['zaqar']
        user = self.domain.users[zaqar['user_id']]
        self.assertEqual({
            'user_id': zaqar['user_id'], 'password': user['password'],
            'auth_url': 'http://keystone.test/v3',
            'project_id': user['project'],
            'queue_id': 'teststack-server-abcdefghijkl',
            'region_name': 'RegionOne'}, zaqar)
        self.assertEqual(['zaqar', 'local'], occ['collectors'])
        [message] = self.domain.queues[zaqar['queue_id']]
        self.assertEqual(occ, message['os-collect-config'])
        self.assertEqual(DEPLOYED, message['deployments'])
        utils.run(plugin, 'delete')
        self.assertEqual(({}, {}), (self.domain.queues, self.domain.users))

    def test_boot_time_sections_are_overridden(self):
        plugin = self.server('ZAQAR_MESSAGE', metadata={
            'os-collect-config': {'heat': {'password': 'old'},
                                  'cfn': {'metadata_url': 'old'}}})
        occ = plugin.get_attribute('os_collect_config')
        self.assertEqual({'password': None}, occ['heat'])
        self.assertEqual({'metadata_url': None}, occ['cfn'])

    def test_a_new_transport_replaces_the_old_delivery(self):
        plugin = self.server('POLL_TEMP_URL')
        props = dict(plugin.properties,
                     software_config_transport='ZAQAR_MESSAGE')
        plugin.handle_update(props, {'software_config_transport'})
        occ = plugin.get_attribute('os_collect_config')
        self.assertEqual({}, self.swift.containers)
        self.assertEqual({'metadata_url': None}, occ['request'])
        self.assertEqual(['zaqar', 'local'], occ['collectors'])
        self.assertEqual(1, len(self.domain.queues[occ['zaqar']['queue_id']]))
        self.assertNotIn('metadata_put_url', plugin.data)

    def test_user_transports_refused_without_a_domain(self):
        self.flags(stack_user_domain_id=None)
        for transport in ('POLL_SERVER_CFN', 'ZAQAR_MESSAGE'):
            error = self.assertRaises(
                exception.StackValidationFailed,
                deployed_server.DeployedServer.validate_properties,
                {'software_config_transport': transport},
                ['resources', 'server', 'properties'])
            self.assertEqual(['resources', 'server', 'properties',
                              'software_config_transport'], error.path)

    def test_deliver_posts_to_the_queue(self):
        plugin = self.server('ZAQAR_MESSAGE')
        queue = plugin.data['metadata_queue_id']
        server_transport.deliver(plugin.data, {'deployments': DEPLOYED},
                                 self.stack.stack_domain)
        self.assertEqual({'deployments': DEPLOYED},
                         self.domain.queues[queue][-1])

    def test_queue_name_within_zaqar_limits(self):
        self.stack.name = 'a.very.long.stack.name' * 4
        plugin = utils.make(deployed_server.DeployedServer, 'server', {},
                            stack=self.stack)
        name = server_transport.queue_name(plugin)
        self.assertLessEqual(len(name), 64)
        self.assertRegex(name, r'^[a-zA-Z0-9_-]+$')
