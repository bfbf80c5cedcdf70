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

"""Behaviour of the HOT functions, as Heat documents it."""

from heat_vision.common import exception
from tests import base
from tests.unit.template import fakes
from tests.unit.template import utils

LATEST = '2021-04-16'
PARAMS = {'s': {'type': 'string', 'default': 'x'},
          'l': {'type': 'comma_delimited_list', 'default': 'a,b'},
          'j': {'type': 'json', 'default': {'k': [1, 2, {'z': 'deep'}]}},
          'b': {'type': 'boolean', 'default': True}}


def out(value, version=LATEST, **kw):
    return utils.output(version, value, parameters=PARAMS, **kw)


class TestParamAndFile(base.TestCase):

    def test_get_param_paths(self):
        self.assertEqual('x', out({'get_param': 's'}))
        self.assertEqual('b', out({'get_param': ['l', 1]}))
        self.assertEqual('deep', out({'get_param': ['j', 'k', 2, 'z']}))
        self.assertEqual('', out({'get_param': ['j', 'nope']}))

    def test_get_param_pseudo(self):
        self.assertEqual('teststack', out({'get_param': 'OS::stack_name'}))
        self.assertEqual('stack-id', out({'get_param': 'OS::stack_id'}))
        self.assertEqual('project-id',
                         out({'get_param': 'OS::project_id'}))

    def test_get_param_unknown(self):
        exc = self.assertRaises(exception.StackValidationFailed, out,
                                {'get_param': 'nope'})
        self.assertIn('nope', str(exc))

    def test_get_file(self):
        sd = utils.stack(utils.hot(LATEST, outputs={
            'o': {'value': {'get_file': 'a.txt'}}}), files={'a.txt': 'hi'})
        self.assertEqual('hi', sd.output_definitions()['o'].resolve())
        sd = utils.stack(utils.hot(LATEST, outputs={
            'o': {'value': {'get_file': 'b.txt'}}}))
        self.assertRaises(exception.StackValidationFailed, sd.validate)

    def test_resource_facade_defaults(self):
        self.assertEqual('Delete', out({'resource_facade':
                                        'deletion_policy'}))
        self.assertRaises(exception.StackValidationFailed, out,
                          {'resource_facade': 'bogus'})

    def test_resource_facade_parent(self):
        sd = utils.stack(utils.hot(LATEST, outputs={'o': {'value': {
            'resource_facade': 'metadata'}}}),
            parent_facade={'metadata': {'k': 'v'}})
        self.assertEqual({'k': 'v'}, sd.output_definitions()['o'].resolve())


class TestResourceRefs(base.TestCase):

    def _sd(self, version, value):
        return utils.stack(utils.hot(version, resources={
            'v': {'type': 'OS::Heat::Value', 'properties': {
                'value': {'a': [1, 2]}}}}, outputs={'o': {'value': value}}))

    def test_get_resource(self):
        sd = self._sd(LATEST, {'get_resource': 'v'})
        o = sd.output_definitions()['o']
        self.assertEqual('teststack-v-fake',
                         o.resolve(fakes.FakeResolver(sd)))
        self.assertEqual({'v'}, o.required_resources())
        self.assertRaises(exception.UnresolvedReference, o.resolve)

    def test_get_attr_path(self):
        sd = self._sd(LATEST, {'get_attr': ['v', 'value', 'a', 1]})
        self.assertEqual(2, sd.output_definitions()['o'].resolve(
            fakes.FakeResolver(sd)))

    def test_get_attr_all_attributes(self):
        sd = self._sd('2015-10-15', {'get_attr': ['v']})
        self.assertEqual({'value': {'a': [1, 2]}},
                         sd.output_definitions()['o'].resolve(
                             fakes.FakeResolver(sd)))
        sd = self._sd('2015-04-30', {'get_attr': ['v']})
        self.assertRaises(exception.StackValidationFailed, sd.validate)

    def test_unknown_resource(self):
        sd = self._sd(LATEST, {'get_resource': 'nope'})
        exc = self.assertRaises(exception.StackValidationFailed,
                                sd.validate)
        self.assertIn('outputs.o.value', str(exc))
        self.assertIn('nope', str(exc))

    def test_unknown_attribute(self):
        sd = self._sd(LATEST, {'get_attr': ['v', 'nope']})
        exc = self.assertRaises(exception.StackValidationFailed,
                                sd.validate, fakes.lookup)
        self.assertIn('(v nope)', str(exc))


