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

"""Two of Tacker's own sample VNFDs, as Tacker ships them, through the
relay on the test cloud (``tacker_vnfds/README.rst`` says which).

Each top VNFD is POSTed to ``relay/tosca/stacks`` with its type and
flavour files (heat-vision supplies the ETSI type files); the image
their sw_image_data names is not on the test cloud, so the test's image
is given for each node as the input ``<node>_image``, as a VNFM gives
the image it onboarded. The stack reaches CREATE_COMPLETE with the real
servers, ports, volumes and networks checked in Nova, Neutron and
Cinder; the aspect's policies scale its VDU out one step and back in;
the delete leaves nothing.
"""

import hashlib
import os

from tests.cloud.openstack import vnf_cloud

HERE = os.path.join(os.path.dirname(__file__), 'tacker_vnfds')
#: ``{sample: {file: its SHA-256}}`` as Tacker ships them (README.rst).
SAMPLES = {
    'functional': {
        'helloworld3_top.vnfd.yaml': '8943c4e2da58fb58c7774e4ab6fed8bc'
                                     '144d8b7ad20d1ffa486feac9d4d0575a',
        'helloworld3_types.yaml': 'fe7d3dc80ca55cfe4c259f67d881b5a7'
                                  '93a36debb14af83c9d2adda8205a56dd',
        'helloworld3_df_simple.yaml': '0318e590bb3a70150af74542fd0d0f37'
                                      'd96cd2470bb929fa019b647b3e535c3d'},
    'basic_lcms_min': {
        'v2_sample2_top.vnfd.yaml': 'b98ddc431add2e7fd709ad41fd42d36d'
                                    '2a4ab10779ec9d9e7250bc60102a12db',
        'v2_sample2_types.yaml': '2ff86498711b1b5181508432dd6ebe62'
                                 '7877064e06c29a7a07a7f0d80a6952c5',
        'v2_sample2_df_simple.yaml': '44a7b8693f7bed9daeba0eeb0b878d8a'
                                     '950baa8bcf6f05386c1afba443c784a0'},
}
#: The CIDRs of the samples' internal virtual links.
HELLOWORLD3_LINKS = {'internalVL1': '33.33.0.0/24',
                     'internalVL2': '33.34.0.0/24',
                     'internalVL3': '33.35.0.0/24'}
SAMPLE2_LINK = ('internalVL3', '192.168.5.0/24')
#: Their flavors: 1 vCPU, 512 MB (489 MiB), 3 GB (3 GiB) of disk.
FLAVOR = (1, 489, 3)


def package(folder):
    """``{file name: text}`` of a sample, its digests checked."""
    found = {}
    for name, digest in SAMPLES[folder].items():
        with open(os.path.join(HERE, folder, name), 'rb') as f:
            data = f.read()
        if hashlib.sha256(data).hexdigest() != digest:
            raise AssertionError('%s/%s is not as Tacker ships it'
                                 % (folder, name))
        found[name] = data.decode()
    return found


