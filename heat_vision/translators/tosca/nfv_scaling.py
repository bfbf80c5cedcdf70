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

"""SOL 001 scaling: ScalingAspects, VduInitialDelta and
VduScalingAspectDeltas -> one OS::Heat::AutoScalingGroup per aspect.

An aspect's group holds the VDUs its deltas target (one of each per
member, with their ports and volumes, as tosca.policies.Scaling does);
it starts at the VDUs' initial delta, grows by the delta of the aspect's
first step, up to ``max_scale_level`` steps. A member scales its VDUs
together, so they must share their initial delta and their step delta.
"""

from heat_vision.common.i18n import _
from heat_vision.translators import base
from heat_vision.translators.tosca import scaling

ASPECTS = 'tosca.policies.nfv.ScalingAspects'
INITIAL = 'tosca.policies.nfv.VduInitialDelta'
DELTAS = 'tosca.policies.nfv.VduScalingAspectDeltas'
LEVELS = 'tosca.policies.nfv.InstantiationLevels'
VDU_LEVELS = 'tosca.policies.nfv.VduInstantiationLevels'
#: Bitrates per level: not applied (the link's vl_profile gives its QoS,
#: see nfv_link); heat-translator ignores them too
#: (etsi_nfv/tosca_policies_nfv_virtuallinkinstantiationlevels.py).
VL_LEVELS = 'tosca.policies.nfv.VirtualLinkInstantiationLevels'
TYPES = (ASPECTS, INITIAL, DELTAS, LEVELS, VDU_LEVELS, VL_LEVELS)


def _props(policy):
    props = policy.get('properties')
    return props if isinstance(props, dict) else {}


def _instances(level):
    return (level or {}).get('number_of_instances') \
        if isinstance(level, dict) else None


def translate(b, found, groups):
    """Add the groups of the SOL 001 scaling policies in ``found``.

    :param found: ``[(name, policy, path, type)]`` of the template.
    :param groups: ``{group name: its nodes}``, added to.
    """
    aspects, initial, deltas, at_level = {}, {}, {}, {}
    default_level = next((_props(p).get('default_level')
                          for _n, p, _path, t in found if t == LEVELS), None)
    for name, policy, path, ptype in found:
        props = _props(policy)
        if ptype == VDU_LEVELS and default_level:
            for target in policy.get('targets') or []:
                at_level[target] = _instances(
                    (props.get('levels') or {}).get(default_level))
        if ptype == ASPECTS:
            for aspect, spec in (props.get('aspects') or {}).items():
                aspects[aspect] = (spec, base.join(
                    path, 'properties', 'aspects', aspect))
        elif ptype == INITIAL:
            for target in policy.get('targets') or []:
                initial[target] = _instances(props.get('initial_delta'))
        elif ptype == DELTAS:
            if not policy.get('targets'):
                # What would the aspect scale? heat-translator makes
                # scaling policies of a group it never writes; Tacker
                # reads the targets of every deltas policy
                # (tacker/sol_refactored/common/vnfd_utils.py
                # get_scale_vdu_and_num).
                raise base.fail(base.join(path, 'targets'), _(
                    'a VduScalingAspectDeltas policy names the VDUs it '
                    'scales (targets).'))
            deltas.setdefault(props.get('aspect'), []).append(
                (policy, path))
    for aspect, entries in deltas.items():
        if aspect not in aspects:
            raise base.fail(base.join(entries[0][1], 'properties',
                                      'aspect'), _(
                'no ScalingAspects policy declares the aspect "%s".')
                % aspect)
        spec, path = aspects[aspect]
        groups[aspect] = scaling.translate(
            b, aspect, _group_policy(spec, path, entries, initial,
                                     at_level), path,
            [t for policy, _p in entries
             for t in policy.get('targets') or []])


def _group_policy(spec, path, entries, initial, at_level):
    """The group starts at the VDUs' number at the default
    instantiation level, else at their initial delta.
    """
    steps = spec.get('step_deltas') or []
    if not steps:
        raise base.fail(base.join(path, 'step_deltas'), _(
            'an aspect names the delta of its steps.'))
    step, starts, desired = set(), set(), set()
    for policy, ppath in entries:
        size = _instances((_props(policy).get('deltas') or {}).get(
            steps[0]))
        if size is None:
            raise base.fail(base.join(ppath, 'properties', 'deltas'), _(
                'no delta "%s".') % steps[0])
        step.add(size)
        for target in policy.get('targets') or []:
            starts.add(initial.get(target, 1))
            desired.add(at_level.get(target) or initial.get(target, 1))
    if len(step) != 1 or len(starts) != 1 or len(desired) != 1:
        raise base.fail(path, _(
            'the VDUs of one aspect scale together: they need the same '
            'initial delta and the same step delta.'))
    step, start = step.pop(), starts.pop()
    levels = int(spec.get('max_scale_level') or 0)
    return {'properties': {'min_instances': start,
                           'max_instances': start + levels * step,
                           'default_instances': min(
                               desired.pop(), start + levels * step),
                           'increment': step}}
