"""``/v1/{tenant_id}/services``: the engines and their heartbeats."""

import pecan

from heat_vision.api import util


class ServicesController:

    def __init__(self, tenant_id):
        self.tenant_id = tenant_id

    index = util.generic_route('GET')

    @index.when(method='GET', template='json')
    def index_get(self):
        util.authorize('service:index', self.tenant_id)
        return {'services': pecan.request.engine.list_services(
            pecan.request.ctx)}
