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

"""heat-tempest-plugin's scenario test_base_resources, its template as
it is (``tempest_templates/``), on the test cloud.

As heat_tempest_plugin/tests/scenario/test_base_resources.py does: the
parameters are a key pair name, a flavor, an image, the volume size and
a network name; the stack (a network and subnet, a port, a key pair
whose public key is a ``get_file``, a server on the port, a volume
attached to it, all with Heat's hidden names ``network_id``,
``subnet_id``) is created, its server found in Nova and the network's
name found in the ``server_networks`` output. Then it is deleted with
nothing left.
"""

import hashlib
import os

from tests.cloud.openstack import cloud_base

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                    'tempest_templates')
#: file -> its SHA-256 in heat-tempest-plugin (tempest_templates/README).
FILES = {
    'test_base_resources.yaml':
        'd3fbebc8f3f9ef94de7f76cd1a12e146296945c3b15c26afcefd32b666553b9d',
    'id_ed25519.pub':
        'ff1927aa1150c1f58bec06286e0e98fb17e8e780654db51e6cb3189946d3a23a',
}


def unchanged(name):
    with open(os.path.join(HERE, name), 'rb') as f:
        text = f.read()
    return text.decode(), hashlib.sha256(text).hexdigest()


class TempestTemplatesTest(cloud_base.CloudTestCase):

    def test_base_resources_integration(self):
        files = {}
        for name, digest in FILES.items():
            files[name], found = unchanged(name)
            self.assertEqual(digest, found, '%s was changed' % name)
        self.start_heat_vision()
        net_name = cloud_base.unique('heat-net')
        name = cloud_base.unique('base-resources')
        stack_id = self.client.create(
            name, files.pop('test_base_resources.yaml'), files=files,
            parameters={'key_name': cloud_base.unique('heat-key'),
                        'flavor': self.flavors[0].name,
                        'image': self.image.name, 'vol_size': 1,
                        'private_net_name': net_name})
        stack = self.wait_stack(name, stack_id, 600)
        self.assertEqual('CREATE_COMPLETE', stack['stack_status'],
                         stack['stack_status_reason'])
        server_id = self.physical_ids(name, stack_id)['server']
        self.assertEqual(server_id,
                         self.demo.compute.get_server(server_id).id)
        self.assertIn(net_name,
                      self.outputs(name, stack_id)['server_networks'])
        self.delete_stack(name, stack_id)
        self.assertEqual(self.before, self.cloud_objects())
