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

"""OS::Nova::Flavor, OS::Nova::ServerGroup, OS::Glance::WebImage and
OS::Neutron::FloatingIP (+ FloatingIPAssociation) on the real test cloud.

Each is created, updated in place where its service allows it (the same
object, changed) and by replacement where it does not, and deleted; the
test reads the service through openstacksdk after each step and checks
that nothing is left behind. Flavors are an admin's: that stack runs as
the cloud's admin, the others as the demo member.
"""

import http.server
import threading

from tests.cloud.openstack import cloud_base

FLAVOR = '''heat_template_version: 2021-04-16
parameters:
  ram: {type: number}
  specs: {type: json}
resources:
  flavor:
    type: OS::Nova::Flavor
    properties:
      ram: {get_param: ram}
      vcpus: 1
      disk: 1
      extra_specs: {get_param: specs}
'''

SERVER_GROUP = '''heat_template_version: 2021-04-16
parameters:
  policy: {type: string}
resources:
  group:
    type: OS::Nova::ServerGroup
    properties: {policies: [{get_param: policy}]}
'''

WEB_IMAGE = '''heat_template_version: 2021-04-16
parameters:
  location: {type: string}
  os_distro: {type: string}
  tags: {type: comma_delimited_list}
resources:
  image:
    type: OS::Glance::WebImage
    properties:
      location: {get_param: location}
      container_format: bare
      disk_format: raw
      os_distro: {get_param: os_distro}
      tags: {get_param: tags}
'''

FLOATING = '''heat_template_version: 2021-04-16
parameters:
  public: {type: string}
  port: {type: string, constraints: [allowed_values: [port_a, port_b]]}
conditions:
  on_b: {equals: [{get_param: port}, port_b]}
resources:
  net: {type: OS::Neutron::Net}
  subnet:
    type: OS::Neutron::Subnet
    properties: {network: {get_resource: net}, cidr: 10.50.0.0/24}
  router:
    type: OS::Neutron::Router
    properties:
      external_gateway_info: {network: {get_param: public}}
  router_if:
    type: OS::Neutron::RouterInterface
    properties:
      router: {get_resource: router}
      subnet: {get_resource: subnet}
  port_a:
    type: OS::Neutron::Port
    properties:
      network: {get_resource: net}
      fixed_ips: [{subnet: {get_resource: subnet}}]
  port_b:
    type: OS::Neutron::Port
    properties:
      network: {get_resource: net}
      fixed_ips: [{subnet: {get_resource: subnet}}]
  fip:
    type: OS::Neutron::FloatingIP
    depends_on: router_if
    properties: {floating_network: {get_param: public}}
  association:
    type: OS::Neutron::FloatingIPAssociation
    properties:
      floatingip_id: {get_resource: fip}
      port_id:
        if: [on_b, {get_resource: port_b}, {get_resource: port_a}]
outputs:
  address: {value: {get_attr: [fip, floating_ip_address]}}
'''

IMAGE_BYTES = b'heat-vision web image\n' * 512


class _ImageHandler(http.server.BaseHTTPRequestHandler):

    def do_GET(self):
        self.send_response(200)
        self.send_header('Content-Type', 'application/octet-stream')
        self.send_header('Content-Length', str(len(IMAGE_BYTES)))
        self.end_headers()
        self.wfile.write(IMAGE_BYTES)

    def log_message(self, *args):
        pass


