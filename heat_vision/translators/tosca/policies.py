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

"""Policies: scaling -> AutoScalingGroup + ScalingPolicy, triggers
(monitoring) -> alarms, placement -> server groups."""

from heat_vision.common.i18n import _
from heat_vision.translators import base
from heat_vision.translators.tosca import nfv_scaling
from heat_vision.translators.tosca import reservation
from heat_vision.translators.tosca import scaling

BASES = ('tosca.policies.Scaling', 'tosca.policies.Monitoring',
         'tosca.policies.Placement', 'tosca.policies.Update',
         'tosca.policies.Performance', 'tosca.policies.Reservation',
         'tosca.policies.Root')
HANDLED = ('tosca.policies.Scaling', 'tosca.policies.Monitoring',
           'tosca.policies.Placement', 'tosca.policies.Reservation')
COMPARISONS = {'greater_than': 'gt', 'greater_or_equal': 'ge',
               'less_than': 'lt', 'less_or_equal': 'le', 'equal': 'eq',
               'gt': 'gt', 'ge': 'ge', 'lt': 'lt', 'le': 'le', 'eq': 'eq'}
HOST_SCOPE = 'nfvi_node'
SENLIN_ACTIONS = {'SCALE_OUT': 'out', 'SCALE_IN': 'in'}
STATISTICS = {'average': 'avg', 'mean': 'avg', 'avg': 'avg', 'min': 'min',
              'minimum': 'min', 'max': 'max', 'maximum': 'max',
              'sum': 'sum', 'count': 'count'}


def base_type(b, tname):
    """The standard policy type ``tname`` derives from."""
    types = b.context.policy_types
    seen = set()
    while tname not in BASES and tname in types and tname not in seen:
        seen.add(tname)
        tname = (types[tname] or {}).get('derived_from')
    return tname if tname in BASES else None


def _policies(b):
    raw = b.topology.get('policies') or []
    if isinstance(raw, dict):
        raw = [{k: v} for k, v in raw.items()]
    for i, item in enumerate(raw):
        if isinstance(item, dict) and len(item) == 1:
            (name, policy), = item.items()
            if isinstance(policy, dict):
                yield name, policy, base.join(b.prefix, 'policies', i,
                                              name)


def targets(b, policy):
    groups = b.topology.get('groups') or {}
    out = []
    found = policy.get('targets')
    if not found:
        # Tacker's tosca.policies.tacker.Scaling names them in its
        # properties (heat-translator tosca_policies_scaling.py).
        found = (policy.get('properties') or {}).get('targets')
    for target in found if isinstance(found, list) else []:
        members = (groups.get(target) or {}).get('members')
        out.extend(members if isinstance(members, list) else [target])
    return out


def translate(b):
    found = [(name, policy, path, base_type(b, policy.get('type')))
             for name, policy, path in _policies(b)]
    groups = {}
    # Placement first: a server scaled into a group's member template
    # keeps its server group (passed in), and the rule spans the members.
    for name, policy, path, kind in found:
        if kind == 'tosca.policies.Placement':
            _placement(b, name, policy, path)
    for name, policy, path, kind in found:
        if kind == 'tosca.policies.Scaling':
            groups[name] = scaling.translate(b, name, policy, path,
                                             targets(b, policy))
    nfv_scaling.translate(b, [(name, policy, path, policy.get('type'))
                              for name, policy, path, _k in found
                              if policy.get('type') in nfv_scaling.TYPES],
                          groups)
    for name, policy, path, kind in found:
        if policy.get('type') in nfv_scaling.TYPES:
            continue
        if kind not in HANDLED and not policy.get('triggers'):
            raise base.fail(base.join(path, 'type'), _(
                'policies of type %s have no HOT equivalent.') % kind)
        if kind == 'tosca.policies.Reservation':
            reservation.translate(b, name, policy, path, groups)
        for trigger, spec in (policy.get('triggers') or {}).items():
            _alarm(b, name, policy, base.join(path, 'triggers', trigger),
                   trigger, spec, groups)


