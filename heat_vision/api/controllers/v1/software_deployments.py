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

"""``/v1/{tenant_id}/software_deployments``: configs deployed to servers."""

import pecan

from heat_vision.api.schemas import software_deployments as schemas
from heat_vision.web import util

# The literal sub-path before a server id (the other words are ids).
SUBPATHS = ('metadata',)
_CREATE_ARGS = ('input_values', 'action', 'status', 'status_reason',
                'stack_user_project_id')
_UPDATE_ARGS = ('config_id', 'input_values', 'output_values', 'action',
                'status', 'status_reason')


class SoftwareDeploymentController:
    """``/software_deployments/{deployment_id}``."""

    def __init__(self, tenant_id, deployment_id):
        self.tenant_id = tenant_id
        self.deployment_id = deployment_id

    index = util.generic_route('GET', 'PUT', 'DELETE')

    @index.when(method='GET', template='json')
    def index_get(self):
        util.authorize('software_deployments:show', self.tenant_id)
        return {'software_deployment':
                pecan.request.engine.show_software_deployment(
                    pecan.request.ctx, self.deployment_id)}

    @index.when(method='PUT', template='json')
    def index_put(self):
        util.authorize('software_deployments:update', self.tenant_id)
        body = util.json_body(schemas.update)
        return {'software_deployment':
                pecan.request.engine.update_software_deployment(
                    pecan.request.ctx, self.deployment_id,
                    **{key: body.get(key) for key in _UPDATE_ARGS})}

    @index.when(method='DELETE', template='json')
    def index_delete(self):
        util.authorize('software_deployments:delete', self.tenant_id)
        pecan.request.engine.delete_software_deployment(
            pecan.request.ctx, self.deployment_id)
        pecan.response.status = 204


class ServerMetadataController:
    """``/software_deployments/metadata/{server_id}``."""

    def __init__(self, tenant_id, server_id):
        self.tenant_id = tenant_id
        self.server_id = server_id

    index = util.generic_route('GET')

    @index.when(method='GET', template='json')
    def index_get(self):
        util.authorize('software_deployments:metadata', self.tenant_id)
        return {'metadata':
                pecan.request.engine.metadata_software_deployments(
                    pecan.request.ctx, self.server_id)}


class SoftwareDeploymentsController:
    """``/software_deployments``: list and create."""

    def __init__(self, tenant_id):
        self.tenant_id = tenant_id

    @pecan.expose()
    def _lookup(self, part, *remainder):
        if part in SUBPATHS and len(remainder) == 1:
            return ServerMetadataController(self.tenant_id,
                                            remainder[0]), ()
        if remainder:
            pecan.abort(404)
        return SoftwareDeploymentController(self.tenant_id, part), remainder

    index = util.generic_route('GET', 'POST')

    @index.when(method='GET', template='json')
    def index_get(self, server_id=None, **kwargs):
        util.authorize('software_deployments:index', self.tenant_id)
        return {'software_deployments':
                pecan.request.engine.list_software_deployments(
                    pecan.request.ctx,
                    server_id=util.single_param('server_id', server_id))}

    @index.when(method='POST', template='json')
    def index_post(self):
        util.authorize('software_deployments:create', self.tenant_id)
        body = util.json_body(schemas.create)
        return {'software_deployment':
                pecan.request.engine.create_software_deployment(
                    pecan.request.ctx, body['server_id'], body['config_id'],
                    deployment_id=body.get('id'),
                    **{key: body.get(key) for key in _CREATE_ARGS})}
