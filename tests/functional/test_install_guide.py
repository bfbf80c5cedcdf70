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

"""The distributed installation guide, followed as it is written.

The commands and the configuration of doc/source/install.rst's
"Distributed" section are read from the page and run in order on this
machine's MariaDB, RabbitMQ and Redis, with real processes: the
``mysql`` and ``rabbitmqctl`` commands, ``heat-vision-manage``, two
``heat-vision-engine``, ``heat-vision-tasks``, ``heat-vision-api`` and
the ``heat-vision`` client creating a stack. Only names change: the
database, its user, RabbitMQ's user and virtual host and the jobboard
(``heat_vision`` in the guide) get a name of this test's own, the
passwords are random, ``controller`` is 127.0.0.1, port 8004 a free
port and ``/etc/heat-vision/heat-vision.conf`` a file of the test. The
``pip install`` step is not run: the checkout under test is installed in
this virtualenv, and its console scripts run this checkout's code
(``PYTHONPATH``). Everything the guide created is removed afterwards.
Under ``CI=true`` a missing service or command fails the test.
"""

import os
import re
import secrets
import shutil
import subprocess

import fixtures
import redis
import sqlalchemy as sa

from tests import backends
from tests import base
from tests.functional import processes
from tests import rst_blocks

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))
GUIDE = os.path.join(ROOT, 'doc', 'source', 'install.rst')
CONFIG_PATH = '/etc/heat-vision/heat-vision.conf'
BACKGROUND = re.compile(r'\s*&\s*$')


def distributed_section(text):
    """The text of the "Distributed" section of the guide."""
    section = text.split('\nDistributed\n-----------\n', 1)[1]
    return re.split(r'\n[^\n]+\n-{3,}\n', section, 1)[0]


def console_commands(text):
    """The commands of a console block: a ``$`` line and the lines
    after it that carry no prompt (continuations, a here-document).
    """
    commands = []
    for line in text.splitlines():
        if line.startswith('$ '):
            commands.append(line[2:])
        elif commands:
            commands[-1] += '\n' + line
    return commands


def steps(text, names):
    """``(kind, text)`` of the guide's steps, names replaced.

    :param names: ``{word in the guide: word of this test}``.
    """
    pattern = re.compile('|'.join(r'(?<![\w-])%s(?![\w-])' % re.escape(w)
                                  for w in names))
    for language, _line, lines in rst_blocks.literal_blocks(
            distributed_section(text)):
        block = '\n'.join(lines).strip('\n')
        block = pattern.sub(lambda m: names[m.group(0)], block)
        if language == 'ini':
            yield 'config', block + '\n'
        elif language == 'console':
            for command in console_commands(block):
                yield 'command', command
        else:
            raise AssertionError('a %s block in the guide' % language)


