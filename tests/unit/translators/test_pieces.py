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

"""The parts of the translators the conformance cases do not isolate:
flavor/image tables, error location, CFN and TOSCA function corners."""

import os

from heat_vision.common import exception
from heat_vision import translators
from heat_vision.translators import sizing
from heat_vision.translators.tosca import errors
from tests import base

TOSCA_HEAD = 'tosca_definitions_version: tosca_simple_yaml_1_0\n'


def tosca(text, **kw):
    return translators.load('tosca').translate(TOSCA_HEAD + text, **kw)


def cfn(doc):
    return translators.load('cfn').translate(doc)


class TestSizing(base.TestCase):

    def test_smallest_fitting_flavor(self):
        self.assertEqual('m1.tiny', sizing.flavor(
            {'num_cpus': 1, 'mem_size': '512 MB'}, 'p'))
        self.assertEqual('m1.small', sizing.flavor(
            {'mem_size': '513 MiB'}, 'p'))
        self.assertEqual('m1.large', sizing.flavor(
            {'num_cpus': 3, 'disk_size': '1 GB'}, 'p'))

    def test_sizes_round_up(self):
        self.assertEqual(10, sizing.size_in('10 GB', 'GIB', 'p'))
        self.assertEqual(1, sizing.size_in('1 KB', 'GIB', 'p'))
        self.assertEqual(2, sizing.size_in('2 GiB', 'GIB', 'p'))
        exc = self.assertRaises(exception.TranslationError,
                                sizing.size_in, 'lots', 'GIB', 'a.b')
        self.assertEqual('a.b', exc.path)

    def test_image_by_os_fields(self):
        self.assertEqual('ubuntu-24.04-x86_64', sizing.image(
            {'distribution': 'Ubuntu', 'version': '24'}, 'p'))
        self.assertRaises(exception.TranslationError, sizing.image,
                          {'distribution': 'plan9'}, 'p')

    def test_tables_from_configured_files(self):
        flavors = os.path.join(self.state_dir, 'flavors.yaml')
        images = os.path.join(self.state_dir, 'images.yaml')
        with open(flavors, 'w') as handle:
            handle.write('tiny: {num_cpus: 1, mem_size: 256, disk_size: 1}\n'
                         'huge: {num_cpus: 64, mem_size: 1048576, '
                         'disk_size: 2000}\n')
        with open(images, 'w') as handle:
            handle.write('plan9-4: {distribution: plan9, version: "4"}\n')
        self.flags(tosca_flavor_map=flavors, tosca_image_map=images,
                   group='translators')
        self.assertEqual('huge', sizing.flavor({'num_cpus': 8}, 'p'))
        self.assertEqual('plan9-4', sizing.image(
            {'distribution': 'plan9'}, 'p'))


class TestErrorLocation(base.TestCase):

    DOC = {'topology_template': {'node_templates': {
        's': {'type': 'tosca.nodes.Compute',
              'properties': {'flavor': 'x'}},
        't': {'type': 'tosca.nodes.Foo'}}}}

    def test_most_quoted_words_win(self):
        self.assertEqual(
            'topology_template.node_templates.s.properties.flavor',
            errors.locate(self.DOC, '"properties" of template "s" '
                                    'contains unknown field "flavor".'))
        self.assertEqual('topology_template.node_templates.t.type',
                         errors.locate(self.DOC, 'Type "tosca.nodes.Foo" '
                                                 'is not a valid type.'))

    def test_nothing_quoted_is_the_document(self):
        self.assertEqual('', errors.locate(self.DOC, 'it went wrong'))


