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

"""The hook giving the native controllers the engine RPC client."""

import pecan

from heat_vision.common import context
from heat_vision.rpc import engine_client
from heat_vision.rpc import guard
from heat_vision.web.middleware import auth


class EngineClientHook(pecan.hooks.PecanHook):
    """Gives each request the context and the engine RPC client.

    The client's calls go through a CallGuard, which starts checking the
    engines now, so that the first requests already know whether any
    answers.
    """

    def __init__(self):
        self.guard = guard.CallGuard()
        self._client = engine_client.EngineClient(guard=self.guard)
        admin = context.get_admin_context()
        self.guard.start(lambda: self._client.ping(admin))

    def on_route(self, state):
        state.request.engine = self._client
        state.request.ctx = state.request.environ.get(
            auth.CONTEXT_KEY)
