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

"""SOL 001 virtual links: networks, subnets and their QoS policies (as
heat-translator's tosca_nfv_vnfvirtuallink.py); a VNF node's
requirements are the VNFM's to bind (as Tacker, which translates a
flavour without its VNF node)."""

import yaml

from heat_vision.common import exception
from tests import base
from tests.unit.translators import test_etsi_nfv

translate = test_etsi_nfv.translate


def link(profile, layers='[ipv4]'):
    return '''topology_template:
  node_templates:
    vl:
      type: tosca.nodes.nfv.VnfVirtualLink
      properties:
        connectivity_type: {layer_protocols: %s}
        vl_profile:
%s''' % (layers, profile)


CIDR = '''          virtual_link_protocol_data:
            - associated_layer_protocol: ipv4
              l3_protocol_data: {ip_version: ipv4, cidr: 10.0.0.0/24}
'''


class TestVirtualLinkQoS(base.TestCase):

    def test_a_leaf_bitrate_is_a_bandwidth_limit_policy(self):
        result = translate(link('''          max_bitrate_requirements:
            root: 2000000
            leaf: 1048577
          min_bitrate_requirements: {root: 1, leaf: 1}
''' + CIDR))
        resources = result.template['resources']
        self.assertEqual({'type': 'OS::Neutron::Net',
                          'properties': {'qos_policy': {
                              'get_resource': 'vl_qospolicy'}}},
                         resources['vl'])
        self.assertEqual({'type': 'OS::Neutron::QoSPolicy'},
                         resources['vl_qospolicy'])
        # bits/s over 1024, rounded up: 1048577 / 1024 = 1024.0009...
        self.assertEqual({'type': 'OS::Neutron::QoSBandwidthLimitRule',
                          'properties': {
                              'policy': {'get_resource': 'vl_qospolicy'},
                              'max_kbps': 1025}},
                         resources['vl_bandwidth'])
        self.assertEqual('10.0.0.0/24',
                         resources['vl_subnet']['properties']['cidr'])

    def test_a_root_bitrate_alone_makes_no_policy(self):
        result = translate(link(
            '          max_bitrate_requirements: {root: 1048576}\n'
            '          min_bitrate_requirements: {root: 1}\n' + CIDR))
        resources = result.template['resources']
        self.assertEqual({'vl', 'vl_subnet'}, set(resources))
        self.assertNotIn('properties', resources['vl'])

    def test_a_link_that_is_not_ip_has_no_subnet(self):
        result = translate(link(
            '          max_bitrate_requirements: {root: 8192, leaf: 8192}\n'
            '          min_bitrate_requirements: {root: 1, leaf: 1}\n',
            layers='[ethernet]'))
        self.assertEqual({'vl', 'vl_qospolicy', 'vl_bandwidth'},
                         set(result.template['resources']))
        self.assertEqual(8, result.template['resources']['vl_bandwidth'][
            'properties']['max_kbps'])

    def test_a_bitrate_out_of_range_is_refused_at_the_leaf(self):
        for leaf in ('0', str(2 ** 41)):
            exc = self.assertRaises(
                exception.TranslationError, translate, link(
                    '          max_bitrate_requirements: {root: 1, leaf: %s}'
                    '\n          min_bitrate_requirements: {root: 1}\n'
                    % leaf))
            self.assertEqual('topology_template.node_templates.vl.properties.'
                             'vl_profile.max_bitrate_requirements.leaf',
                             exc.path)


class TestVnfRequirements(base.TestCase):

    TYPES = test_etsi_nfv.HEAD + '''node_types:
  example.VNF:
    derived_from: tosca.nodes.nfv.VNF
    requirements:
      - virtual_link_internal:
          capability: tosca.capabilities.nfv.VirtualLinkable
'''
    VNF = '''  - types.yaml
topology_template:
  node_templates:
    VNF:
      type: example.VNF
''' + test_etsi_nfv.VNF_PROPERTIES

    def test_a_vnf_nodes_links_are_left_to_the_vnfm(self):
        # Tacker's company types require links with no occurrences
        # (default: at least one) that no document fulfils.
        result = translate(self.VNF + test_etsi_nfv.VDU,
                           files={'types.yaml': self.TYPES})
        self.assertEqual({'vdu', 'vdu_flavor'},
                         set(result.template['resources']))

    def test_other_nodes_still_need_their_requirements(self):
        types = self.TYPES.replace('derived_from: tosca.nodes.nfv.VNF',
                                   'derived_from: tosca.nodes.Root')
        vnf = self.VNF[:self.VNF.index('      properties:')]
        exc = self.assertRaises(exception.TranslationError, translate, vnf,
                                files={'types.yaml': types})
        self.assertIn('virtual_link_internal', str(exc))


class TestScaledPorts(base.TestCase):

    def test_a_scaling_group_waits_for_the_subnets_of_its_links(self):
        # The member's port is on a link made outside the group: Heat
        # orders a port after its network's subnets only within one
        # template, so the group depends on them.
        cp = '''    cp:
      type: tosca.nodes.nfv.VduCp
      properties: {layer_protocols: [ipv4], order: 0}
      requirements:
        - virtual_binding: vdu
        - virtual_link: vl
'''
        vl = link('''          max_bitrate_requirements: {root: 1}
          min_bitrate_requirements: {root: 1}
''' + CIDR)
        result = translate(vl + test_etsi_nfv.VDU + cp + '  policies:\n' +
                           test_etsi_nfv.GROW_ASPECT)
        group = result.template['resources']['grow']
        self.assertEqual(['vl_subnet'], group['depends_on'])
        self.assertEqual({'get_resource': 'vl'},
                         group['properties']['resource']['properties'][
                             'vl_id'])


class TestFlavourParameters(base.TestCase):
    """Tacker's layout: what the flavour leaves to the deployer, and the
    VNF node's properties the flavour gives, reach its nested stack.
    """

    TYPES = test_etsi_nfv.HEAD + '''node_types:
  example.VNF:
    derived_from: tosca.nodes.nfv.VNF
'''
    FLAVOUR = test_etsi_nfv.HEAD + '''  - types.yaml
topology_template:
  inputs:
    flavour_id: {type: string}
    flavour_description: {type: string}
  substitution_mappings:
    node_type: example.VNF
    properties: {flavour_id: simple}
  node_templates:
    VNF:
      type: example.VNF
      properties: {flavour_description: one VDU}
    ext:
      type: tosca.nodes.nfv.VduCp
      properties: {layer_protocols: [ipv4], order: 0}
      requirements:
        - virtual_binding: vdu
''' + test_etsi_nfv.VDU

    def test_the_flavours_parameters_are_asked_and_passed_down(self):
        result = translate(test_etsi_nfv.TACKER_TOP, files={
            'types.yaml': self.TYPES, 'flavour.yaml': self.FLAVOUR})
        vnf = result.template['resources']['VNF']
        self.assertEqual({'flavour_id': 'simple',
                          'flavour_description': 'one VDU',
                          'ext_network': {'get_param': 'ext_network'}},
                         vnf['properties'])
        self.assertEqual('string',
                         result.template['parameters']['ext_network']['type'])
        nested = yaml.safe_load(result.files['example.VNF.yaml'])
        self.assertEqual({'get_param': 'ext_network'}, nested['resources'][
            'ext']['properties']['network'])
