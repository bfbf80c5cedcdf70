"""pecan hooks: what every controller finds on ``pecan.request``."""

from oslo_log import log as logging
import pecan

from heat_vision.api.middleware import auth
from heat_vision.rpc import engine_client

LOG = logging.getLogger(__name__)


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


class RequestLogHook(pecan.hooks.PecanHook):
    """Logs each request and its answer at DEBUG (``debug = true``)."""

    def after(self, state):
        LOG.debug('%s %s -> %s', state.request.method,
                  state.request.path_qs, state.response.status_int)


class NoBodyHook(pecan.hooks.PecanHook):
    """No body, Content-Type or Content-Length on a 204 or a 304.

    A controller exposed with ``template='json'`` renders ``null`` even
    when it sets 204; HTTP forbids a body there, and waitress logs a
    warning each time it has to drop one.
    """

    def after(self, state):
        response = state.response
        if response.status_int in (204, 304):
            response.body = b''
            for header in ('Content-Type', 'Content-Length'):
                response.headers.pop(header, None)
