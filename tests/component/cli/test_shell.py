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

from heat_vision.cli import common
from heat_vision.cli import shell
from tests.component.cli import fakes


class TestShell(fakes.CLITestCase):

    def test_every_command_has_help(self):
        for name in shell.COMMANDS:
            status, out, err = self.run_cli('help', *name.split())
            self.assertEqual(0, status, '%s: %s' % (name, err))
            self.assertIn('usage: ', out)

    def test_commands_have_docstrings(self):
        for name, command_class in shell.COMMANDS.items():
            self.assertTrue(command_class.__doc__, name)

    def test_unknown_command_fails(self):
        status, _out, _err = self.run_cli('stack', 'explode')
        self.assertNotEqual(0, status)

    def test_debug_is_accepted(self):
        self.heat.add('GET', 'stacks', (200, {'stacks': []}))
        self.assertEqual('[]\n', self.run_ok('--debug', 'stack', 'list',
                                             '-f', 'json'))


class TestDisplay(fakes.base.TestCase):

    def test_flat_list_is_comma_separated_in_tables(self):
        column = common.display_value(['a', 'b'])
        self.assertEqual('a, b', column.human_readable())
        self.assertEqual(['a', 'b'], column.machine_readable())

    def test_nested_values_are_yaml_in_tables(self):
        column = common.display_value({'b': [1, {'c': 2}]})
        self.assertEqual('b:\n- 1\n- c: 2', column.human_readable())

    def test_scalars_are_left_alone(self):
        self.assertEqual(3, common.display_value(3))
