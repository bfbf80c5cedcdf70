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

"""Sources of what lands in another file than the top-level document:
nested topologies (nested stacks), scaling members, imported files and
the documents of a CSAR are named ``file:path``."""

from heat_vision import translators
from heat_vision.translators import base as translators_base
from heat_vision.translators.tosca import errors
from tests import base
from tests.unit.translators import cases


def translate(case):
    document, files, filename, _expected = cases.load('tosca', case)
    return translators.load('tosca').translate(document, files=files,
                                               filename=filename)


class TestNestedSources(base.TestCase):

    def test_nested_stack_resources_map_into_their_topology_file(self):
        result = translate('nested_topology')
        nested = 'example.nodes.DatabaseTier.yaml'
        self.assertEqual(
            'db_tier.yaml:topology_template.node_templates.db_volume.'
            'properties.size',
            result.source_of(nested + ':resources.db_volume.properties.'
                             'size'))
        self.assertEqual(
            'db_tier.yaml:topology_template.node_templates.db_server.'
            'capabilities.os.properties',
            result.source_of(nested + ':resources.db_server.properties.'
                             'image'))
        self.assertEqual('db_tier.yaml:topology_template.inputs.'
                         'volume_size',
                         result.source_of(nested + ':parameters.'
                                          'volume_size'))
        # The top-level template still maps into the top-level document.
        self.assertEqual('topology_template.node_templates.database',
                         result.source_of('resources.database'))

    def test_scaled_members_map_from_their_member_file(self):
        result = translate('scaling_policies')
        self.assertIsNone(result.source_of('resources.worker'))
        self.assertEqual(
            'topology_template.node_templates.worker.capabilities.host.'
            'properties',
            result.source_of('workers_member.yaml:resources.worker.'
                             'properties.flavor'))
        self.assertEqual(
            'topology_template.node_templates.scratch.properties.size',
            result.source_of('workers_member.yaml:resources.scratch.'
                             'properties.size'))

    def test_csar_sources_name_the_entry_definitions(self):
        result = translate('csar_webapp')
        for hot_path, source in result.source_map.items():
            self.assertTrue(source.startswith('Definitions/'),
                            (hot_path, source))
        # An operation defined by a type of the imported types file.
        self.assertEqual(
            'Definitions/types.yaml:node_types.example.nodes.Nginx.'
            'interfaces.Standard.create',
            result.source_of('resources.nginx_create_config'))

    def test_a_csars_nested_flavour_maps_into_its_file(self):
        result = translate('sol001_csar')
        self.assertEqual(
            'Definitions/example_vnf_flavour.yaml:topology_template.'
            'node_templates.probe.properties.sw_image_data.name',
            result.source_of('example.vnf.Probe.yaml:resources.probe.'
                             'properties.image'))
        self.assertEqual(
            'Definitions/vnfd_top.yaml:topology_template.node_templates.'
            'vnf.properties.flavour_id',
            result.source_of('resources.vnf.properties.flavour_id'))

    def test_a_path_with_colons_but_no_file_is_a_plain_path(self):
        result = translators_base.Translation(
            {'resources': {}},
            source_map={'resources.x': 'Resources.X'})
        self.assertEqual('Resources.X', result.source_of(
            'resources.x.properties.Fn::Sub'))


class TestLocateInImports(base.TestCase):

    DOC = {'imports': ['types.yaml'], 'topology_template': {
        'node_templates': {'app': {'type': 'example.App'}}}}
    TYPES = {'node_types': {'example.App': {
        'derived_from': 'tosca.nodes.Root',
        'properties': {'port': {'type': 'integer', 'default': 'http'}}}}}

    def test_a_finding_in_an_import_names_its_file(self):
        self.assertEqual(
            'types.yaml:node_types.example.App.properties.port.default',
            errors.locate(self.DOC, 'ValueError: "http" is not an '
                                    'integer.', {'types.yaml': self.TYPES}))

    def test_the_entry_document_wins_a_tie(self):
        self.assertEqual(
            'topology_template.node_templates.app.type',
            errors.locate(self.DOC, 'Type "example.App" is not valid.',
                          {'types.yaml': self.TYPES}))
