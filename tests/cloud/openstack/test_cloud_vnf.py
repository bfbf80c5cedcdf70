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

"""An ETSI NFV SOL 001 VNF package through the relay, on the test cloud.

The VNFD is laid out as Tacker's packages are: a top VNFD whose VNF
node the deployment flavour's topology substitutes, and the provider's
VNF type, whose link requirements the VNFM binds. The flavour holds a
scaled VDU with its block storage, a connection point on an internal
virtual link (a subnet, a leaf bitrate) and one on an external network
the deployer names (a parameter), and a zone-scope anti-affinity rule
(noted, not translated). The top VNFD is POSTed to
``relay/tosca/stacks`` with the two files beside it; heat-vision supplies
the ETSI type files they import. The stack reaches CREATE_COMPLETE with a
flavor made to the VDU's virtual_compute, a Neutron network with its
QoS bandwidth limit, and one member of the aspect's group: a server with
a port on each network (an address on the link's subnet) and its volume
attached. Signals to the aspect's scaling policies scale the group out
to two members and back in to one; the stack's delete leaves none of
its objects.
"""

from tests.cloud.openstack import vnf_cloud

CIDR = '10.50.0.0/24'
#: Tacker's package layout: a top VNFD whose VNF node the deployment
#: flavour's topology substitutes, and the provider's VNF type, whose
#: link requirements (no ``occurrences``) the VNFM binds.
TOP = '''tosca_definitions_version: tosca_simple_yaml_1_2
description: a VNF of one scaled VDU
imports:
  - etsi_nfv_sol001_common_types.yaml
  - etsi_nfv_sol001_vnfd_types.yaml
  - vnfd_types.yaml
  - vnfd_df_simple.yaml
topology_template:
  inputs:
    selected_flavour: {type: string}
  node_templates:
    VNF:
      type: example.provider.VNF
      properties:
        flavour_id: {get_input: selected_flavour}
        descriptor_id: d3c0bd8e-0000-4000-8000-000000000001
        provider: example
        product_name: probe
        software_version: '1.0'
        descriptor_version: '1.0'
        vnfm_info: [Tacker]
'''
TYPES = '''tosca_definitions_version: tosca_simple_yaml_1_2
imports:
  - etsi_nfv_sol001_common_types.yaml
  - etsi_nfv_sol001_vnfd_types.yaml
node_types:
  example.provider.VNF:
    derived_from: tosca.nodes.nfv.VNF
    requirements:
      - virtual_link_external:
          capability: tosca.capabilities.nfv.VirtualLinkable
      - virtual_link_internal:
          capability: tosca.capabilities.nfv.VirtualLinkable
    interfaces:
      Vnflcm: {type: tosca.interfaces.nfv.Vnflcm}
'''
FLAVOUR = '''tosca_definitions_version: tosca_simple_yaml_1_2
imports:
  - etsi_nfv_sol001_common_types.yaml
  - etsi_nfv_sol001_vnfd_types.yaml
  - vnfd_types.yaml
topology_template:
  inputs:
    descriptor_id: {type: string}
    descriptor_version: {type: string}
    provider: {type: string}
    product_name: {type: string}
    software_version: {type: string}
    vnfm_info: {type: list, entry_schema: {type: string}}
    flavour_id: {type: string}
    flavour_description: {type: string}
  substitution_mappings:
    node_type: example.provider.VNF
    properties: {flavour_id: simple}
    requirements:
      virtual_link_external: [CP2, virtual_link]
  node_templates:
    VNF:
      type: example.provider.VNF
      properties:
        flavour_description: one VDU, scaled
      interfaces:
        Vnflcm:
          instantiate: []
          terminate: []
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
    CP2:
      type: tosca.nodes.nfv.VduCp
      properties: {layer_protocols: [ipv4], order: 1}
      requirements:
        - virtual_binding: VDU1
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
    - apart:
        type: tosca.policies.nfv.AntiAffinityRule
        targets: [VDU1]
        properties: {scope: zone}
'''


class VnfOnCloudTest(vnf_cloud.VnfCloudTestCase):

    def test_vnf_package_to_cloud_scaled_out_and_in(self):
        external = self.external_network('10.51.0.0/24')
        files = {'vnfd_types.yaml': TYPES,
                 'vnfd_df_simple.yaml': FLAVOUR % {
                     'image': self.image.name, 'cidr': CIDR}}
        name, stack_id = self.create_vnf(
            'vnfd_top.yaml', TOP, files,
            {'selected_flavour': 'simple', 'CP2_network': external.id})
        ids = self.ids(name, stack_id)

        # The flavor made to the VDU's virtual_compute.
        flavor = self.admin.compute.get_flavor(ids['VDU1_flavor'])
        self.assertEqual((1, 128, 1), (flavor.vcpus, flavor.ram,
                                       flavor.disk))
        # The link: a network limited by its QoS policy, a subnet.
        network = self.link(ids, 'VL1', CIDR, 1024)
        networks = [network, external.id]

        # One member at the initial delta, two after a step out, one
        # after a step in: each a server on both networks, its volume.
        def check(server, volumes):
            [volume] = volumes
            self.assertEqual(
                1, self.admin.block_storage.get_volume(volume).size)
            return self.ports_of(server, networks, {network: CIDR})[network]

        [(first, volumes)] = self.servers(name, stack_id, 'VDU1').items()
        first_port = check(first, volumes)
        scaled = self.scale(name, stack_id, 'workers', 'out', 'VDU1', 2)
        ports = [check(s, v) for s, v in scaled.items()]
        self.assertIn(first_port, ports)
        servers = set(scaled)
        volumes = set().union(*scaled.values())
        self.assertEqual(2, len(volumes))
        [(left, _volumes)] = self.scale(name, stack_id, 'workers', 'in',
                                        'VDU1', 1).items()
        self.assertIn(left, servers)

        self.delete_stack(name, stack_id)
        self.assert_gone(servers=servers, volumes=volumes,
                         networks=[network],
                         qos_policies=[ids['VL1_qospolicy']],
                         flavors=[ids['VDU1_flavor']],
                         external=[external.id])
