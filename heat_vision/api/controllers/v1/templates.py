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

"""``/validate``, ``/template_versions`` and ``/resource_types``."""

import pecan

from heat_vision.api.schemas import templates as schemas
from heat_vision.common import exception
from heat_vision.web import util


class ValidateController:

    def __init__(self, tenant_id):
        self.tenant_id = tenant_id

    index = util.generic_route('POST')

    @index.when(method='POST', template='json')
    def index_post(self, **params):
        util.authorize('stacks:validate_template', self.tenant_id)
        body = util.json_body(schemas.validate, schemas.ABSENT_IF_NULL)
        if not ({'template', 'template_url'} & set(body)):
            raise exception.InvalidParameter(reason=schemas.NO_TEMPLATE)
        return pecan.request.engine.validate_template(
            pecan.request.ctx, body.get('template'),
            environment=body.get('environment'),
            parameters=body.get('parameters'), files=body.get('files'),
            environment_files=body.get('environment_files'),
            template_url=body.get('template_url'))


class TemplateVersionController:

    def __init__(self, tenant_id, version):
        self.tenant_id = tenant_id
        self.version = version

    functions = util.generic_route('GET')

    @functions.when(method='GET', template='json')
    def functions_get(self, with_condition_func=None):
        util.authorize('stacks:list_template_functions', self.tenant_id)
        with_condition = util.bool_param('with_condition_func',
                                         with_condition_func)
        return {'template_functions':
                pecan.request.engine.list_template_functions(
                    pecan.request.ctx, self.version, bool(with_condition))}


class TemplateVersionsController:

    def __init__(self, tenant_id):
        self.tenant_id = tenant_id

    index = util.generic_route('GET')

    @index.when(method='GET', template='json')
    def index_get(self):
        util.authorize('stacks:list_template_versions', self.tenant_id)
        return {'template_versions':
                pecan.request.engine.list_template_versions(
                    pecan.request.ctx)}

    @pecan.expose()
    def _lookup(self, version, *remainder):
        return TemplateVersionController(self.tenant_id, version), remainder


class ResourceTypesController:

    def __init__(self, tenant_id):
        self.tenant_id = tenant_id

    index = util.generic_route('GET')

    @index.when(method='GET', template='json')
    def index_get(self, name=None, version=None, support_status=None,
                  with_description=None, **params):
        util.authorize('stacks:list_resource_types', self.tenant_id)
        return {'resource_types': pecan.request.engine.list_resource_types(
            pecan.request.ctx, support_status=support_status,
            type_name=util.single_param('name', name),
            heat_version=util.single_param('version', version),
            with_description=bool(util.bool_param('with_description',
                                                  with_description)))}

    @pecan.expose()
    def _lookup(self, type_name, *remainder):
        return ResourceTypeController(self.tenant_id, type_name), remainder


class ResourceTypeController:
    """``/resource_types/{type_name}`` and its ``/template``."""

    def __init__(self, tenant_id, type_name):
        self.tenant_id = tenant_id
        self.type_name = type_name

    index = util.generic_route('GET')

    @index.when(method='GET', template='json')
    def index_get(self, with_description=None, **params):
        util.authorize('stacks:resource_schema', self.tenant_id)
        return pecan.request.engine.resource_schema(
            pecan.request.ctx, self.type_name,
            with_description=bool(util.bool_param('with_description',
                                                  with_description)))

    template = util.generic_route('GET')

    @template.when(method='GET', template='json')
    def template_get(self, template_type='cfn', **params):
        util.authorize('stacks:generate_template', self.tenant_id)
        return pecan.request.engine.generate_template(
            pecan.request.ctx, self.type_name, template_type=template_type)
