"""pecan hooks: what every controller finds on ``pecan.request``."""

import pecan

from heat_vision.api.middleware import auth
from heat_vision.rpc import engine_client


class EngineClientHook(pecan.hooks.PecanHook):
    """Gives each request the context and the engine RPC client."""

    def __init__(self):
        self._client = None

    def on_route(self, state):
        if self._client is None:
            self._client = engine_client.EngineClient()
        state.request.engine = self._client
        state.request.ctx = state.request.environ.get(
            auth.CONTEXT_KEY)
