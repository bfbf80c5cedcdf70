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

"""``/v1/{tenant}/relay``: the tenant check, then one route per format."""

import pecan

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.relay.cfn import query
from heat_vision.relay.controllers import camp
from heat_vision.relay.controllers import stacks
from heat_vision.relay.controllers import tosca
from heat_vision.web import util


class TenantRelayController:

    def __init__(self, tenant_id):
        self.tosca = tosca.ToscaController(tenant_id)
        self.cfn = query.QueryController(tenant_id)
        self.camp = camp.CampController(tenant_id)
        self.stacks = stacks.OriginalsController(tenant_id)


class V1Controller:

    @pecan.expose()
    def _lookup(self, tenant_id, relay=None, *remainder):
        if relay != 'relay':
            raise exception.NotFound(reason=_('Not a relay route.'))
        if remainder[:1] != ('cfn',):
            # The Query API checks it itself, to answer in AWS's shape.
            util.check_tenant(tenant_id, pecan.request.ctx)
        return TenantRelayController(tenant_id), remainder


class RootController:
    v1 = V1Controller()
