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

"""OS::Octavia::AvailabilityZoneProfile and OS::Octavia::AvailabilityZone
(an admin's, by Octavia's default policies).

As Heat's heat/engine/resources/openstack/octavia/
availability_zone_profile.py and availability_zone.py: a profile's
``availability_zone_data`` is a JSON string; a zone names its profile by
name or id and is known by its name (its physical id, as in Heat: Octavia
gives zones no id). Neither has a provisioning status. Octavia changes
only a zone's description and enabled flag in place, so a new zone name
replaces the zone.
"""

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.resources.openstack import base
from heat_vision.resources.openstack import octavia_base
from heat_vision.resources.openstack import octavia_flavor

Schema = base.Schema
prop = base.prop
attr = base.attr
PROFILES = '/lbaas/availabilityzoneprofiles'
PROFILE_KEY = 'availability_zone_profile'


class AvailabilityZoneProfile(octavia_base.OctaviaResource):
    """Provider-specific settings of an availability zone."""

    path, key = PROFILES, PROFILE_KEY
    ready_statuses = ()
    data_property = 'availability_zone_data'

    properties_schema = {
        'name': prop(Schema.STRING,
                     _('Name of this Availability Zone Profile.'),
                     update_allowed=True),
        data_property: prop(Schema.STRING,
                            _('JSON string containing the availability '
                              'zone metadata.'),
                            required=True, update_allowed=True,
                            constraints=[base.constraints.Length(
                                max=4096)]),
        'provider_name': prop(Schema.STRING,
                              _('Provider name of this Availability '
                                'Zone.'),
                              update_allowed=True),
    }
    attributes_schema = {base.SHOW: base.SHOW_SCHEMA}
    live_keys = {data_property: data_property}

    @classmethod
    def validate_properties(cls, properties, path):
        octavia_flavor.check_json(properties, cls.data_property, path)


class AvailabilityZone(octavia_base.OctaviaResource):
    """An availability zone of load balancers (by its name)."""

    path, key = '/lbaas/availabilityzones', 'availability_zone'
    ready_statuses = ()
    references = {'availability_zone_profile':
                  'availability_zone_profile_id'}

    properties_schema = {
        'description': prop(Schema.STRING,
                            _('Description of this Availability Zone.'),
                            default='', update_allowed=True),
        'enabled': prop(Schema.BOOLEAN,
                        _('If the resource if available for use.'),
                        default=True, update_allowed=True),
        'name': prop(Schema.STRING, _('Name of this Availability Zone '
                                      '(a new one replaces the zone).'),
                     update_allowed=True),
        'availability_zone_profile': prop(
            Schema.STRING, _('The ID or the name of the Availability Zone '
                             'Profile.'), required=True),
    }
    attributes_schema = {
        'availability_zone_profile_id': attr(
            _('The ID of the availability zone profile.'), 'String'),
        base.SHOW: base.SHOW_SCHEMA,
    }
    live_keys = {'description': 'description', 'enabled': 'enabled'}

    def resolve(self, properties):
        if 'availability_zone_profile' not in properties:
            return {}
        return {'availability_zone_profile_id': self.octavia_id(
            PROFILES, PROFILE_KEY,
            properties['availability_zone_profile'])}

    def handle_create(self):
        name = self.object_name(self.properties)
        body = self.create_body(self.properties)
        body['name'] = name
        try:
            self.api('POST', self.path, body={self.key: body}, key=self.key)
        except exception.ServiceConflict:
            if self.properties.get('name'):
                raise
            # Made by a dead engine's create: the name is this resource's.
        self.resource_id = name

    def check_create_complete(self, token):
        return True

    def handle_update(self, new_properties, changed):
        if 'name' in changed and self.object_name(
                new_properties) != self.resource_id:
            raise exception.UpdateReplace(self.name)
        return super().handle_update(
            new_properties, {k: v for k, v in changed.items()
                             if k != 'name'})
