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

"""pecan hooks for any of the API's pecan apps (native and relay).

The engine client's hook is in ``engine_hook``: the relay has none.
"""

from urllib import parse

from oslo_log import log as logging
import pecan


LOG = logging.getLogger(__name__)


class RequestLogHook(pecan.hooks.PecanHook):
    """Logs each request and its answer at DEBUG (``debug = true``)."""

    def after(self, state):
        if LOG.isEnabledFor(logging.DEBUG):
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
