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

"""tosca.policies.Scaling -> OS::Heat::AutoScalingGroup of a member
template holding the target nodes' resources, and two ScalingPolicy.

The member holds the targets' resources, the per-instance resources they
use (ports, volumes, floating IPs) and everything that refers to a
member resource (attachments, software deployments); what a member uses
from outside becomes a parameter of the member template, and outputs
that read a member resource read the group's ``outputs_list``.
"""

from heat_vision.common.i18n import _
from heat_vision.translators import base
from heat_vision.translators.tosca import inputs

PER_INSTANCE = ('OS::Neutron::Port', 'OS::Cinder::Volume',
                'OS::Neutron::FloatingIP')
REF_FUNCTIONS = ('get_resource', 'get_attr')
#: the kinds of node that become servers (TOSCA Compute, SOL001 VDUs).
SERVERS = ('server', 'vdu')
#: Nova metadata an alarm's ``matching_metadata`` selects samples by.
METERING_KEY = 'metering.server_group'
MATCHING_KEY = 'metadata.user_metadata.server_group'


def _refs(value):
    """The resource names a value refers to."""
    if isinstance(value, list):
        for v in value:
            yield from _refs(v)
    elif isinstance(value, dict):
        if len(value) == 1:
            (key, arg), = value.items()
            if key == 'get_resource' and isinstance(arg, str):
                yield arg
            elif key == 'get_attr' and isinstance(arg, list) and arg:
                yield arg[0]
        for v in value.values():
            yield from _refs(v)


def _rewrite(value, fn):
    if isinstance(value, list):
        return [_rewrite(v, fn) for v in value]
    if isinstance(value, dict):
        if len(value) == 1:
            replaced = fn(value)
            if replaced is not None:
                return replaced
        return {k: _rewrite(v, fn) for k, v in value.items()}
    return value


def _members(b, nodes, path):
    moved = set()
    for node in nodes:
        if b.kinds.get(node) not in SERVERS or node not in b.resources:
            raise base.fail(path + '.targets', _(
                'scaling targets must be Compute nodes of this template; '
                '"%s" is not.') % node)
        moved.add(node)
    changed = True
    while changed:
        changed = False
        for name, resource in b.resources.items():
            if name in moved:
                continue
            refs = set(_refs(resource))
            used_by_member = resource['type'] in PER_INSTANCE and any(
                name in set(_refs(b.resources[m])) for m in moved)
            if refs & moved or used_by_member:
                moved.add(name)
                changed = True
    return moved


