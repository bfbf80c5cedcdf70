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

"""The app a process serving the API serves (``cmd.composite``, which
the embedded service of the tests serves too): the relay beside the
native routes, or the API alone with ``[relay] mount_in_api = false``.
"""

from tests import base
from tests import fixtures as hv_fixtures

RELAY = '/v1/demo/relay/camp'
NATIVE = '/v1/demo/stacks'


class CompositeTest(base.TestCase):

    def statuses(self):
        """:returns: the statuses of a relay and a native GET."""
        service = self.useFixture(hv_fixtures.EmbeddedService(
            self.state_dir))
        return tuple(service.request('GET', path).status_int
                     for path in (RELAY, NATIVE))

    def test_the_relay_beside_the_api(self):
        self.assertEqual((200, 200), self.statuses())

    def test_the_api_alone_when_the_relay_is_not_mounted(self):
        self.flags(mount_in_api=False, group='relay')
        self.assertEqual((404, 200), self.statuses())
