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

"""Heat's implicit dependencies, one edge at a time, from definitions.

Each case is a template's resources and the edges Heat's
``add_dependencies`` adds (heat/engine/resources/openstack/neutron/
{port,router,floatingip}.py, nova/server.py).
"""

import yaml

from heat_vision.common import exception
from heat_vision.engine import implicit_deps
from heat_vision.engine import model
from tests import base

NET = 'net: {type: OS::Neutron::Net}\n'
SUBNET = ('subnet: {type: OS::Neutron::Subnet, properties: '
          '{network: {get_resource: net}, cidr: 10.0.0.0/24}}\n')
OTHER_SUBNET = ('other: {type: OS::Neutron::Subnet, properties: '
                '{network: elsewhere, cidr: 10.1.0.0/24}}\n')
ROUTER = ('router: {type: OS::Neutron::Router, properties: '
          '{external_gateway_info: {network: public}}}\n')
IFACE = ('iface: {type: OS::Neutron::RouterInterface, properties: '
         '{router: {get_resource: router}, subnet: {get_resource: '
         'subnet}}}\n')


def port(props='network: {get_resource: net}', name='port'):
    return '%s: {type: OS::Neutron::Port, properties: {%s}}\n' % (name,
                                                                  props)


def server(networks):
    return ('server: {type: OS::Nova::Server, properties: {flavor: f, '
            'networks: %s}}\n' % networks)


CASES = {
    'a port after the subnets of its network': (
        NET + SUBNET + OTHER_SUBNET + port(), {'port': {'subnet'}}),
    'a port by a hidden name, a literal network': (
        OTHER_SUBNET + port('network_id: elsewhere'),
        {'port': {'other'}}),
    'a port on a network no subnet is on': (
        OTHER_SUBNET + port('network: public'), {}),
    'a router after the subnets of its gateway network': (
        ROUTER + 'pub: {type: OS::Neutron::Subnet, properties: '
        '{network: public, cidr: 172.24.4.0/24}}\n' + OTHER_SUBNET,
        {'router': {'pub'}}),
    'a server after the subnets of its networks': (
        NET + SUBNET + OTHER_SUBNET + server(
            '[{network: {get_resource: net}}]'), {'server': {'subnet'}}),
    'a server by the hidden uuid': (
        NET + SUBNET + OTHER_SUBNET + server('[{uuid: elsewhere}]'),
        {'server': {'other'}}),
    'a server on a port waits for every subnet': (
        NET + SUBNET + OTHER_SUBNET + port() + server(
            '[{port: {get_resource: port}}]'),
        {'port': {'subnet'}, 'server': {'subnet', 'other'}}),
    'a server after a subnet whose network is not known': (
        NET + 'late: {type: OS::Neutron::Subnet, properties: {network: '
        '{get_attr: [net, name]}, cidr: 10.2.0.0/24}}\n' + server(
            '[{network: public}]'), {'server': {'late'}}),
    'a server without networks': (
        NET + SUBNET + 'server: {type: OS::Nova::Server, properties: '
        '{flavor: f}}\n', {}),
    'a floating IP after the router with a gateway on its network': (
        ROUTER + 'fip: {type: OS::Neutron::FloatingIP, properties: '
        '{floating_network: public}}\n', {'fip': {'router'}}),
    'a floating IP after the interface on its port\'s fixed IP subnet': (
        NET + SUBNET + 'router: {type: OS::Neutron::Router}\n' + IFACE +
        port('network: {get_resource: net}, fixed_ips: [{subnet: '
             '{get_resource: subnet}}]') +
        'fip: {type: OS::Neutron::FloatingIP, properties: '
        '{floating_network: public, port_id: {get_resource: port}}}\n',
        {'fip': {'iface'}}),
    'a floating IP after the interface on its port\'s network': (
        NET + SUBNET + 'router: {type: OS::Neutron::Router}\n' + IFACE +
        port() + 'fip: {type: OS::Neutron::FloatingIP, properties: '
        '{floating_network: public, port_id: {get_resource: port}}}\n',
        {'port': {'subnet'}, 'fip': {'iface'}}),
    'a floating IP after an interface made on a port': (
        NET + 'router: {type: OS::Neutron::Router}\n' + port(
            'network: ext', 'gw') + port('network: ext') +
        'iface: {type: OS::Neutron::RouterInterface, properties: {router: '
        '{get_resource: router}, port: {get_resource: gw}}}\n'
        'fip: {type: OS::Neutron::FloatingIP, properties: '
        '{floating_network: public, port_id: {get_resource: port}}}\n',
        {'fip': {'iface'}}),
    'no interface on another subnet': (
        NET + SUBNET + OTHER_SUBNET + 'router: {type: OS::Neutron::Router}'
        '\n' + 'iface: {type: OS::Neutron::RouterInterface, properties: '
        '{router: {get_resource: router}, subnet: {get_resource: other}}}'
        '\n' + port('network: {get_resource: net}, fixed_ips: [{subnet: '
                    '{get_resource: subnet}}]') +
        'fip: {type: OS::Neutron::FloatingIP, properties: '
        '{floating_network: public, port_id: {get_resource: port}}}\n',
        {}),
    'an association after the interface on its port\'s subnet': (
        NET + SUBNET + 'router: {type: OS::Neutron::Router}\n' + IFACE +
        port('network: {get_resource: net}, fixed_ips: [{subnet_id: '
             '{get_resource: subnet}}]') +
        'assoc: {type: OS::Neutron::FloatingIPAssociation, properties: '
        '{floatingip_id: f1, port_id: {get_resource: port}}}\n',
        {'assoc': {'iface'}}),
    'an extra route set after the interfaces of its router': (
        NET + SUBNET + OTHER_SUBNET + 'router: {type: OS::Neutron::Router}'
        '\n' + IFACE + 'iface2: {type: OS::Neutron::RouterInterface, '
        'properties: {router: elsewhere, subnet: {get_resource: other}}}\n'
        'routes: {type: OS::Neutron::ExtraRouteSet, properties: {router: '
        '{get_resource: router}, routes: [{destination: 10.9.0.0/24, '
        'nexthop: 10.0.0.9}]}}\n', {'routes': {'iface'}}),
    'a port forwarding after the interface on its port\'s subnet': (
        NET + SUBNET + 'router: {type: OS::Neutron::Router}\n' + IFACE +
        port('network: {get_resource: net}, fixed_ips: [{subnet: '
             '{get_resource: subnet}}]') +
        'forward: {type: OS::Neutron::FloatingIPPortForward, properties: '
        '{floating_ip: f1, internal_port: {get_resource: port}, '
        'internal_ip_address: 10.0.0.5, external_port: 22, '
        'protocol: tcp}}\n',
        {'forward': {'iface'}}),
    'an edge the template names already is not implicit': (
        NET + SUBNET + port() .replace(
            'properties:', 'depends_on: subnet, properties:'), {}),
}


