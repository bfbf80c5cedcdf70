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

"""``/v1/{tenant_id}``: checks the tenant, then the per-tenant routes."""

import pecan

from heat_vision.api.controllers import openapi
from heat_vision.api.controllers.v1 import build_info
from heat_vision.api.controllers.v1 import monitoring
from heat_vision.api.controllers.v1 import services
from heat_vision.api.controllers.v1 import signal
from heat_vision.api.controllers.v1 import software_configs
from heat_vision.api.controllers.v1 import software_deployments
from heat_vision.api.controllers.v1 import stacks
from heat_vision.api.controllers.v1 import tasks
from heat_vision.api.controllers.v1 import templates
from heat_vision.web import util


class TenantController:

    def __init__(self, tenant_id):
        self.stacks = stacks.StacksController(tenant_id)
        self.validate = templates.ValidateController(tenant_id)
        self.template_versions = templates.TemplateVersionsController(
            tenant_id)
        self.resource_types = templates.ResourceTypesController(tenant_id)
        self.services = services.ServicesController(tenant_id)
        self.tasks = tasks.TasksController(tenant_id)
        self.software_configs = software_configs.SoftwareConfigsController(
            tenant_id)
        self.build_info = build_info.BuildInfoController(tenant_id)
        self.software_deployments = (
            software_deployments.SoftwareDeploymentsController(tenant_id))
        self.metrics = monitoring.MetricsController(tenant_id)
        self.alarms = monitoring.AlarmsController(tenant_id)


class V1Controller:

    # Found before _lookup: signals carry their own credential, no tenant.
    signal = signal.SignalController()

    @pecan.expose()
    def _lookup(self, tenant_id, *remainder):
        util.check_tenant(tenant_id, pecan.request.ctx)
        return TenantController(tenant_id), remainder


# Not a valid attribute name: routed explicitly, before the tenant lookup.
pecan.route(V1Controller, 'openapi.json', openapi.OpenAPIController())