class TestCfnFunctions(base.TestCase):

    def test_select_with_a_dynamic_index_is_yaql(self):
        out = cfn({'Parameters': {'I': {'Type': 'Number'}},
                   'Resources': {'H': {
                       'Type': 'AWS::CloudFormation::WaitConditionHandle'}},
                   'Outputs': {'O': {'Value': {'Fn::Select': [
                       {'Ref': 'I'}, ['a', 'b']]}}}}).template
        value = out['outputs']['O']['value']
        self.assertEqual({'items': ['a', 'b'], 'index': {'get_param': 'I'}},
                         value['yaql']['data'])

    def test_findinmap_missing_key_names_the_key(self):
        exc = self.assertRaises(exception.TranslationError, cfn, {
            'Mappings': {'M': {'a': {'x': 1}}},
            'Resources': {'V': {'Type': 'AWS::EC2::Volume', 'Properties': {
                'Size': {'Fn::FindInMap': ['M', 'b', 'x']}}}}})
        self.assertEqual('Resources.V.Properties.Size.Fn::FindInMap.1',
                         exc.path)

    def test_unmapped_attribute_is_a_no_counterpart_item(self):
        # AWS::EC2::KeyPair has no plugin: unmapped, it cannot be kept.
        exc = self.assertRaises(exception.NoCounterpart, cfn, {
            'Resources': {'S': {'Type': 'AWS::EC2::KeyPair',
                                'Properties': {'KeyName': 'k'}}},
            'Outputs': {'O': {'Value': {'Fn::GetAtt': [
                'S', 'KeyFingerprint']}}}})
        self.assertEqual(['Resources.S.Type (AWS::EC2::KeyPair with '
                          'attribute KeyFingerprint)'], exc.items)

    def test_an_installed_aws_type_is_kept(self):
        out = cfn({'Resources': {'W': {
            'Type': 'AWS::CloudFormation::WaitConditionHandle'}}}).template
        self.assertEqual('AWS::CloudFormation::WaitConditionHandle',
                         out['resources']['W']['type'])

    def test_getatt_of_an_unknown_resource(self):
        exc = self.assertRaises(exception.TranslationError, cfn, {
            'Resources': {'H': {
                'Type': 'AWS::CloudFormation::WaitConditionHandle'}},
            'Outputs': {'O': {'Value': {'Fn::GetAtt': 'Nope.Attr'}}}})
        self.assertEqual('Outputs.O.Value.Fn::GetAtt.0', exc.path)


class TestToscaCorners(base.TestCase):

    SERVER = ('    server:\n      type: tosca.nodes.Compute\n'
              '      capabilities: {os: {properties: '
              '{distribution: cirros}}}\n')

    def test_operation_output_of_a_missing_operation(self):
        exc = self.assertRaises(
            exception.TranslationError, tosca,
            'topology_template:\n  node_templates:\n' + self.SERVER +
            '  outputs:\n    v: {value: {get_operation_output: '
            '[server, Standard, create, version]}}\n')
        self.assertEqual(
            'topology_template.node_templates.server.interfaces', exc.path)

    def test_float_strict_bound_has_no_equivalent(self):
        exc = self.assertRaises(
            exception.TranslationError, tosca,
            'topology_template:\n  inputs:\n    ratio:\n      type: float\n'
            '      constraints: [{greater_than: 0.5}]\n'
            '  node_templates:\n' + self.SERVER)
        self.assertEqual(
            'topology_template.inputs.ratio.constraints.0.greater_than',
            exc.path)

    def test_source_map_points_into_the_document(self):
        result = tosca('topology_template:\n  node_templates:\n' +
                       self.SERVER)
        self.assertEqual(
            'topology_template.node_templates.server.capabilities.os.'
            'properties',
            result.source_map['resources.server.properties.image'])
        self.assertEqual(
            'topology_template.node_templates.server',
            result.source_of('resources.server.properties.networks'))

    def test_compute_without_os_or_image(self):
        exc = self.assertRaises(
            exception.TranslationError, tosca,
            'topology_template:\n  node_templates:\n'
            '    bare: {type: tosca.nodes.Compute}\n')
        self.assertEqual('topology_template.node_templates.bare', exc.path)
        self.assertIn('"image"', str(exc))

    def test_get_property_cycle_is_refused(self):
        exc = self.assertRaises(
            exception.TranslationError, tosca,
            'topology_template:\n  node_templates:\n' + self.SERVER +
            '    vol:\n      type: tosca.nodes.BlockStorage\n'
            '      properties:\n'
            '        size: {get_property: [SELF, volume_id]}\n'
            '        volume_id: {get_property: [SELF, size]}\n')
        self.assertIn('refers to itself', str(exc))

    def test_custom_compute_type_takes_flavor_and_image_from_inputs(self):
        result = tosca(
            'node_types:\n  example.nodes.Server:\n'
            '    derived_from: tosca.nodes.Compute\n'
            '    properties:\n      flavor: {type: string}\n'
            '      image: {type: string}\n'
            'topology_template:\n  inputs:\n'
            '    flavor: {type: string, default: m1.large}\n'
            '  node_templates:\n    vm:\n'
            '      type: example.nodes.Server\n      properties:\n'
            '        flavor: {get_input: flavor}\n        image: jammy\n')
        self.assertEqual({'type': 'OS::Nova::Server', 'properties': {
            'flavor': {'get_param': 'flavor'}, 'image': 'jammy',
            'user_data_format': 'SOFTWARE_CONFIG'}},
            result.template['resources']['vm'])
        self.assertEqual(['flavor'], result.inputs)
