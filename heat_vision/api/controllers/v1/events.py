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

"""``.../events`` of a stack or of one of its resources, and event show.
"""

import pecan

from heat_vision.api.controllers.v1 import links
from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.rpc import api as rpc_api
from heat_vision.web import util

# What Heat's API shows of each event in a list.
SUMMARY_KEYS = ('id', 'links', 'event_time', 'resource_name',
                'logical_resource_id', 'resource_status',
                'resource_status_reason', 'physical_resource_id')


class EventController:
    """``/resources/{resource_name}/events/{event_id}``."""

    def __init__(self, identity, resource_name, event_id):
        self.identity = identity
        self.resource_name = resource_name
        self.event_id = event_id

    index = util.generic_route('GET')

    @index.when(method='GET', template='json')
    def index_get(self):
        util.authorize('events:show', self.identity[rpc_api.IDENTITY_TENANT])
        info = pecan.request.engine.show_event(
            pecan.request.ctx, self.identity, self.resource_name,
            self.event_id)
        return {'event': links.event(info)}


class EventsController:
    """``/events``, or ``/resources/{resource_name}/events``."""

    def __init__(self, identity, resource_name=None):
        self.identity = identity
        self.resource_name = resource_name

    index = util.generic_route('GET')

    @index.when(method='GET', template='json')
    def index_get(self, **params):
        util.authorize('events:index',
                       self.identity[rpc_api.IDENTITY_TENANT])
        filters = {key: params[key] for key in rpc_api.EVENT_FILTER_KEYS
                   if key in params}
        if self.resource_name is not None:
            filters['resource_name'] = self.resource_name
        sort_keys = params.get('sort_keys')
        if isinstance(sort_keys, str):
            sort_keys = sort_keys.split(',')
        found = pecan.request.engine.list_events(
            pecan.request.ctx, self.identity, filters=filters,
            limit=util.limit_param(params.get('limit')),
            marker=util.single_param('marker', params.get('marker')),
            sort_keys=sort_keys,
            sort_dir=params.get('sort_dir'),
            nested_depth=util.depth_param(params.get('nested_depth')))
        if (not found and self.resource_name is not None and
                not params.get('marker')):
            raise exception.NotFound(
                reason=_('No events found for resource %s') %
                self.resource_name)
        return {'events': [_summary(links.event(info)) for info in found]}

    @pecan.expose()
    def _lookup(self, event_id, *remainder):
        if self.resource_name is None:
            # Heat has no /events/{id}: events are shown per resource.
            raise exception.NotFound(
                reason=_('Events are shown under their resource: '
                         'resources/{resource_name}/events/%s') % event_id)
        return (EventController(self.identity, self.resource_name,
                                event_id), remainder)


def _summary(event):
    return {key: event[key] for key in SUMMARY_KEYS if key in event}
