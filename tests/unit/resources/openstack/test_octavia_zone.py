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

"""OS::Octavia::AvailabilityZoneProfile and AvailabilityZone against a
scripted Octavia (the real one: tests/cloud/openstack/
test_cloud_octavia.py)."""

from heat_vision.common import exception
from heat_vision.resources.openstack import octavia_zone
from heat_vision.template import properties
from tests import base
from tests.unit.resources.openstack import fakes
from tests.unit.resources import utils

PATH = ['resources', 'r', 'properties']


class AvailabilityZoneTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.stack = fakes.CloudStack()
        self.octavia = self.stack.client('octavia')

    def test_zone_data_is_json(self):
        cls = octavia_zone.AvailabilityZoneProfile
        checked = properties.Properties(cls.properties_schema, {
            'availability_zone_data': '{"compute_zone": '}, path=PATH)
        error = self.assertRaises(exception.StackValidationFailed,
                                  cls.validate_properties, checked, PATH)
        self.assertIn('availability_zone_data is not a JSON string',
                      str(error))

    def test_a_profile_is_posted(self):
        profile = utils.make(octavia_zone.AvailabilityZoneProfile, 'p', {
            'availability_zone_data': '{"compute_zone": "nova"}',
            'provider_name': 'amphora'}, stack=self.stack)
        profile.handle_create()
        self.assertTrue(profile.check_create_complete(None))
        [post] = self.octavia.sent('POST')
        self.assertEqual(('/lbaas/availabilityzoneprofiles', {
            'availability_zone_profile': {
                'availability_zone_data': '{"compute_zone": "nova"}',
                'provider_name': 'amphora',
                'name': 'teststack-p-abcdefghijkl'}}), post[1:3])

    def test_a_zone_is_known_by_its_name(self):
        self.octavia.objects['/lbaas/availabilityzoneprofiles/prof'] = {
            'availability_zone_profile': {'id': 'prof-1'}}
        zone = utils.make(octavia_zone.AvailabilityZone, 'z', {
            'availability_zone_profile': 'prof', 'name': 'az1'},
            stack=self.stack)
        zone.handle_create()
        self.assertTrue(zone.check_create_complete(None))
        [post] = self.octavia.sent('POST')
        self.assertEqual(('/lbaas/availabilityzones', {
            'availability_zone': {
                'availability_zone_profile_id': 'prof-1', 'name': 'az1',
                'description': '', 'enabled': True}}), post[1:3])
        self.assertEqual('az1', zone.resource_id)
        zone.old_properties = dict(zone.properties)
        self.assertRaises(exception.UpdateReplace, zone.handle_update,
                          dict(zone.properties, name='az2'),
                          {'name': 'az2'})
        zone.handle_update(dict(zone.properties, enabled=False),
                           {'enabled': False})
        [put] = self.octavia.sent('PUT')
        self.assertEqual(('/lbaas/availabilityzones/az1', {
            'availability_zone': {'enabled': False}}), put[1:3])
