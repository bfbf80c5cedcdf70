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

"""OS::Nova::Server: the create body, the status polling, take-over,
resize and rebuild as steps, delete."""

import base64
import email
import json

from heat_vision.common import exception
from heat_vision.resources.openstack import nova_server
from tests import base
from tests.unit.resources.openstack import fakes
from tests.unit.resources.openstack import swift_fakes
from tests.unit.resources import test_iam
from tests.unit.resources import utils

TAG = 'heat-vision-abcdefghijkl'
STACK_TAG = 'heat-vision-stack-5b5a0b4e-6a43-4c8b-9a8f-7c7e0f7d2f21'


class ServerTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.stack = fakes.CloudStack()
        self.nova = self.stack.client('nova')
        self.neutron = self.stack.client('neutron')
        self.glance = self.stack.client('glance')
        self.nova.objects['/flavors/f1'] = {'flavor': {'id': 'f1'}}
        self.glance.objects['/images/cirros'] = {'id': 'img-1'}
        self.neutron.objects['/networks/private'] = {
            'network': {'id': 'net-1'}}

    def server(self, **props):
        values = {'flavor': 'f1', 'image': 'cirros'}
        values.update(props)
        return utils.make(nova_server.Server, 'web', values,
                          stack=self.stack)

    def posted(self):
        [call] = self.nova.sent('POST', '/servers')
        return call[2]['server']

    def test_create_sends_ids_tag_and_networks(self):
        plugin = self.server(networks=[{'network': 'private',
                                        'fixed_ip': '10.0.0.5'}],
                             metadata={'a': 1}, key_name='k')
        plugin.handle_create()
        body = self.posted()
        self.assertEqual('f1', body['flavorRef'])
        self.assertEqual('img-1', body['imageRef'])
        self.assertEqual([TAG, STACK_TAG], body['tags'])
        self.assertEqual([{'uuid': 'net-1', 'fixed_ip': '10.0.0.5'}],
                         body['networks'])
        self.assertEqual({'a': '1'}, body['metadata'])
        self.assertEqual('teststack-web-abcdefghijkl', body['name'])
        self.assertEqual('new-id', plugin.resource_id)

    def test_no_networks_asks_nova_to_allocate(self):
        plugin = self.server()
        plugin.handle_create()
        self.assertEqual('auto', self.posted()['networks'])

    def test_a_subnet_gets_a_port_made_and_deleted_with_the_server(self):
        subnet = {'subnet': {'id': 'sub-1', 'network_id': 'net-1'}}
        self.neutron.objects['/subnets/sub'] = subnet
        self.neutron.objects['/subnets/sub-1'] = subnet
        plugin = self.server(networks=[{'subnet': 'sub'}])
        plugin.handle_create()
        [port] = self.neutron.sent('POST', '/ports')
        self.assertEqual([{'subnet_id': 'sub-1'}],
                         port[2]['port']['fixed_ips'])
        self.assertEqual([{'port': 'new-id'}], self.posted()['networks'])
        self.assertEqual(['new-id'], plugin.data['ports'])
        plugin.handle_delete()
        self.assertTrue(plugin.check_delete_complete(None))
        self.assertEqual(1, len(self.neutron.sent('DELETE',
                                                  '/ports/new-id')))

    def test_a_port_post_whose_answer_was_lost_keeps_the_port_it_made(self):
        # keystoneauth would have sent the POST again and made a second
        # port, which nothing deleted and which kept its network: the
        # create looks for the first by its name.
        subnet = {'subnet': {'id': 'sub-1', 'network_id': 'net-1'}}
        self.neutron.objects['/subnets/sub'] = subnet
        self.neutron.objects['/subnets/sub-1'] = subnet
        name = 'teststack-web-abcdefghijkl-port-0'
        self.neutron.answers[('GET', '/ports')] = {'ports': [
            {'id': 'other', 'name': name + '0'},
            {'id': 'made', 'name': name}]}
        api = self.neutron.api

        def answer(method, path, **kwargs):
            result = api(method, path, **kwargs)
            if (method, path) == ('POST', '/ports'):
                raise exception.ServiceUnavailable(
                    service='Neutron', status=None, reason='timed out')
            return result
        self.neutron.api = answer
        plugin = self.server(networks=[{'subnet': 'sub'}])
        plugin.handle_create()
        self.assertEqual([{'port': 'made'}], self.posted()['networks'])
        self.assertEqual(['made'], plugin.data['ports'])
        self.assertEqual(1, len(self.neutron.sent('POST', '/ports')))
        self.assertEqual([0], [retries for call, retries in zip(
            self.neutron.calls, self.neutron.asked_connect_retries)
            if call[:2] == ('POST', '/ports')])
        self.assertEqual([{'name': name}], [
            call[3] for call in self.neutron.sent('GET', '/ports')])

    def test_a_port_post_without_answer_or_port_is_sent_again(self):
        subnet = {'subnet': {'id': 'sub-1', 'network_id': 'net-1'}}
        self.neutron.objects['/subnets/sub'] = subnet
        self.neutron.objects['/subnets/sub-1'] = subnet
        lost = [exception.ServiceUnavailable(service='Neutron', status=None,
                                             reason='timed out')]
        api = self.neutron.api

        def answer(method, path, **kwargs):
            result = api(method, path, **kwargs)
            if (method, path) == ('POST', '/ports') and lost:
                raise lost.pop()
            return result
        self.neutron.api = answer
        plugin = self.server(networks=[{'subnet': 'sub'}])
        plugin.handle_create()
        self.assertEqual(['new-id'], plugin.data['ports'])
        self.assertEqual(2, len(self.neutron.sent('POST', '/ports')))

    def test_user_data_from_a_software_config(self):
        config_id = '0b2c3e4f-1111-4222-8333-444455556666'
        self.stack.configs[config_id] = '#cloud-config\npackages: [git]\n'
        plugin = self.server(user_data=config_id,
                             user_data_format='SOFTWARE_CONFIG')
        plugin.handle_create()
        self.assertEqual('#cloud-config\npackages: [git]\n',
                         base64.b64decode(
                             self.posted()['user_data']).decode())

    def test_cfntools_user_data_is_a_mime_multipart(self):
        plugin = self.server(user_data='#!/bin/sh\necho hi\n')
        plugin.handle_create()
        text = base64.b64decode(self.posted()['user_data']).decode()
        self.assertIn('Content-Type: multipart/mixed', text)
        self.assertIn('text/x-shellscript', text)

    def test_create_polls_until_active(self):
        plugin = self.server()
        plugin.handle_create()
        self.nova.objects['/servers/new-id'] = [
            {'server': {'status': 'BUILD'}},
            {'server': {'status': 'ACTIVE',
                        nova_server.TASK_STATE: 'spawning'}},
            {'server': {'status': 'ACTIVE'}}]
        self.assertFalse(plugin.check_create_complete(None))
        self.assertFalse(plugin.check_create_complete(None))
        self.assertTrue(plugin.check_create_complete(None))

    def test_error_status_fails_with_the_fault(self):
        plugin = self.server()
        plugin.handle_create()
        self.nova.objects['/servers/new-id'] = {'server': {
            'status': 'ERROR', 'fault': {'message': 'No valid host'}}}
        error = self.assertRaises(exception.ServiceObjectFailed,
                                  plugin.check_create_complete, None)
        self.assertIn('No valid host', str(error))

    def test_take_over_keeps_the_server_found_by_tag(self):
        self.nova.answers[('GET', '/servers/detail')] = {'servers': [
            {'id': 'other', 'tags': []},
            {'id': 'half-made', 'tags': [TAG, STACK_TAG]}]}
        plugin = self.server()
        plugin.handle_create()
        self.assertEqual('half-made', plugin.resource_id)
        self.assertEqual([], self.nova.sent('POST'))
        [look] = self.nova.sent('GET', '/servers/detail')
        self.assertEqual({'tags': TAG}, look[3])

    def test_a_boot_whose_answer_was_lost_keeps_the_server_it_made(self):
        # keystoneauth would have sent the POST again and booted a second
        # server (connect_retries): the create looks for it by its tag.
        timed_out = exception.ServiceUnavailable(
            service='Nova', status=None, reason='Request to '
            'http://127.0.0.1:8774/v2.1/servers timed out')
        listed = iter([[], [{'id': 'booted', 'tags': [TAG, STACK_TAG]}]])
        api = self.nova.api

        def answer(method, path, **kwargs):
            if (method, path) == ('GET', '/servers/detail'):
                api(method, path, **kwargs)
                return next(listed)
            if (method, path) == ('POST', '/servers'):
                api(method, path, **kwargs)
                raise timed_out
            return api(method, path, **kwargs)
        self.nova.api = answer
        plugin = self.server()
        plugin.handle_create()
        self.assertEqual('booted', plugin.resource_id)
        self.assertEqual(1, len(self.nova.sent('POST', '/servers')))
        self.assertEqual([0], [retries for call, retries in zip(
            self.nova.calls, self.nova.asked_connect_retries)
            if call[:2] == ('POST', '/servers')])

    def test_a_server_without_the_tag_is_never_adopted(self):
        # As if Nova ignored the filter: the answer is checked.
        self.nova.answers[('GET', '/servers/detail')] = {'servers': [
            {'id': 'someone-else', 'tags': ['x']}]}
        plugin = self.server()
        plugin.handle_create()
        self.assertEqual('new-id', plugin.resource_id)

    def test_resize_is_resize_then_confirm_one_step_per_poll(self):
        self.nova.objects['/flavors/f2'] = {'flavor': {'id': 'f2'}}
        plugin = self.server()
        plugin.resource_id = 's1'
        new = dict(plugin.properties, flavor='f2')
        token = plugin.handle_update(new, {'flavor': 'f2'})
        self.nova.objects['/servers/s1'] = [
            {'server': {'status': 'RESIZE'}},
            {'server': {'status': 'VERIFY_RESIZE'}},
            {'server': {'status': 'ACTIVE'}}]
        done = [plugin.check_update_complete(token) for _i in range(5)]
        self.assertEqual([False, False, False, False, True], done)
        actions = [c[2] for c in self.nova.sent('POST',
                                                '/servers/s1/action')]
        self.assertEqual([{'resize': {'flavorRef': 'f2'}},
                          {'confirmResize': None}], actions)

    def test_what_nova_cannot_change_replaces(self):
        plugin = self.server()
        plugin.resource_id = 's1'
        for changed in ({'key_name': 'other'}, {'user_data': 'new'}):
            self.assertRaises(exception.UpdateReplace,
                              plugin.handle_update,
                              dict(plugin.properties, **changed), changed)
        new = dict(plugin.properties, flavor='f2',
                   flavor_update_policy='REPLACE')
        self.assertRaises(exception.UpdateReplace, plugin.handle_update,
                          new, {'flavor': 'f2'})

    def networks_update(self, old, new, interfaces):
        plugin = self.server(networks=new)
        plugin.resource_id = 's1'
        plugin.old_properties = dict(plugin.properties, networks=old)
        self.nova.objects['/servers/s1/os-interface'] = [
            {'interfaceAttachments': i} for i in interfaces]
        self.nova.answers[('POST', '/servers/s1/os-interface')] = {
            'interfaceAttachment': {'port_id': 'p-new'}}
        token = plugin.handle_update(plugin.properties, {'networks': new})
        return plugin, token

    def test_a_new_network_is_attached_an_old_one_detached(self):
        self.neutron.objects['/networks/public'] = {
            'network': {'id': 'net-2'}}
        old_iface = {'port_id': 'p-old', 'net_id': 'net-1',
                     'fixed_ips': [{'ip_address': '10.0.0.5'}]}
        new_iface = {'port_id': 'p-new', 'net_id': 'net-2',
                     'fixed_ips': []}
        plugin, token = self.networks_update(
            [{'network': 'private'}], [{'network': 'public'}],
            [[old_iface], [old_iface], [], [new_iface]])
        done = [plugin.check_update_complete(token) for _i in range(5)]
        # detach, wait (still there), gone; attach, attached.
        self.assertEqual([False, False, False, False, True], done)
        self.assertEqual(['/servers/s1/os-interface/p-old'], [
            c[1] for c in self.nova.sent('DELETE')])
        [attach] = self.nova.sent('POST', '/servers/s1/os-interface')
        self.assertEqual({'interfaceAttachment': {'net_id': 'net-2'}},
                         attach[2])

    def test_a_detach_waits_until_nova_forgets_the_address(self):
        self.neutron.objects['/ports/p-old'] = {'port': {
            'id': 'p-old', 'mac_address': 'fa:16:3e:00:00:01'}}
        cached = {'server': {'status': 'ACTIVE', 'addresses': {'private': [
            {'addr': '10.0.0.5',
             'OS-EXT-IPS-MAC:mac_addr': 'fa:16:3e:00:00:01'}]}}}
        self.nova.objects['/servers/s1'] = [
            cached, {'server': {'status': 'ACTIVE', 'addresses': {}}}]
        iface = {'port_id': 'p-old', 'net_id': 'net-1', 'fixed_ips': []}
        plugin, token = self.networks_update(
            [{'network': 'private'}], [], [[iface], []])
        # detach; port gone but its address still cached; forgotten.
        done = [plugin.check_update_complete(token) for _i in range(3)]
        self.assertEqual([False, False, True], done)

    def test_entries_in_both_lists_keep_their_interfaces(self):
        self.neutron.objects['/ports/p9'] = {'port': {'id': 'p9'}}
        iface = {'port_id': 'p-1', 'net_id': 'net-1', 'fixed_ips': []}
        plugin, token = self.networks_update(
            [{'network': 'private'}],
            [{'network': 'private'}, {'port': 'p9'}], [[iface]])
        self.assertEqual([{'attach': {'port': 'p9'}}], token['steps'])

    def test_from_auto_to_a_list_detaches_what_nova_chose(self):
        iface = {'port_id': 'p-auto', 'net_id': 'net-9', 'fixed_ips': []}
        plugin, token = self.networks_update(
            [{'allocate_network': 'auto'}], [{'network': 'private'}],
            [[iface]])
        self.assertEqual([{'detach': 'p-auto'},
                          {'attach': {'network': 'private'}}],
                         token['steps'])

    def test_a_port_made_for_a_subnet_is_deleted_once_detached(self):
        self.neutron.objects['/subnets/sub'] = {'subnet': {'id': 'sub-1'}}
        iface = {'port_id': 'p-made', 'net_id': 'net-1',
                 'fixed_ips': [{'subnet_id': 'sub-1'}]}
        plugin, token = self.networks_update(
            [{'subnet': 'sub'}], [], [[iface], []])
        plugin.data['ports'] = ['p-made']
        self.assertEqual([{'detach': 'p-made'}], token['steps'][:1])
        while not plugin.check_update_complete(token):
            pass
        self.assertEqual(['/ports/p-made'], [
            c[1] for c in self.neutron.sent('DELETE')])
        self.assertEqual([], plugin.data['ports'])

    def test_security_groups_replace_as_in_heat(self):
        plugin = self.server()
        self.assertFalse(plugin.properties_schema[
            'security_groups'].update_allowed)

    def test_addresses_by_network_name_and_id_with_port_and_subnets(self):
        plugin = self.server()
        plugin.resource_id = 's1'
        self.neutron.answers[('GET', '/ports')] = {'ports': [{
            'id': 'p1', 'network_id': 'net-1', 'mac_address': 'fa:16',
            'fixed_ips': [{'ip_address': '10.0.0.5',
                           'subnet_id': 'sub-1'}]}]}
        self.neutron.objects['/networks/net-1'] = {'network': {
            'id': 'net-1', 'name': 'private'}}
        self.neutron.objects['/subnets/sub-1'] = {'subnet': {
            'id': 'sub-1', 'cidr': '10.0.0.0/24'}}
        self.neutron.answers[('GET', '/floatingips')] = {'floatingips': [
            {'floating_ip_address': '172.24.4.9'}]}
        addresses = plugin.get_attribute('addresses')
        self.assertEqual(['net-1', 'private'], sorted(addresses))
        fixed, floating = addresses['private']
        self.assertEqual(('10.0.0.5', 4, 'p1', 'fixed'), (
            fixed['addr'], fixed['version'], fixed['port'],
            fixed['OS-EXT-IPS:type']))
        self.assertEqual([{'id': 'sub-1', 'cidr': '10.0.0.0/24'}],
                         fixed['subnets'])
        self.assertEqual(('172.24.4.9', None, 'floating'), (
            floating['addr'], floating['port'], floating['OS-EXT-IPS:type']))
        self.assertEqual('p1', plugin.get_attribute('addresses', 'net-1',
                                                    0, 'port'))

    def test_console_urls_ask_nova_per_type(self):
        plugin = self.server()
        plugin.resource_id = 's1'
        self.nova.answers[('POST', '/servers/s1/remote-consoles')] = {
            'remote_console': {'url': 'http://console/novnc'}}
        self.assertEqual('http://console/novnc',
                         plugin.get_attribute('console_urls', 'novnc'))
        [call] = self.nova.sent('POST', '/servers/s1/remote-consoles')
        self.assertEqual({'remote_console': {'protocol': 'vnc',
                                             'type': 'novnc'}}, call[2])
        self.assertIn('Unsupported', plugin.get_attribute('console_urls',
                                                          'telnet'))
        self.nova.answers[('POST', '/servers/s1/remote-consoles')] = \
            exception.ServiceError(service='Nova', status=400,
                                   reason='no vnc')
        urls = plugin.get_attribute('console_urls')
        self.assertEqual(sorted(['novnc', 'xvpvnc', 'spice-html5',
                                 'rdp-html5', 'serial', 'webmks']),
                         sorted(urls))
        self.assertIn('no vnc', urls['serial'])

    def test_snapshot_policy_makes_an_image_then_deletes(self):
        plugin = self.server()
        plugin.resource_id = 's1'
        self.nova.answers[('POST', '/servers/s1/action')] = {
            'image_id': 'img-9'}
        self.glance.objects['/images/img-9'] = [
            {'status': 'queued'}, {'status': 'active'}]
        token = plugin.handle_snapshot_delete(('CREATE', 'COMPLETE'))
        self.assertEqual('img-9', token)
        [call] = self.nova.sent('POST', '/servers/s1/action')
        self.assertIn('createImage', call[2])
        self.assertFalse(plugin.check_snapshot_delete_complete(token))
        self.assertTrue(plugin.check_snapshot_delete_complete(token))
        self.assertEqual('img-9', plugin.data['image_id'])
        # A failed server is deleted without an image, as in Heat.
        self.assertIsNone(plugin.handle_snapshot_delete(('UPDATE',
                                                         'FAILED')))

    def test_a_flavor_changed_outside_is_named_by_check(self):
        self.nova.objects['/flavors/m1.big'] = {'flavor': {'id': 'f9'}}
        plugin = self.server()
        plugin.resource_id = 's1'
        self.nova.objects['/servers/s1'] = {'server': {
            'status': 'ACTIVE', 'name': plugin.physical_resource_name(),
            'metadata': {}, 'flavor': {'original_name': 'm1.big'}}}
        self.assertEqual({'flavor': ('f1', 'm1.big')}, plugin.drifted())
        exc = self.assertRaises(exception.ResourceDrifted,
                                plugin.handle_check)
        self.assertIn('flavor is m1.big, the template says f1', str(exc))
        self.nova.objects['/servers/s1']['server']['flavor'] = {
            'original_name': 'f1'}
        plugin.handle_check()

    def test_an_external_server_is_shown_and_checked_without_drift(self):
        # Adopted with external_id: its properties are not the
        # template's, so nothing drifts; a 404 is a "not found".
        plugin = self.server()
        plugin.resource_id, plugin.external = 's1', True
        self.nova.objects['/servers/s1'] = {'server': {
            'status': 'ACTIVE', 'name': 'made-outside', 'metadata': {'a': 1},
            'flavor': {'original_name': 'm1.big'}}}
        plugin.check_exists()
        self.assertEqual({}, plugin.drifted())
        plugin.handle_check()
        self.nova.objects['/servers/s1']['server']['status'] = 'ERROR'
        self.assertRaises(exception.ServiceObjectFailed,
                          plugin.handle_check)
        plugin.resource_id = 's2'
        self.assertRaises(exception.ServiceObjectNotFound,
                          plugin.check_exists)

    def test_metadata_changes_in_place(self):
        plugin = self.server()
        plugin.resource_id = 's1'
        token = plugin.handle_update(dict(plugin.properties,
                                          metadata={'b': 2}),
                                     {'metadata': {'b': 2}})
        self.assertTrue(plugin.check_update_complete(token))
        [call] = self.nova.sent('PUT', '/servers/s1/metadata')
        self.assertEqual({'metadata': {'b': '2'}}, call[2])

    def test_delete_tolerates_a_server_already_gone(self):
        plugin = self.server()
        plugin.resource_id = 's1'
        self.nova.answers[('DELETE', '/servers/s1')] = \
            exception.ServiceObjectNotFound(service='Nova', status=404,
                                            reason='gone')
        plugin.handle_delete()
        self.assertTrue(plugin.check_delete_complete(None))

    def test_delete_waits_until_nova_no_longer_has_the_server(self):
        plugin = self.server()
        plugin.resource_id = 's1'
        self.nova.objects['/servers/s1'] = [
            {'server': {'status': 'ACTIVE',
                        nova_server.TASK_STATE: 'deleting'}},
            {'server': {'status': 'DELETED'}}]
        plugin.handle_delete()
        self.assertFalse(plugin.check_delete_complete(None))
        self.assertFalse(plugin.check_delete_complete(None))
        del self.nova.objects['/servers/s1']
        self.assertTrue(plugin.check_delete_complete(None))

    def test_a_soft_deleted_server_is_force_deleted(self):
        plugin = self.server()
        plugin.resource_id = 's1'
        self.nova.objects['/servers/s1'] = {'server': {
            'status': 'SOFT_DELETED'}}
        self.assertFalse(plugin.check_delete_complete(None))
        self.assertEqual([{'forceDelete': None}], [
            c[2] for c in self.nova.sent('POST', '/servers/s1/action')])

    def test_suspend_and_resume_wait_for_the_status(self):
        plugin = self.server()
        plugin.resource_id = 's1'
        plugin.handle_suspend()
        self.nova.objects['/servers/s1'] = [
            {'server': {'status': 'ACTIVE'}},
            {'server': {'status': 'SUSPENDED'}}]
        self.assertFalse(plugin.check_suspend_complete(None))
        self.assertTrue(plugin.check_suspend_complete(None))
        actions = [c[2] for c in self.nova.sent('POST',
                                                '/servers/s1/action')]
        self.assertEqual([{'suspend': None}], actions)

    def test_a_resize_nova_gives_up_fails_the_update(self):
        self.nova.objects['/flavors/f2'] = {'flavor': {'id': 'f2'}}
        plugin = self.server()
        plugin.resource_id = 's1'
        token = plugin.handle_update(dict(plugin.properties, flavor='f2'),
                                     {'flavor': 'f2'})
        self.assertFalse(plugin.check_update_complete(token))
        self.nova.objects['/servers/s1'] = {'server': {'status': 'ACTIVE'}}
        self.nova.objects['/servers/s1/os-instance-actions'] = {
            'instanceActions': [{'action': 'resize', 'message': 'Error'}]}
        error = self.assertRaises(exception.ServiceObjectFailed,
                                  plugin.check_update_complete, token)
        self.assertIn('resize was not done (Error)', str(error))

    def test_a_replacement_takes_its_port_from_its_predecessor(self):
        self.neutron.objects['/ports/p'] = [
            {'port': {'id': 'p1', 'device_id': 'old',
                      'device_owner': 'compute:nova'}}]
        self.neutron.objects['/ports/p1'] = [
            {'port': {'id': 'p1', 'device_id': 'old',
                      'device_owner': 'compute:nova'}},
            {'port': {'id': 'p1', 'device_id': 'old'}},
            {'port': {'id': 'p1', 'device_id': ''}}]
        self.nova.objects['/servers/old'] = {'server': {
            'id': 'old', 'tags': [STACK_TAG, 'heat-vision-other']}}
        plugin = self.server(networks=[{'port': 'p'}])
        token = plugin.handle_create()
        self.assertEqual(['/servers/old/os-interface/p1'],
                         [c[1] for c in self.nova.sent('DELETE')])
        self.assertEqual([], self.nova.sent('POST', '/servers'))
        self.assertFalse(plugin.check_create_complete(token))
        self.assertFalse(plugin.check_create_complete(token))
        self.assertEqual([{'port': 'p1'}], self.posted()['networks'])
        self.assertEqual(('web', 'new-id'), self.stack.saved)

    def test_a_port_of_another_stack_is_left_alone(self):
        self.neutron.objects['/ports/p1'] = {'port': {
            'id': 'p1', 'device_id': 'theirs',
            'device_owner': 'compute:nova'}}
        self.nova.objects['/servers/theirs'] = {'server': {'tags': []}}
        plugin = self.server(networks=[{'port': 'p1'}])
        self.assertIsNone(plugin.handle_create())
        self.assertEqual([], self.nova.sent('DELETE'))
        self.assertEqual([{'port': 'p1'}], self.posted()['networks'])


