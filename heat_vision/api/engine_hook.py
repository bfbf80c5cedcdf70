"""The hook giving the native controllers the engine RPC client."""

import pecan

from heat_vision.api.middleware import auth
from heat_vision.common import context
from heat_vision.rpc import engine_client
from heat_vision.rpc import guard


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
