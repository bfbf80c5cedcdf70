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

"""KeyPair, Flavor, ServerGroup, WebImage and the Keystone types against
a scripted service: bodies, in-place updates, take-over, polling."""

from heat_vision.common import exception
from heat_vision.resources.openstack import glance
from heat_vision.resources.openstack import keystone
from heat_vision.resources.openstack import nova_keypair
from heat_vision.resources.openstack import nova_misc
from tests import base
from tests.unit.resources.openstack import fakes
from tests.unit.resources import utils


class OthersTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.stack = fakes.CloudStack()

    def make(self, cls, props):
        return utils.make(cls, 'r', props, stack=self.stack)

    def service(self, name):
        return self.stack.client(name)

    def test_keypair_keeps_the_generated_private_key(self):
        nova = self.service('nova')
        nova.answers[('POST', '/os-keypairs')] = {'keypair': {
            'name': 'k', 'private_key': 'PRIVATE', 'public_key': 'pub'}}
        plugin = self.make(nova_keypair.KeyPair,
                           {'name': 'k', 'save_private_key': True})
        plugin.handle_create()
        self.assertEqual('k', plugin.resource_id)
        self.assertEqual('PRIVATE', plugin.get_attribute('private_key'))

    def test_keypair_take_over_only_of_the_same_public_key(self):
        nova = self.service('nova')
        nova.answers[('POST', '/os-keypairs')] = exception.ServiceConflict(
            service='Nova', status=409, reason='exists')
        nova.objects['/os-keypairs/k'] = {'keypair': {
            'name': 'k', 'public_key': 'ssh-rsa AAA'}}
        plugin = self.make(nova_keypair.KeyPair,
                           {'name': 'k', 'public_key': 'ssh-rsa AAA\n'})
        plugin.handle_create()
        self.assertEqual('k', plugin.resource_id)
        other = self.make(nova_keypair.KeyPair,
                          {'name': 'k', 'public_key': 'ssh-rsa BBB'})
        self.assertRaises(exception.ServiceConflict, other.handle_create)

    def test_flavor_extra_specs_change_in_place(self):
        nova = self.service('nova')
        plugin = self.make(nova_misc.Flavor, {
            'ram': 512, 'vcpus': 1, 'extra_specs': {'a': 1, 'b': 2}})
        plugin.handle_create()
        [post] = nova.sent('POST', '/flavors')
        self.assertEqual(512, post[2]['flavor']['ram'])
        self.assertEqual({'extra_specs': {'a': '1', 'b': '2'}},
                         nova.sent('POST', '/flavors/new-id/os-extra_specs'
                                   )[0][2])
        plugin = fakes.rebuilt(plugin, {'ram': 512, 'vcpus': 1,
                                        'extra_specs': {'a': 3}})
        plugin.handle_update(plugin.properties, {'extra_specs': {'a': 3}})
        self.assertEqual(['/flavors/new-id/os-extra_specs/b'],
                         [c[1] for c in nova.sent('DELETE')])

    def test_server_group_takes_the_first_policy_and_rules(self):
        nova = self.service('nova')
        plugin = self.make(nova_misc.ServerGroup, {
            'policies': ['anti-affinity'],
            'rules': {'max_server_per_host': 2}})
        plugin.handle_create()
        [post] = nova.sent('POST', '/os-server-groups')
        self.assertEqual({'policy': 'anti-affinity',
                          'rules': {'max_server_per_host': 2},
                          'name': 'teststack-r-abcdefghijkl'},
                         post[2]['server_group'])
        self.assertTrue(plugin.check_create_complete(None))

    def test_web_image_imports_then_waits_for_active(self):
        glance_service = self.service('glance')
        glance_service.answers[('POST', '/images')] = {
            'id': 'img', 'status': 'queued'}
        plugin = self.make(glance.WebImage, {
            'location': 'http://images.example.net/cirros.img',
            'container_format': 'bare', 'disk_format': 'qcow2'})
        plugin.handle_create()
        [imported] = glance_service.sent('POST', '/images/img/import')
        self.assertEqual({'method': {
            'name': 'web-download',
            'uri': 'http://images.example.net/cirros.img'}}, imported[2])
        glance_service.objects['/images/img'] = [
            {'id': 'img', 'status': 'importing'},
            {'id': 'img', 'status': 'active'}]
        self.assertFalse(plugin.check_create_complete(None))
        self.assertTrue(plugin.check_create_complete(None))

    def test_web_image_failed_import_fails_the_create(self):
        glance_service = self.service('glance')
        plugin = self.make(glance.WebImage, {
            'location': 'http://x/y', 'container_format': 'bare',
            'disk_format': 'raw'})
        plugin.resource_id = 'img'
        glance_service.objects['/images/img'] = {
            'id': 'img', 'status': 'queued',
            'os_glance_failed_import': 'web-download'}
        self.assertRaises(exception.ServiceObjectFailed,
                          plugin.check_create_complete, None)

    def test_web_image_update_is_a_json_patch(self):
        glance_service = self.service('glance')
        props = {'location': 'http://x/y', 'container_format': 'bare',
                 'disk_format': 'raw', 'extra_properties': {'old': 1}}
        plugin = self.make(glance.WebImage, props)
        plugin.resource_id = 'img'
        glance_service.objects['/images/img'] = {'id': 'img',
                                                 'status': 'active'}
        self.assertTrue(plugin.check_create_complete(None))
        plugin = fakes.rebuilt(plugin, dict(props, os_distro='debian',
                                            extra_properties={'new': 2}))
        plugin.handle_update(plugin.properties,
                             {'os_distro': 'debian',
                              'extra_properties': {'new': 2}})
        [patch] = glance_service.sent('PATCH', '/images/img')
        self.assertEqual([
            {'op': 'replace', 'path': '/os_distro', 'value': 'debian'},
            {'op': 'remove', 'path': '/old'},
            {'op': 'add', 'path': '/new', 'value': '2'}], patch[2])

    def test_user_roles_follow_the_template(self):
        ks = self.service('keystone')
        for path, key, value in (('/roles/reader', 'role', 'r1'),
                                 ('/roles/member', 'role', 'r2'),
                                 ('/projects/p', 'project', 'p1'),
                                 ('/domains/default', 'domain',
                                  'default')):
            ks.objects[path] = {key: {'id': value}}
        plugin = self.make(keystone.User, {'roles': [
            {'role': 'reader', 'project': 'p'}]})
        plugin.handle_create()
        self.assertEqual(['/projects/p1/users/new-id/roles/r1'],
                         [c[1] for c in ks.sent('PUT')])
        roles = [{'role': 'member', 'project': 'p'}]
        plugin = fakes.rebuilt(plugin, {'roles': roles})
        plugin.handle_update(plugin.properties,
                             {'roles': plugin.properties['roles']})
        self.assertEqual(['/projects/p1/users/new-id/roles/r1'],
                         [c[1] for c in ks.sent('DELETE')])
        self.assertEqual('/projects/p1/users/new-id/roles/r2',
                         ks.sent('PUT')[-1][1])
        self.assertEqual([], ks.sent('PATCH'))
