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

"""Heat's hidden (deprecated, still accepted) names: each is accepted,
moved to today's name as Heat's translation rules move it, refused next
to today's name where Heat refuses it, and left out of the listing.

Read from heat/engine/resources/openstack/{neutron,nova,cinder,heat}/*.py
(``support_status=support.SupportStatus(status=support.HIDDEN`` and
``translation_rules``).
"""

import types

from heat_vision.common import exception
from heat_vision.engine.actions import update_plan
from heat_vision.engine.formatters import types as formatters_types
from heat_vision.resources.heat import random_string
from heat_vision.resources.openstack import cinder
from heat_vision.resources.openstack import neutron_net
from heat_vision.resources.openstack import neutron_port
from heat_vision.resources.openstack import neutron_router
from heat_vision.resources.openstack import nova_server
from heat_vision.template import properties
from tests import base
from tests.unit.resources.openstack import fakes
from tests.unit.resources import utils

SUBNET, PORT, ROUTER = (neutron_net.Subnet, neutron_port.Port,
                        neutron_router.Router)
IFACE, FIP = neutron_router.RouterInterface, neutron_router.FloatingIP
SERVER, VOLUME = nova_server.Server, cinder.Volume
RANDOM = random_string.RandomString
PATH = ['resources', 'r', 'properties']

# (type, what a template gives, what the plugin sees of it)
MOVED = [
    (SUBNET, {'network_id': 'n', 'cidr': '10.0.0.0/24'},
     {'network': 'n'}),
    (PORT, {'network_id': 'n'}, {'network': 'n'}),
    (PORT, {'network': 'n', 'fixed_ips': [{'subnet_id': 's'}]},
     {'fixed_ips': [{'subnet': 's'}]}),
    (IFACE, {'router_id': 'r', 'subnet': 's'}, {'router': 'r'}),
    (IFACE, {'router': 'r', 'subnet_id': 's'}, {'subnet': 's'}),
    (IFACE, {'router': 'r', 'port_id': 'p'}, {'port': 'p'}),
    (FIP, {'floating_network_id': 'public'},
     {'floating_network': 'public'}),
    (ROUTER, {'l3_agent_id': 'a1'}, {'l3_agent_ids': ['a1']}),
    (ROUTER, {'l3_agent_id': 'a2', 'l3_agent_ids': ['a1']},
     {'l3_agent_ids': ['a1', 'a2']}),
    (VOLUME, {'imageRef': 'cirros', 'size': 1}, {'image': 'cirros'}),
    (SERVER, {'flavor': 'f', 'networks': [{'uuid': 'private'}]},
     {'networks': [{'network': 'private'}]}),
    (SERVER, {'flavor': 'f', 'block_device_mapping_v2': [
        {'image_id': 'cirros', 'volume_size': 1}]},
     {'block_device_mapping_v2': [{'image': 'cirros', 'volume_size': 1}]}),
    (RANDOM, {'sequence': 'digits'},
     {'character_classes': [{'class': 'digits', 'min': 1}]}),
]

# Hidden names Heat accepts without moving them.
KEPT = [
    (SERVER, {'flavor': 'f', 'admin_user': 'cloud-user'}, 'admin_user'),
    (VOLUME, {'size': 1, 'multiattach': True}, 'multiattach'),
    (PORT, {'network': 'n', 'replacement_policy': 'REPLACE_ALWAYS'},
     'replacement_policy'),
]

