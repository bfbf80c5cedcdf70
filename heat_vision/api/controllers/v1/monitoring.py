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

"""``/v1/{tenant_id}/metrics`` and ``/v1/{tenant_id}/alarms``.

``POST /metrics``
    body ``{"samples": [{"name", "value", "dimensions", "timestamp"}]}``
    (``timestamp`` ISO 8601, default now). 202 ``{"stored": n}``; 400
    naming the path of a wrong value, 413 for too many samples, 409 when
    the project keeps too many.
``GET /alarms`` (``limit``, ``marker``)
    200 ``{"alarms": [<alarm>]}``: the project's built-in alarms.
``GET /alarms/{id}``
    200 ``{"alarm": <alarm>}``; 404 for an unknown or another project's.
``GET /alarms/{id}/history`` (``limit``)
    200 ``{"alarm_history": [<transition>]}``, newest first.
"""

import pecan

from heat_vision.api.schemas import monitoring as schemas
from heat_vision.web import util


class MetricsController:

    def __init__(self, tenant_id):
        self.tenant_id = tenant_id

    index = util.generic_route('POST')

    @index.when(method='POST', template='json')
    def index_post(self):
        util.authorize('metrics:create', self.tenant_id)
        body = util.json_body(schemas.push_metrics)
        result = pecan.request.engine.push_metrics(pecan.request.ctx,
                                                   body['samples'])
        pecan.response.status = 202
        return result


class AlarmController:
    """``/alarms/{id}`` and ``/alarms/{id}/history``."""

    def __init__(self, tenant_id, alarm_id):
        self.tenant_id = tenant_id
        self.alarm_id = alarm_id

    index = util.generic_route('GET')

    @index.when(method='GET', template='json')
    def index_get(self):
        util.authorize('alarms:show', self.tenant_id)
        return {'alarm': pecan.request.engine.show_alarm(
            pecan.request.ctx, self.alarm_id)}

    history = util.generic_route('GET')

    @history.when(method='GET', template='json')
    def history_get(self, **params):
        util.authorize('alarms:history', self.tenant_id)
        limit = util.limit_param(params.get('limit'))
        return {'alarm_history': pecan.request.engine.alarm_history(
            pecan.request.ctx, self.alarm_id, limit)}


class AlarmsController:

    def __init__(self, tenant_id):
        self.tenant_id = tenant_id

    index = util.generic_route('GET')

    @index.when(method='GET', template='json')
    def index_get(self, **params):
        util.authorize('alarms:index', self.tenant_id)
        limit = util.limit_param(params.get('limit'))
        marker = util.single_param('marker', params.get('marker'))
        return {'alarms': pecan.request.engine.list_alarms(
            pecan.request.ctx, limit, marker)}

    @pecan.expose()
    def _lookup(self, alarm_id, *remainder):
        return AlarmController(self.tenant_id, alarm_id), remainder