def definition(resources, environment=None):
    text = 'heat_template_version: 2021-04-16\nresources:\n' + ''.join(
        '  ' + line + '\n' for line in resources.splitlines())
    return model.build_definition(yaml.safe_load(text), environment or {},
                                  {}, 's', 'id', 'p')


class ImplicitDependenciesTest(base.TestCase):

    def test_each_edge(self):
        for title, (resources, expected) in CASES.items():
            with self.subTest(title):
                deps = definition(resources).dependencies()
                found = {name: deps.implicit_requires(name)
                         for name in deps if deps.implicit_requires(name)}
                self.assertEqual(expected, found)
                for name, names in expected.items():
                    self.assertEqual(set(), names - deps.requires(name))

    def test_a_type_mapped_by_the_environment_has_its_plugin_rules(self):
        deps = definition(NET + SUBNET + port().replace(
            'OS::Neutron::Port', 'My::Port'), {'resource_registry': {
                'My::Port': 'OS::Neutron::Port'}}).dependencies()
        self.assertEqual({'subnet'}, deps.implicit_requires('port'))

    def test_an_implicit_cycle_is_refused_as_in_heat(self):
        sd = definition(NET + SUBNET.replace(
            'properties:', 'depends_on: port, properties:') + port())
        self.assertRaises(exception.CircularDependencyException,
                          sd.dependencies)

    def test_a_stack_without_roles_looks_each_type_up_once(self):
        sd = definition(''.join('r%d: {type: OS::Heat::None}\n' % i
                                for i in range(50)))
        looked_up = []

        def lookup(definition, type_name, name):
            looked_up.append(type_name)
            return model.class_for_type(definition, type_name, name)
        graph = {name: set() for name in sd.resource_definitions()}
        self.assertEqual({}, implicit_deps.find(sd, graph, lookup))
        self.assertEqual(['OS::Heat::None'], looked_up)

    def test_facts_read_as_heat_reads_them(self):
        sd = definition(NET + port('network: {get_attr: [net, name]}'))
        cls = model.class_for_type(sd, 'OS::Neutron::Port', 'port')
        rsrc_def = sd.resource_definition('port')
        self.assertIs(implicit_deps.UNKNOWN, implicit_deps.read(
            cls, rsrc_def, ('network',)))
        sd = definition(NET + port())
        self.assertEqual('net', implicit_deps.read(
            cls, sd.resource_definition('port'), ('network',)))
        self.assertIsNone(implicit_deps.read(
            cls, sd.resource_definition('port'), ('fixed_ips', '*',
                                                  'subnet')))
