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

"""The documentation names what exists: options, console scripts, commands.

* Every option named in the docs exists: in a heat-vision.conf block of a
  page (a ``::`` literal block or ``.. code-block:: ini`` with
  ``[section]`` lines; commented-out options too; blocks of other files
  are marked with another language, ``.. code-block:: cfg`` for
  setup.cfg), in the prose as ````[section] option````, and in
  ``etc/heat-vision/heat-vision.conf.distributed``. What exists is what
  the config generator lists (etc/heat-vision/
  heat-vision-config-generator.conf's namespaces), plus keystoneauth1's
  plugin options in a section that loads an auth plugin.
* README and the installation guide state setup.cfg's Python version.
* README's "What runs" table has every console script of setup.cfg.
* doc/source/cli.rst's command table has every command of the
  ``heat-vision`` application.
"""

import configparser
import glob
import os
import re

from keystoneauth1 import loading as ks_loading
from oslo_config import generator

from heat_vision.cli import shell
from tests import base
from tests import rst_blocks

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))
GENERATOR = os.path.join(ROOT, 'etc', 'heat-vision',
                         'heat-vision-config-generator.conf')
DISTRIBUTED = os.path.join(ROOT, 'etc', 'heat-vision',
                           'heat-vision.conf.distributed')

#: Options of other services that pages name in their prose, e.g.
#: "Aodh's API runs with ``[api] auth_mode = noauth``".
OTHER_SERVICES = {
    ('api', 'auth_mode'): 'Aodh (doc/source/admin/aodh.rst)',
    ('auth', 'methods'): 'Keystone (doc/source/relay.rst)',
    ('identity', 'password_hash_rounds'):
        'Keystone (doc/source/contributor/testing.rst)',
}
SECTION = re.compile(r'^\[([A-Za-z_]+)\]$')
OPTION = re.compile(r'^#?\s*([a-z_][a-z0-9_]*)\s*=')
INLINE = re.compile(r'``\[([A-Za-z_]+)\](?:\s+([a-z_][a-z0-9_]*))?')


def doc_pages():
    pages = glob.glob(os.path.join(ROOT, 'doc', 'source', '**', '*.rst'),
                      recursive=True)
    return sorted(pages) + [os.path.join(ROOT, 'README.rst'),
                            os.path.join(ROOT, 'devstack', 'README.rst')]


def ini_options(lines):
    """``(line offset, section, option or None)`` named in ini lines."""
    section = None
    for offset, line in enumerate(lines):
        header = SECTION.match(line)
        if header:
            section = header.group(1)
            yield offset, section, None
            continue
        option = OPTION.match(line)
        if option and section:
            yield offset, section, option.group(1)


def named_options(path):
    """``(where, section, option or None)`` of every option ``path``
    names.
    """
    with open(path) as handle:
        text = handle.read()
    name = os.path.relpath(path, ROOT)
    if not path.endswith('.rst'):
        for offset, section, option in ini_options(
                [line.strip() for line in text.splitlines()]):
            yield '%s:%d' % (name, offset + 1), section, option
        return
    for language, first, lines in rst_blocks.literal_blocks(text):
        lines = [line.strip() for line in lines]
        if language not in (None, 'ini') or not any(
                SECTION.match(line) for line in lines):
            continue
        for offset, section, option in ini_options(lines):
            yield '%s:%d' % (name, first + offset), section, option
    for number, line in enumerate(text.splitlines(), 1):
        for match in INLINE.finditer(line):
            if (match.group(1), match.group(2)) not in OTHER_SERVICES:
                yield ('%s:%d' % (name, number), match.group(1),
                       match.group(2))


def known_options():
    """``{section: {option names}}`` the config generator lists."""
    with open(GENERATOR) as handle:
        namespaces = [line.split('=', 1)[1].strip() for line in handle
                      if line.startswith('namespace')]
    known = {}
    for _namespace, groups in generator._list_opts(namespaces):
        for group, opts in groups:
            section = getattr(group, 'name', group) or 'DEFAULT'
            names = known.setdefault(section, set())
            for opt in opts:
                names.update((opt.name, opt.dest))
                names.update(d.name for d in opt.deprecated_opts
                             if d.name and d.group in (None, section))
    plugin_options = set()
    for plugin in ks_loading.get_available_plugin_names():
        plugin_options.update(opt.dest for opt in
                              ks_loading.get_plugin_options(plugin))
    for names in known.values():
        if 'auth_type' in names:
            names.update(plugin_options)
    return known


