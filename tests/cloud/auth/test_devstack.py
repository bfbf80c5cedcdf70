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

"""The auth tests configure heat-vision as the devstack plugin does.

No service needed: the options the tests write are compared with the
``iniset`` lines of ``devstack/plugin.sh`` (and, for
``[keystone_authtoken]``, with what devstack's
``configure_keystone_authtoken_middleware`` writes), so that a setting
the tests need cannot be missing from a devstack deployment.
"""

import os
import re

from tests import base
from tests.cloud.auth import base as auth_base

PLUGIN = os.path.join(os.path.dirname(__file__), '..', '..', '..',
                      'devstack', 'plugin.sh')
# devstack's lib/keystone configure_keystone_authtoken_middleware.
DEVSTACK_AUTHTOKEN = {'auth_type', 'interface', 'auth_url',
                      'www_authenticate_uri', 'username', 'password',
                      'user_domain_name', 'project_name',
                      'project_domain_name', 'service_token_roles_required',
                      'cafile', 'region_name', 'memcached_servers'}
_INISET = re.compile(r'^\s*iniset \$HEAT_VISION_CONF (\S+) (\S+)', re.M)


class DevstackSettingsTest(base.TestCase):

    def _plugin(self):
        with open(PLUGIN) as f:
            return f.read()

    def test_plugin_sets_what_the_tests_set(self):
        plugin = self._plugin()
        written = set(_INISET.findall(plugin))
        self.assertIn('configure_keystone_authtoken_middleware', plugin)
        url = 'http://keystone/v3'
        for variant in auth_base.CONFIG_VARIANTS:
            config = auth_base.heat_vision_config(url, variant(url))
            for section, options in config.items():
                for option in options:
                    if section == 'keystone_authtoken':
                        self.assertIn(option, DEVSTACK_AUTHTOKEN)
                    else:
                        self.assertIn((section, option), written)
