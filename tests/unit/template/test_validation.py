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

"""Validation of whole stack definitions and property schemas, with
paths; definitions and the dependency graph."""

from heat_vision.common import exception
from heat_vision.template import constraints as constr
from heat_vision.template import properties
from tests import base
from tests.unit.template import fakes
from tests.unit.template import utils

V = '2021-04-16'


def server(**props):
    return {'type': 'OS::Nova::Server',
            'properties': dict({'flavor': 'm1'}, **props)}


def check(resources, version=V, **sections):
    sd = utils.stack(utils.hot(version, resources=resources, **sections))
    sd.validate(fakes.lookup)
    return sd


def error(resources, version=V, **sections):
    sd = utils.stack(utils.hot(version, resources=resources, **sections))
    try:
        sd.validate(fakes.lookup)
    except exception.StackValidationFailed as exc:
        return str(exc)
    raise AssertionError('no error for %r' % resources)


class TestPropertyValidation(base.TestCase):

    def test_integer(self):
        self.assertEqual('resources.server.properties.count: "abc" is not '
                         'an integer', error({'server': server(count='abc')}))
        check({'server': server(count='3')})

    def test_range_and_required(self):
        self.assertIn('resources.s.properties.count: The value must be in '
                      'the range 0 to 10', error({'s': server(count=11)}))
        self.assertEqual('resources.s.properties: Property flavor not '
                         'assigned', error({'s': {
                             'type': 'OS::Nova::Server'}}))
        self.assertIn('Unknown Property bogus',
                      error({'s': server(bogus=1)}))

    def test_nested_schema_paths(self):
        msg = error({'s': server(networks=[{'port': 'p'},
                                           {'fixed_ip': 'nope'}])})
        self.assertIn('resources.s.properties.networks.1.fixed_ip', msg)
        self.assertIn('ip_addr', msg)
        self.assertIn('resources.s.properties.networks.0',
                      error({'s': server(networks=[{'bogus': 1}])}))

    def test_values_from_parameters_are_checked(self):
        msg = error({'s': server(count={'get_param': 'n'})},
                    parameters={'n': {'type': 'string', 'default': 'x'}})
        self.assertIn('"x" is not an integer', msg)

    def test_values_from_resources_are_deferred(self):
        check({'s': server(name={'get_attr': ['t', 'first_address']}),
               't': server()})

    def test_properties_mapping(self):
        schema = fakes.Server.properties_schema
        props = properties.Properties(schema, {'flavor': 'f',
                                               'enabled': 'yes'})
        self.assertEqual(1, props['count'])
        self.assertIs(True, props['enabled'])
        self.assertIsNone(props['name'])
        self.assertRaises(KeyError, props.__getitem__, 'nope')
        self.assertEqual('f', props.resolved()['flavor'])

    def test_defaults_are_checked_and_typed_every_time(self):
        schema = {'n': constr.Schema(constr.Schema.INTEGER, default='3'),
                  'bad': constr.Schema(constr.Schema.INTEGER, default=9,
                                       constraints=[constr.Range(max=5)])}
        for _ in range(2):
            props = properties.Properties(schema, {}, path=['p'])
            self.assertEqual(3, props['n'])
            exc = self.assertRaises(exception.StackValidationFailed,
                                    props.__getitem__, 'bad')
            self.assertIn('p.bad', str(exc))
        # A default changed later is the one checked.
        schema['n'].default = '4'
        self.assertEqual(4, properties.Properties(schema, {})['n'])

    def test_a_mutable_default_is_never_shared(self):
        schema = {'m': constr.Schema(constr.Schema.MAP, default={'a': 1})}
        first = properties.Properties(schema, {})['m']
        first['b'] = 2
        self.assertEqual({'a': 1}, properties.Properties(schema, {})['m'])

    def test_schema_constraint_type_check(self):
        self.assertRaises(ValueError, constr.Schema, constr.Schema.STRING,
                          constraints=[constr.Range(min=1)])
        self.assertRaises(ValueError, constr.Schema, 'Nope')


