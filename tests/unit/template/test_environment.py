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

"""Environments: sections, merging several files, the registry."""

from heat_vision.common import exception
from heat_vision import template
from tests import base
from tests.unit.template import utils


def merged(*envs, params=None):
    tmpl = None
    if params is not None:
        tmpl = template.Template.create(utils.hot('2016-10-14',
                                                  parameters=params))
    return template.Environment.merged(list(envs), template=tmpl)


class TestEnvironment(base.TestCase):

    def test_user_env_as_dict(self):
        env = template.Environment({'parameters': {'a': 1}})
        self.assertEqual({'parameters': {'a': 1}, 'parameter_defaults': {},
                          'resource_registry': {'resources': {}},
                          'event_sinks': []}, env.user_env_as_dict())

    def test_wrong_section(self):
        self.assertRaises(exception.InvalidEnvironment,
                          template.Environment, {'parameterz': {}})
        self.assertRaises(exception.InvalidEnvironment,
                          template.load_environment, 'parameters: [1]')

    def test_overwrite_by_default(self):
        env = merged({'parameters': {'a': 'x', 'b': 'y'}},
                     {'parameters': {'a': 'z'}})
        self.assertEqual({'a': 'z', 'b': 'y'}, env.params)

    def test_merge_strategies(self):
        params = {'s': {'type': 'string'}, 'n': {'type': 'number'},
                  'l': {'type': 'comma_delimited_list'},
                  'j': {'type': 'json'}}
        first = {'parameters': {'s': 'a', 'n': 1, 'l': 'x,y',
                                'j': {'k': {'a': 1}}}}
        second = {'parameters': {'s': 'b', 'n': 2, 'l': 'z',
                                 'j': {'k': {'b': 2}}},
                  'parameter_merge_strategies': {'default': 'merge'}}
        env = merged(first, second, params=params)
        self.assertEqual({'s': 'ab', 'n': 3, 'l': 'x,y,z',
                          'j': {'k': {'b': 2}}}, env.params)
        second['parameter_merge_strategies'] = {'j': 'deep_merge'}
        env = merged(first, second, params=params)
        self.assertEqual({'k': {'a': 1, 'b': 2}}, env.params['j'])

    def test_conflicting_strategies(self):
        self.assertRaises(
            exception.InvalidEnvironment, merged,
            {'parameters': {'a': 'x'}},
            {'parameters': {'a': 'y'},
             'parameter_merge_strategies': {'a': 'merge'}},
            {'parameters': {'a': 'z'},
             'parameter_merge_strategies': {'a': 'deep_merge'}})

    def test_registry_and_sinks_merge(self):
        env = merged(
            {'resource_registry': {'My::A': 'a.yaml', 'resources': {
                'r1': {'hooks': 'pre-create'}}},
             'event_sinks': [{'type': 'zaqar-queue', 'target': 'q1'}]},
            {'resource_registry': {'My::B': 'OS::Heat::None', 'resources': {
                'r2': {'My::A': 'b.yaml'}}},
             'event_sinks': [{'type': 'zaqar-queue', 'target': 'q2'}]})
        reg = env.registry.as_dict()
        self.assertEqual('a.yaml', reg['My::A'])
        self.assertEqual({'r1', 'r2'}, set(reg['resources']))
        self.assertEqual(2, len(env.event_sinks))


class TestRegistry(base.TestCase):

    def _reg(self, data):
        return template.Environment({'resource_registry': data}).registry

    def test_class_alias_chain(self):
        reg = self._reg({'My::Server': 'My::Other',
                         'My::Other': 'OS::Nova::Server'})
        info = reg.get_resource_info('My::Server')
        self.assertEqual(('class', 'OS::Nova::Server'),
                         (info.kind, info.value))
        info = reg.get_resource_info('OS::Heat::None')
        self.assertEqual(('class', 'OS::Heat::None'),
                         (info.kind, info.value))

    def test_template_mapping_and_override(self):
        reg = self._reg({'My::Server': 'server.yaml', 'resources': {
            'special': {'My::Server': 'special.yaml'},
            'web*': {'My::Server': 'web.yaml'}}})
        self.assertEqual('server.yaml',
                         reg.get_resource_info('My::Server', 'other').value)
        self.assertEqual('special.yaml',
                         reg.get_resource_info('My::Server', 'special').value)
        info = reg.get_resource_info('My::Server', 'web1')
        self.assertEqual(('template', 'web.yaml'), (info.kind, info.value))
        self.assertEqual('template',
                         reg.get_resource_info('nested.yaml').kind)

    def test_wildcard(self):
        reg = self._reg({'OS::Networking::*': 'OS::Neutron::*'})
        self.assertEqual('OS::Neutron::Port', reg.get_resource_info(
            'OS::Networking::Port').value)

    def test_loop(self):
        reg = self._reg({'A::A': 'B::B', 'B::B': 'A::A'})
        self.assertRaises(exception.InvalidEnvironment,
                          reg.get_resource_info, 'A::A')

    def test_hooks(self):
        reg = self._reg({'resources': {'r': {'hooks': ['pre-create',
                                                       'post-update']},
                                       'n': {'child': {'hooks':
                                                       'pre-delete'}}}})
        self.assertTrue(reg.matches_hook('r', 'pre-create'))
        self.assertFalse(reg.matches_hook('r', 'pre-delete'))
        self.assertTrue(reg.nested('n').matches_hook('child', 'pre-delete'))
        self.assertRaises(exception.InvalidEnvironment, self._reg,
                          {'resources': {'r': {'hooks': 'pre-lunch'}}})

    def test_provider_template_needs_file(self):
        sd = utils.stack(utils.hot('2016-10-14', resources={
            'r': {'type': 'My::T'}}), {'resource_registry': {
                'My::T': 't.yaml'}})
        self.assertRaises(exception.StackValidationFailed, sd.validate,
                          lambda name: None)
        sd = utils.stack(utils.hot('2016-10-14', resources={
            'r': {'type': 'My::T'}}), {'resource_registry': {
                'My::T': 't.yaml'}}, files={'t.yaml': '{}'})
        sd.validate(lambda name: None)