class CloudMoreResourcesTest(cloud_base.CloudTestCase):

    def test_flavor(self):
        self.start_heat_vision()
        self.client = self.admin_client()
        name = cloud_base.unique('flavor-stack')
        stack_id = self.run_stack(name, FLAVOR, {
            'ram': 128, 'specs': {'hw:cpu_policy': 'shared'}})
        flavor_id = self.physical_ids(name, stack_id)['flavor']
        compute = self.admin.compute
        flavor = compute.get_flavor(flavor_id)
        self.assertEqual((128, 1, 1), (flavor.ram, flavor.vcpus,
                                       flavor.disk))
        self.assertEqual({'hw:cpu_policy': 'shared'},
                         compute.fetch_flavor_extra_specs(
                             flavor_id).extra_specs)

        # Extra specs change in place.
        self.run_stack(name, FLAVOR, {'ram': 128,
                                      'specs': {'hw:mem_page_size': 'any'}},
                       stack_id)
        self.assertEqual(flavor_id,
                         self.physical_ids(name, stack_id)['flavor'])
        self.assertEqual({'hw:mem_page_size': 'any'},
                         compute.fetch_flavor_extra_specs(
                             flavor_id).extra_specs)

        # Memory cannot change: a new flavor, the old one gone.
        self.run_stack(name, FLAVOR, {'ram': 192,
                                      'specs': {'hw:mem_page_size': 'any'}},
                       stack_id)
        new_id = self.physical_ids(name, stack_id)['flavor']
        self.assertNotEqual(flavor_id, new_id)
        self.assertEqual(192, compute.get_flavor(new_id).ram)
        self.assertIsNone(compute.find_flavor(flavor_id))

        self.delete_stack(name, stack_id)
        # Other tests make flavors of their own meanwhile: none of the
        # stack's (by id, or by the name Heat gives them) is left.
        self.assertEqual([], [f.id for f in compute.flavors()
                              if f.id in (flavor_id, new_id)
                              or f.name.startswith(name)])

    def test_server_group(self):
        self.start_heat_vision()
        name = cloud_base.unique('group-stack')
        stack_id = self.run_stack(name, SERVER_GROUP,
                                  {'policy': 'anti-affinity'})
        group_id = self.physical_ids(name, stack_id)['group']
        group = self.demo.compute.get_server_group(group_id)
        self.assertEqual('anti-affinity', group.policy)

        # Nova cannot change a group's policy: it is replaced.
        self.run_stack(name, SERVER_GROUP, {'policy': 'soft-affinity'},
                       stack_id)
        new_id = self.physical_ids(name, stack_id)['group']
        self.assertNotEqual(group_id, new_id)
        self.assertEqual('soft-affinity',
                         self.demo.compute.get_server_group(new_id).policy)
        self.assertEqual({new_id}, self.cloud_objects()['server_groups']
                         - self.before['server_groups'])

        self.delete_stack(name, stack_id)
        self.assertEqual(self.before, self.cloud_objects())

    def serve_image(self):
        """:returns: the URL of an image served by this test."""
        server = http.server.ThreadingHTTPServer(('127.0.0.1', 0),
                                                 _ImageHandler)
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        self.addCleanup(thread.join, 60)
        self.addCleanup(server.shutdown)
        return 'http://127.0.0.1:%d/disk.raw' % server.server_address[1]

    def test_web_image(self):
        self.start_heat_vision()
        name = cloud_base.unique('image-stack')
        params = {'location': self.serve_image(), 'os_distro': 'cirros',
                  'tags': 'a,b'}
        stack_id = self.run_stack(name, WEB_IMAGE, params)
        image_id = self.physical_ids(name, stack_id)['image']
        image = self.demo.image.get_image(image_id)
        self.assertEqual(('active', len(IMAGE_BYTES), 'cirros'),
                         (image.status, image.size, image.os_distro))
        self.assertEqual({'a', 'b'}, set(image.tags))
        self.assertEqual(IMAGE_BYTES, self.demo.image.download_image(
            image).content)

        # os_distro and tags are patched in place.
        self.run_stack(name, WEB_IMAGE, dict(params, os_distro='debian',
                                             tags='c'), stack_id)
        self.assertEqual(image_id,
                         self.physical_ids(name, stack_id)['image'])
        image = self.demo.image.get_image(image_id)
        self.assertEqual(('debian', ['c']), (image.os_distro, image.tags))

        self.delete_stack(name, stack_id)
        self.assertIsNone(self.admin.image.find_image(image_id))
        self.assertEqual(self.before, self.cloud_objects())

    def test_floating_ip(self):
        public = self.public_network()
        self.start_heat_vision()
        name = cloud_base.unique('fip-stack')
        params = {'public': public.id, 'port': 'port_a'}
        stack_id = self.run_stack(name, FLOATING, params)
        ids = self.physical_ids(name, stack_id)
        network = self.admin.network
        fip = network.get_ip(ids['fip'])
        self.assertEqual(public.id, fip.floating_network_id)
        self.assertEqual((ids['port_a'], ids['router']),
                         (fip.port_id, fip.router_id))
        self.assertEqual(fip.floating_ip_address,
                         self.outputs(name, stack_id)['address'])

        # The association moves to the other port in place.
        self.run_stack(name, FLOATING, dict(params, port='port_b'),
                       stack_id)
        self.assertEqual(ids, self.physical_ids(name, stack_id))
        self.assertEqual(ids['port_b'], network.get_ip(ids['fip']).port_id)

        self.delete_stack(name, stack_id)
        self.assertEqual(self.before, self.cloud_objects())
        # The public network is shared: other tests' floating IPs are
        # on it (the heat-templates test's, side by side).
        self.assertIsNone(network.find_ip(ids['fip']))
        self.assertEqual([], list(network.ips(
            floating_network_id=public.id,
            project_id=self.demo.current_project_id)))
