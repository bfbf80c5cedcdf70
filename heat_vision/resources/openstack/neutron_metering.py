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

"""OS::Neutron::MeteringLabel and OS::Neutron::MeteringRule: traffic a
router counts by address range (Neutron's ``metering`` plugin).

After Heat's neutron/metering.py: nothing changes in place (a changed
property replaces the label or the rule).
"""

from heat_vision.common.i18n import _
from heat_vision.resources.openstack import base
from heat_vision.resources.openstack import neutron_base
from heat_vision.template import constraints

Schema = base.Schema
prop = base.prop
attr = base.attr


class MeteringLabel(neutron_base.NeutronResource):
    """A Neutron metering label."""

    path, key = '/metering/metering-labels', 'metering_label'
    ready_statuses = ()

    properties_schema = {
        'name': prop(Schema.STRING, _('Name of the metering label.'),
                     constraints=[constraints.Length(max=255)]),
        'description': prop(Schema.STRING, _('Description.'),
                            constraints=[constraints.Length(max=1024)]),
        'shared': prop(Schema.BOOLEAN, _('Whether the label counts the '
                                         'traffic of every project.'),
                       default=False),
    }
    attributes_schema = {
        'name': attr(_('Name of the label.'), 'String'),
        'description': attr(_('Description of the label.'), 'String'),
        'shared': attr(_('Whether the label is shared.'), 'String'),
        base.SHOW: base.SHOW_SCHEMA,
    }

    def create_body(self, properties):
        return self.body_from(properties, {'description': 'description',
                                           'shared': 'shared'})


class MeteringRule(neutron_base.NeutronResource):
    """A rule of a metering label: an address range it counts."""

    path, key = '/metering/metering-label-rules', 'metering_label_rule'
    name_property = None
    ready_statuses = ()

    properties_schema = {
        'metering_label_id': prop(Schema.STRING, _('The metering label.'),
                                  required=True),
        'remote_ip_prefix': prop(Schema.STRING,
                                 _('The address range (CIDR) counted.'),
                                 required=True, constraints=[
                                     constraints.CustomConstraint('cidr')]),
        'direction': prop(Schema.STRING, _('The traffic\'s direction.'),
                          default='ingress',
                          constraints=[constraints.AllowedValues(
                              ['ingress', 'egress'])]),
        'excluded': prop(Schema.BOOLEAN, _('Whether the range is left out '
                                           'of the label\'s counters.'),
                         default=False),
    }
    attributes_schema = {
        name: attr(_('The rule\'s %s.') % name, 'String') for name in (
            'direction', 'excluded', 'metering_label_id',
            'remote_ip_prefix')}
    attributes_schema[base.SHOW] = base.SHOW_SCHEMA

    def create_body(self, properties):
        return self.body_from(properties, {
            name: name for name in ('metering_label_id', 'remote_ip_prefix',
                                    'direction', 'excluded')})
