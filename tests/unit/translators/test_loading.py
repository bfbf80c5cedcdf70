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

"""The heat_vision.translators namespace: loading and the error type."""

from heat_vision.common import exception
from heat_vision import translators
from tests import base


class TestLoading(base.TestCase):

    def test_available_is_sorted_and_has_the_three_formats(self):
        self.assertEqual(['camp', 'cfn', 'tosca'], translators.available())

    def test_load_returns_the_plugin(self):
        for name in translators.available():
            translator = translators.load(name)
            self.assertIsInstance(translator, translators.Translator)
            self.assertEqual(name, translator.name)
            self.assertIs(translator, translators.load(name))

    def test_unknown_name_is_a_clear_400(self):
        exc = self.assertRaises(exception.UnknownTranslator,
                                translators.load, 'bpmn')
        self.assertEqual(400, exc.code)
        self.assertIn('"bpmn"', str(exc))
        self.assertIn('camp, cfn, tosca', str(exc))

    def test_translation_error_carries_the_path(self):
        exc = translators.TranslationError('a.b.c', 'wrong')
        self.assertEqual('a.b.c', exc.path)
        self.assertEqual('a.b.c: wrong', str(exc))
        self.assertEqual(400, exc.code)
        self.assertIsInstance(exc, exception.Invalid)

    def test_translation_error_rebuilt_from_its_message(self):
        # As oslo.messaging rebuilds it in the API process.
        exc = translators.TranslationError(remote_message='a.b: wrong')
        self.assertEqual('a.b: wrong', str(exc))
        self.assertEqual('', exc.path)
        self.assertEqual(400, exc.code)


class TestHostileDocuments(base.TestCase):

    def test_alias_bomb_is_refused_by_every_translator(self):
        bomb = 'a: &a [x, x, x, x, x, x, x, x, x, x]\n'
        for level in 'bcdefghij':
            prev = chr(ord(level) - 1)
            bomb += '%s: &%s [%s]\n' % (level, level, ', '.join(
                ['*' + prev] * 10))
        for name in translators.available():
            exc = self.assertRaises(exception.TranslationError,
                                    translators.load(name).translate, bomb)
            self.assertIn('nodes', str(exc))

    def test_too_large_document_is_refused(self):
        self.flags(max_document_size=1024, group='translators')
        text = 'Description: "%s"\nResources: {}\n' % ('x' * 2000)
        exc = self.assertRaises(exception.TranslationError,
                                translators.load('cfn').translate, text)
        self.assertIn('exceeds maximum', str(exc))

    def test_too_deep_document_is_refused(self):
        text = 'Resources: ' + '[' * 200 + ']' * 200 + '\n'
        self.assertRaises(exception.TranslationError,
                          translators.load('cfn').translate, text)

    def test_not_a_map(self):
        for name in translators.available():
            exc = self.assertRaises(exception.TranslationError,
                                    translators.load(name).translate,
                                    '- a list\n')
            self.assertIn('map', str(exc))

    def test_too_many_nodes(self):
        self.flags(max_nodes=2, group='translators')
        doc = ('tosca_definitions_version: tosca_simple_yaml_1_0\n'
               'topology_template:\n  node_templates:\n'
               '    a: {type: tosca.nodes.Compute}\n'
               '    b: {type: tosca.nodes.Compute}\n'
               '    c: {type: tosca.nodes.Compute}\n')
        exc = self.assertRaises(exception.TranslationError,
                                translators.load('tosca').translate, doc)
        self.assertEqual('topology_template.node_templates', exc.path)


MALFORMED = {
    'cfn': [
        ('Resources: {A: {Type: AWS::EC2::Volume, Properties: []}}',
         'Resources.A.Properties'),
        ('Parameters: {P: {Type: Number, MinValue: x}}\nResources: {}',
         'Parameters.P.MinValue'),
        ('Parameters: {P: {Type: Number, MaxValue: .inf}}\nResources: {}',
         'Parameters.P.MaxValue'),
        ('Resources: {A: {Type: AWS::EC2::Volume, Properties: '
         '{Size: {"Fn::Join": 5}}}}', 'Resources.A.Properties.Size.Fn::Join'),
        ('Resources: {A: {Type: 5}}', 'Resources.A'),
    ],
    'camp': [
        ('camp_version: CAMP 1.1\nservices: [{id: [1]}]', 'services.0.id'),
        ('camp_version: CAMP 1.1\nartifacts: 5', 'artifacts'),
        ('camp_version: CAMP 1.1\nservices: [{id: a, flavor: x}]',
         'services.0.flavor'),
    ],
    'tosca': [
        ('tosca_definitions_version: tosca_simple_yaml_1_0\n'
         'topology_template: {node_templates: [a, b]}\n', None),
        ('tosca_definitions_version: tosca_simple_yaml_1_0\nimports: 5\n'
         'topology_template: {node_templates: {}}\n', 'imports'),
    ],
}


class TestMalformedDocuments(base.TestCase):
    """Wrong shapes anywhere are 400s with a path, never a crash."""

    def test_malformed(self):
        for fmt, found in MALFORMED.items():
            for text, path in found:
                exc = self.assertRaises(exception.TranslationError,
                                        translators.load(fmt).translate,
                                        text)
                if path is not None:
                    self.assertEqual(path, exc.path, text)
