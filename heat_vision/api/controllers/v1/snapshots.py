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

"""``/stacks/{name}/{id}/snapshots``: create, list, show, delete, restore.

The bodies are Heat's: create answers the snapshot itself (200), show
``{"snapshot": ...}``, list ``{"snapshots": [...]}``; delete is 204 and
restore 202.
"""

import pecan

from heat_vision.api.schemas import stack_actions as schemas
from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.rpc import api as rpc_api
from heat_vision.web import util


def _authorize(identity, rule):
    util.authorize(rule, identity[rpc_api.IDENTITY_TENANT])


class RestoreController:
    """``/snapshots/{snapshot_id}/restore``."""

    def __init__(self, identity, snapshot_id):
        self.identity = identity
        self.snapshot_id = snapshot_id

    index = util.generic_route('POST')

    @index.when(method='POST', template='json')
    def index_post(self):
        _authorize(self.identity, 'stacks:restore_snapshot')
        pecan.request.engine.stack_restore(pecan.request.ctx, self.identity,
                                           self.snapshot_id)
        pecan.response.status = 202


class SnapshotController:
    """``/snapshots/{snapshot_id}``."""

    def __init__(self, identity, snapshot_id):
        self.identity = identity
        self.snapshot_id = snapshot_id
        self.restore = RestoreController(identity, snapshot_id)

    index = util.generic_route('GET', 'DELETE')

    @index.when(method='GET', template='json')
    def index_get(self):
        _authorize(self.identity, 'stacks:show_snapshot')
        return {'snapshot': pecan.request.engine.show_snapshot(
            pecan.request.ctx, self.identity, self.snapshot_id)}

    @index.when(method='DELETE', template='json')
    def index_delete(self):
        _authorize(self.identity, 'stacks:delete_snapshot')
        pecan.request.engine.delete_snapshot(pecan.request.ctx,
                                             self.identity, self.snapshot_id)
        pecan.response.status = 204

    @pecan.expose()
    def _lookup(self, part, *remainder):
        raise exception.NotFound(
            reason=_('A snapshot has no sub-resource "%s".') % part)


class SnapshotsController:
    """``/snapshots``."""

    def __init__(self, identity):
        self.identity = identity

    index = util.generic_route('GET', 'POST')

    @index.when(method='GET', template='json')
    def index_get(self):
        _authorize(self.identity, 'stacks:list_snapshots')
        return {'snapshots': pecan.request.engine.stack_list_snapshots(
            pecan.request.ctx, self.identity)}

    @index.when(method='POST', template='json')
    def index_post(self):
        _authorize(self.identity, 'stacks:snapshot')
        body = util.json_body(schemas.snapshot)
        return pecan.request.engine.stack_snapshot(
            pecan.request.ctx, self.identity, name=body.get('name'))

    @pecan.expose()
    def _lookup(self, snapshot_id, *remainder):
        return SnapshotController(self.identity, snapshot_id), remainder
