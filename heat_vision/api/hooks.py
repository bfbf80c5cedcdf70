"""pecan hooks: what every controller finds on ``pecan.request``."""

from urllib import parse

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


class RepeatedQueryHook(pecan.hooks.PecanHook):
    """Drops a query parameter repeated with the same value.

    heatclient follows a lookup's 302 adding its own parameters to the
    Location again; a proxy or script may too. Heat reads one value of
    such a parameter; heat-vision refuses a parameter given twice with
    different values, but takes ``a=1&a=1`` as ``a=1``.
    """

    def on_route(self, state):
        environ = state.request.environ
        query = environ.get('QUERY_STRING', '')
        pairs = parse.parse_qsl(query, keep_blank_values=True)
        unique = list(dict.fromkeys(pairs))
        if len(unique) < len(pairs):
            environ['QUERY_STRING'] = parse.urlencode(unique)