class TestStrings(base.TestCase):

    def test_str_replace_longest_first(self):
        self.assertEqual('1 2 3', out({'str_replace': {
            'template': 'a ab abc', 'params': {'a': '1', 'ab': '2',
                                               'abc': '3'}}}))

    def test_str_replace_no_rescan(self):
        self.assertEqual('BA', out({'str_replace': {
            'template': 'AB', 'params': {'A': 'B', 'B': 'A'}}}))

    def test_str_replace_json_values(self):
        self.assertEqual('[1, 2] 3', out({'str_replace': {
            'template': 'L N', 'params': {'L': [1, 2], 'N': 3}}}))
        self.assertRaises(exception.StackValidationFailed, out,
                          {'str_replace': {'template': 'L',
                                           'params': {'L': [1]}}},
                          '2015-04-30')

    def test_str_replace_strict(self):
        value = {'str_replace_strict': {'template': 'a',
                                        'params': {'b': 'c'}}}
        exc = self.assertRaises(exception.StackValidationFailed, out, value)
        self.assertIn("'b'", str(exc))

    def test_str_replace_vstrict(self):
        value = {'str_replace_vstrict': {'template': 'a',
                                         'params': {'a': ''}}}
        self.assertRaises(exception.StackValidationFailed, out, value)
        self.assertEqual('x', out({'str_replace_vstrict': {
            'template': 'a', 'params': {'a': 'x'}}}))

    def test_str_split(self):
        self.assertEqual(['a', 'b'], out({'str_split': [',', 'a,b']}))
        self.assertEqual('b', out({'str_split': [',', 'a,b', 1]}))
        self.assertRaises(exception.StackValidationFailed, out,
                          {'str_split': [',', 'a,b', 5]})

    def test_list_join(self):
        self.assertEqual('a,b', out({'list_join': [',', ['a', 'b']]}))
        self.assertEqual('c,a,b', out({'list_join': [
            ',', ['c'], {'get_param': 'l'}]}))
        self.assertEqual('{"k": 1}', out({'list_join': [',', [{'k': 1}]]}))
        self.assertRaises(exception.StackValidationFailed, out,
                          {'list_join': [',', ['a'], ['b']]}, '2015-04-30')

    def test_digest(self):
        self.assertEqual('5d41402abc4b2a76b9719d911017c592',
                         out({'digest': ['md5', 'hello']}))
        self.assertRaises(exception.StackValidationFailed, out,
                          {'digest': ['nope', 'hello']})


