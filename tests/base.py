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

"""The one small base TestCase of the suite.

It gives every test a clean configuration, a timeout and warnings raised
as errors for the project's own deprecations.
"""

import os
import warnings

import fixtures
from oslo_config import cfg
from oslo_config import fixture as config_fixture
import testtools

from heat_vision import conf as hv_conf
from heat_vision.conf import middleware as middleware_conf

CONF = cfg.CONF
DEFAULT_TIMEOUT = int(os.environ.get('OS_TEST_TIMEOUT', 120))


class TestCase(testtools.TestCase):

    #: Seconds before the test is stopped; long functional tests raise it.
    TIMEOUT = DEFAULT_TIMEOUT

    def setUp(self):
        super().setUp()
        self.useFixture(fixtures.Timeout(max(self.TIMEOUT, DEFAULT_TIMEOUT),
                                         gentle=True))
        self.conf = self.useFixture(config_fixture.Config(CONF)).conf
        hv_conf.register_all(CONF)
        # The web apps register oslo.middleware's options (with
        # heat-vision's defaults) when imported; the fixture's reset at
        # the end of a test clears those defaults: set them again.
        middleware_conf.register_opts(CONF)
        # Parsed with no arguments and no files: libraries such as
        # oslo.policy refuse an unparsed configuration.
        CONF([], project='heat-vision', default_config_files=[],
             default_config_dirs=[])
        self.state_dir = self.useFixture(fixtures.TempDir()).path
        self.conf.set_default('state_path', self.state_dir)
        warnings.filterwarnings('error', module='heat_vision')
        self.addCleanup(warnings.resetwarnings)

    def flags(self, group=None, **kw):
        """Override options for the duration of the test."""
        for name, value in kw.items():
            self.conf.set_override(name, value, group)
