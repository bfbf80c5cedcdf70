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

"""The OpenStack resource types against the real test cloud.

heat-vision's api and engines (RabbitMQ, MariaDB) drive the cloud of
``tests/cloud/cloud_service.py`` (Keystone, Placement, Glance,
Neutron, Nova on its fake driver, Cinder) with the demo user's token
(``[clients] auth_mode = keystone_token``). The test reads each
service itself, through openstacksdk, after every step:

* a network, subnet, router (and interface), port, security group, key
  pair, a server booted on the port with a CloudConfig as user_data, and
  a volume attached to it: created, updated twice (a flavor change
  resizes the server in place with Heat's default
  ``flavor_update_policy: RESIZE``, the cloud allowing a resize to the
  same host; then, with ``REPLACE``, a flavor change replaces the server
  and the volume follows it, while a security group rule is added in
  place) and deleted, leaving nothing behind in any service.
* a ResourceGroup of 6 servers: created, scaled to 3 (the 3 left are
  3 of the 6), deleted (the times are attached to the test's details).

The take-over of a server's create is in test_cloud_takeover, the other
Nova, Neutron and Glance types in test_cloud_more_resources.

Marked ``cloud``: ``stestr run --exclude-regex '\\[.*\\bcloud\\b'`` runs
the rest without the cloud; under ``CI=true`` a cloud that cannot start
fails these tests.
"""

import base64
import json
import time

from testtools import content

from tests.cloud.openstack import cloud_base

STACK = '''heat_template_version: 2021-04-16
parameters:
  image: {type: string}
  flavor: {type: string}
  key_name: {type: string}
  rules: {type: json}
  flavor_policy: {type: string, default: RESIZE}
resources:
  net: {type: OS::Neutron::Net}
  subnet:
    type: OS::Neutron::Subnet
    properties: {network: {get_resource: net}, cidr: 10.20.0.0/24}
  router: {type: OS::Neutron::Router}
  router_if:
    type: OS::Neutron::RouterInterface
    properties:
      router: {get_resource: router}
      subnet: {get_resource: subnet}
  sg:
    type: OS::Neutron::SecurityGroup
    properties: {rules: {get_param: rules}}
  port:
    type: OS::Neutron::Port
    properties:
      network: {get_resource: net}
      fixed_ips: [{subnet: {get_resource: subnet}}]
      security_groups: [{get_resource: sg}]
  key:
    type: OS::Nova::KeyPair
    properties: {name: {get_param: key_name}, save_private_key: true}
  config:
    type: OS::Heat::CloudConfig
    properties:
      cloud_config: {runcmd: [echo heat-vision-was-here]}
  server:
    type: OS::Nova::Server
    properties:
      image: {get_param: image}
      flavor: {get_param: flavor}
      flavor_update_policy: {get_param: flavor_policy}
      key_name: {get_resource: key}
      networks: [{port: {get_resource: port}}]
      user_data_format: SOFTWARE_CONFIG
      user_data: {get_resource: config}
      metadata: {role: web}
  volume:
    type: OS::Cinder::Volume
    properties: {size: 1}
  attachment:
    type: OS::Cinder::VolumeAttachment
    properties:
      instance_uuid: {get_resource: server}
      volume_id: {get_resource: volume}
outputs:
  address: {value: {get_attr: [port, fixed_ips, 0, ip_address]}}
  networks: {value: {get_attr: [server, networks]}}
  private_key: {value: {get_attr: [key, private_key]}}
'''
SSH = {'protocol': 'tcp', 'port_range_min': 22, 'port_range_max': 22,
       'remote_ip_prefix': '0.0.0.0/0'}
ICMP = {'protocol': 'icmp', 'remote_ip_prefix': '0.0.0.0/0'}

GROUP = '''heat_template_version: 2021-04-16
parameters:
  image: {type: string}
  flavor: {type: string}
  count: {type: number}
resources:
  net: {type: OS::Neutron::Net}
  subnet:
    type: OS::Neutron::Subnet
    properties: {network: {get_resource: net}, cidr: 10.30.0.0/24}
  group:
    type: OS::Heat::ResourceGroup
    depends_on: subnet
    properties:
      count: {get_param: count}
      resource_def:
        type: OS::Nova::Server
        properties:
          image: {get_param: image}
          flavor: {get_param: flavor}
          networks: [{network: {get_resource: net}}]
'''


