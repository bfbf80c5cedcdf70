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

"""OS::Neutron::SecurityGroup and OS::Neutron::SecurityGroupRule."""

from heat_vision.clients import openstack as os_clients
from heat_vision.common.i18n import _
from heat_vision.resources.openstack import base
from heat_vision.resources.openstack import neutron_base
from heat_vision.template import constraints

Schema = base.Schema
prop = base.prop

DIRECTIONS = ['ingress', 'egress']
ETHERTYPES = ['IPv4', 'IPv6']
REMOTE_MODES = ['remote_ip_prefix', 'remote_group_id']
_PORT = [constraints.Range(min=0, max=65535)]
#: The fields that tell two rules apart.
RULE_FIELDS = ('direction', 'ethertype', 'protocol', 'port_range_min',
               'port_range_max', 'remote_ip_prefix', 'remote_group_id')


def rule_properties(group_key):
    """The properties of a rule (``group_key`` names the remote group:
    ``remote_group_id`` in a group's rules, ``remote_group`` alone).
    """
    schema = {
        'direction': prop(Schema.STRING, _('Direction of the traffic.'),
                          default='ingress',
                          constraints=[constraints.AllowedValues(
                              DIRECTIONS)]),
        'ethertype': prop(Schema.STRING, _('IPv4 or IPv6.'),
                          default='IPv4',
                          constraints=[constraints.AllowedValues(
                              ETHERTYPES)]),
        'port_range_min': prop(Schema.INTEGER, _('Lowest port (or ICMP '
                                                 'type).'),
                               constraints=_PORT),
        'port_range_max': prop(Schema.INTEGER, _('Highest port (or ICMP '
                                                 'code).'),
                               constraints=_PORT),
        'protocol': prop(Schema.STRING, _('Protocol (name or number).')),
        'remote_ip_prefix': prop(Schema.STRING,
                                 _('CIDR the traffic comes from or goes '
                                   'to.'),
                                 constraints=[constraints.CustomConstraint(
                                     'cidr')]),
        'description': prop(Schema.STRING, _('Description of the rule.')),
        group_key: prop(Schema.STRING,
                        _('Security group (name or id) the traffic comes '
                          'from or goes to; this group if unset with '
                          'remote_mode remote_group_id.')),
    }
    return schema


