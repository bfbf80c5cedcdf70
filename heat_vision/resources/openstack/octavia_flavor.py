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

"""OS::Octavia::FlavorProfile, OS::Octavia::Flavor and OS::Octavia::Quota
(an admin's, by Octavia's default policies).

As Heat's heat/engine/resources/openstack/octavia/flavor_profile.py,
flavor.py and quota.py: a profile's ``flavor_data`` is a JSON string
(Heat's ``json_string`` constraint); a flavor names its profile by name
or id; profiles and flavors have no provisioning status (made by the
POST). The quota sets the limits it is given for a project and puts the
project back on Octavia's defaults when deleted.
"""

import json

from heat_vision.common.i18n import _
from heat_vision.resources.openstack import base
from heat_vision.resources.openstack import octavia_base
from heat_vision.resources.openstack import quotas

Schema = base.Schema
prop = base.prop
attr = base.attr


def check_json(properties, name, path):
    """Property ``name`` is a JSON string (Heat's ``json_string``), when
    known.
    """
    known = octavia_base.known(properties, (name,))
    if not known or known[0] is None:
        return
    try:
        json.loads(known[0])
    except ValueError as error:
        octavia_base.refuse(_('%(name)s is not a JSON string: %(error)s')
                            % {'name': name, 'error': error},
                            list(path) + [name])


class FlavorProfile(octavia_base.OctaviaResource):
    """Provider-specific settings a flavor points at."""

    path, key = '/lbaas/flavorprofiles', 'flavorprofile'
    ready_statuses = ()

    properties_schema = {
        'name': prop(Schema.STRING, _('Name of this Flavor Profile.'),
                     update_allowed=True),
        'flavor_data': prop(Schema.STRING,
                            _('JSON string containing the flavor metadata.'),
                            required=True, update_allowed=True,
                            constraints=[base.constraints.Length(
                                max=4096)]),
        'provider_name': prop(Schema.STRING,
                              _('Provider name of this Flavor Profile.'),
                              update_allowed=True),
    }
    attributes_schema = {base.SHOW: base.SHOW_SCHEMA}
    live_keys = {'flavor_data': 'flavor_data'}

    @classmethod
    def validate_properties(cls, properties, path):
        check_json(properties, 'flavor_data', path)


class Flavor(octavia_base.OctaviaResource):
    """A flavor of load balancers, for their ``flavor`` property."""

    path, key = '/lbaas/flavors', 'flavor'
    ready_statuses = ()
    references = {'flavor_profile': 'flavor_profile_id'}

    properties_schema = {
        'description': prop(Schema.STRING, _('Description of this Flavor.'),
                            default='', update_allowed=True),
        'enabled': prop(Schema.BOOLEAN,
                        _('If the resource if available for use.'),
                        default=True, update_allowed=True),
        'name': prop(Schema.STRING, _('Name of this Flavor.'),
                     update_allowed=True),
        'flavor_profile': prop(Schema.STRING,
                               _('The ID or the name of the Flavor '
                                 'Profile.'),
                               required=True,
                               constraints=base.name_or_id(
                                   'octavia.flavorprofile')),
    }
    attributes_schema = {
        'flavor_profile_id': attr(_('The ID of the flavor profile.'),
                                  'String'),
        base.SHOW: base.SHOW_SCHEMA,
    }
    live_keys = {'description': 'description', 'enabled': 'enabled'}

    def resolve(self, properties):
        if 'flavor_profile' not in properties:
            return {}
        return {'flavor_profile_id': self.octavia_id(
            '/lbaas/flavorprofiles', 'flavorprofile',
            properties['flavor_profile'])}


class OctaviaQuota(quotas.Quota):
    """A project's Octavia quota."""

    service = octavia_base.SERVICE
    path, key = '/lbaas/quotas', 'quota'
    properties_schema = quotas.limits_schema({
        'healthmonitor': _('health monitors'), 'listener': _('listeners'),
        'loadbalancer': _('load balancers'), 'pool': _('pools'),
        'member': _('members')})
    attributes_schema = {base.SHOW: base.SHOW_SCHEMA}
