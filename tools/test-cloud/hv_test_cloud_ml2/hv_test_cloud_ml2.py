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

"""An ML2 mechanism driver for a test cloud without a data plane.

It binds every normal port on its first segment, whatever the network
type or host, with VIF type ``other`` and status ACTIVE: no agent runs,
so nothing else would bind the port or report it up. Nova's fake virt
driver then "plugs" it without looking at it.
"""

from neutron_lib.api.definitions import portbindings
from neutron_lib import constants
from neutron_lib.plugins.ml2 import api


class BindEverythingDriver(api.MechanismDriver):

    def initialize(self):
        pass

    @property
    def connectivity(self):
        return portbindings.CONNECTIVITY_L2

    def bind_port(self, context):
        if context.current.get(portbindings.VNIC_TYPE,
                               portbindings.VNIC_NORMAL) != \
                portbindings.VNIC_NORMAL:
            return
        for segment in context.segments_to_bind:
            context.set_binding(
                segment[api.ID], portbindings.VIF_TYPE_OTHER,
                {portbindings.CAP_PORT_FILTER: False},
                status=constants.PORT_STATUS_ACTIVE)
            return
