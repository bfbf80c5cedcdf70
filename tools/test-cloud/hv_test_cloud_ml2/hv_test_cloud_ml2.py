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
