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

"""What a plugin declares for Heat's implicit dependencies.

Heat orders some resources after others that no function or
``depends_on`` names: a port after the subnets of its network, a floating
IP after the router interface that makes its port's subnet reachable, a
server after the subnets of its networks... (``add_dependencies`` of
Heat's neutron and nova resources). A plugin declares its part with
``implicit = Declared(ROLE, fact=(path ...))``: its role in those rules
and where in its properties each fact the rules compare is found (a path
of property names, ``'*'`` for every item of a list). The engine
(``heat_vision.engine.implicit_deps``) reads the facts from the
definitions and adds the edges.
"""

ROLES = (SUBNET, PORT, ROUTER, ROUTER_INTERFACE, SERVER, FLOATING_IP,
         FLOATING_IP_ASSOCIATION, EXTRA_ROUTE_SET) = (
    'subnet', 'port', 'router', 'router_interface', 'server',
    'floating_ip', 'floating_ip_association', 'extra_route_set')


class Declared:
    """A plugin's part in Heat's implicit dependencies.

    :param role: one of ROLES.
    :param facts: ``{fact: path}``; a path is a tuple of property names,
        ``'*'`` standing for each item of a list.
    """

    def __init__(self, role, **facts):
        if role not in ROLES:
            raise ValueError('Unknown implicit dependency role %s' % role)
        self.role = role
        self.facts = facts
