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

"""``/stacks/{name}/{id}/actions``, ``/abandon`` and ``/export``; the map
of the stack sub-paths of this module and its neighbours.
"""

import pecan

from heat_vision.api.controllers.v1 import previews
from heat_vision.api.controllers.v1 import snapshots
from heat_vision.api.schemas import stack_actions as schemas
from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.rpc import api as rpc_api
from heat_vision.web import util


class _StackPart:

    def __init__(self, identity):
        self.identity = identity

    def authorize(self, rule):
        util.authorize(rule, self.identity[rpc_api.IDENTITY_TENANT])


class ActionsController(_StackPart):
    """POST ``{"<action>": null}``: suspend, resume, check or cancel."""

    index = util.generic_route('POST')

    @index.when(method='POST', template='json')
    def index_post(self):
        body = util.json_body(schemas.action)
        if not body:
            raise exception.InvalidParameter(reason=_('No action specified'))
        if len(body) > 1:
            raise exception.InvalidParameter(
                reason=_('Multiple actions specified'))
        action = next(iter(body))
        if action not in schemas.ACTIONS:
            raise exception.InvalidParameter(
                reason=_('Invalid action %s specified') % action)
        self.authorize('actions:' + action)
        engine, ctx = pecan.request.engine, pecan.request.ctx
        if action == 'cancel_update':
            engine.stack_cancel_update(ctx, self.identity,
                                       cancel_with_rollback=True)
        elif action == 'cancel_without_rollback':
            engine.stack_cancel_update(ctx, self.identity,
                                       cancel_with_rollback=False)
        else:
            getattr(engine, 'stack_' + action)(ctx, self.identity)
        pecan.response.status = 202


class AbandonController(_StackPart):
    """DELETE: forget the stack, keep its resources; 200 with its data."""

    index = util.generic_route('DELETE')

    @index.when(method='DELETE', template='json')
    def index_delete(self):
        self.authorize('stacks:abandon')
        return pecan.request.engine.abandon_stack(pecan.request.ctx,
                                                  self.identity)


class ExportController(_StackPart):
    """GET: the stack's data, as abandon gives it (the stack stays)."""

    index = util.generic_route('GET')

    @index.when(method='GET', template='json')
    def index_get(self):
        self.authorize('stacks:export')
        return pecan.request.engine.export_stack(pecan.request.ctx,
                                                 self.identity)


SUBPATHS = {
    'actions': ActionsController,
    'abandon': AbandonController,
    'export': ExportController,
    'preview': previews.UpdatePreviewController,
    'snapshots': snapshots.SnapshotsController,
}
