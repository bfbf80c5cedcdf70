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

"""The test cloud itself: a server on a port on the fake driver, a volume.

Marked ``cloud`` (``stestr run --exclude-regex '\\[.*\\bcloud\\b'`` runs
the rest without it); under ``CI=true`` a cloud that cannot start fails
these tests.
"""

import time
import uuid

from openstack import exceptions as sdk_exc

from tests import backends
from tests import base
from tests.cloud import cloud_service
from tests import waiting


def _name(kind):
    return 'hv-smoke-%s-%s' % (kind, uuid.uuid4().hex[:8])


@cloud_service.needs_cloud
class TestCloudSmoke(base.TestCase):

    # A first start builds the services' virtualenvs.
    TIMEOUT = cloud_service.START_TIMEOUT + 600

    def setUp(self):
        super().setUp()
        backends.require(self, 'mysql')
        backends.require(self, 'rabbitmq')
        self.cloud = cloud_service.require(self)
        self.conn = self.cloud.connection()
        self.addCleanup(self.conn.close)

    def _delete_later(self, delete, resource):
        self.addCleanup(delete, resource, ignore_missing=True)

    def test_server_on_a_port_goes_active_and_is_deleted(self):
        compute, network = self.conn.compute, self.conn.network
        image = self.conn.image.create_image(
            name=_name('image'), data=b'\0' * 4096, disk_format='raw',
            container_format='bare', allow_duplicates=True)
        self._delete_later(self.conn.image.delete_image, image)
        flavor = compute.create_flavor(name=_name('flavor'), ram=128,
                                       vcpus=1, disk=1)
        self._delete_later(compute.delete_flavor, flavor)
        net = network.create_network(name=_name('net'))
        self._delete_later(network.delete_network, net)
        subnet = network.create_subnet(network_id=net.id, ip_version=4,
                                       cidr='192.0.2.0/24',
                                       name=_name('subnet'))
        self._delete_later(network.delete_subnet, subnet)
        port = network.create_port(network_id=net.id, name=_name('port'))
        self._delete_later(network.delete_port, port)

        server = compute.create_server(
            name=_name('server'), image_id=image.id, flavor_id=flavor.id,
            networks=[{'port': port.id}])
        self._delete_later(compute.delete_server, server)
        server = compute.wait_for_server(server, status='ACTIVE',
                                         failures=['ERROR'], wait=600)
        self.assertEqual('ACTIVE', server.status)
        self.assertEqual(self.cloud.info['compute_host'],
                         server.compute_host)
        bound = network.get_port(port.id)
        self.assertEqual(server.id, bound.device_id)
        self.assertEqual('other', bound.binding_vif_type)
        self.assertEqual('ACTIVE', bound.status)
        self.assertEqual(subnet.id, bound.fixed_ips[0]['subnet_id'])
        self.assertIn(net.name, server.addresses)

        compute.delete_server(server)
        # openstacksdk's wait ends at status DELETED, which Nova shows an
        # admin for a moment before the server is gone (404).
        compute.wait_for_delete(server, wait=300)
        deadline = time.monotonic() + 300
        while compute.find_server(server.id) is not None:
            self.assertLess(time.monotonic(), deadline, 'never gone')
            time.sleep(1)
        # Nova unbinds a port it did not create; the test deletes it.
        network.delete_port(port)
        network.delete_subnet(subnet)
        network.delete_network(net)
        compute.delete_flavor(flavor)
        self.conn.image.delete_image(image)
        self.assertRaises(sdk_exc.NotFoundException, compute.get_server,
                          server.id)
        self.assertNotIn(port.id, [p.id for p in network.ports()])
        self.assertNotIn(net.id, [n.id for n in network.networks()])
        self.assertNotIn(image.id, [i.id for i in self.conn.image.images()])

    def _extended(self, volume_id, size):
        volume = self.conn.block_storage.get_volume(volume_id)
        self.assertNotEqual('error_extending', volume.status)
        return volume if (volume.size, volume.status) == (
            size, 'available') else None

    def test_volume_on_the_fake_backend(self):
        if 'cinder' not in self.cloud.services:
            self.skipTest('this cloud runs without Cinder')
        storage = self.conn.block_storage
        volume = storage.create_volume(name=_name('volume'), size=1)
        self._delete_later(storage.delete_volume, volume)
        volume = storage.wait_for_status(volume, status='available',
                                         failures=['error'], wait=300)
        self.assertEqual(1, volume.size)
        # The test cloud's driver extends (Cinder's fake one cannot) and
        # its volumes can be backed up (cinder-backup, posix driver).
        storage.extend_volume(volume, 2)
        volume = waiting.wait_until(lambda: self._extended(volume.id, 2),
                                    300, 1)
        self.assertEqual('available', volume.status)
        backup = storage.create_backup(volume_id=volume.id,
                                       name=_name('backup'))
        self._delete_later(storage.delete_backup, backup)
        backup = storage.wait_for_status(backup, status='available',
                                         failures=['error'], wait=300)
        storage.delete_backup(backup)
        storage.wait_for_delete(backup, wait=300)
        storage.delete_volume(volume)
        storage.wait_for_delete(volume, wait=300)
        self.assertNotIn(volume.id, [v.id for v in storage.volumes()])
