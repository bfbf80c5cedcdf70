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

"""Neutron and Cinder plugins: bodies, validation, polling, in-place
updates and take-over, against a scripted service."""

from heat_vision.common import exception
from heat_vision.resources.openstack import cinder
from heat_vision.resources.openstack import neutron_net
from heat_vision.resources.openstack import neutron_port
from heat_vision.resources.openstack import neutron_router
from heat_vision.resources.openstack import neutron_secgroup
from heat_vision.template import properties
from tests import base
from tests.unit.resources.openstack import fakes
from tests.unit.resources import utils

PATH = ['resources', 'r', 'properties']


def _egress(ethertype):
    return {'id': 'eg-' + ethertype, 'direction': 'egress',
            'ethertype': ethertype, 'protocol': None,
            'port_range_min': None, 'port_range_max': None,
            'remote_ip_prefix': None, 'remote_group_id': None}


class ValidationTest(base.TestCase):

    def check(self, cls, props):
        checked = properties.Properties(cls.properties_schema, props,
                                        path=PATH)
        checked.validate()
        cls.validate_properties(checked, PATH)

    def test_a_subnet_needs_a_cidr_or_a_pool(self):
        error = self.assertRaises(exception.StackValidationFailed,
                                  self.check, neutron_net.Subnet,
                                  {'network': 'n'})
        self.assertIn('cidr', str(error))
        self.check(neutron_net.Subnet, {'network': 'n',
                                        'cidr': '10.0.0.0/24'})

    def test_bad_values_are_refused_with_their_path(self):
        cases = [
            (neutron_net.Subnet, {'network': 'n', 'cidr': '10.0.0.0/24',
                                  'ip_version': 5}, 'ip_version'),
            (neutron_net.Subnet, {'network': 'n', 'cidr': 'not-a-cidr'},
             'cidr'),
            (neutron_port.Port, {'network': 'n', 'fixed_ips': [
                {'ip_address': '10.0.0.300'}]}, 'fixed_ips'),
            (neutron_secgroup.SecurityGroup, {'rules': [
                {'port_range_min': 70000}]}, 'port_range_min'),
            (neutron_secgroup.SecurityGroup, {'rules': [
                {'direction': 'sideways'}]}, 'direction'),
            (cinder.Volume, {'size': 0}, 'size'),
            (neutron_port.Port, {'network': 'n', 'unknown': 1}, 'unknown'),
            (neutron_port.Port, {}, 'network'),
        ]
        for cls, props, where in cases:
            with self.subTest(props=props):
                error = self.assertRaises(exception.StackValidationFailed,
                                          self.check, cls, props)
                self.assertIn(where, str(error))
                self.assertIn('resources.r.properties', str(error))

    def test_a_router_interface_takes_a_subnet_or_a_port(self):
        for props in ({'router': 'r'},
                      {'router': 'r', 'subnet': 's', 'port': 'p'}):
            self.assertRaises(exception.StackValidationFailed, self.check,
                              neutron_router.RouterInterface, props)
        self.check(neutron_router.RouterInterface,
                   {'router': 'r', 'subnet': 's'})


class NeutronTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.stack = fakes.CloudStack()
        self.neutron = self.stack.client('neutron')

    def make(self, cls, props):
        return utils.make(cls, 'r', props, stack=self.stack)

    def test_net_create_polls_and_tags(self):
        plugin = self.make(neutron_net.Net, {'tags': ['a']})
        plugin.handle_create()
        [post] = self.neutron.sent('POST', '/networks')
        self.assertEqual({'network': {
            'admin_state_up': True, 'shared': False,
            'name': 'teststack-r-abcdefghijkl'}}, post[2])
        self.assertEqual([('PUT', '/networks/new-id/tags',
                           {'tags': ['a']}, None)],
                         self.neutron.sent('PUT'))
        self.neutron.objects['/networks/new-id'] = [
            {'network': {'status': 'BUILD'}},
            {'network': {'status': 'ACTIVE'}}]
        self.assertFalse(plugin.check_create_complete(None))
        self.assertTrue(plugin.check_create_complete(None))

    def test_take_over_adopts_the_net_of_its_physical_name(self):
        self.neutron.answers[('GET', '/networks')] = {'networks': [
            {'id': 'made-before', 'name': 'teststack-r-abcdefghijkl'}]}
        plugin = self.make(neutron_net.Net, {})
        plugin.handle_create()
        self.assertEqual('made-before', plugin.resource_id)
        self.assertEqual([], self.neutron.sent('POST'))

    def lost_answers(self, *answers):
        """POSTs of networks answered in turn by ``answers`` (an
        exception is raised, as when no answer came).
        """
        answers = list(answers)
        api = self.neutron.api

        def answer(method, path, **kwargs):
            if method == 'POST' and answers:
                api(method, path, **kwargs)
                given = answers.pop(0)
                if isinstance(given, Exception):
                    raise given
                return given
            return api(method, path, **kwargs)
        self.neutron.api = answer

    def test_a_post_whose_answer_was_lost_keeps_what_it_made(self):
        # keystoneauth would have sent the POST again and made a second
        # network (connect_retries): the create looks for it first.
        timed_out = exception.ServiceUnavailable(
            service='Neutron', status=None, reason='Request to '
            'http://127.0.0.1:9696/v2.0/networks timed out')
        self.lost_answers(timed_out)
        plugin = self.make(neutron_net.Net, {})
        # The take-over's look-up finds nothing; the POST's answer is
        # lost; the network it made is found by its name.
        listed = iter([{'networks': []}, {'networks': [
            {'id': 'other', 'name': 'another'},
            {'id': 'made', 'name': 'teststack-r-abcdefghijkl'}]}])
        api = self.neutron.api

        def listing(method, path, **kwargs):
            if (method, path) == ('GET', '/networks'):
                api(method, path, **kwargs)
                return next(listed)[kwargs.get('key') or 'networks']
            return api(method, path, **kwargs)
        self.neutron.api = listing
        plugin.handle_create()
        self.assertEqual('made', plugin.resource_id)
        self.assertEqual(1, len(self.neutron.sent('POST')))
        self.assertEqual([0], [retries for call, retries in zip(
            self.neutron.calls, self.neutron.asked_connect_retries)
            if call[0] == 'POST'])

    def test_a_post_whose_answer_was_lost_is_sent_again(self):
        timed_out = exception.ServiceUnavailable(
            service='Neutron', status=None, reason='timed out')
        self.lost_answers(timed_out, {'id': 'second'})
        plugin = self.make(neutron_net.Net, {})
        plugin.handle_create()
        self.assertEqual('second', plugin.resource_id)
        self.assertEqual(2, len(self.neutron.sent('POST')))

    def test_a_service_error_is_not_posted_again(self):
        failed = exception.ServiceUnavailable(
            service='Neutron', status=500, reason='Internal Server Error')
        self.lost_answers(failed, {'id': 'second'})
        plugin = self.make(neutron_net.Net, {})
        self.assertRaises(exception.ServiceUnavailable, plugin.handle_create)
        self.assertEqual(1, len(self.neutron.sent('POST')))

    def test_no_answer_three_times_fails_the_create(self):
        timed_out = exception.ServiceUnavailable(
            service='Neutron', status=None, reason='timed out')
        self.lost_answers(timed_out, timed_out, timed_out, {'id': 'fourth'})
        plugin = self.make(neutron_net.Net, {})
        self.assertRaises(exception.ServiceUnavailable, plugin.handle_create)
        self.assertEqual(3, len(self.neutron.sent('POST')))

    def test_a_name_the_template_chose_is_never_adopted(self):
        plugin = self.make(neutron_net.Net, {'name': 'shared-name'})
        plugin.handle_create()
        self.assertEqual([], self.neutron.sent('GET', '/networks'))
        self.assertEqual(1, len(self.neutron.sent('POST')))

    def test_update_puts_only_what_changed(self):
        plugin = self.make(neutron_net.Net, {})
        plugin.resource_id = 'n1'
        plugin.handle_update(dict(plugin.properties, admin_state_up=False),
                             {'admin_state_up': False})
        self.assertEqual([('PUT', '/networks/n1',
                           {'network': {'admin_state_up': False}}, None)],
                         self.neutron.sent('PUT'))

    def test_delete_of_something_gone_is_done(self):
        plugin = self.make(neutron_net.Net, {})
        plugin.resource_id = 'n1'
        self.neutron.answers[('DELETE', '/networks/n1')] = \
            exception.ServiceObjectNotFound(service='Neutron', status=404,
                                            reason='gone')
        plugin.handle_delete()
        self.assertTrue(plugin.check_delete_complete(None))

    def test_security_group_rules_are_added_in_place(self):
        rule = {'protocol': 'tcp', 'port_range_min': 22,
                'port_range_max': 22, 'remote_ip_prefix': '0.0.0.0/0'}
        plugin = self.make(neutron_secgroup.SecurityGroup,
                           {'rules': [rule]})
        plugin.resource_id = 'sg'
        existing = dict(_egress('IPv4'), id='r1', direction='ingress',
                        **rule)
        self.neutron.objects['/security-groups/sg'] = {'security_group': {
            'security_group_rules': [existing, _egress('IPv4'),
                                     _egress('IPv6')]}}
        icmp = {'protocol': 'icmp', 'remote_ip_prefix': '0.0.0.0/0'}
        new = dict(plugin.properties, rules=[rule, icmp])
        checked = utils.make(neutron_secgroup.SecurityGroup, 'x',
                             {'rules': [rule, icmp]}).properties['rules']
        plugin.handle_update(new, {'rules': checked})
        [post] = self.neutron.sent('POST', '/security-group-rules')
        self.assertEqual({'security_group_rule': {
            'direction': 'ingress', 'ethertype': 'IPv4',
            'protocol': 'icmp', 'remote_ip_prefix': '0.0.0.0/0',
            'security_group_id': 'sg'}}, post[2])
        self.assertEqual([], self.neutron.sent('DELETE'))

    def test_a_group_with_rules_loses_the_default_egress_not_listed(self):
        plugin = self.make(neutron_secgroup.SecurityGroup, {'rules': [
            {'direction': 'egress', 'remote_ip_prefix': '10.0.0.0/8'}]})
        self.neutron.objects['/security-groups/new-id'] = {
            'security_group': {'security_group_rules': [
                _egress('IPv4'), _egress('IPv6')]}}
        plugin.handle_create()
        deleted = {c[1] for c in self.neutron.sent('DELETE')}
        self.assertEqual({'/security-group-rules/eg-IPv4',
                          '/security-group-rules/eg-IPv6'}, deleted)
        self.assertEqual(1, len(self.neutron.sent('POST',
                                                  '/security-group-rules')))

    def test_router_interface_id_and_delete(self):
        self.neutron.objects['/routers/rt'] = {'router': {'id': 'rt'}}
        self.neutron.objects['/subnets/sn'] = {'subnet': {'id': 'sn'}}
        plugin = self.make(neutron_router.RouterInterface,
                           {'router': 'rt', 'subnet': 'sn'})
        plugin.handle_create()
        self.assertEqual('rt:subnet_id=sn', plugin.resource_id)
        self.neutron.answers[('PUT', '/routers/rt/remove_router_interface')
                             ] = exception.ServiceObjectNotFound(
            service='Neutron', status=404, reason='gone')
        plugin.handle_delete()
        self.assertEqual({'subnet_id': 'sn'}, self.neutron.sent(
            'PUT', '/routers/rt/remove_router_interface')[0][2])


class VolumeTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.stack = fakes.CloudStack()
        self.cinder = self.stack.client('cinder')

    def volume(self, **props):
        plugin = utils.make(cinder.Volume, 'vol', dict({'size': 1}, **props),
                            stack=self.stack)
        plugin.resource_id = 'v1'
        return plugin

    def test_create_polls_until_available(self):
        plugin = self.volume()
        self.cinder.objects['/volumes/v1'] = [
            {'volume': {'status': 'creating'}},
            {'volume': {'status': 'available'}}]
        self.assertFalse(plugin.check_create_complete(None))
        self.assertTrue(plugin.check_create_complete(None))

    def test_error_fails_the_create(self):
        plugin = self.volume()
        self.cinder.objects['/volumes/v1'] = {'volume': {'status': 'error'}}
        self.assertRaises(exception.ServiceObjectFailed,
                          plugin.check_create_complete, None)

    def test_a_larger_size_extends_in_place_and_waits(self):
        plugin = self.volume()
        self.cinder.objects['/volumes/v1'] = [
            {'volume': {'status': 'available', 'size': 1}},
            {'volume': {'status': 'extending', 'size': 1}},
            {'volume': {'status': 'available', 'size': 2}}]
        token = plugin.handle_update(dict(plugin.properties, size=2),
                                     {'size': 2})
        self.assertFalse(plugin.check_update_complete(token))
        self.assertEqual([{'os-extend': {'new_size': 2}}], [
            c[2] for c in self.cinder.sent('POST', '/volumes/v1/action')])
        self.assertFalse(plugin.check_update_complete(token))
        self.assertTrue(plugin.check_update_complete(token))

    def in_use(self, size=1, status='in-use'):
        return {'volume': {'status': status, 'size': size, 'attachments': [
            {'server_id': 's1', 'device': '/dev/vdb'}] if status == 'in-use'
            else []}}

    def test_an_attached_volume_extends_in_place_from_3_42(self):
        self.cinder.microversions.add('3.42')
        plugin = self.volume()
        self.cinder.objects['/volumes/v1'] = [self.in_use(),
                                              self.in_use(size=2)]
        token = plugin.handle_update(dict(plugin.properties, size=2),
                                     {'size': 2})
        self.assertFalse(plugin.check_update_complete(token))
        self.assertTrue(plugin.check_update_complete(token))
        [extend] = self.cinder.sent('POST', '/volumes/v1/action')
        self.assertEqual({'os-extend': {'new_size': 2}}, extend[2])
        self.assertIn('3.42', self.cinder.asked_microversions)
        self.assertEqual([], self.stack.client('nova').calls)

    def test_an_older_cinder_detaches_extends_attaches(self):
        nova = self.stack.client('nova')
        plugin = self.volume()
        self.cinder.objects['/volumes/v1'] = [
            self.in_use(), self.in_use(status='detaching'),
            self.in_use(status='available'), self.in_use(status='available'),
            self.in_use(size=2, status='available'),
            self.in_use(size=2, status='attaching'), self.in_use(size=2)]
        token = plugin.handle_update(dict(plugin.properties, size=2),
                                     {'size': 2})
        steps = [list(step)[0] for step in token['steps']]
        self.assertEqual(['detach', 'extend', 'attach'], steps)
        for _i in range(20):
            if plugin.check_update_complete(token):
                break
        else:
            self.fail('the update did not end')
        self.assertEqual(['/servers/s1/os-volume_attachments/v1'],
                         [c[1] for c in nova.sent('DELETE')])
        [attach] = nova.sent('POST', '/servers/s1/os-volume_attachments')
        self.assertEqual({'volumeAttachment': {
            'volumeId': 'v1', 'device': '/dev/vdb'}}, attach[2])
        self.assertNotIn('3.42', self.cinder.asked_microversions)

    def test_snapshot_policy_backs_the_volume_up_first(self):
        plugin = self.volume()
        self.cinder.answers[('POST', '/backups')] = {'backup': {
            'id': 'b1'}}
        self.cinder.objects['/backups/b1'] = [
            {'backup': {'status': 'creating'}},
            {'backup': {'status': 'available'}}]
        token = plugin.handle_snapshot_delete(('CREATE', 'COMPLETE'))
        [call] = self.cinder.sent('POST', '/backups')
        self.assertEqual('v1', call[2]['backup']['volume_id'])
        self.assertFalse(plugin.check_snapshot_delete_complete(token))
        self.assertTrue(plugin.check_snapshot_delete_complete(token))
        self.assertEqual('b1', plugin.data['backup_id'])
        self.cinder.objects['/backups/b1'] = {'backup': {
            'status': 'error', 'fail_reason': 'no space'}}
        exc = self.assertRaises(exception.ServiceObjectFailed,
                                plugin.check_snapshot_delete_complete,
                                token)
        self.assertIn('no space', str(exc))
        self.assertIsNone(plugin.handle_snapshot_delete(('CREATE',
                                                         'FAILED')))

    def test_a_size_changed_outside_is_named_by_check(self):
        plugin = self.volume(metadata={'a': 1})
        self.cinder.objects['/volumes/v1'] = {'volume': {
            'status': 'available', 'size': 3, 'metadata': {'a': '1'},
            'name': plugin.physical_resource_name(), 'description': None}}
        self.assertEqual({'size': (1, 3)}, plugin.drifted())
        self.assertEqual(3, plugin.live_state()['size'])

    def test_a_volume_cannot_shrink(self):
        plugin = self.volume(size=2)
        self.cinder.objects['/volumes/v1'] = {'volume': {
            'status': 'available', 'size': 2}}
        self.assertRaises(exception.Invalid, plugin.handle_update,
                          dict(plugin.properties, size=1), {'size': 1})

    def test_take_over_adopts_only_a_volume_of_its_name(self):
        self.cinder.answers[('GET', '/volumes/detail')] = {'volumes': [
            {'id': 'someone-elses', 'name': 'other'}]}
        plugin = utils.make(cinder.Volume, 'vol', {'size': 1},
                            stack=self.stack)
        plugin.handle_create()
        self.assertEqual('new-id', plugin.resource_id)
        self.cinder.answers[('GET', '/volumes/detail')] = {'volumes': [
            {'id': 'made-before', 'name': 'teststack-vol-abcdefghijkl'}]}
        plugin = utils.make(cinder.Volume, 'vol', {'size': 1},
                            stack=self.stack)
        plugin.handle_create()
        self.assertEqual('made-before', plugin.resource_id)

    def test_attributes_read_the_volume(self):
        plugin = self.volume()
        self.cinder.objects['/volumes/v1'] = {'volume': {
            'status': 'available', 'name': 'n', 'metadata': {'a': '1'}}}
        self.assertEqual('n', plugin.get_attribute('display_name'))
        self.assertEqual('1', plugin.get_attribute('metadata_values', 'a'))
        self.assertFalse(plugin.get_attribute('encrypted'))


