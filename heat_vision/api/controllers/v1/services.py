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

"""``/v1/{tenant_id}/services``: the engines and their heartbeats."""

import pecan

from heat_vision.web import util


class ServicesController:

    def __init__(self, tenant_id):
        self.tenant_id = tenant_id

    index = util.generic_route('GET')

    @index.when(method='GET', template='json')
    def index_get(self):
        util.authorize('service:index', self.tenant_id)
        return {'services': pecan.request.engine.list_services(
            pecan.request.ctx)}