class TestStructure(base.TestCase):

    def test_bad_resource_key(self):
        self.assertIn('resources.r: "bogus" is not a valid keyword',
                      error({'r': {'type': 'OS::Heat::None', 'bogus': 1}}))

    def test_condition_key_needs_newton(self):
        self.assertIn('"condition" is not a valid keyword', error(
            {'r': {'type': 'OS::Heat::None', 'condition': True}},
            '2016-04-08'))

    def test_missing_type_and_section(self):
        self.assertIn('must contain a type key',
                      error({'r': {'properties': {}}}))
        sd = utils.stack(utils.hot(V, bogus={}))
        self.assertRaises(exception.StackValidationFailed, sd.validate)

    def test_unknown_type_without_parameter_values(self):
        """A template validate (no values for the parameters) still
        finds an unknown type, as Heat's validate_template does; a
        resource under a condition it cannot evaluate is left alone.
        """
        tmpl = utils.hot(V, parameters={'size': {'type': 'number'}},
                         conditions={'big': {'equals': [
                             {'get_param': 'size'}, 2]}},
                         resources={'lb': {'type': 'OS::Neutron::Pool',
                                           'properties': {'size': {
                                               'get_param': 'size'}}}})
        exc = self.assertRaises(exception.ResourceTypeNotFound,
                                utils.stack(tmpl).validate, fakes.lookup,
                                strict=False)
        self.assertEqual(['resources', 'lb'], exc.path)
        tmpl['resources']['lb']['condition'] = 'big'
        utils.stack(tmpl).validate(fakes.lookup, strict=False)

    def test_depends_on_unknown(self):
        msg = error({'r': {'type': 'OS::Heat::None', 'depends_on': 'x'}})
        self.assertIn('resources.r.depends_on', msg)

    def test_deletion_policy(self):
        sd = check({'r': {'type': 'OS::Heat::None',
                          'deletion_policy': 'retain'}})
        self.assertEqual('Retain',
                         sd.resource_definitions()['r'].deletion_policy)
        self.assertIn('Invalid deletion policy', error(
            {'r': {'type': 'OS::Heat::None', 'deletion_policy': 'retain'}},
            '2016-04-08'))

    def test_external_id_and_deletion_policy_from_a_parameter(self):
        # heat-templates' hot/external_resource.yaml
        params = {'p': {'type': 'string', 'default': 'the-id'},
                  'd': {'type': 'string', 'default': 'Retain'},
                  'j': {'type': 'json', 'default': {'x': 1}}}
        a = check({'a': {'type': 'OS::Heat::None',
                         'external_id': {'get_param': 'p'},
                         'deletion_policy': {'get_param': 'd'}}},
                  parameters=params).resource_definitions()['a']
        self.assertEqual(('the-id', 'Retain'),
                         (a.external_id, a.deletion_policy))
        for bad in ({'get_param': 'j'}, [1]):
            msg = error({'a': {'type': 'OS::Heat::None',
                               'external_id': bad}}, parameters=params)
            self.assertIn('resources.a.external_id: "external_id" must be '
                          'a string', msg)

    def test_external_resource_properties_are_not_checked(self):
        # heat-templates' hot/external_resource.yaml: an OS::Nova::Server
        # without its required flavor (Heat's Stack.validate calls
        # validate_external, not validate, for it).
        a = check({'a': {'type': 'OS::Nova::Server', 'external_id': 'x',
                         'properties': {'count': 'abc'}}},
                  outputs={'o': {'value': {'get_attr': ['a', 'networks']}}}
                  ).resource_definitions()['a']
        self.assertEqual(('x', 'Retain'),
                         (a.external_id, a.deletion_policy))
        # Its type and the attributes read from it are checked still.
        self.assertIn('OS::Nova::Nothing', error(
            {'a': {'type': 'OS::Nova::Nothing', 'external_id': 'x'}}))
        self.assertIn('The Referenced Attribute (a bogus) is incorrect',
                      error({'a': {'type': 'OS::Nova::Server',
                                   'external_id': 'x'}},
                            outputs={'o': {'value': {
                                'get_attr': ['a', 'bogus']}}}))

    def test_external_resource_requires_nothing(self):
        sd = check({'a': {'type': 'OS::Heat::Value', 'external_id': 'x',
                          'properties': {'value': {'get_resource': 'b'}}},
                    'b': {'type': 'OS::Heat::None'}})
        self.assertEqual(set(), sd.resource_definitions()['a']
                         .required_resources())
        # depends_on is refused, as Heat's InvalidExternalResourceDependency.
        self.assertEqual(
            'resources.a.depends_on: Invalid dependency with external '
            'OS::Heat::None resource: x',
            error({'a': {'type': 'OS::Heat::None', 'external_id': 'x',
                         'depends_on': 'b'},
                   'b': {'type': 'OS::Heat::None'}}))

    def test_output_needs_value(self):
        sd = utils.stack(utils.hot(V, outputs={'o': {'description': 'd'}}))
        exc = self.assertRaises(exception.StackValidationFailed,
                                sd.validate)
        self.assertIn('outputs.o', str(exc))


