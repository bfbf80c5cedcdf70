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

"""ETSI NFV SOL 001: heat-vision's definitions stand in only for the
ETSI files a document imports and does not give; its VDUs scale like
Compute nodes; what SOL 001 requires is checked."""

import yaml

from heat_vision.common import exception
from heat_vision import translators
from heat_vision.translators.tosca import profiles
from tests import base

HEAD = '''tosca_definitions_version: tosca_simple_yaml_1_2
imports:
  - etsi_nfv_sol001_common_types.yaml
  - etsi_nfv_sol001_vnfd_types.yaml
'''
VDU = '''
    vdu:
      type: tosca.nodes.nfv.Vdu.Compute
      properties:
        name: vdu
        vdu_profile:
          min_number_of_instances: 1
          max_number_of_instances: 3
        sw_image_data:
          name: cirros
          version: '0.6'
          checksum: {algorithm: sha-256, hash: ab}
          container_format: bare
          disk_format: qcow2
          min_disk: 1 GiB
          size: 20 MiB
      capabilities:
        virtual_compute:
          properties:
            virtual_cpu: {num_virtual_cpu: 1}
            virtual_memory: {virtual_mem_size: 512 MiB}
'''


#: A top VNFD as Tacker writes it: the VNF node a flavour.yaml
#: substitutes, its type in types.yaml.
TACKER_TOP = '''  - types.yaml
  - flavour.yaml
topology_template:
  node_templates:
    VNF:
      type: example.VNF
      properties: {flavour_id: simple}
'''

#: An aspect "grow" stepping the VDU "vdu" one at a time.
GROW_ASPECT = '''    - aspects:
        type: tosca.policies.nfv.ScalingAspects
        properties:
          aspects:
            grow: {name: grow, description: d, max_scale_level: 2,
                   step_deltas: [d1]}
    - deltas:
        type: tosca.policies.nfv.VduScalingAspectDeltas
        properties: {aspect: grow, deltas: {d1: {number_of_instances: 1}}}
        targets: [vdu]
'''

VNF_PROPERTIES = '''      properties:
        descriptor_id: d1
        descriptor_version: '1.0'
        provider: example
        product_name: probe
        software_version: '1.0'
        vnfm_info: [example]
        flavour_id: simple
        flavour_description: one VDU
'''


VDU2 = VDU.replace('    vdu:', '    vdu2:').replace('name: vdu', 'name: vdu2')


def translate(text, files=None, inputs=None):
    return translators.load('tosca').translate(
        HEAD + text, files=files, filename='vnfd.yaml', inputs=inputs)


