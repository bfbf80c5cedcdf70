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

"""The conformance suite: every case translates to its expected HOT,
which heat-vision's own validator accepts; every negative case fails
with the expected path into the original document."""

import testscenarios

from heat_vision.common import exception
from heat_vision.engine import model
from heat_vision import translators
from tests import base
from tests.unit.translators import cases

load_tests = testscenarios.load_tests_apply_scenarios


def _scenarios(negative):
    return [('%s/%s' % (fmt, name), {'fmt': fmt, 'case': name})
            for fmt in ('tosca', 'cfn', 'camp')
            for name in cases.names(fmt, negative)]


def validate(translation):
    """Validate a translation as POST /validate does, the OpenStack
    types heat-vision has no plugin for mapped to stand-ins.

    :raises: the validator's exceptions.
    """
    tmpl, env = model.parse_request(
        translation.template, cases.STAND_IN_ENV, files=translation.files)
    definition = model.build_definition(tmpl, env, translation.files,
                                        'conformance', None, 'demo')
    model.validate(definition, strict=False)
    return definition


class TestTranslations(base.TestCase):

    scenarios = _scenarios(negative=False)

    def test_translation(self):
        document, files, filename, expected = cases.load(self.fmt,
                                                         self.case)
        result = translators.load(self.fmt).translate(
            document, files=files, filename=filename)
        self.assertEqual(expected['template'], result.template)
        self.assertEqual(expected.get('files', {}),
                         cases.produced_files(result))
        self.assertEqual(sorted(result.template.get('parameters') or {}),
                         result.inputs)
        for hot_path, source in result.source_map.items():
            self.assertTrue(source, hot_path)
        for name in result.template['resources']:
            self.assertIsNotNone(result.source_of(
                'resources.%s.properties.x' % name), name)
        definition = validate(result)
        unconditional = {name for name, res in
                         result.template['resources'].items()
                         if 'condition' not in res}
        self.assertLessEqual(unconditional,
                             set(definition.resource_definitions()))


class TestNegativeCases(base.TestCase):

    scenarios = _scenarios(negative=True)

    def test_error_names_the_path(self):
        document, files, filename, expected = cases.load(self.fmt,
                                                         self.case)
        exc = self.assertRaises(
            exception.TranslationError,
            translators.load(self.fmt).translate, document, files=files,
            filename=filename)
        self.assertEqual(expected['path'], exc.path)
        self.assertIn(expected['message'], str(exc))
        self.assertEqual(400, exc.code)
