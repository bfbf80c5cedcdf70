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

"""Real ``heat-vision-all`` services for the client tests.

Starting the service costs seconds of CPU, so a class shares one (on a
free port, with its own temporary state dir); tests keep apart by giving
their stacks unique names. The client classes (``SHARED_SERVICE``, the
default configuration, nothing asserted over a whole list, no hostile
input) share one further: the first such class in a test process starts
it, and it serves them all until the process ends.
"""

import atexit
import os
import shutil
import tempfile

from oslo_utils import uuidutils
from testtools import content

from tests import base
from tests import fixtures as hv_fixtures
from tests.functional import console
from tests.functional import processes

TENANT = 'demo'
HERE = os.path.dirname(os.path.abspath(__file__))

TEMPLATE = '''heat_template_version: 2021-04-16
description: The compatibility tests' stack.
parameters:
  word:
    type: string
    default: hello
resources:
  first: {type: OS::Heat::None}
  echo:
    type: OS::Heat::Value
    depends_on: first
    properties: {value: {get_param: word}}
outputs:
  echoed:
    description: The word, through a resource attribute.
    value: {get_attr: [echo, value]}
'''


def heat_vision(*args):
    """``heat-vision <args>``, in the test's process (``console.run``:
    the script's own ``main``, without a new interpreter's imports).

    :returns: its stdout.
    :raises: AssertionError with its output if it fails.
    """
    # Imported here: the cloud tier imports this module too, and needs
    # no CLI.
    from heat_vision.cli import shell
    result = console.run('heat-vision', shell.main, args, dict(os.environ))
    if result.returncode:
        raise AssertionError('heat-vision %s exited %d:\n%s%s' % (
            ' '.join(args), result.returncode, result.stdout,
            result.stderr))
    return result.stdout


class Service:
    """``heat-vision-all`` started in a temporary state dir."""

    def __init__(self, config=None):
        self.dir = tempfile.mkdtemp(prefix='hv-compat-')
        self.port = processes.free_port()
        sections = {section: dict(options)
                    for section, options in (config or {}).items()}
        sections.setdefault('api', {})['bind_port'] = self.port
        self.config_path = processes.write_config(
            os.path.join(self.dir, 'heat-vision.conf'), sections)
        if 'connection' not in sections.get('database', {}):
            # Its sqlite file under state_path, already migrated (a copy
            # of the test process's): heat-vision-all's db sync on start
            # then has nothing to do, instead of twenty migrations.
            shutil.copyfile(hv_fixtures.golden_sqlite(), os.path.join(
                self.dir, 'heat-vision.sqlite'))
        self.root = 'http://127.0.0.1:%d' % self.port
        self.endpoint = '%s/v1/%s' % (self.root, TENANT)
        self.process = processes.Process(
            'heat-vision-all', ['--state_path', self.dir,
                                '--config-file', self.config_path],
            self.dir)

    def start(self):
        self.stopped = False
        self.process.setUp()
        # If the class teardown never runs (an aborted run), the service
        # must not outlive the test process.
        atexit.register(self.stop)
        try:
            processes.wait_for_http(self.root + '/', self.process)
        except Exception:
            self.stop()
            raise
        return self

    def stop(self):
        if self.stopped:
            return
        self.stopped = True
        self.process.cleanUp()
        shutil.rmtree(self.dir, ignore_errors=True)

    def log(self):
        return self.process.log()[-6000:]


#: The service the ``SHARED_SERVICE`` classes of this process share, once
#: one of them started it (stopped at exit: ``Service.start``).
_shared = None


def shared_service():
    """:returns: this process's shared service, started if need be (again
    if it died: the next class gets a live one).
    """
    global _shared
    if _shared is None or _shared.process.popen.poll() is not None:
        if _shared is not None:
            _shared.stop()
        _shared = Service().start()
    return _shared


class ServiceTestCase(base.TestCase):
    """Starts one service for the class: ``cls.service``."""

    #: ``{section: {option: value}}`` added to the service's config file.
    SERVICE_CONFIG = None
    #: Use the test process's shared service (``shared_service``) rather
    #: than one of the class's own: for a class of the default config
    #: whose tests name every object of their own, assert nothing over a
    #: whole list and nothing about the process itself (its log, memory,
    #: hostile input). Each ``heat-vision-all`` start costs 1.5-3 s of
    #: CPU, about twenty classes of a CI run each started one or more.
    SHARED_SERVICE = False

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        if cls.SHARED_SERVICE:
            assert cls.SERVICE_CONFIG is None, cls
            cls.service = shared_service()
        else:
            cls.service = Service(cls.SERVICE_CONFIG).start()

    @classmethod
    def tearDownClass(cls):
        if not cls.SHARED_SERVICE:
            cls.service.stop()
        super().tearDownClass()

    def setUp(self):
        super().setUp()
        self.addOnException(self._attach_log)

    def _attach_log(self, exc_info):
        self.addDetail('server-log',
                       content.text_content(self.service.log()))

    @staticmethod
    def unique(prefix='compat'):
        return '%s-%s' % (prefix, uuidutils.generate_uuid()[:8])