class VolumeAttachmentTest(base.TestCase):

    def test_a_new_server_detaches_then_attaches(self):
        stack = fakes.CloudStack()
        nova, cinder_service = stack.client('nova'), stack.client('cinder')
        plugin = utils.make(cinder.VolumeAttachment, 'att', {
            'instance_uuid': 'old', 'volume_id': 'v1'}, stack=stack)
        plugin.handle_create()
        nova.calls.clear()
        cinder_service.objects['/volumes/v1'] = [
            {'volume': {'status': 'detaching', 'attachments': [
                {'server_id': 'old'}]}},
            {'volume': {'status': 'available', 'attachments': []}},
            {'volume': {'status': 'available', 'attachments': []}},
            {'volume': {'status': 'attaching', 'attachments': []}},
            {'volume': {'status': 'in-use', 'attachments': [
                {'server_id': 'new'}]}}]
        plugin = fakes.rebuilt(plugin, {'instance_uuid': 'new',
                                        'volume_id': 'v1'})
        token = plugin.handle_update(plugin.properties,
                                     {'instance_uuid': 'new'})
        self.assertEqual(['/servers/old/os-volume_attachments/v1'],
                         [c[1] for c in nova.sent('DELETE')])
        # Cinder has the volume back before Nova forgets the attachment.
        nova.objects['/servers/old/os-volume_attachments/v1'] = {
            'volumeAttachment': {'id': 'v1'}}
        self.assertFalse(plugin.check_update_complete(token))
        self.assertFalse(plugin.check_update_complete(token))
        self.assertEqual([], nova.sent('POST'))
        del nova.objects['/servers/old/os-volume_attachments/v1']
        done = [plugin.check_update_complete(token) for _i in range(3)]
        self.assertEqual([False, False, True], done)
        [attach] = nova.sent('POST')
        self.assertEqual(('/servers/new/os-volume_attachments',
                          {'volumeAttachment': {'volumeId': 'v1'}}),
                         attach[1:3])
