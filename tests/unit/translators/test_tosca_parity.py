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

"""Parity with heat-translator, on pairs written here: a TOSCA document
and the HOT heat-translator writes for it (in its style: its resource
names, its placeholders, its Tacker properties), compared as
tools/tosca-corpus compares its own samples (tools/tosca_corpus_diff.py).
Each class of pair the corpus counts equivalent since issue 39 has one,
and each comparison rule a pair it must still tell apart.
"""

import importlib.util
import os

import yaml

from heat_vision.common import exception
from heat_vision import translators
from tests import base

DIFF_PATH = os.path.join(os.path.dirname(__file__), '..', '..', '..',
                         'tools', 'tosca_corpus_diff.py')


def _hotdiff():
    spec = importlib.util.spec_from_file_location('tosca_corpus_diff',
                                                  DIFF_PATH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


hotdiff = _hotdiff()


def translate(text, files=None, inputs=None):
    return translators.load('tosca').translate(
        text, files=files, filename='vnfd.yaml', inputs=inputs)


def differences(result, *expected):
    """What tools/tosca-corpus reports: [] for an equivalent pair."""
    files = [(name, yaml.safe_load(text)) for name, text in expected]
    return hotdiff.compare(files, result.template, result.files)


#: Tacker's legacy VDU and CP types, as its tacker_nfv_defs.yaml has them
#: (the properties that matter here).
TACKER_TYPES = '''tosca_definitions_version: tosca_simple_yaml_1_0
node_types:
  example.VDU:
    derived_from: tosca.nodes.Compute
    properties:
      image: {type: string, required: false}
      flavor: {type: string, required: false}
      mgmt_driver: {type: string, required: false}
      metadata:
        type: map
        entry_schema: {type: string}
        required: false
      config_drive: {type: boolean, default: false, required: false}
  example.CP:
    derived_from: tosca.nodes.network.Port
    properties:
      management: {type: boolean, required: false}
      anti_spoofing_protection: {type: boolean, required: false}
policy_types:
  example.Scaling:
    derived_from: tosca.policies.Scaling
    properties:
      min_instances: {type: integer}
      max_instances: {type: integer}
      default_instances: {type: integer}
      increment: {type: integer}
'''
TACKER_SCALING = TACKER_TYPES + '''topology_template:
  inputs:
    flavor: {type: string}
  node_templates:
    VDU1:
      type: example.VDU
      properties:
        image: cirros
        flavor: {get_input: flavor}
        mgmt_driver: noop
        metadata: {metering.server_group: SG1}
    CP1:
      type: example.CP
      properties: {management: true, anti_spoofing_protection: false}
      requirements: [{link: VL1}, {binding: VDU1}]
    VL1:
      type: tosca.nodes.network.Network
      properties: {network_name: net_mgmt}
  policies:
    - SP1:
        type: example.Scaling
        targets: [VDU1]
        properties: {min_instances: 1, max_instances: 3,
                     default_instances: 1, increment: 1}
        triggers:
          cpu_high:
            metric: cpu_util
            condition: {constraint: utilization greater_than 80%,
                        granularity: 60, evaluations: 1}
'''
# What heat-translator writes for it: Tacker's port properties as they
# are, the hidden existing network copied into the member, config_drive
# from the type's default, the parameter with the given value.
TACKER_SCALING_HOT = '''heat_template_version: 2013-05-23
parameters:
  flavor: {type: string, default: m1.tiny}
resources:
  SP1_group:
    type: OS::Heat::AutoScalingGroup
    properties:
      min_size: 1
      max_size: 3
      desired_capacity: 1
      resource: {type: SP1_res.yaml}
  SP1_scale_out:
    type: OS::Heat::ScalingPolicy
    properties:
      auto_scaling_group_id: {get_resource: SP1_group}
      adjustment_type: change_in_capacity
      scaling_adjustment: 1
  SP1_scale_in:
    type: OS::Heat::ScalingPolicy
    properties:
      auto_scaling_group_id: {get_resource: SP1_group}
      adjustment_type: change_in_capacity
      scaling_adjustment: -1
  cpu_high:
    type: OS::Aodh::GnocchiAggregationByResourcesAlarm
    properties:
      metric: cpu_util
      granularity: 60
      evaluation_periods: 1
      threshold: 80
      comparison_operator: gt
      aggregation_method: mean
'''
TACKER_SCALING_MEMBER = '''heat_template_version: 2013-05-23
parameters:
  flavor: {type: string, default: m1.tiny}
resources:
  VDU1:
    type: OS::Nova::Server
    properties:
      image: cirros
      flavor: {get_param: flavor}
      user_data_format: SOFTWARE_CONFIG
      config_drive: false
      metadata: {metering.server_group: SG1}
      networks:
      - port: {get_resource: CP1}
  CP1:
    type: OS::Neutron::Port
    properties:
      management: true
      anti_spoofing_protection: false
      network: net_mgmt
  VL1:
    type: OS::Neutron::Net
'''


class TestTackerScaling(base.TestCase):
    """heat-translator's nfv_scaling pairs, in small."""

    def setUp(self):
        super().setUp()
        self.result = translate(TACKER_SCALING, inputs={'flavor': 'm1.tiny'})
        self.member = yaml.safe_load(self.result.files['SP1_member.yaml'])

    def test_the_pair_is_equivalent(self):
        self.assertEqual([], differences(
            self.result, ('main.yaml', TACKER_SCALING_HOT),
            ('SP1_res.yaml', TACKER_SCALING_MEMBER)))

    def test_a_compute_types_nova_properties_and_defaults_are_the_servers(
            self):
        server = self.member['resources']['VDU1']['properties']
        self.assertIs(False, server['config_drive'])
        self.assertNotIn('mgmt_driver', server)

    def test_anti_spoofing_protection_is_the_ports_security(self):
        port = self.member['resources']['CP1']['properties']
        self.assertEqual({'network': 'net_mgmt',
                          'port_security_enabled': False}, port)

    def test_the_member_parameter_has_the_given_value_as_default(self):
        self.assertEqual({'type': 'string', 'default': 'm1.tiny'},
                         self.member['parameters']['flavor'])

    def test_the_alarm_matches_the_servers_own_label(self):
        server = self.member['resources']['VDU1']['properties']
        self.assertEqual({'metering.server_group': 'SG1'},
                         server['metadata'])
        alarm = self.result.template['resources']['SP1_cpu_high_alarm']
        self.assertEqual(
            {'metadata.user_metadata.server_group': 'SG1'},
            alarm['properties']['matching_metadata'])

    def test_a_port_property_heat_has_not_still_differs_unless_tacker_drops_it(
            self):
        member = TACKER_SCALING_MEMBER.replace('management: true',
                                               'vnic: direct')
        diffs = differences(self.result, ('main.yaml', TACKER_SCALING_HOT),
                            ('SP1_res.yaml', member))
        self.assertEqual(['SP1_res.yaml:resources.CP1.properties.vnic: '
                          "missing (expected 'direct')"], diffs)

    def test_a_network_something_uses_is_still_counted(self):
        member = TACKER_SCALING_MEMBER.replace(
            'network: net_mgmt', 'network: {get_resource: VL1}')
        diffs = differences(self.result, ('main.yaml', TACKER_SCALING_HOT),
                            ('SP1_res.yaml', member))
        self.assertIn('SP1_res.yaml:resources.VL1: missing', diffs)

    def test_metadata_from_an_input_is_merged_with_the_label(self):
        text = TACKER_SCALING.replace(
            'metadata: {metering.server_group: SG1}',
            'metadata: {get_input: md}').replace(
            '    flavor: {type: string}\n',
            '    flavor: {type: string}\n    md: {type: map}\n')
        result = translate(text, inputs={'flavor': 'm1.tiny'})
        member = yaml.safe_load(result.files['SP1_member.yaml'])
        self.assertEqual(
            {'map_merge': [{'get_param': 'md'},
                           {'metering.server_group': 'SP1'}]},
            member['resources']['VDU1']['properties']['metadata'])


SOL001 = '''tosca_definitions_version: tosca_simple_yaml_1_3
imports:
  - etsi_nfv_sol001_common_types.yaml
  - etsi_nfv_sol001_vnfd_types.yaml
topology_template:
  node_templates:
    VDU1:
      type: tosca.nodes.nfv.Vdu.Compute
      properties:
        name: VDU1
        description: a VDU
        vdu_profile: {min_number_of_instances: 1, max_number_of_instances: 3}
      capabilities:
        virtual_compute:
          properties:
            virtual_memory: {virtual_mem_size: 512 MiB}
            virtual_cpu: {num_virtual_cpu: 1}
            virtual_local_storage: [{size_of_storage: 1 GiB}]
    VL1:
      type: tosca.nodes.nfv.VnfVirtualLink
      properties:
        connectivity_type: {layer_protocols: [ipv4]}
        vl_profile:
          max_bitrate_requirements: {root: 1048576}
          min_bitrate_requirements: {root: 1048576}
  policies:
    - scaling_aspects:
        type: tosca.policies.nfv.ScalingAspects
        properties:
          aspects:
            workers: {name: workers, description: workers,
                      max_scale_level: 2,
                      step_deltas: [delta_1]}
    - VDU1_initial_delta:
        type: tosca.policies.nfv.VduInitialDelta
        properties: {initial_delta: {number_of_instances: 1}}
    - VDU1_scaling_aspect_deltas:
        type: tosca.policies.nfv.VduScalingAspectDeltas
        properties:
          aspect: workers
          deltas: {delta_1: {number_of_instances: 1}}
        targets: [VDU1]
'''
# heat-translator's: the group without min_size/max_size (it "can not
# set" them: the initial delta has no targets), a subnet with no cidr.
SOL001_HOT = '''heat_template_version: 2013-05-23
resources:
  VDU1_flavor:
    type: OS::Nova::Flavor
    properties: {ram: 512, vcpus: 1, disk: 1}
  VL1:
    type: OS::Neutron::Net
  VL1_subnet:
    type: OS::Neutron::Subnet
    properties:
      network: {get_resource: VL1}
      ip_version: 4
  workers:
    type: OS::Heat::AutoScalingGroup
    properties:
      resource:
        type: workers.hot.yaml
        properties:
          vdu1_flavor_id: {get_resource: VDU1_flavor}
      desired_capacity: DESIRED_CAPACITY
  workers_scale_out:
    type: OS::Heat::ScalingPolicy
    properties:
      adjustment_type: change_in_capacity
      auto_scaling_group_id: {get_resource: workers}
      scaling_adjustment: 1
  workers_scale_in:
    type: OS::Heat::ScalingPolicy
    properties:
      adjustment_type: change_in_capacity
      auto_scaling_group_id: {get_resource: workers}
      scaling_adjustment: -1
'''
SOL001_MEMBER = '''heat_template_version: 2013-05-23
parameters:
  vdu1_flavor_id: {type: string}
resources:
  VDU1:
    type: OS::Nova::Server
    properties:
      flavor: {get_param: vdu1_flavor_id}
      name: VDU1
      image: null
'''


class TestHeatRefusals(base.TestCase):
    """Where Heat refuses heat-translator's HOT: a required property it
    leaves out, a subnet without addresses.
    """

    def setUp(self):
        super().setUp()
        self.result = translate(SOL001)

    def test_the_pair_is_equivalent(self):
        self.assertEqual([], differences(
            self.result, ('main.yaml', SOL001_HOT),
            ('workers.hot.yaml', SOL001_MEMBER)))
        group = self.result.template['resources']['workers']['properties']
        self.assertEqual((1, 3), (group['min_size'], group['max_size']))
        self.assertNotIn('VL1_subnet', self.result.template['resources'])

    def test_a_required_property_given_differently_still_differs(self):
        hot = SOL001_HOT.replace(
            'desired_capacity: DESIRED_CAPACITY',
            'desired_capacity: DESIRED_CAPACITY\n      min_size: 2')
        self.assertEqual(['resources.workers.properties.min_size: '
                          'expected 2, got 1'], differences(
            self.result, ('main.yaml', hot),
            ('workers.hot.yaml', SOL001_MEMBER)))

    def test_a_subnet_heat_accepts_is_still_counted(self):
        hot = SOL001_HOT.replace('ip_version: 4',
                                 'ip_version: 4\n      cidr: 10.0.0.0/24')
        self.assertIn('resources.VL1_subnet: missing', differences(
            self.result, ('main.yaml', hot),
            ('workers.hot.yaml', SOL001_MEMBER)))


URL = 'https://example.com/types/app.yaml'
WITH_URL_IMPORT = '''tosca_definitions_version: tosca_simple_yaml_1_0
imports:
  - %s
topology_template:
  node_templates:
    box:
      type: example.Box
      capabilities:
        host: {properties: {num_cpus: 1, mem_size: 512 MB}}
        os: {properties: {distribution: cirros, version: 0.3.2}}
''' % URL
APP_TYPES = '''tosca_definitions_version: tosca_simple_yaml_1_0
imports: [more.yaml]
node_types:
  example.Box:
    derived_from: example.Base
'''
MORE_TYPES = '''tosca_definitions_version: tosca_simple_yaml_1_0
node_types:
  example.Base:
    derived_from: tosca.nodes.Compute
'''
URL_IMPORT_HOT = '''heat_template_version: 2013-05-23
resources:
  box:
    type: OS::Nova::Server
    properties:
      flavor: m1.tiny
      image: cirros-0.3.2-x86_64-uec
      user_data_format: SOFTWARE_CONFIG
'''


class TestImportsByUrl(base.TestCase):

    def test_a_url_given_in_files_is_imported_with_its_own_imports(self):
        result = translate(WITH_URL_IMPORT, files={
            URL: APP_TYPES,
            'https://example.com/types/more.yaml': MORE_TYPES})
        server = result.template['resources']['box']
        self.assertEqual('OS::Nova::Server', server['type'])
        self.assertEqual('m1.tiny', server['properties']['flavor'])
        self.assertEqual([], differences(result,
                                         ('main.yaml', URL_IMPORT_HOT)))

    def test_a_url_not_given_is_refused_never_fetched(self):
        exc = self.assertRaises(exception.TranslationError, translate,
                                WITH_URL_IMPORT, files={'more.yaml': ''})
        self.assertEqual('imports.0', exc.path)
        self.assertIn('never fetched', str(exc))

    def test_only_http_urls_name_given_files(self):
        text = WITH_URL_IMPORT.replace('https://', 'file://')
        exc = self.assertRaises(
            exception.TranslationError, translate, text,
            files={URL.replace('https://', 'file://'): APP_TYPES})
        self.assertEqual('imports.0', exc.path)


class TestAspectDeltas(base.TestCase):

    def test_deltas_without_targets_are_named(self):
        # heat-translator's scaling_non_target_vdu_in_aspect_delta: its
        # HOT has scaling policies of a group it never writes.
        text = SOL001.replace('        targets: [VDU1]\n', '')
        exc = self.assertRaises(exception.TranslationError, translate, text)
        self.assertEqual('topology_template.policies.2.'
                         'VDU1_scaling_aspect_deltas.targets', exc.path)
