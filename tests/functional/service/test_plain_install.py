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

"""Every console script starts without the optional backends' packages.

``pip install heat-vision`` installs no extra; each script runs here in
a child process where the extras' modules cannot be imported, as on a
machine where they were never installed.
"""

import configparser
import os
import signal
import subprocess
import sys
import textwrap

import heat_vision
from tests import base

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(heat_vision.__file__)))
# The modules of setup.cfg's extras (mysql, postgresql, redis, zookeeper),
# and SQLAlchemy's default PostgreSQL driver.
OPTIONAL = ('pymysql', 'psycopg2', 'psycopg', 'redis', 'kazoo')
BLOCK = 'import sys\nsys.modules.update(dict.fromkeys(%r))\n' % (OPTIONAL,)


def entry_points():
    """:returns: ``{script: (module, function)}`` of setup.cfg."""
    parser = configparser.ConfigParser()
    parser.read(os.path.join(ROOT, 'setup.cfg'))
    found = {}
    for kind in ('console_scripts', 'wsgi_scripts'):
        for line in parser['entry_points'][kind].strip().splitlines():
            name, target = (part.strip() for part in line.split('='))
            found[name] = tuple(target.split(':'))
    return found


def run_python(code, timeout=60, **kwargs):
    return subprocess.run([sys.executable, '-c', BLOCK + code], cwd=ROOT,
                          capture_output=True, text=True, timeout=timeout,
                          **kwargs)


class PlainInstallTest(base.TestCase):

    def write_config(self, text, name='heat-vision.conf'):
        path = os.path.join(self.state_dir, name)
        with open(path, 'w') as f:
            f.write('[DEFAULT]\nstate_path = %s\n' % self.state_dir)
            f.write(textwrap.dedent(text))
        return path

    def test_entry_points_are_read(self):
        scripts = entry_points()
        self.assertIn('heat-vision-all', scripts)
        self.assertEqual(('heat_vision.wsgi.api', 'init_application'),
                         scripts['heat-vision-wsgi-api'])

    def test_every_script_imports_without_the_extras(self):
        targets = sorted(entry_points().values())
        result = run_python(
            'import importlib\n'
            'for module, function in %r:\n'
            '    try:\n'
            '        getattr(importlib.import_module(module), function)\n'
            '    except Exception as exc:\n'
            '        print(module, repr(exc))\n' % (targets,))
        self.assertEqual((0, ''), (result.returncode, result.stdout),
                         result.stderr)

    def test_the_embedded_service_starts_and_stops(self):
        config = self.write_config('[api]\nbind_host = 127.0.0.1\n'
                                   'bind_port = 0\n')
        child = subprocess.Popen(
            [sys.executable, '-c', BLOCK +
             'from heat_vision.cmd import all\n'
             'sys.argv = ["heat-vision-all", "--config-file", %r]\n'
             'all.main()\n' % config],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            text=True)
        self.addCleanup(child.stdout.close)
        self.addCleanup(child.wait)
        self.addCleanup(child.kill)
        output = []
        for line in child.stdout:
            output.append(line)
            if 'heat-vision is serving' in line:
                break
        else:
            self.fail('heat-vision-all did not start:\n' + ''.join(output))
        child.send_signal(signal.SIGTERM)
        try:
            output.append(child.communicate(timeout=60)[0])
        except subprocess.TimeoutExpired:
            child.kill()
            output.append(child.communicate()[0])
            self.fail('heat-vision-all did not stop on SIGTERM:\n' +
                      ''.join(output))
        self.assertEqual(0, child.returncode, ''.join(output))

    def test_a_configured_extra_that_is_missing_is_named(self):
        rabbit = 'transport_url = rabbit://guest:guest@127.0.0.1//\n'
        cases = [
            ('heat_vision.cmd.tasks', '[tasks]\njobboard = redis\n', [],
             'pip install heat-vision[redis]'),
            ('heat_vision.cmd.engine',
             rabbit + '[tasks]\njobboard = zookeeper\n', [],
             'pip install heat-vision[zookeeper]'),
            ('heat_vision.cmd.manage',
             '[database]\nconnection = mysql+pymysql://root@127.0.0.1/hv\n',
             ['db', 'version'], 'pip install heat-vision[mysql]'),
            ('heat_vision.cmd.all',
             '[database]\nconnection = '
             'postgresql+psycopg2://postgres@127.0.0.1/hv\n', [],
             'pip install heat-vision[postgresql]'),
        ]
        # The four processes run side by side (each is a second or two
        # of imports), each on a config file of its own.
        children = []
        for number, (module, text, args, hint) in enumerate(cases):
            config = self.write_config(text, 'case-%d.conf' % number)
            child = subprocess.Popen(
                [sys.executable, '-c', BLOCK +
                 'from %s import main\n'
                 'sys.argv = ["x", "--config-file", %r] + %r\n'
                 'main()\n' % (module, config, args)],
                cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                text=True)
            self.addCleanup(child.communicate)
            self.addCleanup(child.kill)
            children.append((child, hint))
        for child, hint in children:
            # The four share the cores: as long as the four in turn had.
            _out, err = child.communicate(timeout=240)
            self.assertEqual(1, child.returncode, err)
            self.assertIn(hint, err)
            self.assertNotIn('Traceback', err)
