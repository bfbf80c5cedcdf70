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


"""heat-templates' hot/external_resource.yaml, as it is
(``heat_templates/``), on the test cloud: a server made outside
heat-vision is adopted by its id (``external_id``), as Heat adopts it.

The stack reads the server's address from its ``networks`` attribute,
an update leaves it as it is, and the stack's delete leaves it running;
a server id the cloud does not know is a 400 naming it
(``heat_vision/engine/externals.py``).
"""

import hashlib
import os

from oslo_utils import uuidutils

from tests.cloud.openstack import cloud_base

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                    'heat_templates')
#: its SHA-256 in openstack/heat-templates (heat_templates/README.rst).
SHA256 = '1d93e68ef03d9d6886bd20f9d6f41822c76fd9b70a64e408e4133c04175ffc7a'


class ExternalResourceTest(cloud_base.CloudTestCase):

    def template(self):
        with open(os.path.join(HERE, 'external_resource.yaml'), 'rb') as f:
            text = f.read()
        self.assertEqual(SHA256, hashlib.sha256(text).hexdigest(),
                         'external_resource.yaml was changed')
        return text.decode()

    def server(self):
        """A server of the demo user's on a network named ``private``
        (the template's output reads that network's address).
        """
        network = self.demo.network.create_network(name='private')
        self.addCleanup(self.demo.network.delete_network, network,
                        ignore_missing=True)
        subnet = self.demo.network.create_subnet(
            network_id=network.id, ip_version=4, cidr='10.63.0.0/24',
            name=cloud_base.unique('private-subnet'))
        self.addCleanup(self.demo.network.delete_subnet, subnet,
                        ignore_missing=True)
        server = self.demo.compute.create_server(
            name=cloud_base.unique('outside'), image_id=self.image.id,
            flavor_id=self.flavors[0].id, networks=[{'uuid': network.id}])
        self.addCleanup(self.delete_server, server)
        return self.demo.compute.wait_for_server(server, wait=300)

    def delete_server(self, server):
        """Delete it and wait: its port holds the network otherwise."""
        self.demo.compute.delete_server(server, ignore_missing=True)
        self.demo.compute.wait_for_delete(server, wait=300)

    def test_external_resource_yaml_adopts_a_server_and_leaves_it(self):
        template = self.template()
        server = self.server()
        address = server.addresses['private'][0]['addr']
        self.start_heat_vision()
        # A server the cloud does not know: refused, naming it.
        unknown = uuidutils.generate_uuid()
        response = self.client.request('POST', '/stacks', json={
            'stack_name': cloud_base.unique('unknown'), 'template': template,
            'parameters': {'external_server_id': unknown}})
        self.assertEqual(400, response.status_code, response.text)
        self.assertIn('Invalid external resource: Resource %s '
                      '(OS::Nova::Server) can not be found.' % unknown,
                      response.text)

        name = cloud_base.unique('external')
        stack_id = self.run_stack(name, template,
                                  {'external_server_id': server.id})
        self.assertEqual({'external_server': server.id},
                         self.physical_ids(name, stack_id))
        self.assertEqual({'server_address': address},
                         self.outputs(name, stack_id))
        response = self.client.request(
            'GET', '/stacks/%s/%s/resources/external_server' % (
                name, stack_id))
        # Adopted, then checked, as Heat's Resource.create does.
        self.assertEqual('CHECK_COMPLETE',
                         response.json()['resource']['resource_status'])
        # The same template again: the server is left as it is.
        updated = self.demo.compute.get_server(server.id).updated_at
        self.run_stack(name, template, {'external_server_id': server.id},
                       stack_id=stack_id)
        self.assertEqual(updated,
                         self.demo.compute.get_server(server.id).updated_at)

        self.delete_stack(name, stack_id)
        self.assertEqual('ACTIVE',
                         self.demo.compute.get_server(server.id).status)
