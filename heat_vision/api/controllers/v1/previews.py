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

"""``POST /stacks/preview`` and ``PUT|PATCH /stacks/{name}/{id}/preview``."""

import pecan

from heat_vision.api.controllers.v1 import links
from heat_vision.api.schemas import stacks as schemas
from heat_vision.common import exception
from heat_vision.rpc import api as rpc_api
from heat_vision.web import util

ARGS = ('timeout_mins', 'disable_rollback', 'tags')


class StackPreviewController:
    """``/stacks/preview`` (POST only: a stack named "preview" is found by
    its id, not its name).
    """

    def __init__(self, tenant_id):
        self.tenant_id = tenant_id

    index = util.generic_route('POST')

    @index.when(method='POST', template='json')
    def index_post(self):
        util.authorize('stacks:preview', self.tenant_id)
        body = util.json_body(schemas.create, schemas.ABSENT_IF_NULL)
        if not ({'template', 'template_url'} & set(body)):
            raise exception.InvalidParameter(reason=schemas.NO_TEMPLATE)
        stack = pecan.request.engine.preview_stack(
            pecan.request.ctx, body['stack_name'], body.get('template'),
            environment=body.get('environment'),
            parameters=body.get('parameters'), files=body.get('files'),
            args={key: body[key] for key in ARGS if key in body},
            environment_files=body.get('environment_files'),
            template_url=body.get('template_url'))
        return {'stack': links.stack(stack)}


class UpdatePreviewController:
    """``/stacks/{name}/{id}/preview``: the changes an update would make."""

    def __init__(self, identity):
        self.identity = identity

    index = util.generic_route('PUT', 'PATCH')

    @index.when(method='PUT', template='json')
    def index_put(self, show_nested=None):
        return self._preview('stacks:preview_update', False, show_nested)

    @index.when(method='PATCH', template='json')
    def index_patch(self, show_nested=None):
        return self._preview('stacks:preview_update_patch', True,
                             show_nested)

    def _preview(self, rule, existing, show_nested):
        util.authorize(rule, self.identity[rpc_api.IDENTITY_TENANT])
        nested = bool(util.bool_param('show_nested', show_nested))
        body = util.json_body(schemas.update, schemas.ABSENT_IF_NULL)
        changes = pecan.request.engine.preview_update_stack(
            pecan.request.ctx, self.identity, body.get('template'),
            environment=body.get('environment'),
            parameters=body.get('parameters'), files=body.get('files'),
            args={key: body[key] for key in ARGS if key in body},
            environment_files=body.get('environment_files'),
            existing=existing,
            clear_parameters=body.get('clear_parameters'),
            show_nested=nested, template_url=body.get('template_url'))
        return {'resource_changes': changes}
