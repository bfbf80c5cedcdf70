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

"""One real ``heat-vision-all`` per test class, for the client tests.

Starting the service costs seconds, so a class shares one (on a free
port, with its own temporary state dir); tests keep apart by giving
their stacks unique names.
"""

import atexit
import os
import shutil
import tempfile

from oslo_utils import uuidutils
from testtools import content

from tests import base
from tests import fixtures as hv_fixtures
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


class ServiceTestCase(base.TestCase):
    """Starts one service for the class: ``cls.service``."""

    #: ``{section: {option: value}}`` added to the service's config file.
    SERVICE_CONFIG = None

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.service = Service(cls.SERVICE_CONFIG).start()

    @classmethod
    def tearDownClass(cls):
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