class TestCollections(base.TestCase):

    def test_repeat_nested(self):
        self.assertEqual(['a1', 'a2', 'b1', 'b2'], out({'repeat': {
            'for_each': {'%x%': ['a', 'b'], '%y%': ['1', '2']},
            'template': '%x%%y%'}}))

    def test_repeat_map_keys(self):
        self.assertEqual(['k'], out({'repeat': {
            'for_each': {'X': {'k': 'v'}}, 'template': 'X'}}))
        self.assertRaises(exception.StackValidationFailed, out, {'repeat': {
            'for_each': {'X': {'k': 'v'}}, 'template': 'X'}}, '2016-04-08')

    def test_repeat_permutations(self):
        self.assertEqual(['a1', 'b2'], out({'repeat': {
            'for_each': {'%x%': ['a', 'b'], '%y%': ['1', '2']},
            'template': '%x%%y%', 'permutations': False}}))
        self.assertRaises(exception.StackValidationFailed, out, {'repeat': {
            'for_each': {'%x%': ['a']}, 'template': '%x%',
            'permutations': False}}, '2017-02-24')

    def test_repeat_needs_lists(self):
        self.assertRaises(exception.StackValidationFailed, out, {'repeat': {
            'for_each': {'x': 'abc'}, 'template': 'x'}})

    def test_map_merge(self):
        self.assertEqual({'a': 2, 'b': 1}, out({'map_merge': [
            {'a': 1, 'b': 1}, {'a': 2}]}))
        self.assertRaises(exception.StackValidationFailed, out,
                          {'map_merge': [{'a': 1}, 'x']})

    def test_map_replace_collision(self):
        self.assertRaises(exception.StackValidationFailed, out, {
            'map_replace': [{'a': 1, 'b': 2}, {'keys': {'a': 'b'}}]})

    def test_filter(self):
        self.assertEqual(['a', 'c'], out({'filter': [['b', None],
                                                     ['a', 'b', None, 'c']]}))

    def test_list_concat(self):
        self.assertEqual(['a', 'b', 'a'], out({'list_concat': [
            ['a'], ['b', 'a']]}))
        self.assertEqual(['a', 'b'], out({'list_concat_unique': [
            ['a'], ['b', 'a']]}))
        self.assertRaises(exception.StackValidationFailed, out,
                          {'list_concat': [['a'], 'b']})

    def test_make_url(self):
        self.assertEqual(
            'https://u:p%40ss@[::1]:8080/a%20b?x=1&y=/#frag',
            out({'make_url': {'scheme': 'https', 'username': 'u',
                              'password': 'p@ss', 'host': '::1',
                              'port': 8080, 'path': '/a b',
                              'query': {'x': '1', 'y': '/'},
                              'fragment': 'frag'}}))
        self.assertRaises(exception.StackValidationFailed, out,
                          {'make_url': {'host': 'h', 'port': 70000}})

    def test_yaql(self):
        self.assertEqual(6, out({'yaql': {'expression': '$.data.sum()',
                                          'data': [1, 2, 3]}}))
        self.assertRaises(exception.StackValidationFailed, out, {'yaql': {
            'expression': '$.data.(', 'data': {}}})

    def test_yaql_bounded(self):
        exc = self.assertRaises(exception.StackValidationFailed, out, {
            'yaql': {'expression': 'range(0, 100000000).select($ * 2)',
                     'data': {}}})
        self.assertIn('yaql', str(exc))


class TestConditions(base.TestCase):

    CONDS = {'yes': {'equals': [{'get_param': 's'}, 'x']},
             'no': {'not': 'yes'},
             'both': {'and': ['yes', {'not': 'no'}]},
             'either': {'or': ['no', {'equals': [1, 1]}]},
             'has': {'contains': ['a', {'get_param': 'l'}]}}

    def test_condition_values(self):
        sd = utils.stack(utils.hot(LATEST, parameters=PARAMS,
                                   conditions=self.CONDS))
        self.assertEqual({'yes': True, 'no': False, 'both': True,
                          'either': True, 'has': True}, sd.conditions)

    def test_if(self):
        self.assertEqual('T', out({'if': ['yes', 'T', 'F']},
                                  conditions=self.CONDS))
        self.assertEqual('F', out({'if': [{'not': 'yes'}, 'T', 'F']},
                                  conditions=self.CONDS))

    def test_if_two_arguments_elides(self):
        self.assertEqual(['a'], out(['a', {'if': ['no', 'b']}],
                                    conditions=self.CONDS))
        self.assertEqual({'k': 1}, out({'k': 1, 'l': {'if': ['no', 2]}},
                                       conditions=self.CONDS))
        self.assertRaises(exception.StackValidationFailed, out,
                          {'if': ['no', 'b']}, '2018-08-31',
                          conditions=self.CONDS)

    def test_circular_condition(self):
        sd = utils.stack(utils.hot(LATEST, conditions={
            'a': {'not': 'b'}, 'b': {'not': 'a'}}))
        exc = self.assertRaises(exception.StackValidationFailed,
                                sd.validate)
        self.assertIn('Circular', str(exc))

    def test_unknown_condition(self):
        self.assertRaises(exception.StackValidationFailed, out,
                          {'if': ['nope', 1, 2]})

    def test_conditional_resources_and_dependencies(self):
        sd = utils.stack(utils.hot(
            LATEST, conditions={'off': False},
            resources={'a': {'type': 'OS::Heat::None', 'condition': 'off'},
                       'b': {'type': 'OS::Heat::Value',
                             'properties': {'value': {'if': [
                                 'off', {'get_resource': 'a'}, 'none']}},
                             'depends_on': ['a']}}))
        sd.validate(fakes.lookup)
        self.assertEqual(['b'], list(sd.resource_definitions()))
        self.assertEqual(set(), sd.dependencies().requires('b'))
