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

"""Parameter types, constraints, groups and POST /validate output."""

from heat_vision.common import exception
from heat_vision import template
from tests import base
from tests.unit.template import utils

V = '2018-03-02'


def sd_for(params, values=None, defaults=None, version=V, **sections):
    env = {'parameters': values or {}, 'parameter_defaults': defaults or {}}
    return utils.stack(utils.hot(version, parameters=params, **sections),
                       env)


def value(ptype, given, **extra):
    sd = sd_for({'p': dict(type=ptype, **extra)}, {'p': given})
    return sd.parameters['p']


def invalid(ptype, given, **extra):
    sd = sd_for({'p': dict(type=ptype, **extra)}, {'p': given})
    try:
        sd.parameters.validate()
    except exception.StackValidationFailed as exc:
        return str(exc)
    raise AssertionError('%r accepted as %s' % (given, ptype))


class TestTypes(base.TestCase):

    def test_string(self):
        self.assertEqual('abc', value('string', 'abc'))
        self.assertEqual('8', value('string', 8))

    def test_number(self):
        self.assertEqual(3, value('number', '3'))
        self.assertEqual(2.5, value('number', '2.5'))
        self.assertIn('is not a number', invalid('number', 'abc'))

    def test_comma_delimited_list(self):
        self.assertEqual(['a', ' b'], value('comma_delimited_list', 'a, b'))
        self.assertEqual(['a', 'b'], value('comma_delimited_list',
                                           ['a', 'b']))
        self.assertEqual([], value('comma_delimited_list', ''))

    def test_json(self):
        self.assertEqual({'a': 1}, value('json', '{"a": 1}'))
        self.assertEqual([1], value('json', [1]))
        self.assertIn('JSON', invalid('json', '{nope'))

    def test_boolean(self):
        for true in ('t', 'true', 'on', 'y', 'yes', '1', True):
            self.assertIs(True, value('boolean', true))
        for false in ('f', 'false', 'off', 'n', 'no', '0', False):
            self.assertIs(False, value('boolean', false))
        self.assertIn('boolean', invalid('boolean', 'maybe'))


class TestConstraints(base.TestCase):

    def test_length(self):
        c = {'constraints': [{'length': {'min': 2, 'max': 3}}]}
        self.assertEqual('ab', value('string', 'ab', **c))
        self.assertIn('The length must be in the range 2 to 3',
                      invalid('string', 'abcd', **c))
        self.assertIn('length', invalid('comma_delimited_list', 'a', **c))

    def test_range(self):
        c = {'constraints': [{'range': {'min': 1}}]}
        self.assertIn('The value must be at least 1',
                      invalid('number', 0, **c))

    def test_modulo(self):
        c = {'constraints': [{'modulo': {'step': 2, 'offset': 1}}]}
        self.assertEqual(3, value('number', 3, **c))
        self.assertIn('multiple of 2', invalid('number', 4, **c))
        sd = sd_for({'p': dict(type='number', **c)}, {'p': 3},
                    version='2016-10-14')
        self.assertRaises(exception.StackValidationFailed, sd.validate)

    def test_allowed_values_and_pattern(self):
        c = {'constraints': [{'allowed_values': ['a', 'b']},
                             {'allowed_pattern': '[a-z]+',
                              'description': 'lower case'}]}
        self.assertEqual('a', value('string', 'a', **c))
        self.assertIn('is not an allowed value', invalid('string', 'c', **c))
        c = {'constraints': [{'allowed_pattern': '[a-z]+',
                              'description': 'lower case'}]}
        self.assertEqual("Parameter 'p' is invalid: lower case",
                         invalid('string', 'aB', **c))

    def test_custom_constraint(self):
        c = {'constraints': [{'custom_constraint': 'ip_addr'}]}
        self.assertEqual('10.0.0.1', value('string', '10.0.0.1', **c))
        self.assertIn('ip_addr', invalid('string', '10.0.0.300', **c))
        sd = sd_for({'p': {'type': 'string', 'constraints': [
            {'custom_constraint': 'nope.nope'}]}})
        self.assertRaises(exception.StackValidationFailed, sd.validate)

    def test_constraint_type_mismatch(self):
        sd = sd_for({'p': {'type': 'string', 'constraints': [
            {'range': {'min': 1}}]}})
        exc = self.assertRaises(exception.StackValidationFailed,
                                sd.validate)
        self.assertIn('parameters.p', str(exc))

    def test_invalid_default(self):
        sd = sd_for({'p': {'type': 'number', 'default': 'x'}})
        self.assertRaises(exception.StackValidationFailed, sd.validate,
                          None, False)


class TestParameterSections(base.TestCase):

    def test_missing_and_unknown(self):
        sd = sd_for({'p': {'type': 'string'}})
        self.assertRaises(exception.UserParameterMissing, sd.validate)
        sd.validate(strict=False)
        sd = sd_for({}, {'q': 1})
        self.assertRaises(exception.UnknownUserParameter, sd.validate)

    def test_parameter_defaults(self):
        sd = sd_for({'p': {'type': 'string', 'default': 'a'}},
                    defaults={'p': 'b', 'other': 'ignored'})
        sd.validate()
        self.assertEqual('b', sd.parameters['p'])
        self.assertEqual('b', template.format_validate(
            sd)['Parameters']['p']['Default'])

    def test_bad_schema(self):
        for schema in ({'type': 'strnig'}, {'default': 1},
                       {'type': 'string', 'bogus': 1},
                       {'type': 'string', 'tags': 'x'}):
            sd = sd_for({'p': schema})
            exc = self.assertRaises(exception.StackValidationFailed,
                                    sd.validate)
            self.assertIn('parameters.p', str(exc))

    def test_tags_only_from_queens(self):
        sd = sd_for({'p': {'type': 'string', 'default': 'a',
                           'tags': ['t']}}, version='2017-09-01')
        self.assertRaises(exception.StackValidationFailed, sd.validate)

    def test_format_validate(self):
        sd = sd_for({'p': {'type': 'string', 'default': 'a',
                           'label': 'P', 'description': 'd',
                           'hidden': True, 'immutable': True,
                           'tags': ['t'], 'constraints': [
                               {'length': {'min': 1}, 'description': 'x'},
                               {'custom_constraint': 'ip_addr'}]}},
                    {'p': 'v'}, parameter_groups=[
                        {'label': 'g', 'parameters': ['p']}])
        body = template.format_validate(sd)
        self.assertEqual({'Type': 'String', 'Default': 'a', 'Value': 'v',
                          'Label': 'P', 'Description': 'd', 'NoEcho': 'true',
                          'Immutable': True, 'Tags': ['t'], 'MinLength': 1,
                          'CustomConstraint': 'ip_addr',
                          'ConstraintDescription': 'x'},
                         body['Parameters']['p'])
        self.assertEqual([{'label': 'g', 'parameters': ['p']}],
                         body['ParameterGroups'])

    def test_parameter_groups_errors(self):
        params = {'p': {'type': 'string', 'default': 'a'}}
        for groups in ([{'parameters': ['q']}], [{'label': 'x'}],
                       [{'parameters': ['p']}, {'parameters': ['p']}]):
            sd = sd_for(params, parameter_groups=groups)
            exc = self.assertRaises(exception.StackValidationFailed,
                                    sd.validate)
            self.assertIn('parameter_groups', str(exc))

    def test_hidden_str(self):
        sd = sd_for({'p': {'type': 'string', 'hidden': True}}, {'p': 's'})
        self.assertEqual('******', str(sd.parameters.params['p']))
        self.assertEqual({'p'}, sd.parameters.hidden_names())
