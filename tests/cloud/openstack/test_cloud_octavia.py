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

"""The OS::Octavia::* types against the test cloud's real Octavia (its
optional service: the API and worker on Octavia's noop drivers).

One stack - a network and subnet, a load balancer on it, a listener, a
pool, a member and a health monitor, an L7 policy with a rule - is
created (the member and the monitor are made at once on one pool: one
of them meets the pool immutable and is posted again), updated in place
(the pool's algorithm, the member's weight, the rule's value: the same
Octavia objects, changed), then deleted with nothing left in Octavia.
An admin's flavor profile, flavor (used by a load balancer), quota of
the test's project, availability zone profile and availability zone go
the same way.
"""

from tests.cloud.openstack import cloud_base

STACK = '''heat_template_version: 2021-04-16
parameters:
  algorithm: {type: string}
  weight: {type: number}
  path: {type: string}
resources:
  net: {type: OS::Neutron::Net}
  subnet:
    type: OS::Neutron::Subnet
    properties: {network: {get_resource: net}, cidr: 10.60.0.0/24}
  lb:
    type: OS::Octavia::LoadBalancer
    properties: {vip_subnet: {get_resource: subnet}}
  listener:
    type: OS::Octavia::Listener
    properties:
      loadbalancer: {get_resource: lb}
      protocol: HTTP
      protocol_port: 80
  pool:
    type: OS::Octavia::Pool
    properties:
      listener: {get_resource: listener}
      protocol: HTTP
      lb_algorithm: {get_param: algorithm}
  member:
    type: OS::Octavia::PoolMember
    properties:
      pool: {get_resource: pool}
      address: 10.60.0.10
      protocol_port: 8080
      subnet: {get_resource: subnet}
      weight: {get_param: weight}
  monitor:
    type: OS::Octavia::HealthMonitor
    properties:
      pool: {get_resource: pool}
      type: HTTP
      delay: 5
      timeout: 5
      max_retries: 3
      url_path: /health
  policy:
    type: OS::Octavia::L7Policy
    properties:
      listener: {get_resource: listener}
      action: REDIRECT_TO_POOL
      redirect_pool: {get_resource: pool}
  rule:
    type: OS::Octavia::L7Rule
    properties:
      l7policy: {get_resource: policy}
      type: PATH
      compare_type: STARTS_WITH
      value: {get_param: path}
outputs:
  vip: {value: {get_attr: [lb, vip_address]}}
  pools: {value: {get_attr: [lb, pools]}}
  listener_lbs: {value: {get_attr: [listener, loadbalancers]}}
  member: {value: {get_attr: [member, show]}}
'''

ADMIN_STACK = '''heat_template_version: 2021-04-16
parameters:
  project: {type: string}
  description: {type: string}
  pools: {type: number}
resources:
  profile:
    type: OS::Octavia::FlavorProfile
    properties:
      provider_name: amphora
      flavor_data: '{"loadbalancer_topology": "SINGLE"}'
  flavor:
    type: OS::Octavia::Flavor
    properties:
      flavor_profile: {get_resource: profile}
      description: {get_param: description}
  quota:
    type: OS::Octavia::Quota
    properties:
      project: {get_param: project}
      loadbalancer: 3
      pool: {get_param: pools}
  zone_profile:
    type: OS::Octavia::AvailabilityZoneProfile
    properties:
      provider_name: amphora
      availability_zone_data: '{"compute_zone": "nova"}'
  zone:
    type: OS::Octavia::AvailabilityZone
    properties:
      availability_zone_profile: {get_resource: zone_profile}
      description: {get_param: description}
  net: {type: OS::Neutron::Net}
  subnet:
    type: OS::Neutron::Subnet
    properties: {network: {get_resource: net}, cidr: 10.62.0.0/24}
  lb:
    type: OS::Octavia::LoadBalancer
    properties:
      vip_subnet: {get_resource: subnet}
      flavor: {get_resource: flavor}
outputs:
  profile_of_flavor: {value: {get_attr: [flavor, flavor_profile_id]}}
  flavor_of_lb: {value: {get_attr: [lb, flavor_id]}}
  profile_of_zone: {value: {get_attr: [zone, availability_zone_profile_id]}}
'''


