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

"""An ETSI NFV SOL 001 VNFD through the relay, on the test cloud.

The VNFD (a scaled VDU with its connection point, a block storage and
an internal virtual link with a subnet and a leaf bitrate) is POSTed to
``relay/tosca/stacks`` as Tacker's users write it: heat-vision supplies
the ETSI type files it imports. The stack reaches CREATE_COMPLETE with a
flavor made to the VDU's virtual_compute, a Neutron network with its
QoS bandwidth limit, and one member of the aspect's group: a server
whose port has an address on the link's subnet and whose volume is
attached. Signals to the aspect's scaling policies scale the group out
to two members and back in to one; the stack's delete leaves none of
its objects. As the cloud's admin: making flavors (Nova) and QoS
policies (Neutron) is an admin action by default.
"""

import ipaddress

from tests.cloud.openstack import cloud_base

CIDR = '10.50.0.0/24'
VNFD = '''tosca_definitions_version: tosca_simple_yaml_1_2
description: one scaled VDU with a port, a volume and a rate-limited link
imports:
  - etsi_nfv_sol001_common_types.yaml
  - etsi_nfv_sol001_vnfd_types.yaml
topology_template:
  node_templates:
    VDU1:
      type: tosca.nodes.nfv.Vdu.Compute
      properties:
        name: VDU1
        vdu_profile: {min_number_of_instances: 1, max_number_of_instances: 3}
        sw_image_data:
          name: %(image)s
          version: '1.0'
          checksum: {algorithm: sha-256, hash: ab}
          container_format: bare
          disk_format: raw
          min_disk: 1 GiB
          size: 4 KiB
      capabilities:
        virtual_compute:
          properties:
            virtual_cpu: {num_virtual_cpu: 1}
            virtual_memory: {virtual_mem_size: 128 MiB}
            virtual_local_storage: [{size_of_storage: 1 GiB}]
      requirements:
        - virtual_storage: Data
    Data:
      type: tosca.nodes.nfv.Vdu.VirtualBlockStorage
      properties:
        virtual_block_storage_data: {size_of_storage: 1 GiB}
    CP1:
      type: tosca.nodes.nfv.VduCp
      properties: {layer_protocols: [ipv4], order: 0}
      requirements:
        - virtual_binding: VDU1
        - virtual_link: VL1
    VL1:
      type: tosca.nodes.nfv.VnfVirtualLink
      properties:
        connectivity_type: {layer_protocols: [ipv4]}
        vl_profile:
          max_bitrate_requirements: {root: 2097152, leaf: 1048576}
          min_bitrate_requirements: {root: 1048576, leaf: 1048576}
          virtual_link_protocol_data:
            - associated_layer_protocol: ipv4
              l3_protocol_data:
                ip_version: ipv4
                cidr: %(cidr)s
                dhcp_enabled: true
  policies:
    - scaling_aspects:
        type: tosca.policies.nfv.ScalingAspects
        properties:
          aspects:
            workers:
              name: workers
              description: VDU1 instances
              max_scale_level: 2
              step_deltas: [delta_1]
    - VDU1_initial_delta:
        type: tosca.policies.nfv.VduInitialDelta
        properties:
          initial_delta: {number_of_instances: 1}
        targets: [VDU1]
    - VDU1_scaling_aspect_deltas:
        type: tosca.policies.nfv.VduScalingAspectDeltas
        properties:
          aspect: workers
          deltas:
            delta_1: {number_of_instances: 1}
        targets: [VDU1]
'''