def _placement(b, name, policy, path):
    props = policy.get('properties') or {}
    if props.get('scope', HOST_SCOPE) != HOST_SCOPE:
        # A server group places per host only. Wider scopes are the
        # VNFM's: Tacker sends a zone-scope rule to the NFVO as a
        # placement constraint of its grant and ignores the others
        # (tacker/sol_refactored/common/vnfd_utils.py _get_targets,
        # conductor/vnflcm_driver_v2.py _make_placementconstraints);
        # heat-translator makes nothing of them either
        # (etsi_nfv/common_affinityrule/...common_affinityrule.py).
        b.context.notes.append((base.join(path, 'properties', 'scope'), _(
            'placement at the "%s" scope is not translated: a server group '
            'places per host (nfvi_node) only; the VNFM or the deployer '
            'chooses zones.') % str(props['scope'])[:50]))
        return
    wanted = str(props.get('policy') or policy.get('type')).lower()
    rule = 'anti-affinity' if 'anti' in wanted else 'affinity'
    if props.get('strict') is False:
        # Tacker's placement policy: not strict is Nova's soft rule
        # (heat-translator tosca_policies.py).
        rule = 'soft-' + rule
    b.add(name, {'type': 'OS::Nova::ServerGroup',
                 'properties': {'name': name, 'policies': [rule]}}, path)
    for target in targets(b, policy):
        server = b.resources.get(target)
        if server is None or server['type'] != 'OS::Nova::Server':
            raise base.fail(path + '.targets', _(
                '"%s" is not a Compute node of this template.') % target)
        server['properties']['scheduler_hints'] = {
            'group': {'get_resource': name}}


def _condition(spec, path):
    condition = spec.get('condition') or {}
    if not isinstance(condition, dict):
        raise base.fail(path + '.condition', _('must be a map.'))
    operator = condition.get('comparison_operator')
    threshold = condition.get('threshold')
    constraint = condition.get('constraint')
    if isinstance(constraint, dict) and len(constraint) == 1:
        (operator, threshold), = constraint.items()
    elif isinstance(constraint, str):
        words = constraint.replace('%', '').split()
        if len(words) >= 2:
            operator, threshold = words[-2], words[-1]
    if operator not in COMPARISONS or threshold is None:
        raise base.fail(path + '.condition', _(
            'a trigger needs a comparison (greater_than, less_than, ...) '
            'and a threshold.'))
    try:
        threshold = float(threshold)
    except (TypeError, ValueError):
        raise base.fail(path + '.condition', _('the threshold must be a '
                                               'number.'))
    method = str(condition.get('aggregation_method') or
                 condition.get('method') or 'average').lower()
    return {'comparison_operator': COMPARISONS[operator],
            'threshold': threshold,
            'period': int(condition.get('granularity') or
                          condition.get('period') or 60),
            'evaluation_periods': int(condition.get('evaluations') or 1),
            'statistic': STATISTICS.get(method, 'avg')}


def _alarm(b, name, policy, path, trigger, spec, groups):
    if not isinstance(spec, dict):
        raise base.fail(path, _('a trigger is a map.'))
    props = _condition(spec, path)
    props['meter_name'] = _meter(spec)
    if spec.get('description'):
        props['description'] = str(spec['description'])
    group = _group_of(b, name, policy, spec, groups)
    if group is None:
        labels = [scaling.tag_for_alarms(b.resources[target], name)
                  for target in targets(b, policy)
                  if (b.resources.get(target) or {}).get('type') ==
                  'OS::Nova::Server']
        label = labels[0] if labels else name
    else:
        label = b.alarm_labels.get(group, group)
    props['matching_metadata'] = {scaling.MATCHING_KEY: label}
    if group is not None:
        direction = _direction(spec) or ('out' if props[
            'comparison_operator'] in ('gt', 'ge') else 'in')
        props['alarm_actions'] = [{'get_attr': [
            '%s_scale_%s' % (group, direction), 'alarm_url']}]
        props['repeat_actions'] = True
    b.add('%s_%s_alarm' % (name, trigger),
          {'type': 'OS::Aodh::Alarm', 'properties': props}, path)


def _meter(spec):
    """The meter a trigger watches: ``metric``, or the ``metrics`` of a
    Senlin-style ``event_type: {type: ..., metrics: cpu_util}``.
    """
    for key in ('metric', 'event_type', 'event'):
        value = spec.get(key)
        if isinstance(value, dict):
            value = (value.get('metrics') or value.get('metric') or
                     value.get('type'))
        if value:
            return str(value)
    return 'cpu_util'


def _direction(spec):
    """'out' or 'in' when the trigger's action says so, Senlin-style
    (``action: {name: {type: SCALE_OUT, implementation: ...}}``).
    """
    action = spec.get('action')
    if not isinstance(action, dict):
        return None
    for value in action.values():
        kind = value.get('type') if isinstance(value, dict) else None
        if kind in SENLIN_ACTIONS:
            return SENLIN_ACTIONS[kind]
    return None


def _group_of(b, name, policy, spec, groups):
    """The scaling group an alarm acts on, if any."""
    if name in groups:
        return name
    action = spec.get('action')
    if isinstance(action, dict):
        for key in ('scale_out', 'scale_in', 'resize'):
            if action.get(key) in groups:
                return action[key]
    for target in targets(b, policy):
        for group, members in groups.items():
            if target in members:
                return group
    return None
