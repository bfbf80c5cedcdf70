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

"""Heat's OS::Octavia::* types against a scripted Octavia: what Heat
checks at validation, the bodies sent (names resolved to ids), the wait
on ``provisioning_status``, and the retries while a load balancer is
immutable. (The real Octavia answers in tests/cloud/openstack/
test_cloud_octavia.py.)"""

from heat_vision.common import exception
from heat_vision.resources.openstack import octavia_flavor
from heat_vision.resources.openstack import octavia_l7
from heat_vision.resources.openstack import octavia_lb
from heat_vision.resources.openstack import octavia_pool
from heat_vision.template import properties
from tests import base
from tests.unit.resources.openstack import fakes
from tests.unit.resources import utils

PATH = ['resources', 'r', 'properties']
IMMUTABLE = exception.ServiceConflict(
    service='Octavia', status=409,
    reason='Load Balancer lb1 is immutable and cannot be updated.')


def check(cls, props):
    checked = properties.Properties(cls.properties_schema, props, path=PATH)
    checked.validate()
    cls.validate_properties(checked, PATH)


class OctaviaValidationTest(base.TestCase):

    def refused(self, cls, props, text):
        error = self.assertRaises(exception.StackValidationFailed, check,
                                  cls, props)
        self.assertIn(text, str(error))

    def test_terminated_https_needs_a_tls_container(self):
        listener = {'protocol_port': 443, 'protocol': 'TERMINATED_HTTPS',
                    'loadbalancer': 'lb'}
        self.refused(octavia_lb.Listener, listener,
                     'default_tls_container_ref required')
        check(octavia_lb.Listener,
              dict(listener, default_tls_container_ref='ref'))

    def test_a_pool_needs_a_listener_or_a_load_balancer(self):
        pool = {'lb_algorithm': 'ROUND_ROBIN', 'protocol': 'HTTP'}
        self.refused(octavia_pool.Pool, pool, 'listener, loadbalancer')
        check(octavia_pool.Pool, dict(pool, loadbalancer='lb'))

    def test_session_persistence_cookie_rules_of_heat(self):
        pool = {'lb_algorithm': 'ROUND_ROBIN', 'protocol': 'HTTP',
                'listener': 'l'}
        self.refused(octavia_pool.Pool, dict(pool, session_persistence={
            'type': 'APP_COOKIE'}), 'cookie_name is required')
        self.refused(octavia_pool.Pool, dict(pool, session_persistence={
            'type': 'SOURCE_IP', 'cookie_name': 'c'}), 'must NOT be')
        check(octavia_pool.Pool, dict(pool, session_persistence={
            'type': 'APP_COOKIE', 'cookie_name': 'c'}))

    def test_l7_policy_actions_take_their_target(self):
        policy = octavia_l7.L7Policy
        self.refused(policy, {'listener': 'l', 'action': 'REJECT',
                              'redirect_url': 'http://x'}, 'not required')
        self.refused(policy, {'listener': 'l',
                              'action': 'REDIRECT_TO_POOL'},
                     'redirect_pool is required')
        self.refused(policy, {'listener': 'l', 'action': 'REDIRECT_TO_URL',
                              'redirect_pool': 'p'},
                     'redirect_pool can only be specified')
        check(policy, {'listener': 'l', 'action': 'REDIRECT_TO_URL',
                       'redirect_url': 'http://x'})

    def test_header_and_cookie_rules_need_a_key(self):
        rule = {'l7policy': 'p', 'type': 'HEADER',
                'compare_type': 'EQUAL_TO', 'value': 'v'}
        self.refused(octavia_l7.L7Rule, rule, 'Property key is missing')
        check(octavia_l7.L7Rule, dict(rule, key='X-Test'))

    def test_flavor_data_is_json(self):
        self.refused(octavia_flavor.FlavorProfile,
                     {'flavor_data': '{"loadbalancer_topology": '},
                     'flavor_data is not a JSON string')
        check(octavia_flavor.FlavorProfile,
              {'flavor_data': '{"loadbalancer_topology": "SINGLE"}'})

    def test_a_quota_sets_some_limit(self):
        self.refused(octavia_flavor.OctaviaQuota, {'project': 'p'},
                     'At least one of the following properties')
        check(octavia_flavor.OctaviaQuota, {'project': 'p', 'pool': -1})

    def test_numbers_are_ranged(self):
        member = {'pool': 'p', 'address': '10.0.0.5', 'protocol_port': 80}
        check(octavia_pool.PoolMember, dict(member, weight=256))
        self.assertRaises(exception.StackValidationFailed, check,
                          octavia_pool.PoolMember, dict(member, weight=257))
        self.assertRaises(exception.StackValidationFailed, check,
                          octavia_lb.Listener, {
                              'protocol_port': 80, 'protocol': 'HTTP',
                              'loadbalancer': 'lb',
                              'connection_limit': -2})
        self.assertRaises(exception.StackValidationFailed, check,
                          octavia_pool.HealthMonitor, {
                              'pool': 'p', 'type': 'HTTP', 'delay': 5,
                              'timeout': 5, 'max_retries': 11})


class OctaviaTypesTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.stack = fakes.CloudStack()
        self.octavia = self.stack.client('octavia')
        self.neutron = self.stack.client('neutron')

    def make(self, cls, props, name='r'):
        return utils.make(cls, name, props, stack=self.stack)

    def lb_is(self, *statuses, path='/lbaas/loadbalancers/new-id'):
        self.octavia.objects[path] = [
            {'loadbalancer': {'id': 'new-id', 'provisioning_status': s}}
            for s in statuses]

    def test_a_load_balancer_is_made_on_the_subnet_named(self):
        self.neutron.objects['/subnets/private'] = {'subnet': {
            'id': 'sub-1', 'name': 'private'}}
        self.lb_is('PENDING_CREATE', 'ACTIVE')
        lb = self.make(octavia_lb.LoadBalancer, {
            'vip_subnet': 'private', 'tenant_id': 'p1'})
        lb.handle_create()
        [post] = self.octavia.sent('POST')
        self.assertEqual(('/lbaas/loadbalancers', {'loadbalancer': {
            'vip_subnet_id': 'sub-1', 'project_id': 'p1',
            'description': '', 'admin_state_up': True,
            'name': 'teststack-r-abcdefghijkl'}}), post[1:3])
        self.assertFalse(lb.check_create_complete(None))
        self.assertTrue(lb.check_create_complete(None))

    def test_a_load_balancer_in_error_fails(self):
        self.neutron.objects['/subnets/s'] = {'subnet': {'id': 's'}}
        self.lb_is('PENDING_CREATE', 'ERROR')
        lb = self.make(octavia_lb.LoadBalancer, {'vip_subnet': 's'})
        lb.handle_create()
        self.assertFalse(lb.check_create_complete(None))
        error = self.assertRaises(exception.ServiceObjectFailed,
                                  lb.check_create_complete, None)
        self.assertIn('ERROR', str(error))

    def test_a_listener_waits_while_its_load_balancer_is_immutable(self):
        self.octavia.objects['/lbaas/loadbalancers/lb'] = {
            'loadbalancer': {'id': 'lb-1'}}
        self.octavia.objects['/lbaas/listeners/new-id'] = {
            'listener': {'id': 'new-id', 'provisioning_status': 'ACTIVE'}}
        self.octavia.answers[('POST', '/lbaas/listeners')] = IMMUTABLE
        listener = self.make(octavia_lb.Listener, {
            'loadbalancer': 'lb', 'protocol': 'HTTP', 'protocol_port': 80})
        listener.handle_create()
        self.assertIsNone(listener.resource_id)
        self.assertFalse(listener.check_create_complete(None))
        del self.octavia.answers[('POST', '/lbaas/listeners')]
        self.assertTrue(listener.check_create_complete(None))
        self.assertEqual('new-id', listener.resource_id)
        posts = self.octavia.sent('POST', '/lbaas/listeners')
        self.assertEqual(3, len(posts))
        self.assertEqual('lb-1', posts[-1][2]['listener']['loadbalancer_id'])

    def test_another_conflict_fails_at_once(self):
        self.octavia.objects['/lbaas/loadbalancers/lb'] = {
            'loadbalancer': {'id': 'lb-1'}}
        self.octavia.answers[('POST', '/lbaas/listeners')] = \
            exception.ServiceConflict(
                service='Octavia', status=409,
                reason='Another Listener on this Load Balancer is already '
                       'using protocol HTTP and protocol_port 80')
        listener = self.make(octavia_lb.Listener, {
            'loadbalancer': 'lb', 'protocol': 'HTTP', 'protocol_port': 80})
        self.assertRaises(exception.ServiceConflict, listener.handle_create)

    def test_unsetting_the_default_pool_sends_null(self):
        self.octavia.objects['/lbaas/listeners/l1'] = [
            {'listener': {'id': 'l1', 'provisioning_status': s}}
            for s in ('PENDING_UPDATE', 'ACTIVE')]
        listener = utils.make(octavia_lb.Listener, 'r', {
            'loadbalancer': 'lb', 'protocol': 'HTTP', 'protocol_port': 80},
            stack=self.stack, resource_id='l1')
        token = listener.handle_update(listener.properties,
                                       {'default_pool': None,
                                        'connection_limit': 10})
        [put] = self.octavia.sent('PUT')
        self.assertEqual(('/lbaas/listeners/l1', {'listener': {
            'default_pool_id': None, 'connection_limit': 10}}), put[1:3])
        self.assertFalse(listener.check_update_complete(token))
        self.assertTrue(listener.check_update_complete(token))

    def test_an_update_refused_as_immutable_is_sent_again(self):
        self.octavia.objects['/lbaas/pools/p1'] = {
            'pool': {'id': 'p1', 'provisioning_status': 'ACTIVE'}}
        self.octavia.answers[('PUT', '/lbaas/pools/p1')] = IMMUTABLE
        pool = utils.make(octavia_pool.Pool, 'r', {
            'listener': 'l', 'protocol': 'HTTP',
            'lb_algorithm': 'ROUND_ROBIN'}, stack=self.stack,
            resource_id='p1')
        token = pool.handle_update(pool.properties,
                                   {'lb_algorithm': 'SOURCE_IP'})
        self.assertFalse(pool.check_update_complete(token))
        del self.octavia.answers[('PUT', '/lbaas/pools/p1')]
        self.assertTrue(pool.check_update_complete(token))
        self.assertEqual(3, len(self.octavia.sent('PUT')))

    def test_a_member_lives_under_its_pool(self):
        self.octavia.objects['/lbaas/pools/web'] = {'pool': {'id': 'p1'}}
        self.neutron.objects['/subnets/s'] = {'subnet': {'id': 'sub-1'}}
        member_path = '/lbaas/pools/p1/members/new-id'
        self.octavia.objects[member_path] = {'member': {
            'id': 'new-id', 'provisioning_status': 'ACTIVE',
            'address': '10.0.0.5'}}
        member = self.make(octavia_pool.PoolMember, {
            'pool': 'web', 'address': '10.0.0.5', 'protocol_port': 80,
            'subnet': 's'})
        utils.run(member)
        [post] = self.octavia.sent('POST')
        self.assertEqual(('/lbaas/pools/p1/members', {'member': {
            'address': '10.0.0.5', 'protocol_port': 80, 'weight': 1,
            'admin_state_up': True, 'subnet_id': 'sub-1',
            'name': member.physical_resource_name()}}), post[1:3])
        self.assertEqual('10.0.0.5', member.get_attribute('show',
                                                          'address'))
        member = fakes.rebuilt(member, dict(member.properties, weight=5))
        utils.run(member, 'update', member.properties, {'weight': 5})
        [put] = self.octavia.sent('PUT')
        self.assertEqual((member_path, {'member': {'weight': 5}}), put[1:3])
        self.octavia.objects[member_path] = {'member': {
            'id': 'new-id', 'provisioning_status': 'PENDING_DELETE'}}
        token = member.handle_delete()
        self.assertFalse(member.check_delete_complete(token))
        self.octavia.answers[('GET', member_path)] = \
            exception.ServiceObjectNotFound(service='Octavia', status=404,
                                            reason=member_path)
        self.assertTrue(member.check_delete_complete(token))
        self.assertEqual([member_path],
                         [c[1] for c in self.octavia.sent('DELETE')])

    def duplicate_member(self, listed_name):
        """A member whose POST Octavia refuses as a duplicate (the
        pool lists one of the same address and port, named
        ``listed_name``, or the member's own name when None).
        """
        self.octavia.objects['/lbaas/pools/web'] = {'pool': {'id': 'p1'}}
        member = self.make(octavia_pool.PoolMember, {
            'pool': 'web', 'address': '10.0.0.5', 'protocol_port': 80})
        members = '/lbaas/pools/p1/members'
        self.octavia.answers[('POST', members)] = exception.ServiceConflict(
            service='Octavia', status=409,
            reason='Another member on this pool is already using ip '
                   '10.0.0.5 on protocol_port 80')
        self.octavia.answers[('GET', members)] = {'members': [
            {'id': 'other', 'address': '10.0.0.5', 'protocol_port': 8080,
             'name': member.physical_resource_name()},
            {'id': 'made', 'address': '10.0.0.5', 'protocol_port': 80,
             'name': listed_name or member.physical_resource_name()}]}
        self.octavia.objects[members + '/made'] = {'member': {
            'id': 'made', 'provisioning_status': 'ACTIVE'}}
        return member

    def test_a_member_an_earlier_post_made_is_kept(self):
        # A POST re-sent after its answer was lost (keystoneauth's
        # connect_retries), or posted again after an immutable answer,
        # meets the member the first one made.
        member = self.duplicate_member(None)
        utils.run(member)
        self.assertEqual('made', member.resource_id)
        [post] = self.octavia.sent('POST')
        [listed] = self.octavia.sent('GET', '/lbaas/pools/p1/members')
        self.assertEqual({'address': '10.0.0.5', 'protocol_port': 80},
                         listed[3])

    def test_a_member_of_another_name_is_not_taken(self):
        member = self.duplicate_member('another-stacks-member')
        error = self.assertRaises(exception.ServiceConflict, utils.run,
                                  member)
        self.assertIn('already using ip', str(error))
        self.assertIsNone(member.resource_id)

    def test_a_delete_refused_as_immutable_is_asked_again(self):
        self.octavia.objects['/lbaas/healthmonitors/h1'] = {
            'healthmonitor': {'id': 'h1', 'provisioning_status': 'ACTIVE'}}
        self.octavia.answers[('DELETE', '/lbaas/healthmonitors/h1')] = \
            IMMUTABLE
        monitor = utils.make(octavia_pool.HealthMonitor, 'r', {
            'pool': 'p', 'type': 'HTTP', 'delay': 5, 'timeout': 5,
            'max_retries': 3}, stack=self.stack, resource_id='h1')
        token = monitor.handle_delete()
        self.assertFalse(monitor.check_delete_complete(token))
        del self.octavia.answers[('DELETE', '/lbaas/healthmonitors/h1')]
        self.assertFalse(monitor.check_delete_complete(token))
        self.octavia.objects['/lbaas/healthmonitors/h1'] = {
            'healthmonitor': {'id': 'h1', 'provisioning_status': 'DELETED'}}
        self.assertTrue(monitor.check_delete_complete(token))
        self.assertEqual(3, len(self.octavia.sent('DELETE')))

    def test_a_rule_lives_under_its_policy(self):
        self.octavia.objects['/lbaas/l7policies/redirect'] = {
            'l7policy': {'id': 'pol-1'}}
        self.octavia.objects['/lbaas/l7policies/pol-1/rules/new-id'] = {
            'rule': {'id': 'new-id', 'provisioning_status': 'ACTIVE'}}
        rule = self.make(octavia_l7.L7Rule, {
            'l7policy': 'redirect', 'type': 'PATH',
            'compare_type': 'STARTS_WITH', 'value': '/api'})
        utils.run(rule)
        [post] = self.octavia.sent('POST')
        self.assertEqual(('/lbaas/l7policies/pol-1/rules', {'rule': {
            'type': 'PATH', 'compare_type': 'STARTS_WITH', 'value': '/api',
            'invert': False, 'admin_state_up': True}}), post[1:3])

    def test_a_policy_position_is_sent_as_an_integer(self):
        self.octavia.objects['/lbaas/listeners/l'] = {'listener': {
            'id': 'l-1'}}
        policy = self.make(octavia_l7.L7Policy, {
            'listener': 'l', 'action': 'REJECT', 'position': 2})
        policy.handle_create()
        [post] = self.octavia.sent('POST')
        body = post[2]['l7policy']
        self.assertEqual((2, int), (body['position'],
                                    type(body['position'])))
        self.assertEqual('l-1', body['listener_id'])

    def test_a_flavor_names_its_profile(self):
        self.octavia.objects['/lbaas/flavorprofiles/single'] = {
            'flavorprofile': {'id': 'fp-1', 'name': 'single'}}
        flavor = self.make(octavia_flavor.Flavor, {
            'flavor_profile': 'single', 'name': 'small'})
        utils.run(flavor)
        [post] = self.octavia.sent('POST')
        self.assertEqual(('/lbaas/flavors', {'flavor': {
            'flavor_profile_id': 'fp-1', 'name': 'small', 'enabled': True,
            'description': ''}}), post[1:3])
        self.assertEqual([], self.octavia.sent('GET', '/lbaas/flavors/new-id'))

    def test_a_quota_of_a_project_by_name(self):
        keystone = self.stack.client('keystone')
        keystone.objects['/projects/demo'] = {'project': {'id': 'p-1'}}
        quota = self.make(octavia_flavor.OctaviaQuota, {
            'project': 'demo', 'loadbalancer': 5, 'member': -1})
        quota.handle_create()
        [put] = self.octavia.sent('PUT')
        self.assertEqual(('/lbaas/quotas/p-1', {'quota': {
            'loadbalancer': 5, 'member': -1}}), put[1:3])
        quota.handle_delete()
        self.assertEqual(['/lbaas/quotas/p-1'],
                         [c[1] for c in self.octavia.sent('DELETE')])
