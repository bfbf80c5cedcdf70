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


"""tools/heat-templates' runner: what it runs, as whom, with what.

Its pure parts, on a small tree shaped like heat-templates' ``hot/``
(the runner itself needs a cloud and the repository: not in CI).
"""

import importlib.machinery
import importlib.util
import os
import sys
import types

import yaml

from tests import base

TOOLS = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))), 'tools', 'heat-templates')


def _runner():
    sys.path.insert(0, TOOLS)
    try:
        loader = importlib.machinery.SourceFileLoader(
            'run_hot_templates', os.path.join(TOOLS, 'run-hot-templates'))
        spec = importlib.util.spec_from_loader(loader.name, loader)
        module = importlib.util.module_from_spec(spec)
        loader.exec_module(module)
        return module, sys.modules['hot_fixtures']
    finally:
        sys.path.remove(TOOLS)


RUNNER, FIXTURES = _runner()
KNOWN = {'OS::Heat::SoftwareConfig', 'OS::Keystone::Role',
         'OS::Nova::Server'}


class RunnerTest(base.TestCase):

    def write(self, rel, content):
        path = os.path.join(self.state_dir, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, 'w') as f:
            f.write(content if isinstance(content, str) else
                    yaml.safe_dump(content))
        return path

    def test_an_environment_beside_the_template_maps_its_types(self):
        path = self.write('ex/pristine.yaml', {
            'heat_template_version': '2015-04-30',
            'resources': {'agent': {'type': 'Heat::InstallConfigAgent'}}})
        self.write('ex/pristine_env.yaml', {'resource_registry': {
            'Heat::InstallConfigAgent': 'OS::Heat::SoftwareConfig'}})
        text, files, tmpl, env = RUNNER.eligible(path, KNOWN, set())
        self.assertEqual({'Heat::InstallConfigAgent':
                          'OS::Heat::SoftwareConfig'},
                         yaml.safe_load(env)['resource_registry'])
        os.unlink(os.path.join(self.state_dir, 'ex/pristine_env.yaml'))
        exc = self.assertRaises(RUNNER.Skip, RUNNER.eligible, path, KNOWN,
                                set())
        self.assertEqual('needs its environment file', exc.kind)

    def test_files_of_a_sibling_checkout_are_sent(self):
        # The boot-config parts get_file heat-agents' scripts from a
        # checkout beside heat-templates.
        self.write('agents/script.sh', 'echo hi\n')
        path = self.write('ht/hot/part.yaml', {
            'heat_template_version': '2014-10-16',
            'resources': {'c': {
                'type': 'OS::Heat::SoftwareConfig',
                'properties': {'config': {
                    'get_file': '../../agents/script.sh'}}}}})
        _text, files, _tmpl, env = RUNNER.eligible(path, KNOWN, set())
        self.assertEqual({'../../agents/script.sh': 'echo hi\n'}, files)
        self.assertIsNone(env)
        os.unlink(os.path.join(self.state_dir, 'agents/script.sh'))
        exc = self.assertRaises(RUNNER.Skip, RUNNER.eligible, path, KNOWN,
                                set())
        self.assertEqual('get_file of files it does not have', exc.kind)

    def test_admin_types_need_the_admin(self):
        self.assertTrue(RUNNER.needs_admin({'resources': {
            'r': {'type': 'OS::Keystone::Role'}}}, {}))
        nested = yaml.safe_dump({'heat_template_version': '2015-04-30',
                                 'resources': {'t': {
                                     'type': 'OS::Cinder::VolumeType'}}})
        self.assertTrue(RUNNER.needs_admin({'resources': {
            'n': {'type': 'n.yaml'}}}, {'n.yaml': nested}))
        self.assertFalse(RUNNER.needs_admin({'resources': {
            's': {'type': 'OS::Nova::Server'}}}, {}))

    def fixtures(self):
        made = object.__new__(FIXTURES.Fixtures)
        made.values = {'tag': 'abc123', 'region': 'RegionOne',
                       'password': 'p', 'image': 'img', 'flavor': 'f'}
        made.server = lambda: 'server-id'
        made.compute_host = lambda: 'host-1'
        made.runner = types.SimpleNamespace(hot_values={
            'private_net': 'net-1', 'private_subnet': 'sub-1',
            'key_name': 'key-1', 'project': 'project-1'})
        return made

    def test_the_parameter_map_wins_and_names_fixtures(self):
        made = self.fixtures()
        admin = types.SimpleNamespace(hot_values=dict(
            made.runner.hot_values, project='admin-project'))
        declared = {'external_server_id': {'type': 'string',
                                           'default': 'not-there'},
                    'role_name': {'type': 'string'},
                    'group_role_project': {'type': 'string'},
                    'hosts': {'type': 'comma_delimited_list'},
                    'count': {'type': 'number'},
                    'mystery': {'type': 'string'}}
        values, unknown = made.parameters(declared, {
            'external_server_id': '$server',
            'role_name': 'hv-hot-role-$tag',
            'group_role_project': '$project', 'hosts': '${host}',
            'count': 3}, admin)
        self.assertEqual({'external_server_id': 'server-id',
                          'role_name': 'hv-hot-role-abc123',
                          'group_role_project': 'admin-project',
                          'hosts': 'host-1', 'count': 3}, values)
        self.assertEqual(['mystery'], unknown)

    def test_the_parameter_map_names_values_the_runner_has(self):
        with open(RUNNER.PARAMETERS) as f:
            mapped = yaml.safe_load(f)
        made = self.fixtures()
        known = set(made.values) | set(made.runner.hot_values) | {
            'server', 'host'}
        for rel, values in mapped.items():
            self.assertTrue(rel.endswith('.yaml'), rel)
            for name, value in values.items():
                for ref in FIXTURES.REFERENCE.findall(str(value)):
                    self.assertIn(ref[0] or ref[1], known,
                                  '%s: %s' % (rel, name))
