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

"""tosca.policies.Reservation (Blazar) -> event alarms on the lease.

heat-vision has no OS::Blazar::Lease, so a translation cannot make a
lease: the policy names an existing one (``reservation.properties.
lease_id``) and anything that would describe a new lease is refused at
its path. Each phase's actions name scaling policies of the template;
Blazar's lease notifications fire them through OS::Aodh::EventAlarm:
the lease starting scales out, its end (or the warning before it)
scales in.
"""

import copy

from heat_vision.common.i18n import _
from heat_vision.translators import base

#: (section, Blazar's notification, scaling direction)
PHASES = (('start_actions', 'lease.event.start_lease', 'out'),
          ('before_end_actions', 'lease.event.before_end_lease', 'in'),
          ('end_actions', 'lease.event.end_lease', 'in'))
NO_ACTION = 'noop'
LEASE_ID = 'lease_id'


def translate(b, name, policy, path, groups):
    """Add the event alarms of reservation policy ``name``.

    :param groups: the template's scaling policies (their names).
    :raises: TranslationError naming what cannot be translated.
    """
    where = base.join(path, 'reservation')
    spec = policy.get('reservation')
    if not isinstance(spec, dict):
        raise base.fail(where, _(
            'a Reservation policy translates only with its reservation '
            '(the lease_id of an existing Blazar lease and the actions of '
            'its phases): heat-vision has no OS::Blazar::Lease to make '
            'one.'))
    lease = _lease_query(b, spec.get('properties'),
                         base.join(where, 'properties'))
    for section, event, direction in PHASES:
        actions = _actions(spec.get(section), base.join(where, section),
                           groups, direction)
        if not actions:
            continue
        alarm = {'type': 'OS::Aodh::EventAlarm',
                 'properties': {'event_type': event,
                                'query': copy.deepcopy(lease),
                                'alarm_actions': actions}}
        b.add('%s_%s' % (name, section[:-len('_actions')]), alarm,
              base.join(where, section))


def _lease_query(b, props, where):
    if not isinstance(props, dict) or props.get(LEASE_ID) is None:
        raise base.fail(where, _(
            'needs the lease_id of an existing Blazar lease: heat-vision '
            'has no OS::Blazar::Lease to make one.'))
    for key in props:
        if key != LEASE_ID:
            raise base.fail(base.join(where, key), _(
                'describes a lease to make, and heat-vision has no '
                'OS::Blazar::Lease: reserve with Blazar first and give '
                'the lease_id.'))
    value = b.convert(props[LEASE_ID], base.join(where, LEASE_ID), None)
    return [{'field': 'traits.lease_id', 'op': 'eq', 'value': value}]


def _actions(names, where, groups, direction):
    if names is None:
        return []
    if not isinstance(names, list):
        raise base.fail(where, _('must be a list of scaling policy '
                                 'names.'))
    out = []
    for i, action in enumerate(names):
        if action == NO_ACTION:
            continue
        if action not in groups:
            raise base.fail(base.join(where, i), _(
                '"%s" is not a scaling policy of this template (the only '
                'reservation actions heat-vision can run).') % action)
        out.append({'get_attr': ['%s_scale_%s' % (action, direction),
                                 'alarm_url']})
    return out
