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

"""Real services and processes for the task system's functional tests.

Each test gets names of its own (database, Redis namespace, exchange,
topics) so parallel workers and other suites never share state. A test
that needs a service fails under ``CI=true`` when it is unreachable and
is skipped elsewhere.

"""

import collections
import http.server
import os
import subprocess
import sys
import threading

from oslo_utils import uuidutils

from tests import backends
from tests.functional import venvs

RABBIT_URL = backends.RABBIT_URL
HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
#: What "another service" has installed: oslo.messaging and oslo.config,
#: at the versions heat-vision's own environment uses.
OTHER_SERVICE_PACKAGES = ('oslo.messaging', 'oslo.config')


def require(testcase, *names):
    for name in names:
        backends.require(testcase, name)


def unique(prefix):
    return '%s_%s' % (prefix, uuidutils.generate_uuid(dashed=False)[:12])


def temporary_mysql(testcase):
    """:returns: the URL of a new MariaDB database at the newest schema,
    dropped on clean-up.
    """
    return testcase.useFixture(backends.TemporaryDatabase(
        'mysql', migrated=True)).url


def write_config(folder, name, sections):
    path = os.path.join(folder, name + '.conf')
    with open(path, 'w') as conf:
        for section, values in sections.items():
            conf.write('[%s]\n' % section)
            for key, value in values.items():
                conf.write('%s = %s\n' % (key, value))
    return path


def start_process(testcase, args, log_path):
    """Start ``python args...``; killed (-9) on clean-up if still alive."""
    log = open(log_path, 'ab')
    testcase.addCleanup(log.close)
    proc = subprocess.Popen([sys.executable] + args, stdout=log,
                            stderr=subprocess.STDOUT)

    def kill():
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    testcase.addCleanup(kill)
    return proc


def tasks_service_args(config):
    return ['-c', 'from heat_vision.cmd import tasks; tasks.main()',
            '--config-file', config]


class HitCounter:
    """A local HTTP server counting GETs per path (the tasks' witness).

    :param gates: ``{path: threading.Event}``: a GET of such a path is
        counted at once and answered once its event is set.
    """

    def __init__(self, testcase, gates=None):
        hits = self.hits = collections.Counter()
        gates = gates or {}

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                hits[self.path] += 1
                if self.path in gates:
                    gates[self.path].wait(100)
                self.send_response(200)
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(('127.0.0.1', 0),
                                                      Handler)
        threading.Thread(target=self.server.serve_forever,
                         daemon=True).start()
        testcase.addCleanup(self.server.server_close)
        testcase.addCleanup(self.server.shutdown)
        self.url = 'http://127.0.0.1:%d' % self.server.server_port

    def task(self, name, path):
        return {'name': name, 'action': 'http.request',
                'input': {'url': self.url + path}}


def _installed_version(package):
    from importlib import metadata
    return metadata.version(package)


def other_service_python():
    """:returns: the python of a virtualenv with oslo.messaging and
        oslo.config and without heat_vision, made once and cached in
        ``~/.cache/heat-vision/`` (keyed by the packages' versions).
    """
    pins = ['%s==%s' % (name, _installed_version(name))
            for name in OTHER_SERVICE_PACKAGES]
    folder = venvs.cached('other-service-venv-' + '-'.join(
        pin.split('==')[1] for pin in pins), pins)
    return os.path.join(folder, 'bin', 'python')
