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

"""A caller's environment and files laid over a translation's."""

import fixtures

from heat_vision.common import exception
from heat_vision.relay import formats
from heat_vision import translators
from tests import base

HOT = {'heat_template_version': '2021-04-16',
       'resources': {'s': {'type': 'OS::Nova::Server'}}}


def translation(environment=None, files=None):
    return translators.Translation(template=HOT, environment=environment,
                                   files=files, source_map={})


class AsNativeTest(base.TestCase):

    def test_caller_environment_laid_over(self):
        body = formats.as_native(
            translation({'parameters': {'a': 1, 'b': 2},
                         'resource_registry': {'X::Y': 'x.yaml'}}),
            environment='resource_registry:\n  OS::Nova::Server: s.yaml\n'
                        'parameters: {b: 3}\nevent_sinks: []\n',
            files={'s.yaml': 'heat_template_version: 2021-04-16\n'})
        self.assertEqual({'parameters': {'a': 1, 'b': 3},
                          'resource_registry': {'X::Y': 'x.yaml',
                                                'OS::Nova::Server': 's.yaml'},
                          'event_sinks': []}, body['environment'])
        self.assertEqual(['s.yaml'], list(body['files']))
        self.assertIs(HOT, body['template'])

    def test_nothing_given(self):
        body = formats.as_native(translation(files={'a.sh': 'x'}),
                                 environment='', files={})
        self.assertEqual({}, body['environment'])
        self.assertEqual({'a.sh': 'x'}, body['files'])

    def test_a_file_given_and_used_by_the_translator(self):
        # The translator was given a.sh and put it into its files.
        body = formats.as_native(translation(files={'a.sh': 'x'}),
                                 files={'a.sh': 'x', 'b.yaml': 'y'})
        self.assertEqual({'a.sh': 'x', 'b.yaml': 'y'}, body['files'])

    def assertRefused(self, fragment, **kwargs):
        with self.assertRaises(exception.HeatVisionException) as caught:
            formats.as_native(translation(files={'a.sh': 'x'}), **kwargs)
        self.assertEqual(400, caught.exception.code)
        self.assertIn(fragment, str(caught.exception))

    def test_bad_input_named(self):
        self.assertRefused('environment: must be a map',
                           environment='[1, 2]')
        self.assertRefused('environment', environment='{oops')
        self.assertRefused('files: must be a map', files=['a'])
        self.assertRefused('files.b: must be text', files={'b': 3})
        self.assertRefused('files.a.sh: the translation already',
                           files={'a.sh': 'y'})
        self.assertRefused('relay-original/',
                           files={'relay-original/tosca/x.yaml': 'y'})


class TranslateInputsTest(base.TestCase):
    """A create's parameters reach a translator that takes inputs."""

    DOCUMENT = '''tosca_definitions_version: tosca_simple_yaml_1_0
topology_template:
  inputs:
    cpus: {type: integer, default: 1}
  node_templates:
    box:
      type: tosca.nodes.Compute
      capabilities:
        host: {properties: {num_cpus: {get_input: cpus}}}
        os: {properties: {distribution: cirros}}
'''

    def test_the_parameters_choose_the_flavor(self):
        result = formats.translate('tosca', self.DOCUMENT,
                                   inputs={'cpus': 8})
        self.assertEqual('m1.xlarge', result.template['resources']['box'][
            'properties']['flavor'])

    def test_a_translator_without_inputs_is_called_without(self):
        class Plain:
            def translate(self, document, files=None, filename=None):
                return translation()

        self.useFixture(fixtures.MockPatch(
            'heat_vision.translators.load', return_value=Plain()))
        self.assertIs(HOT, formats.translate('plain', 'x',
                                             inputs={'a': 1}).template)


class ToscaNativeBodyTest(base.TestCase):
    """A create's parameters go on as the translator took them."""

    class Document:
        def __init__(self, parameters):
            self.parameters = parameters

        def field(self, name):
            return None

        def json_object(self, name):
            return self.parameters if name == 'parameters' else {}

    def test_a_size_goes_on_as_gib(self):
        from heat_vision.relay.controllers import tosca
        document = self.Document({'size': '1500 MB', 'name': 'x'})
        text = '''tosca_definitions_version: tosca_simple_yaml_1_0
topology_template:
  inputs:
    size: {type: scalar-unit.size}
    name: {type: string}
  node_templates:
    disk:
      type: tosca.nodes.BlockStorage
      properties: {size: {get_input: size}, volume_id: {get_input: name}}
'''
        result = formats.translate('tosca', text,
                                   inputs=document.parameters)
        body = tosca.native_body(document, result)
        self.assertEqual({'size': 2, 'name': 'x'}, body['parameters'])
