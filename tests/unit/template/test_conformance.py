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

"""The template layer against what OpenStack Heat 27 answered.

tests/conformance_cases holds templates with the results of the real
service; this checks everything the template layer decides alone, and
resource-dependent outputs with the in-memory resolver.
"""

import json
import re

import yaml

from heat_vision.common import exception
from heat_vision import template
from tests import base
from tests import conformance_cases
from tests.unit.template import fakes

# Outputs that only a real ResourceGroup can produce (the engine proves
# them end to end); given here as the group's attributes.
GROUP_ATTRS = {
    'group': {'value': ['item-0', 'item-1', 'item-2']},
}


def _case(name):
    text, env_text, expected = conformance_cases.load(name)
    env = template.load_environment(env_text) if env_text else {}
    tmpl = template.Template.create(template.load(text))
    env = template.Environment.merged([env], template=tmpl)
    sd = template.StackDefinition(tmpl, env, stack_name='golden_' + name,
                                  stack_id='sid', project_id='pid')
    return sd, expected


class TestConformance(base.TestCase):

    def _outputs(self, name, skip=()):
        sd, expected = _case(name)
        sd.validate(fakes.lookup)
        resolver = fakes.FakeResolver(sd, GROUP_ATTRS)
        patterns = expected.get('output_patterns', {})
        errors = expected.get('output_errors', {})
        for key, out in sd.output_definitions().items():
            if key in skip:
                continue
            if key in errors:
                exc = self.assertRaises(exception.FunctionError,
                                        out.resolve, resolver)
                self.assertEqual(errors[key], exc.reason)
                continue
            value = out.resolve(resolver)
            if key in patterns:
                self.assertTrue(re.fullmatch(patterns[key],
                                             json.dumps(value)),
                                '%s: %r' % (key, value))
            else:
                self.assertEqual(expected['outputs'][key], value, key)
        self.assertEqual(set(expected['outputs']),
                         set(sd.output_definitions()))

    def test_hot_maps(self):
        self._outputs('hot_maps')

    def test_hot_params_types(self):
        self._outputs('hot_params_types')

    def test_hot_repeat(self):
        self._outputs('hot_repeat')

    def test_hot_str_replace(self):
        self._outputs('hot_str_replace')

    def test_hot_conditions(self):
        self._outputs('hot_conditions')
        sd, _exp = _case('hot_conditions')
        self.assertEqual(['prod_only', 'chooser'],
                         list(sd.resource_definitions()))

    def test_cfn_functions(self):
        self._outputs('cfn_functions')

    def test_cfn_findinmap(self):
        self._outputs('cfn_findinmap')

    def test_hot_resource_group(self):
        self._outputs('hot_resource_group',
                      skip=('member1', 'refs', 'refs_map',
                            'custom_index_values', 'empty_values',
                            'values'))

    def test_inv_unknown_type(self):
        sd, expected = _case('inv_unknown_type')
        exc = self.assertRaises(exception.ResourceTypeNotFound,
                                sd.validate, fakes.lookup)
        self.assertIn(expected['create']['error_message'], str(exc))
        self.assertEqual(['resources', 'x'], exc.path)
        self.assertEqual(400, exc.code)

    def test_inv_circular_depends(self):
        sd, expected = _case('inv_circular_depends')
        for strict in (True, False):
            exc = self.assertRaises(exception.CircularDependencyException,
                                    sd.validate, fakes.lookup, strict)
            for name in ('a', 'b', 'c'):
                self.assertIn(name, str(exc))
            self.assertEqual(400, exc.code)

    def test_inv_param_constraint_create(self):
        sd, expected = _case('inv_param_constraint')
        exc = self.assertRaises(exception.StackValidationFailed,
                                sd.validate, fakes.lookup)
        self.assertEqual(expected['create']['error_message'], str(exc))

    def test_inv_param_constraint_validate(self):
        sd, expected = _case('inv_param_constraint')
        sd.validate(fakes.lookup, strict=False)
        self.assertEqual(expected['validate']['body'],
                         template.format_validate(sd))

    def test_every_case_is_covered(self):
        names = conformance_cases.names()
        self.assertTrue(names)
        tested = {n[5:] for n in dir(self) if n.startswith('test_')}
        for name in names:
            self.assertTrue(any(t.startswith(name) for t in tested), name)

    def test_raw_text_version_is_a_string(self):
        text, _env, _expected = conformance_cases.load('hot_maps')
        self.assertEqual('2021-04-16',
                         template.load(text)['heat_template_version'])
        tmpl = template.Template.create(yaml.safe_load(text))
        self.assertEqual(('heat_template_version', '2021-04-16'),
                         tmpl.version)
