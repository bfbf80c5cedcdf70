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

"""``/stacks/{stack_name}/{stack_id}/outputs``: list, and show one."""

import pecan

from heat_vision.rpc import api as rpc_api
from heat_vision.web import util


class OutputController:
    """``/outputs/{output_key}``."""

    def __init__(self, identity, output_key):
        self.identity = identity
        self.key = output_key

    index = util.generic_route('GET')

    @index.when(method='GET', template='json')
    def index_get(self):
        util.authorize('stacks:show_output',
                       self.identity[rpc_api.IDENTITY_TENANT])
        return {'output': pecan.request.engine.show_output(
            pecan.request.ctx, self.identity, self.key)}


class OutputsController:
    """``/outputs``."""

    def __init__(self, identity):
        self.identity = identity

    index = util.generic_route('GET')

    @index.when(method='GET', template='json')
    def index_get(self):
        util.authorize('stacks:list_outputs',
                       self.identity[rpc_api.IDENTITY_TENANT])
        return {'outputs': pecan.request.engine.list_outputs(
            pecan.request.ctx, self.identity)}

    @pecan.expose()
    def _lookup(self, output_key, *remainder):
        return OutputController(self.identity, output_key), remainder
