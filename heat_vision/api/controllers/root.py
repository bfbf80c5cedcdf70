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

"""``/``: version discovery, the way into ``/v1`` and the web view's data
(``/dashboard/api/``)."""

import pecan

from heat_vision.api.controllers import dashboard
from heat_vision.api.controllers import v1
from heat_vision.web import util


class RootController:

    v1 = v1.V1Controller()
    dashboard = dashboard.DashboardController()

    index = util.generic_route('GET')

    @index.when(method='GET', template='json')
    def index_get(self):
        """Heat's answer: 300 Multiple Choices listing the versions."""
        pecan.response.status = 300
        return {'versions': [{
            'id': 'v1.0',
            'status': 'CURRENT',
            'links': [{'rel': 'self', 'href': util.host_url() + '/v1/'}],
        }]}