class CloudResourcesTest(cloud_base.CloudTestCase):

    # The tests ---------------------------------------------------------

    def test_network_server_volume_lifecycle(self):
        self.start_heat_vision()
        before = self.before
        name, key_name = cloud_base.unique('stack'), cloud_base.unique('key')
        params = {'image': self.image.name, 'flavor': self.flavors[0].name,
                  'key_name': key_name, 'rules': [SSH]}
        started = time.monotonic()
        stack_id = self.run_stack(name, STACK, params)
        self.addDetail('create-seconds', content.text_content(
            '%.1f' % (time.monotonic() - started)))
        ids = self.physical_ids(name, stack_id)
        compute, network = self.admin.compute, self.admin.network

        server = compute.get_server(ids['server'])
        self.assertEqual('ACTIVE', server.status)
        self.assertEqual(self.flavors[0].name, server.flavor.name)
        self.assertEqual({'role': 'web'}, server.metadata)
        self.assertEqual(key_name, server.key_name)
        user_data = base64.b64decode(compute.get_server(
            ids['server']).user_data or b'').decode()
        self.assertIn('heat-vision-was-here', user_data)
        self.assertTrue(user_data.startswith('#cloud-config'), user_data)
        port = network.get_port(ids['port'])
        self.assertEqual(server.id, port.device_id)
        self.assertEqual([ids['sg']], port.security_group_ids)
        self.assertEqual(ids['subnet'], port.fixed_ips[0]['subnet_id'])
        outputs = self.outputs(name, stack_id)
        self.assertEqual(port.fixed_ips[0]['ip_address'],
                         outputs['address'])
        self.assertIn(outputs['address'], outputs['networks'][ids['net']])
        self.assertIn('PRIVATE KEY', outputs['private_key'])
        router_ports = list(network.ports(device_id=ids['router']))
        self.assertEqual([ids['subnet']], [
            p.fixed_ips[0]['subnet_id'] for p in router_ports])
        volume = self.admin.block_storage.get_volume(ids['volume'])
        self.assertEqual('in-use', volume.status)
        self.assertEqual([server.id],
                         [a['server_id'] for a in volume.attachments])
        rules = self.rules(ids['sg'])
        self.assertIn(('ingress', 'tcp', 22), rules)

        # Update: a flavor change resizes the server in place (RESIZE,
        # the default): the same server, on the new flavor.
        params.update(flavor=self.flavors[1].name)
        self.run_stack(name, STACK, params, stack_id)
        self.assertEqual(ids, self.physical_ids(name, stack_id))
        server = compute.get_server(ids['server'])
        self.assertEqual(('ACTIVE', self.flavors[1].name),
                         (server.status, server.flavor.name))
        self.assertEqual([server.id], [
            a['server_id'] for a in self.admin.block_storage.get_volume(
                ids['volume']).attachments])

        # Update: with REPLACE the server is replaced on the new flavor,
        # the volume moved to it, a rule added to the group in place.
        params.update(flavor=self.flavors[0].name, rules=[SSH, ICMP],
                      flavor_policy='REPLACE')
        self.run_stack(name, STACK, params, stack_id)
        new_ids = self.physical_ids(name, stack_id)
        self.assertNotEqual(ids['server'], new_ids['server'])
        self.assertEqual(dict(ids, server=new_ids['server']), new_ids)
        server = compute.get_server(new_ids['server'])
        self.assertEqual('ACTIVE', server.status)
        self.assertEqual(self.flavors[0].name, server.flavor.name)
        self.assertNotIn(ids['server'], self.cloud_objects()['servers'])
        volume = self.admin.block_storage.get_volume(ids['volume'])
        self.assertEqual([server.id],
                         [a['server_id'] for a in volume.attachments])
        self.assertEqual(server.id, network.get_port(ids['port']).device_id)
        self.assertEqual(rules | {('ingress', 'icmp', None)},
                         self.rules(ids['sg']))

        # Delete: nothing left in any service.
        self.delete_stack(name, stack_id)
        after = self.cloud_objects()
        self.assertEqual(before, after)
        self.assertNotIn(key_name, after['keypairs'])

    def rules(self, group_id):
        return {(r['direction'], r['protocol'], r['port_range_min'])
                for r in self.admin.network.get_security_group(
                    group_id).security_group_rules
                if r['direction'] == 'ingress'}

    def test_group_of_6_servers_scaled_to_3(self):
        # Six members are made side by side and three removed, as twenty
        # and ten were: what the group does with several members at once
        # (parallel creates on one compute host, a scale-down that keeps
        # the others) does not change with their number, while each
        # server costs the busy cloud seconds of CPU (Nova, Neutron,
        # Placement). Groups of hundreds of members are the component
        # tier's (tests/component/engine, without a cloud).
        self.start_heat_vision()
        before = self.before
        name = cloud_base.unique('group')
        params = {'image': self.image.id, 'flavor': self.flavors[0].id,
                  'count': 6}
        times = {}
        started = time.monotonic()
        stack_id = self.run_stack(name, GROUP, params, timeout=1800)
        times['create 6'] = time.monotonic() - started
        servers = self.cloud_objects()['servers'] - before['servers']
        self.assertEqual(6, len(servers))
        self.assertEqual({'ACTIVE'}, {self.admin.compute.get_server(s).status
                                      for s in servers})
        started = time.monotonic()
        self.run_stack(name, GROUP, dict(params, count=3), stack_id,
                       timeout=1800)
        times['scale to 3'] = time.monotonic() - started
        left = self.cloud_objects()['servers'] - before['servers']
        self.assertEqual(3, len(left))
        # Removed, not replaced: the three left were made by the create.
        self.assertLessEqual(left, servers)
        started = time.monotonic()
        self.delete_stack(name, stack_id)
        times['delete 3'] = time.monotonic() - started
        self.addDetail('seconds', content.text_content(json.dumps(times)))
        self.assertEqual(before, self.cloud_objects())