class OptionsTest(base.TestCase):

    def test_every_option_the_docs_name_exists(self):
        known = known_options()
        unknown = []
        for path in doc_pages() + [DISTRIBUTED]:
            for where, section, option in named_options(path):
                if section not in known:
                    unknown.append('%s: no section [%s]' % (where, section))
                elif option and option not in known[section]:
                    unknown.append('%s: no option [%s] %s'
                                   % (where, section, option))
        self.assertEqual([], unknown)

    def test_a_wrong_option_would_be_found(self):
        text = ('Options::\n\n    [api]\n    #max_json_body_size = 1\n\n'
                'and ``[tasks] jobboard`` and ``[task] x``.\n')
        path = os.path.join(self.state_dir, 'page.rst')
        with open(path, 'w') as handle:
            handle.write(text)
        known = known_options()
        found = [(section, option) for _where, section, option
                 in named_options(path)
                 if section not in known or
                 (option and option not in known[section])]
        self.assertEqual([('api', 'max_json_body_size'), ('task', 'x')],
                         found)


class PythonVersionTest(base.TestCase):

    def test_readme_and_install_guide_say_what_setup_cfg_requires(self):
        setup = configparser.ConfigParser()
        setup.read(os.path.join(ROOT, 'setup.cfg'))
        required = setup['metadata']['python_requires']
        self.assertRegex(required, r'^>=3\.\d+$')
        stated = []
        for name in ('README.rst', os.path.join('doc', 'source',
                                                'install.rst')):
            with open(os.path.join(ROOT, name)) as handle:
                text = ' '.join(handle.read().split())
            stated += re.findall(r'Python (3\.\d+(?: or newer)?)', text)
        self.assertGreaterEqual(len(stated), 2, stated)
        self.assertEqual({'%s or newer' % required[2:]}, set(stated))


def first_table(text, heading):
    """The rows of the first simple table below ``heading``."""
    lines = text.split('\n%s\n%s\n' % (heading, '-' * len(heading)),
                       1)[1].splitlines()
    top = next(i for i, line in enumerate(lines) if line.startswith('=='))
    bottom = next(i for i, line in enumerate(lines)
                  if i > top and line.startswith('=='))
    return '\n'.join(lines[top + 1:bottom])


class ConsoleScriptsTest(base.TestCase):

    def test_readme_what_runs_lists_every_console_script(self):
        setup = configparser.ConfigParser()
        setup.read(os.path.join(ROOT, 'setup.cfg'))
        scripts = set()
        for kind in ('console_scripts', 'wsgi_scripts'):
            scripts.update(
                line.split('=')[0].strip() for line in
                setup['entry_points'][kind].strip().splitlines())
        with open(os.path.join(ROOT, 'README.rst')) as handle:
            readme = handle.read()
        table = first_table(readme, 'What runs')
        listed = set(re.findall(r'^``([a-z-]+)``', table, re.MULTILINE))
        self.assertEqual(sorted(scripts), sorted(listed))


def documented_commands(text):
    """The commands of cli.rst's table, ``a b|c d`` read as ``a b``
    and ``a c d``.
    """
    table = first_table(text, 'Commands')
    commands = set()
    for cell in re.findall(r'^``([^`]+)``', table, re.MULTILINE):
        words = cell.split()
        first = next(i for i, word in enumerate(words + ['|'])
                     if '|' in word)
        prefix = words[:first]
        rest = ' '.join(words[first:])
        for choice in rest.split('|') if rest else ['']:
            commands.add(' '.join(prefix + choice.split()))
    return commands


class CommandsTest(base.TestCase):

    def test_cli_page_lists_every_command(self):
        app = shell.HeatVisionApp(environ={})
        registered = {name for name, _ep in app.command_manager}
        with open(os.path.join(ROOT, 'doc', 'source', 'cli.rst')) as handle:
            documented = documented_commands(handle.read())
        self.assertEqual(sorted(registered), sorted(documented))

    def test_table_cells_are_read_as_commands(self):
        text = ('\nCommands\n--------\n\n====  ===\n'
                '``stack list|show``  stacks\n'
                '``stack resource signal|mark unhealthy``  x\n'
                '``help``  y\n====  ===\n\nMore.\n')
        self.assertEqual({'stack list', 'stack show', 'help',
                          'stack resource signal',
                          'stack resource mark unhealthy'},
                         documented_commands(text))
