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
from unittest import mock

from tests import base
from tests.cloud.auth import base as auth_base
from tests.cloud import keystone_service

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

    def test_plugin_makes_the_stack_user_domain_as_heat(self):
        """The domain, its admin and the role are made as Heat's devstack
        lib/heat ``create_heat_accounts`` makes them, with the names
        the auth tests' Keystone uses (``keystone_service
        .stack_user_domain``), and heat-vision is told of them; the
        Query API takes EC2 signatures and the servers are told its URL.
        """
        plugin = self._plugin()
        written = set(_INISET.findall(plugin))
        domain = keystone_service.STACK_USER_DOMAIN
        admin = keystone_service.STACK_DOMAIN_ADMIN
        for line in ('get_or_create_role "heat_stack_user"',
                     'get_or_create_domain %s ' % domain,
                     'get_or_create_user %s $SERVICE_PASSWORD %s' % (
                         admin, domain),
                     'get_or_add_user_domain_role admin %s %s' % (
                         admin, domain),
                     'iniset $HEAT_VISION_CONF DEFAULT stack_domain_admin '
                     '%s' % admin):
            self.assertIn(line, plugin)
        self.assertIn('create_heat_vision_stack_user_domain\n', plugin)
        admin_client = mock.Mock()
        admin_client.get.return_value = {'domains': [{'id': 'd'}],
                                         'users': [{'id': 'u'}],
                                         'roles': [{'name': 'admin',
                                                    'id': 'r'}]}
        wanted = {('DEFAULT', option) for option in
                  keystone_service.stack_user_domain(admin_client)}
        # What test_stack_users adds for POLL_SERVER_CFN.
        wanted |= {('relay', 'ec2_auth_url'),
                   ('DEFAULT', 'heat_metadata_server_url')}
        self.assertEqual(set(), wanted - written)
