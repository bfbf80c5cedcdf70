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

"""``/dashboard/api/{tenant}/stacks/{stack_name}/{stack_id}/graph``: what
the web view draws of a stack, in one request.

heat-vision's own route, kept out of the Heat v1 API: the stack's state
and, per resource, only what the graph shows (name, type, state, reason,
physical id, dependencies, nested stack), read by the engine in one
query, with the uuid of the newest event (the marker of the next events
read). Authenticated and authorised as the v1 API (a reader may view:
``stacks:show`` and ``resource:index``, the rules of the two requests it
replaces). The answer carries an ``ETag``; with that ETag in
``If-None-Match`` the answer is a bodiless 304 while nothing the graph
shows changed, and the engine reads no resource for it.
"""

import re

from oslo_config import cfg
import pecan

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.rpc import api as rpc_api
from heat_vision.web import util

CONF = cfg.CONF
# One version, as this route's ETags spell them (anything else matches
# none: the whole answer).
_VERSION = re.compile(r'^\s*(?:W/)?"([0-9a-f]{32})"\s*$')


def known_version(header):
    """:returns: the version an ``If-None-Match`` names, or None."""
    match = _VERSION.match(header or '')
    return match.group(1) if match else None


class StackGraphController:

    def __init__(self, tenant_id, stack_name, stack_id):
        self.identity = {'tenant': tenant_id, 'stack_name': stack_name,
                         'stack_id': stack_id, 'path': ''}

    index = util.generic_route('GET')

    @index.when(method='GET', template='json')
    def index_get(self):
        for rule in ('stacks:show', 'resource:index'):
            util.authorize(rule, self.identity['tenant'])
        graph = pecan.request.engine.stack_graph(
            pecan.request.ctx, self.identity, known_version=known_version(
                pecan.request.headers.get('If-None-Match')))
        pecan.response.headers['ETag'] = '"%s"' % graph[
            rpc_api.GRAPH_VERSION]
        pecan.response.headers['Cache-Control'] = 'private, no-cache'
        if rpc_api.GRAPH_RESOURCES not in graph:
            pecan.response.status = 304
            return None
        return graph


class StackController:

    def __init__(self, tenant_id, stack_name, stack_id):
        self.graph = StackGraphController(tenant_id, stack_name, stack_id)


class StacksController:

    def __init__(self, tenant_id):
        self.tenant_id = tenant_id

    @pecan.expose()
    def _lookup(self, stack_name, stack_id=None, *remainder):
        if stack_id is None:
            raise exception.NotFound(reason=_(
                'The web view reads stacks/{stack_name}/{stack_id}/graph.'))
        return StackController(self.tenant_id, stack_name,
                               stack_id), remainder


class TenantController:

    def __init__(self, tenant_id):
        self.stacks = StacksController(tenant_id)


class DashboardController:
    """``/dashboard/api/{tenant_id}``: only ``/dashboard/api/`` reaches the
    pecan app (``static_app.DashboardMount`` serves the files).
    """

    @pecan.expose()
    def _lookup(self, part, tenant_id=None, *remainder):
        if part != 'api' or tenant_id is None:
            raise exception.NotFound(reason=_(
                'The web view\'s data is at /dashboard/api/{tenant_id}/.'))
        if not CONF.api.dashboard:
            raise exception.NotFound(reason=_('The web view is off '
                                              '([api] dashboard).'))
        util.check_tenant(tenant_id, pecan.request.ctx)
        return TenantController(tenant_id), remainder
