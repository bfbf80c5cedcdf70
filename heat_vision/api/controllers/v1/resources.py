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

"""``/stacks/{stack_name}/{stack_id}/resources``: list, show, metadata,
signal and mark unhealthy; each handler authorises and makes one call.
"""

from oslo_config import cfg
import pecan

from heat_vision.api.controllers.v1 import events
from heat_vision.api.controllers.v1 import links
from heat_vision.api.controllers.v1 import signal
from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.rpc import api as rpc_api
from heat_vision.web import util

CONF = cfg.CONF

MARK_UNHEALTHY = 'mark_unhealthy'


def _tenant(identity):
    return identity[rpc_api.IDENTITY_TENANT]


class ResourceController:
    """``/resources/{resource_name}``."""

    def __init__(self, identity, resource_name):
        self.identity = identity
        self.name = resource_name
        self.events = events.EventsController(identity, resource_name)

    index = util.generic_route('GET', 'PATCH')

    @index.when(method='GET', template='json')
    def index_get(self, with_attr=None, **params):
        util.authorize('resource:show', _tenant(self.identity))
        if with_attr is not None and not isinstance(with_attr, list):
            with_attr = [with_attr]
        info = pecan.request.engine.describe_stack_resource(
            pecan.request.ctx, self.identity, self.name,
            with_attr=with_attr)
        return {'resource': links.resource(info)}

    @index.when(method='PATCH', template='json')
    def index_patch(self):
        util.authorize('resource:mark_unhealthy', _tenant(self.identity))
        body = util.json_body()
        allowed = (MARK_UNHEALTHY, rpc_api.RES_STATUS_DATA)
        invalid = sorted(set(body) - set(allowed))
        if invalid:
            raise exception.InvalidParameter(
                reason=_('Invalid keys in resource mark unhealthy %s') %
                invalid)
        if MARK_UNHEALTHY not in body:
            raise exception.InvalidParameter(
                reason=_('Missing mandatory (%s) key from mark unhealthy '
                         'request') % MARK_UNHEALTHY)
        mark = util.bool_param(MARK_UNHEALTHY, body[MARK_UNHEALTHY])
        reason = body.get(rpc_api.RES_STATUS_DATA) or ''
        if not isinstance(reason, str):
            raise exception.InvalidParameter(
                reason=_('%s must be a string') % rpc_api.RES_STATUS_DATA)
        pecan.request.engine.resource_mark_unhealthy(
            pecan.request.ctx, self.identity, self.name, mark, reason)
        pecan.response.status = 200

    metadata = util.generic_route('GET')

    @metadata.when(method='GET', template='json')
    def metadata_get(self):
        util.authorize('resource:metadata', _tenant(self.identity))
        info = pecan.request.engine.describe_stack_resource(
            pecan.request.ctx, self.identity, self.name, with_attr=False)
        return {rpc_api.RES_METADATA: info[rpc_api.RES_METADATA]}

    signal = util.generic_route('POST')

    @signal.when(method='POST', template='json')
    def signal_post(self):
        util.authorize('resource:signal', _tenant(self.identity))
        details = signal.signal_details()
        return signal.answer(pecan.request.engine.resource_signal(
            pecan.request.ctx, self.identity, self.name, details,
            signal_id=signal.idempotency_key()))

    # heat-vision's own: autoscaling groups and signed URLs.
    scaling = util.generic_route('GET')

    @scaling.when(method='GET', template='json')
    def scaling_get(self):
        util.authorize('resource:scaling', _tenant(self.identity))
        return {'scaling_group': pecan.request.engine.describe_scaling_group(
            pecan.request.ctx, self.identity, self.name)}

    rotate_signal_url = util.generic_route('POST')

    @rotate_signal_url.when(method='POST', template='json')
    def rotate_signal_url_post(self):
        util.authorize('resource:rotate_signal_url', _tenant(self.identity))
        return pecan.request.engine.rotate_signal_secret(
            pecan.request.ctx, self.identity, self.name)


class ResourcesController:
    """``/resources``."""

    def __init__(self, identity):
        self.identity = identity

    index = util.generic_route('GET')

    @index.when(method='GET', template='json')
    def index_get(self, **params):
        util.authorize('resource:index', _tenant(self.identity))
        filters = {key: params[key] for key in rpc_api.RES_SEARCH_KEYS
                   if key in params}
        found = pecan.request.engine.list_stack_resources(
            pecan.request.ctx, self.identity,
            nested_depth=util.depth_param(params.get('nested_depth')) or 0,
            with_detail=bool(util.bool_param('with_detail',
                                             params.get('with_detail'))),
            filters=filters,
            limit=util.int_param('limit', params.get('limit'), minimum=1,
                                 cap=CONF.max_resources_per_page),
            marker=util.single_param('marker', params.get('marker')))
        return {'resources': [links.resource(info) for info in found]}

    @pecan.expose()
    def _lookup(self, resource_name, *remainder):
        return ResourceController(self.identity, resource_name), remainder