# Both names at once: Heat's REPLACE rule refuses it.
BOTH = [
    (SUBNET, {'network': 'n', 'network_id': 'm', 'cidr': '10.0.0.0/24'}),
    (PORT, {'network': 'n', 'network_id': 'm'}),
    (PORT, {'network': 'n', 'fixed_ips': [{'subnet': 's',
                                           'subnet_id': 't'}]}),
    (IFACE, {'router': 'r', 'router_id': 'q', 'subnet': 's'}),
    (IFACE, {'router': 'r', 'subnet': 's', 'subnet_id': 't'}),
    (IFACE, {'router': 'r', 'port': 'p', 'port_id': 'q'}),
    (FIP, {'floating_network': 'a', 'floating_network_id': 'b'}),
    (VOLUME, {'size': 1, 'image': 'a', 'imageRef': 'b'}),
    (SERVER, {'flavor': 'f', 'networks': [{'network': 'a',
                                           'uuid': 'b'}]}),
    (SERVER, {'flavor': 'f', 'block_device_mapping_v2': [
        {'image': 'a', 'image_id': 'b', 'volume_size': 1}]}),
]

HIDDEN_TOP = {SUBNET: ['network_id'],
              PORT: ['network_id', 'replacement_policy'],
              ROUTER: ['l3_agent_id'],
              IFACE: ['router_id', 'subnet_id', 'port_id'],
              FIP: ['floating_network_id'],
              VOLUME: ['imageRef', 'multiattach'],
              SERVER: ['admin_user'],
              RANDOM: ['sequence']}


def _checked(cls, props):
    checked = properties.Properties(cls.properties_schema, props,
                                    path=PATH)
    checked.validate()
    cls.validate_properties(checked, PATH)
    return checked.resolved()


def _subset(expected, seen):
    """``seen`` restricted to the keys (and nested keys) of ``expected``."""
    if isinstance(expected, dict):
        return {k: _subset(v, seen.get(k)) for k, v in expected.items()}
    if isinstance(expected, list) and isinstance(seen, list):
        return [_subset(e, s) for e, s in zip(expected, seen)]
    return seen


class HiddenNamesTest(base.TestCase):

    def test_each_hidden_name_moves_to_todays(self):
        for cls, given, seen in MOVED:
            with self.subTest(type=cls.__name__, given=given):
                resolved = _checked(cls, given)
                self.assertEqual(seen, _subset(seen, resolved))
                for old in set(given) & set(HIDDEN_TOP[cls]):
                    self.assertNotIn(old, resolved)

    def test_each_kept_hidden_name_is_accepted(self):
        for cls, given, name in KEPT:
            with self.subTest(type=cls.__name__, name=name):
                self.assertEqual(given[name], _checked(cls, given)[name])

    def test_both_names_are_refused_with_both_named(self):
        for cls, given in BOTH:
            with self.subTest(type=cls.__name__, given=given):
                error = self.assertRaises(exception.StackValidationFailed,
                                          _checked, cls, given)
                self.assertIn('Cannot define the following properties at '
                              'the same time', str(error))

    def test_hidden_names_are_not_listed(self):
        for cls, names in HIDDEN_TOP.items():
            shown = formatters_types.format_schema('T', cls)
            template = formatters_types.generate_template('T', cls, 'hot')
            for name in names:
                with self.subTest(type=cls.__name__, name=name):
                    self.assertIn(name, cls.properties_schema)
                    self.assertNotIn(name, shown['properties'])
                    self.assertNotIn(name, template['parameters'])

    def test_a_hidden_value_still_meets_todays_constraints(self):
        error = self.assertRaises(exception.StackValidationFailed,
                                  _checked, RANDOM, {'sequence': 'runes'})
        self.assertIn('character_classes', str(error))

    def test_first_address_is_read_but_not_listed(self):
        stack = fakes.CloudStack()
        nova = stack.client('nova')
        nova.objects['/servers/s1'] = {'server': {'id': 's1', 'addresses': {
            'a-net': [{'addr': '10.0.0.5'}],
            'b-net': [{'addr': '192.168.0.7'}, {'addr': '192.168.0.8'}],
            'c-net': []}}}
        plugin = utils.make(SERVER, 'web', {'flavor': 'f'}, stack=stack,
                            resource_id='s1')
        # Heat's server_to_ipaddress: the last network by name that has
        # an address (heat/engine/clients/os/nova.py).
        self.assertEqual('192.168.0.7', plugin.get_attribute(
            'first_address'))
        shown = formatters_types.format_schema('OS::Nova::Server', SERVER)
        self.assertNotIn('first_address', shown['attributes'])
        self.assertIn('first_address', SERVER.attributes_schema)


class HiddenNamesReachTheServiceTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.stack = fakes.CloudStack()
        self.neutron = self.stack.client('neutron')
        for kind, ident in (('networks', 'n'), ('subnets', 's'),
                            ('routers', 'r'), ('ports', 'p')):
            self.neutron.objects['/%s/%s' % (kind, ident)] = {
                kind[:-1]: {'id': ident + '-id'}}

    def test_a_port_made_with_old_names(self):
        plugin = utils.make(PORT, 'p', {'network_id': 'n', 'fixed_ips': [
            {'subnet_id': 's', 'ip_address': '10.0.0.9'}]},
            stack=self.stack)
        plugin.handle_create()
        [call] = self.neutron.sent('POST', '/ports')
        self.assertEqual('n-id', call[2]['port']['network_id'])
        self.assertEqual([{'subnet_id': 's-id', 'ip_address': '10.0.0.9'}],
                         call[2]['port']['fixed_ips'])

    def test_a_router_interface_made_with_old_names(self):
        plugin = utils.make(IFACE, 'i', {'router_id': 'r',
                                         'subnet_id': 's'},
                            stack=self.stack)
        plugin.handle_create()
        self.assertEqual('r-id:subnet_id=s-id', plugin.resource_id)

    def test_replace_always_replaces_the_port_on_update(self):
        plugin = utils.make(PORT, 'p', {
            'network': 'n', 'replacement_policy': 'REPLACE_ALWAYS'},
            stack=self.stack, resource_id='p-id')
        self.assertRaises(exception.UpdateReplace, plugin.handle_update,
                          dict(plugin.properties, name='x'), {'name': 'x'})

    def test_random_string_from_a_hidden_sequence(self):
        plugin = utils.make(RANDOM, 'rs', {'sequence': 'digits',
                                           'length': 40})
        plugin.handle_create()
        self.assertTrue(plugin.data['value'].isdigit())


class StoredBeforeTheMoveTest(base.TestCase):
    """Properties a resource stored while a hidden name was its own
    (``sequence``, ``networks: [{uuid}]``) are not a change to replace
    it for, once the name moves.
    """

    def classify(self, cls, stored, given):
        row = types.SimpleNamespace(type='T', action='CREATE',
                                    status='COMPLETE',
                                    properties_data=stored,
                                    rsrc_metadata=None)
        return update_plan.classify(row, 'T', _checked(cls, given), None,
                                    cls.properties_schema)

    def test_a_random_string_is_kept(self):
        stored = {'length': 32, 'sequence': 'digits', 'salt': None,
                  'character_classes': None, 'character_sequences': None}
        change = self.classify(RANDOM, stored, {'sequence': 'digits'})
        self.assertEqual(update_plan.KEEP, change.kind)

    def test_a_server_on_a_network_by_uuid_is_kept(self):
        stored = _checked(SERVER, {'flavor': 'f'})
        stored['networks'] = [{'uuid': 'private'}]
        change = self.classify(SERVER, stored, {
            'flavor': 'f', 'networks': [{'uuid': 'private'}]})
        self.assertEqual(update_plan.KEEP, change.kind)

    def test_a_real_change_still_counts(self):
        stored = _checked(SERVER, {'flavor': 'f'})
        stored['networks'] = [{'uuid': 'private'}]
        change = self.classify(SERVER, stored, {
            'flavor': 'f', 'networks': [{'network': 'public'}]})
        self.assertEqual(update_plan.UPDATE, change.kind)
        self.assertEqual([{'network': 'public'}], change.changed['networks'])