class InstallGuideTest(base.TestCase):

    def setUp(self):
        super().setUp()
        for service in ('mysql', 'rabbitmq', 'redis'):
            backends.require(self, service)
        for program in ('mysql', 'rabbitmqctl', 'bash'):
            if shutil.which(program) is None:
                message = '%s is not installed' % program
                if os.environ.get('CI') == 'true':
                    self.fail(message + ' (CI=true)')
                self.skipTest(message)
        self.name = 'hvguide_' + secrets.token_hex(6)
        self.port = processes.free_port()
        self.config = os.path.join(self.state_dir, 'heat-vision.conf')
        self.names = {
            'heat_vision': self.name,
            'DB_PASS': secrets.token_hex(12),
            'RABBIT_PASS': secrets.token_hex(12),
            'controller': '127.0.0.1',
            '8004': str(self.port),
            CONFIG_PATH: self.config,
        }
        # The console scripts of this virtualenv, running this checkout.
        self.useFixture(fixtures.EnvironmentVariable('PYTHONPATH', ROOT))
        self.useFixture(fixtures.EnvironmentVariable(
            'PATH', processes.BIN + os.pathsep + os.environ['PATH']))
        self.addCleanup(self._remove_what_the_guide_made)
        self.background = []

    def _remove_what_the_guide_made(self):
        for process in self.background:
            process.stop()
        engine = sa.create_engine(backends.ADMIN_URLS['mysql'],
                                  isolation_level='AUTOCOMMIT')
        with engine.connect() as conn:
            conn.execute(sa.text('DROP DATABASE IF EXISTS %s' % self.name))
            for host in ('localhost', '%'):
                conn.execute(sa.text("DROP USER IF EXISTS '%s'@'%s'"
                                     % (self.name, host)))
        engine.dispose()
        for args in (('delete_user', self.name),
                     ('delete_vhost', self.name)):
            subprocess.run(['rabbitmqctl'] + list(args),
                           capture_output=True, timeout=120)
        client = redis.Redis(*backends.SERVICES['redis'])
        keys = list(client.scan_iter(match='*%s*' % self.name))
        if keys:
            client.delete(*keys)
        client.close()

    def run_command(self, command):
        result = subprocess.run(['bash', '-c', command], cwd=ROOT,
                                capture_output=True, text=True, timeout=300)
        self.assertEqual(0, result.returncode, '%s\n%s\n%s' % (
            command, result.stdout, result.stderr))
        return result.stdout

    def start(self, command):
        words = command.split()
        label = '%s-%d' % (words[0], len(self.background))
        process = processes.Process('bash', ['-c', 'exec ' + command],
                                    self.state_dir, label=label)
        process.binary = words[0]
        self.useFixture(process)
        process.attach_log_to(self)
        self.background.append(process)

    def wait_until_started(self):
        """What one waits for after starting the services by hand."""
        for process in self.background:
            if process.binary == 'heat-vision-api':
                processes.wait_for_http('http://127.0.0.1:%d/' % self.port,
                                        process, timeout=120)
            elif process.binary == 'heat-vision-engine':
                processes.wait_for_log(process, processes.ENGINE_READY,
                                       timeout=120)
            elif process.binary == 'heat-vision-tasks':
                processes.wait_for_log(process, 'Task service',
                                       timeout=120)

    def test_the_guide_as_written(self):
        with open(GUIDE) as handle:
            guide = steps(handle.read(), self.names)
        outputs = []
        skipped = []
        waiting = False
        for kind, text in guide:
            if kind == 'config':
                with open(self.config, 'w') as handle:
                    handle.write(text)
            elif text.startswith('pip install'):
                skipped.append(text)
            elif BACKGROUND.search(text):
                self.start(BACKGROUND.sub('', text))
                waiting = True
            else:
                if waiting:
                    self.wait_until_started()
                    waiting = False
                outputs.append((text, self.run_command(text)))
        self.assertEqual(["pip install '.[mysql,redis]'"], skipped)
        self.assertEqual(
            ['heat-vision-api', 'heat-vision-engine', 'heat-vision-engine',
             'heat-vision-tasks'],
            sorted(process.binary for process in self.background))

        # The last two steps: service list shows both engines up, and
        # the stack is created with its outputs.
        (listing, services), (create, created) = outputs[-2:]
        self.assertIn('service list', listing)
        engines = [line for line in services.splitlines()
                   if 'heat-vision-engine' in line]
        self.assertEqual(2, len(engines), services)
        self.assertTrue(all(' up ' in line for line in engines), services)
        self.assertIn('stack create', create)
        self.assertIn('Hello, world!', created)
        for process in self.background:
            self.assertIsNone(process.popen.poll(), process.log())

    def test_the_guide_reads_as_the_test_expects(self):
        # The steps this test takes from the page: a change of the guide's
        # shape shows here first, without any service.
        with open(GUIDE) as handle:
            found = list(steps(handle.read(), {'heat_vision': 'x'}))
        self.assertEqual(1, sum(kind == 'config' for kind, _text in found))
        commands = [text for kind, text in found if kind == 'command']
        self.assertTrue(commands[1].startswith('mysql -u root <<'))
        self.assertIn("CREATE DATABASE x CHARACTER SET utf8mb4;",
                      commands[1])
        self.assertIn('rabbitmqctl add_user x RABBIT_PASS', commands)
        self.assertTrue(any(text.startswith('heat-vision-tasks ')
                            for text in commands))