class TestSol001(base.TestCase):

    def refused_at(self, policies, nodes=VDU):
        """The error path of a topology of ``nodes`` with ``policies``."""
        return self.assertRaises(
            exception.TranslationError, translate,
            'topology_template:\n  node_templates:' + nodes +
            '  policies:' + policies).path

    def test_the_documents_own_definitions_win(self):
        # A vnfd types file of the document's own whose Vdu.Compute
        # wants one more property: the VDU above lacks it, so the
        # document's file, not heat-vision's, was read.
        own = profiles.text('etsi_nfv_sol001_vnfd_types.yaml').replace(
            '      name: {type: string, required: true}\n'
            '      description: {type: string, required: false}\n'
            '      boot_order:',
            '      name: {type: string, required: true}\n'
            '      description: {type: string, required: false}\n'
            '      vendor_tag: {type: string, required: true}\n'
            '      boot_order:', 1)
        self.assertIn('vendor_tag', own)
        exc = self.assertRaises(
            exception.TranslationError, translate,
            'topology_template:\n  node_templates:' + VDU,
            files={'etsi_nfv_sol001_vnfd_types.yaml': own})
        self.assertIn('vendor_tag', str(exc))
        self.assertEqual('topology_template.node_templates.vdu', exc.path)

    def test_required_properties_of_the_profile_are_checked(self):
        text = VDU.replace('        vdu_profile:\n'
                           '          min_number_of_instances: 1\n'
                           '          max_number_of_instances: 3\n', '')
        exc = self.assertRaises(
            exception.TranslationError, translate,
            'topology_template:\n  node_templates:' + text)
        self.assertIn('vdu_profile', str(exc))
        self.assertEqual('topology_template.node_templates.vdu', exc.path)

    def test_a_vdu_scales_like_a_compute_node(self):
        result = translate('''
policy_types:
  example.policies.Scaling:
    derived_from: tosca.policies.Scaling
    properties:
      min_instances: {type: integer}
      max_instances: {type: integer}
topology_template:
  node_templates:''' + VDU + '''
  policies:
    - vdus:
        type: example.policies.Scaling
        targets: [vdu]
        properties: {min_instances: 1, max_instances: 3}
''')
        group = result.template['resources']['vdus']
        self.assertEqual('OS::Heat::AutoScalingGroup', group['type'])
        self.assertEqual(3, group['properties']['max_size'])
        member = result.files['vdus_member.yaml']
        self.assertIn('OS::Nova::Server', member)
        # The flavor is made once, outside the group, and passed in.
        self.assertEqual('OS::Nova::Flavor',
                         result.template['resources']['vdu_flavor']['type'])
        self.assertEqual({'get_resource': 'vdu_flavor'},
                         group['properties']['resource']['properties'][
                             'vdu_flavor_id'])

    def test_an_ext_cp_needs_its_internal_link(self):
        # SOL 001 requires exactly one internal_virtual_link.
        exc = self.assertRaises(
            exception.TranslationError, translate, '''
topology_template:
  node_templates:
    ext:
      type: tosca.nodes.nfv.VnfExtCp
      properties: {layer_protocols: [ipv4]}
''')
        self.assertEqual('topology_template.node_templates.ext', exc.path)
        self.assertIn('internal_virtual_link', str(exc))

    def test_affinity_rules_per_host_are_server_groups(self):
        result = translate('topology_template:\n  node_templates:' + VDU +
                           VDU2 + '''
  policies:
    - apart:
        type: tosca.policies.nfv.AntiAffinityRule
        targets: [vdu, vdu2]
        properties: {scope: nfvi_node}
''')
        resources = result.template['resources']
        self.assertEqual({'type': 'OS::Nova::ServerGroup',
                          'properties': {'name': 'apart',
                                         'policies': ['anti-affinity']}},
                         resources['apart'])
        for name in ('vdu', 'vdu2'):
            self.assertEqual({'group': {'get_resource': 'apart'}},
                             resources[name]['properties'][
                                 'scheduler_hints'])

    def test_affinity_beyond_a_host_is_noted_and_not_translated(self):
        # Tacker sends zone rules to the NFVO in its grant; a server
        # group cannot express them.
        result = translate('topology_template:\n  node_templates:' + VDU +
                           '''  policies:
    - together:
        type: tosca.policies.nfv.AffinityRule
        targets: [vdu]
        properties: {scope: zone}
''')
        resources = result.template['resources']
        self.assertNotIn('together', resources)
        self.assertNotIn('scheduler_hints', resources['vdu']['properties'])
        (path, text), = result.notes
        self.assertEqual(
            'topology_template.policies.0.together.properties.scope', path)
        self.assertIn('"zone" scope', text)

    def test_an_aspect_nobody_declares_is_refused(self):
        self.assertEqual(
            'topology_template.policies.0.deltas.properties.aspect',
            self.refused_at('''
    - deltas:
        type: tosca.policies.nfv.VduScalingAspectDeltas
        properties:
          aspect: nowhere
          deltas: {delta_1: {number_of_instances: 1}}
        targets: [vdu]
'''))

    def test_vdus_of_one_aspect_must_step_alike(self):
        self.assertEqual(
            'topology_template.policies.0.aspects.properties.aspects.both',
            self.refused_at('''
    - aspects:
        type: tosca.policies.nfv.ScalingAspects
        properties:
          aspects:
            both: {name: both, description: d, max_scale_level: 2,
                   step_deltas: [d1]}
    - one:
        type: tosca.policies.nfv.VduScalingAspectDeltas
        properties: {aspect: both, deltas: {d1: {number_of_instances: 1}}}
        targets: [vdu]
    - two:
        type: tosca.policies.nfv.VduScalingAspectDeltas
        properties: {aspect: both, deltas: {d1: {number_of_instances: 2}}}
        targets: [vdu2]
''', nodes=VDU + VDU2))

    def test_the_vnf_node_describes_and_makes_nothing(self):
        result = translate('''topology_template:
  node_templates:
    vnf:
      type: tosca.nodes.nfv.VNF
''' + VNF_PROPERTIES + VDU)
        self.assertEqual({'vdu', 'vdu_flavor'},
                         set(result.template['resources']))

    def test_a_vdu_without_image_takes_it_as_a_parameter(self):
        text = VDU[:VDU.index('        sw_image_data:')] + VDU[
            VDU.index('      capabilities:'):]
        result = translate('topology_template:\n  node_templates:' + text)
        self.assertEqual({'get_param': 'vdu_image'}, result.template[
            'resources']['vdu']['properties']['image'])
        self.assertEqual('string',
                         result.template['parameters']['vdu_image']['type'])

    def test_nova_extra_specs_are_the_flavors(self):
        specs = VDU + ('            compute_requirements:\n'
                       '              nova_extra_specs: '
                       '\'{"hw:cpu_policy": "dedicated"}\'\n')
        result = translate('topology_template:\n  node_templates:' + specs)
        self.assertEqual({'hw:cpu_policy': 'dedicated'}, result.template[
            'resources']['vdu_flavor']['properties']['extra_specs'])
        bad = specs.replace('\'{"hw:cpu_policy": "dedicated"}\'', '"]["')
        result = translate('topology_template:\n  node_templates:' + bad)
        self.assertNotIn('extra_specs', result.template['resources'][
            'vdu_flavor']['properties'])
        self.assertEqual(1, len(result.notes))

    def test_the_default_instantiation_level_is_the_desired_size(self):
        result = translate('topology_template:\n  node_templates:' + VDU +
                           '''  policies:
    - aspects:
        type: tosca.policies.nfv.ScalingAspects
        properties:
          aspects:
            grow: {name: grow, description: d, max_scale_level: 3,
                   step_deltas: [d1]}
    - initial:
        type: tosca.policies.nfv.VduInitialDelta
        properties: {initial_delta: {number_of_instances: 1}}
        targets: [vdu]
    - deltas:
        type: tosca.policies.nfv.VduScalingAspectDeltas
        properties: {aspect: grow, deltas: {d1: {number_of_instances: 1}}}
        targets: [vdu]
    - levels:
        type: tosca.policies.nfv.InstantiationLevels
        properties:
          levels:
            small: {description: s, scale_info: {grow: {scale_level: 0}}}
            big: {description: b, scale_info: {grow: {scale_level: 2}}}
          default_level: big
    - vdu_levels:
        type: tosca.policies.nfv.VduInstantiationLevels
        properties:
          levels:
            small: {number_of_instances: 1}
            big: {number_of_instances: 3}
        targets: [vdu]
''')
        group = result.template['resources']['grow']['properties']
        self.assertEqual((1, 3, 4), (group['min_size'],
                                     group['desired_capacity'],
                                     group['max_size']))

    def test_a_flavour_holding_its_vnf_node_as_tacker_writes_it(self):
        # Tacker's layout: the top VNFD's VNF node is substituted by the
        # flavour's topology, which holds a node of the same type for its
        # Vnflcm interface; an affinity rule places a PlacementGroup.
        types = HEAD + '''node_types:
  example.VNF:
    derived_from: tosca.nodes.nfv.VNF
    interfaces:
      Vnflcm: {type: tosca.interfaces.nfv.Vnflcm}
'''
        flavour = HEAD + '''  - types.yaml
topology_template:
  inputs:
    flavour_id: {type: string, default: simple}
  substitution_mappings:
    node_type: example.VNF
  node_templates:
    VNF:
      type: example.VNF
      properties: {flavour_description: one VDU}
      interfaces:
        Vnflcm:
          instantiate: []
          terminate: []''' + VDU + VDU2 + '''  groups:
    together:
      type: tosca.groups.nfv.PlacementGroup
      properties: {description: both VDUs}
      members: [vdu, vdu2]
  policies:
    - near:
        type: tosca.policies.nfv.AffinityRule
        targets: [together]
        properties: {scope: nfvi_node}
'''
        result = translate(TACKER_TOP, files={'types.yaml': types,
                                              'flavour.yaml': flavour})
        self.assertEqual('example.VNF.yaml',
                         result.template['resources']['VNF']['type'])
        nested = yaml.safe_load(result.files['example.VNF.yaml'])
        resources = nested['resources']
        self.assertNotIn('VNF', resources)
        self.assertEqual(['affinity'],
                         resources['near']['properties']['policies'])
        for vdu in ('vdu', 'vdu2'):
            self.assertEqual({'group': {'get_resource': 'near'}},
                             resources[vdu]['properties']['scheduler_hints'])

    def test_an_affinity_rule_spans_the_members_of_an_aspect(self):
        result = translate('topology_template:\n  node_templates:' + VDU +
                           '''  policies:
    - apart:
        type: tosca.policies.nfv.AntiAffinityRule
        targets: [vdu]
        properties: {scope: nfvi_node}
''' + GROW_ASPECT)
        resources = result.template['resources']
        self.assertEqual('OS::Nova::ServerGroup', resources['apart']['type'])
        self.assertEqual({'get_resource': 'apart'}, resources['grow'][
            'properties']['resource']['properties']['apart_id'])
        member = yaml.safe_load(result.files['grow_member.yaml'])
        self.assertEqual({'group': {'get_param': 'apart_id'}},
                         member['resources']['vdu']['properties'][
                             'scheduler_hints'])

    def test_an_image_given_as_an_input_replaces_the_vnfds(self):
        text = 'topology_template:\n  node_templates:' + VDU + '''
    disk:
      type: tosca.nodes.nfv.Vdu.VirtualBlockStorage
      properties:
        virtual_block_storage_data: {size_of_storage: 1 GiB}
        sw_image_data:
          name: cirros-disk
          version: '0.6'
          checksum: {algorithm: sha-256, hash: ab}
          container_format: bare
          disk_format: qcow2
          min_disk: 1 GiB
          size: 20 MiB
'''
        plain = translate(text).template
        self.assertEqual('cirros', plain['resources']['vdu'][
            'properties']['image'])
        self.assertNotIn('parameters', plain)
        given = translate(text, inputs={'vdu_image': 'onboarded-1',
                                        'disk_image': 'onboarded-2'})
        resources, params = (given.template['resources'],
                             given.template['parameters'])
        self.assertEqual({'get_param': 'vdu_image'},
                         resources['vdu']['properties']['image'])
        self.assertEqual({'get_param': 'disk_image'},
                         resources['disk']['properties']['image'])
        self.assertEqual(('onboarded-1', 'onboarded-2'), (
            params['vdu_image']['default'], params['disk_image']['default']))
        exc = self.assertRaises(exception.TranslationError, translate, text,
                                inputs={'vdu_image': ['not', 'a name']})
        self.assertEqual('inputs.vdu_image', exc.path)

    def test_a_vdu_of_no_aspect_with_instances_is_a_fixed_group(self):
        result = translate('topology_template:\n  node_templates:' + VDU +
                           VDU2 + '''  policies:
    - initial:
        type: tosca.policies.nfv.VduInitialDelta
        properties: {initial_delta: {number_of_instances: 1}}
        targets: [vdu]
    - initial2:
        type: tosca.policies.nfv.VduInitialDelta
        properties: {initial_delta: {number_of_instances: 2}}
        targets: [vdu2]
''' + GROW_ASPECT)
        resources = result.template['resources']
        fixed = resources['vdu2']
        self.assertEqual('OS::Heat::AutoScalingGroup', fixed['type'])
        self.assertEqual((2, 2, 2), (fixed['properties']['min_size'],
                                     fixed['properties']['desired_capacity'],
                                     fixed['properties']['max_size']))
        self.assertIn('vdu2_member.yaml', result.files)
        self.assertNotIn('vdu2_scale_out', resources)
        self.assertIn('grow_scale_out', resources)