class TestDefinitions(base.TestCase):

    def test_definition_fields(self):
        sd = check({
            'a': {'type': 'OS::Heat::Value', 'properties': {'value': 1},
                  'metadata': {'m': {'get_resource': 'b'}},
                  'depends_on': ['c'], 'update_policy': {'u': 1}},
            'b': {'type': 'OS::Heat::None'},
            'c': {'type': 'OS::Heat::None'}})
        a = sd.resource_definitions()['a']
        self.assertEqual({'b', 'c'}, a.required_resources())
        self.assertEqual(['c'], a.depends_on)
        self.assertIsNone(a.external_id)
        ext = check({'e': {'type': 'OS::Heat::None', 'external_id': 'ext',
                           'deletion_policy': 'Delete'}}
                    ).resource_definitions()['e']
        self.assertEqual({'type': 'OS::Heat::None', 'external_id': 'ext'},
                         ext.to_dict())
        self.assertEqual({'value': 1}, a.resolved_properties())
        self.assertEqual({'m': 'teststack-b-fake'}, a.resolved_metadata(
            fakes.FakeResolver(sd)))
        self.assertEqual({'type': 'OS::Heat::Value',
                          'properties': {'value': 1},
                          'metadata': {'m': {'get_resource': 'b'}},
                          'update_policy': {'u': 1}, 'depends_on': ['c']},
                         a.to_dict())
        sd2 = check({'a': {'type': 'OS::Heat::Value',
                           'properties': {'value': 1}}})
        self.assertNotEqual(a, sd2.resource_definitions()['a'])
        same = check({'a': {'type': 'OS::Heat::Value',
                            'properties': {'value': 1}}})
        self.assertEqual(sd2.resource_definitions()['a'],
                         same.resource_definitions()['a'])

    def test_dependency_orders(self):
        sd = check({'c': {'type': 'OS::Heat::None', 'depends_on': 'b'},
                    'b': {'type': 'OS::Heat::None', 'depends_on': 'a'},
                    'a': {'type': 'OS::Heat::None'}})
        deps = sd.dependencies()
        self.assertEqual(['a', 'b', 'c'], deps.topological_order())
        self.assertEqual(['c', 'b', 'a'], deps.reverse_order())
        self.assertEqual({'a'}, deps.requires('b'))
        self.assertEqual({'c'}, deps.required_by('b'))

    def test_cycle_through_functions(self):
        sd = utils.stack(utils.hot(V, resources={
            'a': {'type': 'OS::Heat::Value', 'properties': {
                'value': {'get_attr': ['b', 'value']}}},
            'b': {'type': 'OS::Heat::Value', 'properties': {
                'value': {'get_resource': 'a'}}}}))
        exc = self.assertRaises(exception.CircularDependencyException,
                                sd.dependencies)
        self.assertIn('a -> b -> a', str(exc))
