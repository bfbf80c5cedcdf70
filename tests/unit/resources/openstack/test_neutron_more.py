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

"""Heat's Neutron QoS, trunk, segment, provider network, subnet pool,
RBAC, extra route and port forwarding types against a scripted Neutron:
the bodies sent, the checks Heat makes, in-place updates."""

from heat_vision.common import exception
from heat_vision.resources.openstack import neutron_ipam
from heat_vision.resources.openstack import neutron_l2
from heat_vision.resources.openstack import neutron_metering
from heat_vision.resources.openstack import neutron_qos
from heat_vision.resources.openstack import neutron_rbac
from heat_vision.resources.openstack import neutron_routes
from heat_vision.template import properties
from tests import base
from tests.unit.resources.openstack import fakes
from tests.unit.resources import utils

PATH = ['resources', 'r', 'properties']


def check(cls, props):
    checked = properties.Properties(cls.properties_schema, props, path=PATH)
    checked.validate()
    cls.validate_properties(checked, PATH)


class NeutronValidationTest(base.TestCase):

    def refused(self, cls, props, text):
        error = self.assertRaises(exception.StackValidationFailed, check,
                                  cls, props)
        self.assertIn(text, str(error))

    def test_segment_rules_of_heat(self):
        segment = neutron_l2.Segment
        check(segment, {'network': 'n', 'network_type': 'vlan',
                        'physical_network': 'public',
                        'segmentation_id': 100})
        self.refused(segment, {'network': 'n', 'network_type': 'vlan',
                               'segmentation_id': 100},
                     'physical_network is required for vlan')
        self.refused(segment, {'network': 'n', 'network_type': 'flat',
                               'physical_network': 'p',
                               'segmentation_id': 3},
                     'segmentation_id is prohibited for flat')
        self.refused(segment, {'network': 'n', 'network_type': 'vxlan',
                               'physical_network': 'p'},
                     'physical_network is prohibited for vxlan')
        self.refused(segment, {'network': 'n', 'network_type': 'vlan',
                               'physical_network': 'p',
                               'segmentation_id': 4095}, 'Up to 4094')

    def test_provider_net_rules_of_heat(self):
        self.refused(neutron_l2.ProviderNet,
                     {'network_type': 'flat', 'segmentation_id': '7'},
                     'segmentation_id not allowed')
        self.refused(neutron_l2.ProviderNet,
                     {'network_type': 'vxlan', 'physical_network': 'p'},
                     'physical_network not allowed')

    def test_subnet_pool_prefix_bounds(self):
        pool = neutron_ipam.SubnetPool
        check(pool, {'prefixes': ['10.0.0.0/8'], 'min_prefixlen': 24,
                     'default_prefixlen': 24, 'max_prefixlen': 28})
        self.refused(pool, {'prefixes': ['10.0.0.0/8'], 'min_prefixlen': 28,
                            'max_prefixlen': 24},
                     'max_prefixlen=24, min_prefixlen=28')
        self.refused(pool, {'prefixes': ['10.0.0.0/8'],
                            'default_prefixlen': 20, 'min_prefixlen': 24},
                     'min_prefixlen=24, default_prefixlen=20')

    def test_rbac_external_only_for_networks(self):
        check(neutron_rbac.RBACPolicy, {
            'object_type': 'network', 'action': 'access_as_external',
            'object_id': 'n', 'target_tenant': '*'})
        self.refused(neutron_rbac.RBACPolicy, {
            'object_type': 'qos_policy', 'action': 'access_as_external',
            'object_id': 'q', 'target_tenant': '*'},
            'Invalid action "access_as_external" for object type '
            'qos_policy. Valid actions: access_as_shared')

    def test_a_dscp_mark_out_of_heats_list_is_refused(self):
        self.assertRaises(exception.StackValidationFailed, check,
                          neutron_qos.QoSDscpMarkingRule,
                          {'policy': 'p', 'dscp_mark': 4})


class NeutronTypesTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.stack = fakes.CloudStack()
        self.neutron = self.stack.client('neutron')

    def make(self, cls, props):
        return utils.make(cls, 'r', props, stack=self.stack)

    def test_a_qos_rule_lives_under_its_policy(self):
        self.neutron.objects['/qos/policies/gold'] = {'policy': {
            'id': 'p1', 'name': 'gold'}}
        rule = self.make(neutron_qos.QoSBandwidthLimitRule,
                         {'policy': 'gold', 'max_kbps': 1000})
        utils.run(rule)
        [post] = self.neutron.sent('POST')
        self.assertEqual(
            ('/qos/policies/p1/bandwidth_limit_rules',
             {'bandwidth_limit_rule': {'max_kbps': 1000,
                                       'max_burst_kbps': 0,
                                       'direction': 'egress'}}),
            post[1:3])
        rule = fakes.rebuilt(rule, {'policy': 'gold', 'max_kbps': 2000})
        rule.handle_update(rule.properties, {'max_kbps': 2000})
        [put] = self.neutron.sent('PUT')
        self.assertEqual(
            ('/qos/policies/p1/bandwidth_limit_rules/new-id',
             {'bandwidth_limit_rule': {'max_kbps': 2000}}), put[1:3])
        rule.handle_delete()
        self.assertEqual(
            ['/qos/policies/p1/bandwidth_limit_rules/new-id'],
            [c[1] for c in self.neutron.sent('DELETE')])

    def test_trunk_subports_removed_then_added(self):
        for port in ('a', 'b', 'c'):
            self.neutron.objects['/ports/' + port] = {'port': {'id': port}}
        props = {'port': 'a', 'sub_ports': [
            {'port': 'b', 'segmentation_type': 'vlan',
             'segmentation_id': 10}]}
        trunk = self.make(neutron_l2.Trunk, props)
        trunk.handle_create()
        [post] = self.neutron.sent('POST', '/trunks')
        self.assertEqual('a', post[2]['trunk']['port_id'])
        self.assertEqual([{'port_id': 'b', 'segmentation_type': 'vlan',
                           'segmentation_id': 10}],
                         post[2]['trunk']['sub_ports'])
        self.neutron.objects['/trunks/new-id'] = {'trunk': {
            'id': 'new-id', 'status': 'ACTIVE',
            'sub_ports': post[2]['trunk']['sub_ports']}}
        subports = [{'port': 'b', 'segmentation_type': 'vlan',
                     'segmentation_id': 11},
                    {'port': 'c', 'segmentation_type': 'vlan',
                     'segmentation_id': 12}]
        trunk = fakes.rebuilt(trunk, dict(props, sub_ports=subports))
        trunk.handle_update(trunk.properties, {'sub_ports': subports})
        puts = [(c[1], c[2]) for c in self.neutron.sent('PUT')]
        self.assertEqual([
            ('/trunks/new-id/remove_subports',
             {'sub_ports': [{'port_id': 'b'}]}),
            ('/trunks/new-id/add_subports', {'sub_ports': [
                {'port_id': 'b', 'segmentation_type': 'vlan',
                 'segmentation_id': 11},
                {'port_id': 'c', 'segmentation_type': 'vlan',
                 'segmentation_id': 12}]})], puts)

    def test_provider_net_sends_provider_fields(self):
        net = self.make(neutron_l2.ProviderNet, {
            'network_type': 'vlan', 'physical_network': 'public',
            'segmentation_id': '101', 'router_external': True})
        net.handle_create()
        body = self.neutron.sent('POST', '/networks')[0][2]['network']
        self.assertEqual(('vlan', 'public', '101', True, True), (
            body['provider:network_type'], body['provider:physical_network'],
            body['provider:segmentation_id'], body['router:external'],
            body['shared']))

    def test_a_subnet_pool_only_grows(self):
        pool = self.make(neutron_ipam.SubnetPool,
                         {'prefixes': ['10.0.0.0/16']})
        pool.handle_create()
        pool = fakes.rebuilt(pool, {'prefixes': ['10.0.0.0/8']})
        pool.handle_update(pool.properties, {'prefixes': ['10.0.0.0/8']})
        self.assertEqual({'subnetpool': {'prefixes': ['10.0.0.0/8']}},
                         self.neutron.sent('PUT')[0][2])
        pool = fakes.rebuilt(pool, {'prefixes': ['192.168.0.0/16']})
        self.assertRaises(exception.Invalid, pool.handle_update,
                          pool.properties, {'prefixes': ['192.168.0.0/16']})

    def test_rbac_finds_the_object_of_its_type(self):
        self.neutron.objects['/qos/policies/gold'] = {'policy': {
            'id': 'p1'}}
        policy = self.make(neutron_rbac.RBACPolicy, {
            'object_type': 'qos_policy', 'action': 'access_as_shared',
            'object_id': 'gold', 'target_tenant': 't1'})
        utils.run(policy)
        body = self.neutron.sent('POST', '/rbac-policies')[0][2]
        self.assertEqual({'rbac_policy': {
            'object_type': 'qos_policy', 'object_id': 'p1',
            'action': 'access_as_shared', 'target_tenant': 't1'}}, body)

    def test_extra_route_set_adds_and_removes_only_its_routes(self):
        self.neutron.objects['/routers/r1'] = {'router': {
            'id': 'r1', 'routes': [{'destination': '10.8.0.0/24',
                                    'nexthop': '10.0.0.8'}]}}
        one = {'destination': '10.9.0.0/24', 'nexthop': '10.0.0.9'}
        two = {'destination': '10.7.0.0/24', 'nexthop': '10.0.0.7'}
        routes = self.make(neutron_routes.ExtraRouteSet,
                           {'router': 'r1', 'routes': [one]})
        routes.handle_create()
        self.assertEqual('r1', routes.resource_id)
        routes = fakes.rebuilt(routes, {'router': 'r1', 'routes': [two]})
        routes.handle_update(routes.properties, {'routes': [two]})
        routes.handle_delete()
        self.assertEqual([
            ('/routers/r1/add_extraroutes', [one]),
            ('/routers/r1/remove_extraroutes', [one]),
            ('/routers/r1/add_extraroutes', [two]),
            ('/routers/r1/remove_extraroutes', [two])],
            [(c[1], c[2]['router']['routes'])
             for c in self.neutron.sent('PUT')])

    def test_extra_route_the_router_has_is_refused(self):
        self.neutron.objects['/routers/r1'] = {'router': {
            'id': 'r1', 'routes': [{'destination': '10.8.0.0/24',
                                    'nexthop': '10.0.0.8'}]}}
        routes = self.make(neutron_routes.ExtraRouteSet, {
            'router': 'r1', 'routes': [{'destination': '10.8.0.0/24',
                                        'nexthop': '10.0.0.8'}]})
        self.assertRaises(exception.Conflict, routes.handle_create)
        self.assertEqual([], self.neutron.sent('PUT'))

    def test_port_forwarding_by_floating_address(self):
        self.neutron.answers[('GET', '/floatingips')] = {'floatingips': [
            {'id': 'f1', 'floating_ip_address': '172.24.4.9'}]}
        self.neutron.objects['/ports/p1'] = {'port': {'id': 'p1'}}
        forward = self.make(neutron_routes.FloatingIPPortForward, {
            'floating_ip': '172.24.4.9', 'internal_port': 'p1',
            'internal_ip_address': '10.0.0.5', 'internal_port_number': 22,
            'external_port': 2222, 'protocol': 'tcp'})
        utils.run(forward)
        [post] = self.neutron.sent('POST')
        self.assertEqual(('/floatingips/f1/port_forwardings', {
            'port_forwarding': {
                'internal_ip_address': '10.0.0.5', 'internal_port': 22,
                'external_port': 2222, 'protocol': 'tcp',
                'internal_port_id': 'p1'}}), post[1:3])

    def test_metering_rule_of_its_label(self):
        rule = self.make(neutron_metering.MeteringRule, {
            'metering_label_id': 'm1', 'remote_ip_prefix': '10.0.0.0/24'})
        utils.run(rule)
        self.assertEqual(
            ('/metering/metering-label-rules', {'metering_label_rule': {
                'metering_label_id': 'm1', 'remote_ip_prefix': '10.0.0.0/24',
                'direction': 'ingress', 'excluded': False}}),
            self.neutron.sent('POST')[0][1:3])
        self.assertFalse(any(
            s.update_allowed for s in
            neutron_metering.MeteringRule.properties_schema.values()))
