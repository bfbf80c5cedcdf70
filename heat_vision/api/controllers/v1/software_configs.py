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

"""``/v1/{tenant_id}/software_configs``: stored software configs."""

import pecan

from heat_vision.api.schemas import software_configs as schemas
from heat_vision.web import util


class SoftwareConfigController:
    """``/software_configs/{config_id}``."""

    def __init__(self, tenant_id, config_id):
        self.tenant_id = tenant_id
        self.config_id = config_id

    index = util.generic_route('GET', 'DELETE')

    @index.when(method='GET', template='json')
    def index_get(self):
        util.authorize('software_configs:show', self.tenant_id)
        return {'software_config': pecan.request.engine.show_software_config(
            pecan.request.ctx, self.config_id)}

    @index.when(method='DELETE', template='json')
    def index_delete(self):
        util.authorize('software_configs:delete', self.tenant_id)
        pecan.request.engine.delete_software_config(pecan.request.ctx,
                                                    self.config_id)
        pecan.response.status = 204


class SoftwareConfigsController:
    """``/software_configs``: list and create."""

    def __init__(self, tenant_id):
        self.tenant_id = tenant_id

    @pecan.expose()
    def _lookup(self, config_id, *remainder):
        if remainder:
            pecan.abort(404)
        return SoftwareConfigController(self.tenant_id, config_id), remainder

    index = util.generic_route('GET', 'POST')

    @index.when(method='GET', template='json')
    def index_get(self, limit=None, marker=None, **kwargs):
        util.authorize('software_configs:index', self.tenant_id)
        return {'software_configs':
                pecan.request.engine.list_software_configs(
                    pecan.request.ctx,
                    limit=util.limit_param(limit, minimum=1),
                    marker=util.single_param('marker', marker))}

    @index.when(method='POST', template='json')
    def index_post(self):
        util.authorize('software_configs:create', self.tenant_id)
        body = util.json_body(schemas.create)
        return {'software_config':
                pecan.request.engine.create_software_config(
                    pecan.request.ctx, name=body.get('name'),
                    config=body.get('config'), group=body.get('group'),
                    inputs=body.get('inputs'), outputs=body.get('outputs'),
                    options=body.get('options'))}
