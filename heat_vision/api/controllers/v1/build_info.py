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

"""``/v1/{tenant_id}/build_info``: the API's and the engine's revisions."""

import pecan

from heat_vision import version
from heat_vision.web import util


class BuildInfoController:

    def __init__(self, tenant_id):
        self.tenant_id = tenant_id

    index = util.generic_route('GET')

    @index.when(method='GET', template='json')
    def index_get(self):
        util.authorize('build_info:build_info', self.tenant_id)
        return {'api': {'revision': version.version_string()},
                'engine': {'revision': pecan.request.engine.get_revision(
                    pecan.request.ctx)}}
