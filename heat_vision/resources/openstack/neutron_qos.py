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

"""OS::Neutron::QoSPolicy and its rules (Neutron's ``qos`` extension).

As Heat's heat/engine/resources/openstack/neutron/qos.py: a rule is a
sub-object of its policy (``/qos/policies/{id}/<kind>_rules``); the
policy's id is resolved once at create and kept in ``self.data``.
"""

from heat_vision.common.i18n import _
from heat_vision.resources.openstack import base
from heat_vision.resources.openstack import neutron_base
from heat_vision.template import constraints

Schema = base.Schema
prop = base.prop
attr = base.attr


class QoSPolicy(neutron_base.NeutronResource):
    """A Neutron QoS policy."""

    path, key = '/qos/policies', 'policy'
    ready_statuses = ()

    properties_schema = {
        'name': prop(Schema.STRING, _('Name of the QoS policy.'),
                     update_allowed=True),
        'description': prop(Schema.STRING,
                            _('Description of the QoS policy.'),
                            update_allowed=True),
        'shared': prop(Schema.BOOLEAN, _('Whether other projects may use '
                                         'the policy.'),
                       default=False, update_allowed=True),
        'tenant_id': neutron_base.tenant_schema(),
    }
    attributes_schema = {
        'rules': attr(_('The rules of the policy.'), 'List'),
        base.SHOW: base.SHOW_SCHEMA,
    }

    def create_body(self, properties):
        return self.body_from(properties, {'description': 'description',
                                           'shared': 'shared'})


def _rate(description):
    return prop(Schema.INTEGER, description, required=True,
                update_allowed=True,
                constraints=[constraints.Range(min=0, max=2 ** 31 - 1)])


def _direction(allowed=('egress', 'ingress')):
    return prop(Schema.STRING, _('Traffic direction from the point of '
                                 'view of the port.'),
                default='egress', update_allowed=True,
                constraints=[constraints.AllowedValues(list(allowed))])


class QoSRule(neutron_base.NeutronResource):
    """A rule of a QoS policy; subclasses name its kind and fields."""

    name_property = None
    ready_statuses = ()
    #: the rule kind (``'bandwidth_limit'``).
    kind = None
    fields = ()

    common_schema = {
        'policy': prop(Schema.STRING, _('The QoS policy (name or id).'),
                       required=True),
        'tenant_id': prop(Schema.STRING,
                          _('The project owning the rule (admin only).')),
    }
    attributes_schema = {base.SHOW: base.SHOW_SCHEMA}

    @property
    def key(self):
        return self.kind + '_rule'

    @property
    def path(self):
        return '/qos/policies/%s/%ss' % (self.data['policy_id'], self.key)

    def create_body(self, properties):
        return {name: properties[name] for name in self.fields
                if properties.get(name) is not None}

    def handle_create(self):
        self.data['policy_id'] = self.qos_policy_id(
            self.properties['policy'])
        return super().handle_create()

    def handle_delete(self):
        if 'policy_id' not in self.data:
            return None
        return super().handle_delete()

    def check_delete_complete(self, token):
        if 'policy_id' not in self.data:
            return True
        return super().check_delete_complete(token)


class QoSBandwidthLimitRule(QoSRule):
    """A bandwidth limit rule of a QoS policy."""

    kind = 'bandwidth_limit'
    fields = ('max_kbps', 'max_burst_kbps', 'direction')
    properties_schema = dict(QoSRule.common_schema, **{
        'max_kbps': _rate(_('Max bandwidth in kbps.')),
        'max_burst_kbps': prop(Schema.INTEGER,
                               _('Max burst bandwidth in kbps.'),
                               default=0, update_allowed=True,
                               constraints=[constraints.Range(
                                   min=0, max=2 ** 31 - 1)]),
        'direction': _direction(),
    })


class QoSDscpMarkingRule(QoSRule):
    """A DSCP marking rule of a QoS policy."""

    kind = 'dscp_marking'
    fields = ('dscp_mark',)
    MARKS = [0, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36,
             38, 40, 46, 48, 56]
    properties_schema = dict(QoSRule.common_schema, **{
        'dscp_mark': prop(Schema.INTEGER,
                          _('DSCP mark between 0 and 56, except 2-6, 42, '
                            '44, and 50-54.'),
                          required=True, update_allowed=True,
                          constraints=[constraints.AllowedValues(MARKS)]),
    })


class QoSMinimumBandwidthRule(QoSRule):
    """A minimum (guaranteed) bandwidth rule of a QoS policy."""

    kind = 'minimum_bandwidth'
    fields = ('min_kbps', 'direction')
    properties_schema = dict(QoSRule.common_schema, **{
        'min_kbps': _rate(_('Min bandwidth in kbps.')),
        'direction': _direction(),
    })


class QoSMinimumPacketRateRule(QoSRule):
    """A minimum (guaranteed) packet rate rule of a QoS policy."""

    kind = 'minimum_packet_rate'
    fields = ('min_kpps', 'direction')
    properties_schema = dict(QoSRule.common_schema, **{
        'min_kpps': _rate(_('Min packet rate in kpps.')),
        'direction': _direction(('any', 'egress', 'ingress')),
    })