def translate(b, name, policy, path, nodes):
    """:returns: the node names in the group."""
    props = policy.get('properties') or {}
    moved = _members(b, nodes, path)
    member = {'heat_template_version': base.HOT_VERSION,
              'parameters': {}, 'resources': {}, 'outputs': {}}
    passed = {}
    filename = '%s_member.yaml' % name

    def outward(ref):
        (key, arg), = ref.items()
        if key == 'get_param' and isinstance(arg, (str, list)):
            pname = arg if isinstance(arg, str) else arg[0]
            if pname.startswith('OS::'):
                return None
            schema = (b.topology.get('inputs') or {}).get(pname)
            member['parameters'][pname] = dict(
                b.extra_parameters.get(pname) or
                _schema_of(b, pname, schema))
            passed[pname] = {'get_param': pname}
            return None
        if key not in REF_FUNCTIONS:
            return None
        target = arg if key == 'get_resource' else arg[0]
        if not isinstance(target, str) or target in moved:
            return None
        pname = '_'.join([target] + [str(a) for a in (
            arg[1:] if key == 'get_attr' else ['id'])])
        member['parameters'][pname] = {'type': 'json' if key == 'get_attr'
                                       else 'string'}
        passed[pname] = ref
        return {'get_param': pname}

    for res in sorted(moved):
        member['resources'][res] = _rewrite(b.resources.pop(res), outward)
        if member['resources'][res]['type'] == 'OS::Nova::Server':
            b.alarm_labels.setdefault(
                name, tag_for_alarms(member['resources'][res], name))
        _move_sources(b, res, filename)

    def inward(ref):
        (key, arg), = ref.items()
        if key not in REF_FUNCTIONS:
            return None
        target = arg if key == 'get_resource' else arg[0]
        if target not in moved:
            return None
        attr = ['id'] if key == 'get_resource' else list(arg[1:])
        oname = '_'.join([target] + [str(a) for a in attr])
        member['outputs'][oname] = {'value': ref}
        return {'get_attr': [name, 'outputs_list', oname]}

    _fix_depends(b, member, moved, name)
    for oname, output in b.outputs.items():
        b.outputs[oname] = _rewrite(output, inward)
    for res in b.resources:
        b.resources[res] = _rewrite(b.resources[res], inward)
    for section in ('parameters', 'outputs'):
        if not member[section]:
            del member[section]
    b.context.hot_files[filename] = base.dump(member)
    default = int(props.get('default_instances', props.get(
        'min_instances', 1)))
    increment = int(props.get('increment', 1))
    cooldown = int(props.get('cooldown', 60))
    group = {'min_size': int(props.get('min_instances', 1)),
             'max_size': int(props.get('max_instances', max(default, 1))),
             'desired_capacity': default,
             'resource': {'type': filename}}
    if passed:
        group['resource']['properties'] = passed
    if 'cooldown' in props:
        group['cooldown'] = cooldown
    resource = {'type': 'OS::Heat::AutoScalingGroup', 'properties': group}
    subnets = _subnets_of(b, passed.values())
    if subnets:
        resource['depends_on'] = subnets
    b.add(name, resource, path)
    for direction, sign in (('out', 1), ('in', -1)):
        scale = {'auto_scaling_group_id': {'get_resource': name},
                 'adjustment_type': 'change_in_capacity',
                 'scaling_adjustment': sign * increment}
        if 'cooldown' in props:
            scale['cooldown'] = cooldown
        b.add('%s_scale_%s' % (name, direction), {
            'type': 'OS::Heat::ScalingPolicy', 'properties': scale}, path)
    return set(nodes) | moved


def _subnets_of(b, refs):
    """The subnets of the networks passed into a member: its ports
    get their addresses from them. Heat orders a port after the subnets
    of its network in one template (neutron/port.py
    ``add_dependencies``); across the member's boundary the group must.
    """
    networks = [ref for ref in refs if list(ref) == ['get_resource']]
    return sorted(
        rname for rname, res in b.resources.items()
        if res.get('type') == 'OS::Neutron::Subnet' and
        (res.get('properties') or {}).get('network') in networks)


def _move_sources(b, res, filename):
    """The source map entries of a resource moved into a member
    template, named in that file.
    """
    prefix = base.join('resources', res)
    for hot_path in [p for p in b.source_map
                     if p == prefix or p.startswith(prefix + '.')]:
        b.context.file_sources[base.in_file(filename, hot_path)] = \
            b.source_map.pop(hot_path)


def tag_for_alarms(server, group):
    """Let alarms select this server's samples: by the label its own
    metadata gives (Tacker's VDUs carry ``metering.server_group`` and
    their triggers name it: tacker/tosca/utils.py ``get_vdu_metadata``,
    ``_process_query_metadata``), else by its group's name.

    :returns: the label.
    """
    props = server.setdefault('properties', {})
    metadata = props.setdefault('metadata', {})
    if not isinstance(metadata, dict):
        return group
    if len(metadata) == 1 and _is_function(next(iter(metadata))):
        # A map given by a parameter (a TOSCA get_input): the label too.
        props['metadata'] = {'map_merge': [metadata, {METERING_KEY: group}]}
        return group
    return metadata.setdefault(METERING_KEY, group)


def _is_function(key):
    return isinstance(key, str) and (key.startswith('get_') or key in (
        'map_merge', 'map_replace', 'yaql', 'if', 'repeat'))


def _fix_depends(b, member, moved, group):
    for res in member['resources'].values():
        if 'depends_on' in res:
            res['depends_on'] = [d for d in res['depends_on'] if d in moved]
    for res in b.resources.values():
        if 'depends_on' in res:
            res['depends_on'] = sorted({group if d in moved else d
                                        for d in res['depends_on']})


def _schema_of(b, pname, schema):
    if schema is None:
        return {'type': 'string'}
    # The value given for the input is the member's default too, as the
    # parent's (heat-translator writes the whole parameter into the
    # member: syntax/hot_resource.py _handle_nested_template).
    return inputs.parameters({pname: schema}, '', b.given)[pname]
