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

"""tosca.nodes.LoadBalancer -> an Octavia load balancer, listener, pool
and one member per node it routes to (its ``application``
requirements)."""

import copy

from heat_vision.translators import base

VIP_SUBNET = '%s_vip_subnet'


def translate(b, name):
    props = b.properties(name)
    subnets = [n + '_subnet' for n in b.raw_nodes
               if b.kinds.get(n) == 'network' and
               b.properties(n).get('cidr')]
    if subnets:
        subnet = {'get_resource': sorted(subnets)[0]}
    else:
        b.extra_parameters[VIP_SUBNET % name] = {
            'type': 'string',
            'description': 'Subnet of the VIP of %s' % name}
        subnet = {'get_param': VIP_SUBNET % name}
    path = b.node_path(name)
    b.add(name, {'type': 'OS::Octavia::LoadBalancer',
                 'properties': {'vip_subnet': subnet}}, path)
    algorithm = str(props.get('algorithm') or 'ROUND_ROBIN').upper()
    b.add(name + '_listener', {'type': 'OS::Octavia::Listener',
                               'properties': {
                                   'loadbalancer': {'get_resource': name},
                                   'protocol': 'HTTP',
                                   'protocol_port': 80}}, path)
    pool = {'listener': {'get_resource': name + '_listener'},
            'lb_algorithm': algorithm, 'protocol': 'HTTP'}
    b.add(name + '_pool', {'type': 'OS::Octavia::Pool',
                           'properties': pool},
          base.join(path, 'properties', 'algorithm'))
    for i, req, target, _rel in b.requirements(name):
        if req != 'application':
            continue
        server = b.host_of(target) or target
        member = {'pool': {'get_resource': name + '_pool'},
                  'address': {'get_attr': [server, 'first_address']},
                  'protocol_port': 80, 'subnet': copy.deepcopy(subnet)}
        b.add('%s_member_%s' % (name, target),
              {'type': 'OS::Octavia::PoolMember', 'properties': member},
              b.node_path(name, 'requirements', i))
