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

"""The relay's native client over HTTP, against a native API that is
down or answers errors.
"""

from heat_vision.common import context
from heat_vision.relay import native
from tests import base
from tests.component.cli import fakes
from tests.functional import processes


class OverHTTPTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.ctx = context.RequestContext(
            project_id='demo', user_id='u', roles=['member', 'reader'],
            auth_token='tok', request_id='req-1')

    def test_unreachable_native_api_is_503(self):
        port = processes.free_port()
        client = native.NativeAPI(native.OverHTTP(
            'http://127.0.0.1:%d' % port, timeout=5))
        exc = self.assertRaises(native.NativeUnavailable, client.list_stacks,
                                self.ctx, 'demo')
        self.assertEqual(503, exc.code)

    def test_caller_credentials_and_errors_pass_through(self):
        heat = self.useFixture(fakes.FakeHeat())
        heat.add('GET', 'stacks', (200, {'stacks': []}))
        heat.add('POST', 'stacks', fakes.heat_error(
            409, 'StackExists', 'The Stack (web) already exists.'))
        client = native.NativeAPI(native.OverHTTP(heat.root, timeout=30))
        self.assertEqual([], client.list_stacks(self.ctx, 'demo'))
        [call] = heat.calls('GET', 'stacks')
        self.assertEqual('tok', call.headers['X-Auth-Token'])
        self.assertEqual('member,reader', call.headers['X-Roles'])
        self.assertEqual('req-1', call.headers['X-Openstack-Request-Id'])
        exc = self.assertRaises(native.NativeError, client.create_stack,
                                self.ctx, 'demo', {'stack_name': 'web'})
        self.assertEqual((409, 'StackExists'), (exc.code, exc.error_type))
        self.assertEqual('The Stack (web) already exists.', exc.message)