class ServerPollHeatTest(base.TestCase):
    """POLL_SERVER_HEAT: the server's stack-domain user."""

    server = ServerTest.server

    def setUp(self):
        super().setUp()
        self.stack = fakes.CloudStack()
        self.nova = self.stack.client('nova')
        self.nova.objects['/flavors/f1'] = {'flavor': {'id': 'f1'}}
        self.stack.client('glance').objects['/images/cirros'] = {
            'id': 'img-1'}
        self.flags(auth_encryption_key='unit-test-key',
                   stack_user_domain_id='dom', stack_domain_admin='adm',
                   stack_domain_admin_password='pw')
        self.flags(group='clients', auth_url='http://keystone.test/v3')
        self.domain = test_iam.FakeDomain()
        self.stack.stack_domain = lambda: self.domain

    def test_user_in_os_collect_config_and_gone_with_the_server(self):
        plugin = self.server(software_config_transport='POLL_SERVER_HEAT')
        plugin.handle_create()
        heat = plugin.get_attribute('os_collect_config', 'heat')
        user = self.domain.users[heat['user_id']]
        self.assertEqual((user['password'], user['project']),
                         (heat['password'], heat['project_id']))
        self.assertEqual('web', heat['resource_name'])
        self.nova.objects.pop('/servers/new-id', None)
        self.assertTrue(plugin.check_delete_complete(None))
        self.assertEqual({}, self.domain.users)

    def test_software_config_boots_with_the_credentials(self):
        plugin = self.server(software_config_transport='POLL_SERVER_HEAT',
                             user_data_format='SOFTWARE_CONFIG',
                             user_data='#!/bin/sh\necho hi')
        plugin.handle_create()
        [call] = self.nova.sent('POST', '/servers')
        message = email.message_from_string(base64.b64decode(
            call[2]['server']['user_data']).decode())
        parts = {p.get_filename(): p.get_payload(decode=True).decode()
                 for p in message.get_payload()}
        self.assertEqual('#!/bin/sh\necho hi', parts['cfn-userdata'])
        occ = json.loads(parts['cfn-init-data'])['os-collect-config']
        self.assertEqual(plugin.get_attribute('os_collect_config', 'heat'),
                         occ['heat'])
        self.assertIn(occ['heat']['user_id'], self.domain.users)

    def _boot_metadata(self):
        [call] = self.nova.sent('POST', '/servers')
        message = email.message_from_string(base64.b64decode(
            call[2]['server']['user_data']).decode())
        parts = {p.get_filename(): p.get_payload(decode=True).decode()
                 for p in message.get_payload()}
        return json.loads(parts['cfn-init-data'])

    def test_poll_server_cfn_boots_with_its_keypair(self):
        plugin = self.server(software_config_transport='POLL_SERVER_CFN',
                             user_data_format='SOFTWARE_CONFIG')
        plugin.metadata = {}
        plugin.handle_create()
        occ = self._boot_metadata()['os-collect-config']
        self.assertEqual(['ec2', 'cfn', 'local'], occ['collectors'])
        self.assertEqual('web.Metadata', occ['cfn']['path'])
        self.assertEqual(occ, plugin.get_attribute('os_collect_config'))
        [credential] = self.domain.credentials.values()
        self.assertIn(credential['user'], self.domain.users)
        self.nova.objects.pop('/servers/new-id', None)
        self.assertTrue(plugin.check_delete_complete(None))
        self.assertEqual(({}, {}), (self.domain.users,
                                    self.domain.credentials))

    def test_poll_temp_url_boots_with_its_url(self):
        swift = swift_fakes.MemorySwift()
        self.stack.services['swift'] = swift
        self.stack.server_metadata = lambda server_id, metadata: metadata
        plugin = self.server(software_config_transport='POLL_TEMP_URL',
                             user_data_format='SOFTWARE_CONFIG')
        plugin.metadata = {}
        plugin.handle_create()
        occ = self._boot_metadata()['os-collect-config']
        self.assertEqual(['ec2', 'request', 'local'], occ['collectors'])
        self.assertTrue(occ['request']['metadata_url'].startswith(
            swift_fakes.ACCOUNT + '/teststack-web-abcdefghijkl/'))
        self.nova.objects.pop('/servers/new-id', None)
        self.assertTrue(plugin.check_delete_complete(None))
        self.assertEqual({}, swift.containers)

    def test_user_transports_need_a_domain_with_software_config(self):
        self.flags(stack_user_domain_id=None)
        path = ['resources', 'web', 'properties']
        for transport in ('POLL_SERVER_CFN', 'ZAQAR_MESSAGE'):
            props = {'software_config_transport': transport,
                     'user_data_format': 'SOFTWARE_CONFIG'}
            self.assertRaises(exception.StackValidationFailed,
                              nova_server.Server.validate_properties,
                              props, path)
            # Without software configs the transport is unused.
            nova_server.Server.validate_properties(
                dict(props, user_data_format='RAW'), path)

    def test_other_transports_make_no_user(self):
        plugin = self.server(software_config_transport='POLL_SERVER_CFN')
        plugin.handle_create()
        self.assertEqual({}, plugin.get_attribute('os_collect_config'))
        self.assertEqual({}, self.domain.users)
