"""pecan hooks: what every controller finds on ``pecan.request``."""

from urllib import parse

from oslo_log import log as logging
import pecan

from heat_vision.api.middleware import auth
from heat_vision.common import context
from heat_vision.rpc import engine_client
from heat_vision.rpc import guard

LOG = logging.getLogger(__name__)


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