class VnfOnCloudTest(cloud_base.CloudTestCase):

    def members(self, name, stack_id):
        """``{server id: volume ids attached}`` of the group's members."""
        response = self.client.request(
            'GET', '/stacks/%s/%s/resources' % (name, stack_id),
            params={'nested_depth': 2})
        self.assertEqual(200, response.status_code, response.text)
        # A member being made or removed has no server yet, or no more.
        servers = [r['physical_resource_id'] for r in
                   response.json()['resources']
                   if r['resource_type'] == 'OS::Nova::Server' and
                   r['physical_resource_id'] and
                   r['resource_status'].endswith('_COMPLETE') and
                   not r['resource_status'].startswith('DELETE')]
        compute = self.admin.compute
        return {s: {a.volume_id for a in compute.volume_attachments(
            compute.get_server(s))} for s in servers}

    def scale(self, name, stack_id, direction, count):
        response = self.client.request(
            'POST', '/stacks/%s/%s/resources/workers_scale_%s/signal' % (
                name, stack_id, direction), json={})
        self.assertIn(response.status_code, (200, 202), response.text)
        return self.wait_for(lambda: (
            lambda found: found if len(found) == count and all(
                found.values()) else None)(self.members(name, stack_id)),
            timeout=600)

    def check_member(self, server_id, volumes, network_id):
        server = self.admin.compute.get_server(server_id)
        self.assertEqual('ACTIVE', server.status)
        [port] = self.admin.network.ports(device_id=server_id)
        self.assertEqual(network_id, port.network_id)
        [address] = [ip['ip_address'] for ip in port.fixed_ips]
        self.assertIn(ipaddress.ip_address(address),
                      ipaddress.ip_network(CIDR))
        [volume] = volumes
        self.assertEqual(1, self.admin.block_storage.get_volume(volume).size)
        return port.id

    def test_vnfd_to_cloud_scaled_out_and_in(self):
        self.start_heat_vision()
        self.client = self.admin_client()
        name = cloud_base.unique('vnf')
        response = self.client.request(
            'POST', '/relay/tosca/stacks', params={'stack_name': name},
            data=(VNFD % {'image': self.image.name, 'cidr': CIDR}).encode(),
            headers={'Content-Type': 'application/yaml'})
        self.assertEqual(201, response.status_code, response.text)
        stack_id = response.json()['stack']['id']
        stack = self.wait_stack(name, stack_id, 900)
        self.assertEqual('CREATE_COMPLETE', stack['stack_status'],
                         stack['stack_status_reason'])
        ids = self.physical_ids(name, stack_id)

        # The flavor made to the VDU's virtual_compute.
        flavor = self.admin.compute.get_flavor(ids['VDU1_flavor'])
        self.assertEqual((1, 128, 1), (flavor.vcpus, flavor.ram,
                                       flavor.disk))
        # The link: a network limited by its QoS policy, a subnet.
        network = self.admin.network.get_network(ids['VL1'])
        self.assertEqual(ids['VL1_qospolicy'], network.qos_policy_id)
        [rule] = self.admin.network.qos_bandwidth_limit_rules(
            ids['VL1_qospolicy'])
        self.assertEqual(1024, rule.max_kbps)
        subnet = self.admin.network.get_subnet(ids['VL1_subnet'])
        self.assertEqual((CIDR, network.id), (subnet.cidr,
                                              subnet.network_id))

        # One member at the initial delta, two after a step out, one
        # after a step in: each a server on the link with its volume.
        [(first, volumes)] = self.members(name, stack_id).items()
        first_port = self.check_member(first, volumes, network.id)
        scaled = self.scale(name, stack_id, 'out', 2)
        ports = [self.check_member(s, v, network.id)
                 for s, v in scaled.items()]
        self.assertIn(first_port, ports)
        servers = set(scaled)
        volumes = set().union(*scaled.values())
        self.assertEqual(2, len(volumes))
        [(left, _volumes)] = self.scale(name, stack_id, 'in', 1).items()
        self.assertIn(left, servers)
        stack = self.wait_stack(name, stack_id, 600)
        self.assertNotIn('FAILED', stack['stack_status'])

        self.delete_stack(name, stack_id)
        admin = self.admin
        for server in servers:
            self.assertIsNone(admin.compute.find_server(server))
        for volume in volumes:
            self.assertIsNone(admin.block_storage.find_volume(volume))
        self.assertIsNone(admin.network.find_network(network.id))
        self.assertIsNone(admin.network.find_qos_policy(
            ids['VL1_qospolicy']))
        self.assertIsNone(admin.compute.find_flavor(ids['VDU1_flavor']))