class TackerVnfdsOnCloudTest(vnf_cloud.VnfCloudTestCase):

    def deploy(self, folder, top, parameters):
        files = package(folder)
        name, stack_id = self.create_vnf(
            top, files.pop(top), files,
            dict(parameters, selected_flavour='simple'))
        return name, stack_id, self.ids(name, stack_id)

    def check_flavors(self, ids, *vdus):
        for vdu in vdus:
            flavor = self.admin.compute.get_flavor(ids[vdu + '_flavor'])
            self.assertEqual(FLAVOR, (flavor.vcpus, flavor.ram,
                                      flavor.disk))

    def test_helloworld3_volumes_and_links_scaled_out_and_in(self):
        # samples/tests/etc/samples/etsi/nfv/functional: VDU1 boots from
        # its VirtualBlockStorage (an image volume) and scales by the
        # aspect worker_instance; VDU2 has two instances and no aspect;
        # each has five connection points: two on external links, three
        # on the VNF's internal links (QoS-limited networks).
        ext1 = self.external_network('10.61.0.0/24')
        ext2 = self.external_network('10.62.0.0/24')
        name, stack_id, ids = self.deploy(
            'functional', 'helloworld3_top.vnfd.yaml', {
                'VDU2_image': self.image.id,
                'VirtualStorage_image': self.image.id,
                'VDU1_CP1_network': ext1.id, 'VDU2_CP1_network': ext1.id,
                'VDU1_CP2_network': ext2.id, 'VDU2_CP2_network': ext2.id})
        self.check_flavors(ids, 'VDU1', 'VDU2')
        links = {self.link(ids, vl, cidr, 1024): cidr
                 for vl, cidr in HELLOWORLD3_LINKS.items()}
        networks = [ext1.id, ext2.id] + list(links)

        def check_vdu1(server, volumes):
            self.ports_of(server, networks, links)
            [volume] = volumes
            volume = self.admin.block_storage.get_volume(volume)
            self.assertEqual(1, volume.size)
            self.assertEqual(self.image.id,
                             volume.volume_image_metadata['image_id'])

        vdu2 = self.servers(name, stack_id, 'VDU2')
        self.assertEqual(2, len(vdu2))
        for server, volumes in vdu2.items():
            self.ports_of(server, networks, links)
            self.assertEqual(set(), volumes)
            self.assertEqual(self.image.id, self.admin.compute.get_server(
                server).image.id)
        [(first, volumes)] = self.servers(name, stack_id, 'VDU1').items()
        check_vdu1(first, volumes)
        scaled = self.scale(name, stack_id, 'worker_instance', 'out',
                            'VDU1', 2)
        for server, volumes in scaled.items():
            check_vdu1(server, volumes)
        self.assertIn(first, scaled)
        volumes = set().union(*scaled.values())
        self.assertEqual(2, len(volumes))
        [left] = self.scale(name, stack_id, 'worker_instance', 'in',
                            'VDU1', 1)
        self.assertIn(left, scaled)
        self.assertEqual(set(vdu2), set(self.servers(name, stack_id,
                                                     'VDU2')))

        self.delete_stack(name, stack_id)
        self.assert_gone(
            servers=set(scaled) | set(vdu2), volumes=volumes,
            networks=links,
            qos_policies=[ids[vl + '_qospolicy'] for vl in HELLOWORLD3_LINKS],
            flavors=[ids['VDU1_flavor'], ids['VDU2_flavor']],
            external=[ext1.id, ext2.id])

    def test_v2_sample2_affinity_group_scaled_out_and_in(self):
        # samples/tests/functional/sol_v2_common/basic_lcms_min: VDU1
        # (scaled by VDU1_scale) and VDU2 on one internal link, both
        # members of a PlacementGroup under an nfvi_node AffinityRule:
        # one Nova server group, every server of both VDUs in it.
        vl, cidr = SAMPLE2_LINK
        name, stack_id, ids = self.deploy(
            'basic_lcms_min', 'v2_sample2_top.vnfd.yaml', {
                'VDU1_image': self.image.id, 'VDU2_image': self.image.id})
        self.check_flavors(ids, 'VDU1', 'VDU2')
        network = self.link(ids, vl, cidr, 1024)
        group = self.admin.compute.get_server_group(
            ids['policy_affinity_group'])
        self.assertIn('affinity', [group.policy] + list(
            group.policies or []))

        def check(servers):
            for server in servers:
                self.ports_of(server, [network], {network: cidr})
                self.assertEqual(self.image.id, self.admin.compute.get_server(
                    server).image.id)
            # Nova drops a deleted server from its group when the
            # compute host has cleaned it up: those left are members.
            self.assertLessEqual(set(servers) | set(vdu2), set(
                self.admin.compute.get_server_group(group.id).member_ids))

        vdu2 = self.servers(name, stack_id, 'VDU2')
        self.assertEqual(1, len(vdu2))
        first = self.servers(name, stack_id, 'VDU1')
        self.assertEqual(1, len(first))
        check(set(first) | set(vdu2))
        scaled = self.scale(name, stack_id, 'VDU1_scale', 'out', 'VDU1', 2,
                            volumes=False)
        check(scaled)
        self.assertLessEqual(set(first), set(scaled))
        self.assertEqual(3, len(self.admin.compute.get_server_group(
            group.id).member_ids))
        left = self.scale(name, stack_id, 'VDU1_scale', 'in', 'VDU1', 1,
                          volumes=False)
        check(left)
        # The step in removes a server of the scaled-out two, in Nova too.
        [removed] = set(scaled) - set(left)
        self.wait_for(lambda: self.admin.compute.find_server(
            removed) is None)

        self.delete_stack(name, stack_id)
        self.assert_gone(servers=set(scaled) | set(vdu2), networks=[network],
                         qos_policies=[ids[vl + '_qospolicy']],
                         flavors=[ids['VDU1_flavor'], ids['VDU2_flavor']])
        self.assertIsNone(self.admin.compute.find_server_group(group.id))
