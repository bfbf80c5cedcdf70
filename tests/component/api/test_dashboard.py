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

"""The web view in the API's pipeline: its files before authentication,
its data only through the API's."""

# Registers [keystone_authtoken], which the tests set before the keystone
# pipeline (the only importer of keystonemiddleware) is built.
from keystonemiddleware import auth_token  # noqa: F401

from heat_vision.cmd import composite
from tests import base
from tests import fixtures as hv_fixtures


class DashboardInPipelineTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.service = self.useFixture(
            hv_fixtures.EmbeddedService(self.state_dir))

    def test_files_need_no_token_data_does(self):
        self.flags(auth_strategy='keystone', group='api')
        self.flags(www_authenticate_uri='http://127.0.0.1:9/v3',
                   group='keystone_authtoken')
        self.service.app = composite.setup_app()
        page = self.service.request('GET', '/dashboard/')
        self.assertEqual(200, page.status_int)
        self.assertIn(b'js/main.js', page.body)
        self.assertIn('X-Openstack-Request-Id', page.headers)
        self.assertEqual(401, self.service.request(
            'GET', '/v1/demo/stacks').status_int)
        # The data the page reads below /dashboard/ too.
        self.assertEqual(401, self.service.request(
            'GET', '/dashboard/api/demo/stacks/s/1/graph').status_int)

    def test_turned_off(self):
        self.flags(dashboard=False, group='api')
        self.service.app = composite.setup_app()
        self.assertEqual(404, self.service.request(
            'GET', '/dashboard/').status_int)
        self.assertEqual(200, self.service.request(
            'GET', '/v1/demo/stacks').status_int)
