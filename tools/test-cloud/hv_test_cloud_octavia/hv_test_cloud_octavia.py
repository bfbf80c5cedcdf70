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

"""Octavia's noop network driver, but with the VIP a real Neutron port.

Octavia's ``network_noop_driver`` makes up the VIP (198.51.100.1 on a
random port id) and the networks of subnets: a floating IP cannot be
put on such a VIP port (Heat's autoscaling templates do, through the
load balancer's ``vip_port_id``), and the networks it makes up for
member subnets do not match the VIP's (a member's delete then fails in
the worker's network delta). Here the VIP port is allocated and freed in
the cloud's Neutron by Octavia's own allowed-address-pairs driver
(``allocate_vip``, ``deallocate_vip``), and subnets and networks are
read from Neutron; plugging into amphorae stays the noop driver's (no
amphora exists).
"""

from octavia.network.drivers.neutron import allowed_address_pairs
from octavia.network.drivers.noop_driver import driver as noop


class VipPortNetworkDriver(noop.NoopNetworkDriver):

    def __init__(self):
        super().__init__()
        self._neutron = None

    @property
    def neutron(self):
        if self._neutron is None:
            self._neutron = allowed_address_pairs.AllowedAddressPairsDriver()
        return self._neutron

    def allocate_vip(self, loadbalancer):
        return self.neutron.allocate_vip(loadbalancer)

    def deallocate_vip(self, vip):
        return self.neutron.deallocate_vip(vip)

    def get_network(self, network_id, context=None):
        return self.neutron.get_network(network_id, context=context)

    def get_subnet(self, subnet_id, context=None):
        return self.neutron.get_subnet(subnet_id, context=context)