class SecurityGroup(neutron_base.NeutronResource):
    """A security group and its rules.

    With rules, the group has exactly those (the egress rules Neutron
    adds by default are removed unless listed); an update adds and
    removes rules in place.
    """

    path, key = '/security-groups', 'security_group'
    ready_statuses = ()

    PROPERTIES = (NAME, DESCRIPTION, RULES, STATEFUL) = (
        'name', 'description', 'rules', 'stateful')

    _rule = rule_properties('remote_group_id')
    _rule['remote_mode'] = prop(
        Schema.STRING, _('Whether remote_ip_prefix or remote_group_id '
                         'gives the other end.'),
        default='remote_ip_prefix',
        constraints=[constraints.AllowedValues(REMOTE_MODES)])

    properties_schema = {
        NAME: prop(Schema.STRING, _('Name of the group.'),
                   update_allowed=True),
        DESCRIPTION: prop(Schema.STRING, _('Description of the group.'),
                          update_allowed=True),
        RULES: prop(Schema.LIST, _('The rules of the group.'),
                    default=[], update_allowed=True,
                    constraints=[constraints.Length(max=1024)],
                    schema=prop(Schema.MAP, _('A rule.'), schema=_rule)),
        STATEFUL: prop(Schema.BOOLEAN, _('Whether the group is stateful.'),
                       default=True, update_allowed=True),
    }
    del _rule
    attributes_schema = {base.SHOW: base.SHOW_SCHEMA}

    def create_body(self, properties):
        return self.body_from(properties, {
            self.DESCRIPTION: 'description', self.STATEFUL: 'stateful'})

    def update_body(self, new_properties, changed):
        return super().update_body(
            new_properties,
            {k: v for k, v in changed.items() if k != self.RULES})

    def wanted_rules(self, rules):
        out = []
        for rule in rules or []:
            body = {k: rule.get(k) for k in RULE_FIELDS
                    if k != 'remote_group_id'}
            if rule.get('remote_mode') == 'remote_group_id':
                body['remote_ip_prefix'] = None
                group = rule.get('remote_group_id')
                body['remote_group_id'] = (
                    self.neutron_id(self.path, self.key, group)
                    if group else self.resource_id)
            else:
                body['remote_group_id'] = None
            if rule.get('description'):
                body['description'] = rule['description']
            out.append(body)
        if rules and not any(r['direction'] == 'egress' for r in out):
            out += [dict(dict.fromkeys(RULE_FIELDS), direction='egress',
                         ethertype=e) for e in ETHERTYPES]
        return out

    def sync_rules(self, rules, keep_defaults):
        """Make the group's rules ``rules`` (properties' rules)."""
        wanted = self.wanted_rules(rules)
        if not wanted and keep_defaults:
            return
        if not wanted:
            wanted = [dict(dict.fromkeys(RULE_FIELDS), direction='egress',
                           ethertype=e) for e in ETHERTYPES]
        have = self.show_object().get('security_group_rules') or []
        matched = []
        for rule in have:
            key = tuple(rule.get(k) for k in RULE_FIELDS)
            found = [w for w in wanted
                     if tuple(w.get(k) for k in RULE_FIELDS) == key]
            if found and found[0] not in matched:
                matched.append(found[0])
            else:
                os_clients.ignoring_missing(
                    self.api, 'DELETE', '/security-group-rules/%s'
                    % rule['id'])
        for rule in wanted:
            if rule in matched:
                continue
            body = base.without_none(dict(rule,
                                          security_group_id=self.resource_id))
            self.api('POST', '/security-group-rules',
                     body={'security_group_rule': body})

    def handle_create(self):
        token = super().handle_create()
        self.sync_rules(self.properties[self.RULES], keep_defaults=True)
        return token

    def handle_update(self, new_properties, changed):
        token = super().handle_update(new_properties, changed)
        if self.RULES in changed:
            self.sync_rules(changed[self.RULES], keep_defaults=False)
        return token


class SecurityGroupRule(neutron_base.NeutronResource):
    """One rule of a security group."""

    path, key = '/security-group-rules', 'security_group_rule'
    name_property = None
    ready_statuses = ()

    SECURITY_GROUP = 'security_group'
    properties_schema = dict(rule_properties('remote_group'), **{
        SECURITY_GROUP: prop(Schema.STRING,
                             _('The group (name or id) of the rule.'),
                             required=True)})
    attributes_schema = {base.SHOW: base.SHOW_SCHEMA}

    def _group(self, value):
        return self.neutron_id('/security-groups', 'security_group', value)

    def create_body(self, properties):
        body = {k: properties.get(k) for k in RULE_FIELDS
                if k != 'remote_group_id'}
        body['security_group_id'] = self._group(
            properties[self.SECURITY_GROUP])
        if properties.get('remote_group'):
            body['remote_group_id'] = self._group(
                properties['remote_group'])
        body['description'] = properties.get('description')
        return base.without_none(body)

    def handle_create(self):
        body = self.create_body(self.properties)
        try:
            made = self.api('POST', self.path, body={self.key: body},
                            key=self.key)
        except base.exception.ServiceConflict:
            # The same rule exists: a dead engine's create made it.
            made = self._same_rule(body)
            if made is None:
                raise
        self.resource_id = made['id']

    def _same_rule(self, body):
        rules = self.api('GET', self.path, key=self.key + 's', params={
            'security_group_id': body['security_group_id']})
        key = tuple(body.get(k) for k in RULE_FIELDS)
        for rule in rules:
            if tuple(rule.get(k) for k in RULE_FIELDS) == key:
                return rule
        return None