class CloudOctaviaTest(cloud_base.CloudTestCase):

    OPTIONAL_SERVICES = ('octavia',)
    USES_COMPUTE = False

    def octavia_objects(self):
        """Every Octavia object of the demo project, by kind (ids)."""
        lb = self.admin.load_balancer
        project = self.demo.current_project_id
        return {
            'load_balancers': {o.id for o in lb.load_balancers(
                project_id=project)},
            'listeners': {o.id for o in lb.listeners(project_id=project)},
            'pools': {o.id for o in lb.pools(project_id=project)},
            'health_monitors': {o.id for o in lb.health_monitors(
                project_id=project)},
            'l7_policies': {o.id for o in lb.l7_policies(
                project_id=project)},
        }

    def test_create_update_in_place_delete(self):
        self.assertIn('load-balancer', self.cloud.endpoints)
        before = self.octavia_objects()
        self.start_heat_vision()
        name = cloud_base.unique('octavia')
        params = {'algorithm': 'ROUND_ROBIN', 'weight': 1, 'path': '/api'}
        stack_id = self.run_stack(name, STACK, params)
        ids = self.physical_ids(name, stack_id)
        lb = self.demo.load_balancer
        for kind, get in (('lb', lb.get_load_balancer),
                          ('listener', lb.get_listener),
                          ('pool', lb.get_pool),
                          ('monitor', lb.get_health_monitor),
                          ('policy', lb.get_l7_policy)):
            self.assertEqual('ACTIVE', get(ids[kind]).provisioning_status,
                             kind)
        member = lb.get_member(ids['member'], ids['pool'])
        self.assertEqual(('ACTIVE', 1, 8080), (
            member.provisioning_status, member.weight, member.protocol_port))
        pool = lb.get_pool(ids['pool'])
        self.assertEqual(ids['monitor'], pool.health_monitor_id)
        self.assertEqual(ids['pool'],
                         lb.get_l7_policy(ids['policy']).redirect_pool_id)
        outputs = self.outputs(name, stack_id)
        self.assertEqual(lb.get_load_balancer(ids['lb']).vip_address,
                         outputs['vip'])
        self.assertEqual([{'id': ids['pool']}], outputs['pools'])
        self.assertEqual([{'id': ids['lb']}], outputs['listener_lbs'])
        self.assertEqual(('10.60.0.10', 8080), (
            outputs['member']['address'], outputs['member']['protocol_port']))

        self.run_stack(name, STACK, {'algorithm': 'LEAST_CONNECTIONS',
                                     'weight': 7, 'path': '/v2'},
                       stack_id=stack_id)
        self.assertEqual(ids, self.physical_ids(name, stack_id))
        self.assertEqual('LEAST_CONNECTIONS',
                         lb.get_pool(ids['pool']).lb_algorithm)
        member = lb.get_member(ids['member'], ids['pool'])
        self.assertEqual((7, 'ACTIVE'),
                         (member.weight, member.provisioning_status))
        self.assertEqual('/v2', lb.get_l7_rule(
            ids['rule'], ids['policy']).rule_value)

        self.delete_stack(name, stack_id)
        self.assertEqual(before, self.octavia_objects())

    def test_admin_flavor_profile_flavor_and_quota(self):
        self.start_heat_vision()
        self.client = self.admin_client()
        lb = self.admin.load_balancer
        project = self.demo.current_project_id
        name = cloud_base.unique('octavia-admin')
        defaults = lb.get_quota(project)
        stack_id = self.run_stack(name, ADMIN_STACK, {
            'project': project, 'description': 'one', 'pools': 4})
        ids = self.physical_ids(name, stack_id)
        flavor = lb.get_flavor(ids['flavor'])
        self.assertEqual((ids['profile'], True, 'one'), (
            flavor.flavor_profile_id, flavor.is_enabled, flavor.description))
        self.assertEqual('amphora',
                         lb.get_flavor_profile(ids['profile']).provider_name)
        self.assertEqual({'profile_of_flavor': ids['profile'],
                          'flavor_of_lb': ids['flavor'],
                          'profile_of_zone': ids['zone_profile']},
                         self.outputs(name, stack_id))
        zone = lb.get_availability_zone(ids['zone'])
        self.assertEqual((ids['zone_profile'], 'one', True), (
            zone.availability_zone_profile_id, zone.description,
            zone.is_enabled))
        self.assertEqual('{"compute_zone": "nova"}',
                         lb.get_availability_zone_profile(
                             ids['zone_profile']).availability_zone_data)
        quota = lb.get_quota(project)
        self.assertEqual((3, 4), (quota.load_balancers, quota.pools))

        self.run_stack(name, ADMIN_STACK, {
            'project': project, 'description': 'two', 'pools': 6},
            stack_id=stack_id)
        self.assertEqual(ids, self.physical_ids(name, stack_id))
        self.assertEqual('two', lb.get_flavor(ids['flavor']).description)
        self.assertEqual('two',
                         lb.get_availability_zone(ids['zone']).description)
        self.assertEqual(6, lb.get_quota(project).pools)

        self.delete_stack(name, stack_id)
        self.assertIsNone(lb.find_flavor(ids['flavor']))
        self.assertIsNone(lb.find_flavor_profile(ids['profile']))
        self.assertIsNone(lb.find_availability_zone(ids['zone']))
        self.assertIsNone(
            lb.find_availability_zone_profile(ids['zone_profile']))
        quota = lb.get_quota(project)
        self.assertEqual((defaults.load_balancers, defaults.pools),
                         (quota.load_balancers, quota.pools))
