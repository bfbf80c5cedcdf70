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

"""OS::Octavia::L7Policy and OS::Octavia::L7Rule.

As Heat's heat/engine/resources/openstack/octavia/l7policy.py and
l7rule.py: a policy's action decides which of ``redirect_pool`` and
``redirect_url`` it takes; a rule is a sub-object of its policy
(``/lbaas/l7policies/{id}/rules``, body key ``rule``), the policy's id
resolved once at create and kept in ``self.data``.
"""

from heat_vision.common.i18n import _
from heat_vision.resources.openstack import base
from heat_vision.resources.openstack import octavia_base
from heat_vision.template import constraints

Schema = base.Schema
prop = base.prop
attr = base.attr
refuse = octavia_base.refuse

ACTIONS = (REJECT, REDIRECT_TO_POOL, REDIRECT_TO_URL) = (
    'REJECT', 'REDIRECT_TO_POOL', 'REDIRECT_TO_URL')
#: action -> the property naming where it redirects.
TARGETS = {REDIRECT_TO_POOL: 'redirect_pool',
           REDIRECT_TO_URL: 'redirect_url'}
RULE_TYPES = ['HOST_NAME', 'PATH', 'FILE_TYPE', 'HEADER', 'COOKIE']
COMPARE_TYPES = ['REGEX', 'STARTS_WITH', 'ENDS_WITH', 'CONTAINS',
                 'EQUAL_TO']


class L7Policy(octavia_base.OctaviaResource):
    """What a listener does with the requests its rules match."""

    path, key = '/lbaas/l7policies', 'l7policy'
    references = {'listener': 'listener_id',
                  'redirect_pool': 'redirect_pool_id'}

    properties_schema = {
        'name': prop(Schema.STRING, _('Name of the policy.'),
                     update_allowed=True),
        'description': prop(Schema.STRING, _('Description of the policy.'),
                            update_allowed=True),
        'admin_state_up': prop(Schema.BOOLEAN,
                               _('The administrative state of the policy.'),
                               default=True, update_allowed=True),
        'action': prop(Schema.STRING, _('Action type of the policy.'),
                       required=True, update_allowed=True,
                       constraints=[constraints.AllowedValues(
                           list(ACTIONS))]),
        'redirect_pool': prop(Schema.STRING,
                              _('ID or name of the pool for '
                                'REDIRECT_TO_POOL action type.'),
                              update_allowed=True,
                              constraints=base.name_or_id('octavia.pool')),
        'redirect_url': prop(Schema.STRING,
                             _('URL for REDIRECT_TO_URL action type. This '
                               'should be a valid URL string.'),
                             update_allowed=True),
        'position': prop(Schema.NUMBER,
                         _('L7 policy position in ordered policies list. '
                           'This must be an integer starting from 1. If not '
                           'specified, policy will be placed at the tail of '
                           'existing policies list.'),
                         update_allowed=True,
                         constraints=[constraints.Range(
                             1, octavia_base.INT_MAX)]),
        'listener': prop(Schema.STRING,
                         _('ID or name of the listener this policy belongs '
                           'to.'),
                         required=True,
                         constraints=base.name_or_id('octavia.listener')),
    }
    attributes_schema = {
        'rules': attr(_('L7Rules associated with this policy.'), 'List'),
        base.SHOW: base.SHOW_SCHEMA,
    }
    live_keys = {'action': 'action', 'redirect_url': 'redirect_url',
                 'admin_state_up': 'admin_state_up'}

    @classmethod
    def validate_properties(cls, properties, path):
        known = octavia_base.known(properties, (
            'action', 'redirect_pool', 'redirect_url'))
        if known is None:
            return
        action, pool, url = known
        given = {'redirect_pool': pool, 'redirect_url': url}
        if action == REJECT and (pool is not None or url is not None):
            refuse(_('Properties redirect_pool and redirect_url are not '
                     'required when action type is set to REJECT.'), path)
        if action not in TARGETS:
            return
        for other_action, prop in TARGETS.items():
            if other_action != action and given[prop] is not None:
                refuse(_('%(prop)s can only be specified with action '
                         '%(action)s.') % {'prop': prop,
                                           'action': other_action}, path)
        if given[TARGETS[action]] is None:
            refuse(_('Property %(prop)s is required when action type is '
                     'set to %(action)s.') % {'prop': TARGETS[action],
                                              'action': action}, path)

    def create_body(self, properties):
        body = super().create_body(properties)
        if body.get('position') is not None:
            # A NUMBER in Heat's schema; Octavia takes an integer.
            body['position'] = int(body['position'])
        return body

    def resolve(self, properties):
        found = {}
        if 'listener' in properties:
            found['listener_id'] = self.octavia_id(
                '/lbaas/listeners', 'listener', properties['listener'])
        if 'redirect_pool' in properties:
            found['redirect_pool_id'] = self.octavia_id(
                '/lbaas/pools', 'pool', properties['redirect_pool'])
        return found


class L7Rule(octavia_base.OctaviaChild):
    """Which part of a request an L7 policy matches, and how."""

    key = 'rule'
    parent = ('l7policy', '/lbaas/l7policies', 'l7policy')
    children = 'rules'
    references = {'l7policy': 'l7policy_id'}

    properties_schema = {
        'admin_state_up': prop(Schema.BOOLEAN,
                               _('The administrative state of the rule.'),
                               default=True, update_allowed=True),
        'l7policy': prop(Schema.STRING,
                         _('ID or name of L7 policy this rule belongs to.'),
                         required=True,
                         constraints=base.name_or_id('octavia.l7policy')),
        'type': prop(Schema.STRING, _('Rule type.'),
                     required=True, update_allowed=True,
                     constraints=[constraints.AllowedValues(RULE_TYPES)]),
        'compare_type': prop(Schema.STRING, _('Rule compare type.'),
                             required=True, update_allowed=True,
                             constraints=[constraints.AllowedValues(
                                 COMPARE_TYPES)]),
        'invert': prop(Schema.BOOLEAN, _('Invert the compare type.'),
                       default=False, update_allowed=True),
        'key': prop(Schema.STRING,
                    _('Key to compare. Relevant for HEADER and COOKIE types '
                      'only.'),
                    update_allowed=True),
        'value': prop(Schema.STRING, _('Value to compare.'),
                      required=True, update_allowed=True),
    }
    attributes_schema = {base.SHOW: base.SHOW_SCHEMA}
    live_keys = {'type': 'type', 'compare_type': 'compare_type',
                 'value': 'value', 'invert': 'invert'}

    @classmethod
    def validate_properties(cls, properties, path):
        known = octavia_base.known(properties, ('type', 'key'))
        if known and known[0] in ('HEADER', 'COOKIE') and known[1] is None:
            refuse(_('Property key is missing. This property should be '
                     'specified for rules of HEADER and COOKIE types.'),
                   path)
