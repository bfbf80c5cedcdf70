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

"""Structural comparison of an expected HOT (heat-translator's) with ours.

heat-translator's tests compare with ``CompareUtils.diff_dicts``
(translator/common/utils.py): the whole dicts, ``allowed_values`` and
``depends_on`` as unordered lists. Here the same, except what changes no
stack (the differences doc/source/translators/tosca.rst lists):

- ``heat_template_version`` and ``description`` (we write a newer HOT
  version; a description is text);
- ``depends_on`` (order only; ours follows from the references);
- a parameter's ``description`` and ``label``;
- nested templates are matched through the resource type naming them,
  not by their file names;
- resources are matched by name, else by type and properties (names of
  resources made from relationships, groups and alarms differ), the
  references to them renamed;
- ``get_attr: [server, networks, private, 0]`` (a network named
  "private") and our ``[server, first_address]`` (its first address on
  any network) are the same address in heat-translator's samples;
- a deployment's ``actions: [CREATE]`` (a TOSCA ``create`` runs once)
  and a software config's declared ``inputs``;
- ``get_file`` paths, relative to the document's folder;
- a TOSCA ``get_input`` heat-translator leaves in its HOT is the
  ``get_param`` it means; its ``concat``, a ``str_replace`` of
  ``$s0$s1...``, is our ``list_join`` with '';
- heat-translator's ``X-Container-Read: .r:*`` (every container public);
- its ``OS::Aodh::GnocchiAggregationByResourcesAlarm`` (acting on
  nothing) and our ``OS::Aodh::Alarm`` acting on the scaling group: the
  same meter, period, statistic, comparison and threshold;
- where heat-translator writes a placeholder (``null``: "add your image
  here", a port on no network), our value and the parameter it takes;
  a property Heat requires that heat-translator leaves out (it warns it
  "can not set" it) is such a placeholder (``HEAT_REQUIRED``);
- what no stack can have, where we make nothing in its place: a subnet
  with neither ``cidr`` nor ``subnetpool``, an unnamed network that
  nothing uses (see ``_without_refused``);
- Tacker's port properties as Tacker hands them to Heat
  (``management`` removed, ``anti_spoofing_protection`` ->
  ``port_security_enabled``).
"""

import posixpath
import re

IGNORED_TOP = ('heat_template_version', 'description')
IGNORED_PARAMETER = ('description', 'label')
UNORDERED = ('allowed_values',)


def compare(expected_files, template, files, entry_dir=''):
    """Differences (strings) between heat-translator's files
    ``[(name, dict)]`` (the main template first) and ours.
    """
    global ENTRY_DIR
    ENTRY_DIR = entry_dir
    expected = dict(expected_files)
    main_name = expected_files[0][0]
    diffs = []
    pending = [(main_name, expected[main_name], template, '')]
    seen = set()
    while pending:
        name, want, got, where = pending.pop()
        if name in seen:
            continue
        seen.add(name)
        file_names = {}
        _template(want or {}, got or {}, where, diffs, file_names)
        for theirs, ours in sorted(file_names.items()):
            if theirs not in expected:
                continue
            nested = _load(files.get(ours)) if ours else None
            if nested is None:
                diffs.append('%s%s: no nested template' % (where, theirs))
                continue
            pending.append((theirs, expected[theirs], nested,
                            theirs + ':'))
    return diffs


def _load(text):
    import yaml
    if text is None:
        return None
    return yaml.safe_load(text) if isinstance(text, str) else text


ENTRY_DIR = ''


OWN_NAME = '<its resource name>'
#: heat-translator's placeholders (Tacker substitutes them).
PLACEHOLDERS = (None, 'DESIRED_CAPACITY')


def _own_names(template):
    """A ``name`` property that repeats the resource's name: naming."""
    out = dict(template)
    resources = {}
    for name, res in (template.get('resources') or {}).items():
        props = res.get('properties') if isinstance(res, dict) else None
        if isinstance(props, dict) and props.get('name') == name and \
                res.get('type') == 'OS::Nova::ServerGroup':
            res = dict(res, properties=dict(props, name=OWN_NAME))
        resources[name] = res
    out['resources'] = resources
    return out


#: Properties Heat requires of a type (its ``required=True``):
#: heat/engine/resources/openstack/heat/autoscaling_group.py (min_size,
#: max_size), heat/scaling_policy.py (scaling_adjustment), nova/flavor.py
#: (ram, vcpus). heat-translator leaves them out where it cannot tell
#: them (its warning "Can not set the required properties ... on HOT"):
#: a placeholder, as its ``null``.
HEAT_REQUIRED = {
    'OS::Heat::AutoScalingGroup': ('min_size', 'max_size'),
    'OS::Heat::ScalingPolicy': ('scaling_adjustment',),
    'OS::Nova::Flavor': ('ram', 'vcpus'),
}
#: Tacker's own port properties and what Tacker makes of them before
#: Heat sees the template (tacker/tosca/utils.py ``delpropmap`` and
#: ``convert_prop``, removed with Tacker's legacy API in f410d66e):
#: Heat's OS::Neutron::Port has neither name.
TACKER_PORT_DELETED = ('management',)
TACKER_PORT_RENAMED = {'anti_spoofing_protection': 'port_security_enabled'}


def _without_refused(want, got):
    """heat-translator's resources that no stack can have, where we make
    none and nothing in its template refers to them:

    - an ``OS::Neutron::Subnet`` with neither ``cidr`` nor
      ``subnetpool``: Heat refuses it (neutron/subnet.py ``validate``,
      PropertyUnspecifiedError);
    - an ``OS::Neutron::Net`` with no properties: the existing network
      heat-translator's own Network translation hides
      (tosca_network_network.py ``hide_resource``) and its scaling
      member writer copies all the same (syntax/hot_resource.py
      ``_handle_nested_template`` lacks the ``hide_resource`` check of
      hot_template.py); its ports name the existing network.
    """
    resources = dict(want.get('resources') or {})
    ours = got.get('resources') or {}
    dropped = False
    for name, res in sorted(resources.items()):
        if name in ours or not isinstance(res, dict):
            continue
        props = res.get('properties') or {}
        refused = (res.get('type') == 'OS::Neutron::Subnet' and
                   props.get('cidr') is None and
                   props.get('subnetpool') is None) or (
            res.get('type') == 'OS::Neutron::Net' and not props)
        others = dict(want, resources={k: v for k, v in resources.items()
                                       if k != name})
        if refused and not _mentions(others, name):
            del resources[name]
            dropped = True
    return dict(want, resources=resources) if dropped else want


def _mentions(value, name):
    """Whether a ``get_resource``/``get_attr``/``depends_on`` names
    ``name``.
    """
    if isinstance(value, dict):
        for key, item in value.items():
            if key in ('get_resource', 'depends_on') and (
                    item == name or isinstance(item, list) and
                    name in item):
                return True
            if key == 'get_attr' and isinstance(item, list) and \
                    item[:1] == [name]:
                return True
            if _mentions(item, name):
                return True
    elif isinstance(value, list):
        return any(_mentions(v, name) for v in value)
    return False


def _parameter_case(want, got):
    """Our parameters renamed to heat-translator's where only the case
    differs (a member template's ``vdu1_flavor_id``).
    """
    theirs = {k.lower(): k for k in want.get('parameters') or {}}
    renames = {k: theirs[k.lower()] for k in got.get('parameters') or {}
               if k not in (want.get('parameters') or {}) and
               k.lower() in theirs}
    if not renames:
        return got

    def rename(value):
        if isinstance(value, dict):
            if list(value) == ['get_param'] and \
                    value['get_param'] in renames:
                return {'get_param': renames[value['get_param']]}
            return {renames.get(k, k) if isinstance(k, str) else k:
                    rename(v) for k, v in value.items()}
        if isinstance(value, list):
            return [rename(v) for v in value]
        return value
    return rename(got)


def _template(want, got, where, diffs, file_names):
    want, got = _own_names(want), _own_names(got)
    want = _without_refused(want, got)
    got = _parameter_case(want, got)
    renames = _match_resources(want.get('resources') or {},
                               got.get('resources') or {})
    got = _renamed(got, renames)
    placeholders = set()
    _placeholders(want, got, placeholders)
    for name, res in (got.get('resources') or {}).items():
        theirs = ((want.get('resources') or {}).get(name) or {}).get(
            'properties', {}).get('resource')
        ours = (res.get('properties') or {}).get('resource')
        if isinstance(theirs, dict) and isinstance(ours, dict):
            kept = _passed(theirs.get('properties') or {},
                           ours.get('properties') or {})
            for key, value in (ours.get('properties') or {}).items():
                if key not in kept and key.lower() not in {
                        k.lower() for k in kept}:
                    placeholders.update(_params_in(value))
    got = dict(got)
    got['parameters'] = {k: v for k, v in (got.get('parameters') or
                                           {}).items()
                         if k not in placeholders or
                         k in (want.get('parameters') or {})}
    for section in ('resources', 'outputs', 'parameters'):
        _section(section, want.get(section) or {}, got.get(section) or {},
                 where, diffs, file_names)
    extra = set(got) - set(want) - set(IGNORED_TOP) - {
        'parameters', 'resources', 'outputs'}
    for key in sorted(extra):
        diffs.append('%s%s: not expected' % (where, key))


def _section(section, want, got, where, diffs, file_names):
    for name in sorted(set(want) | set(got)):
        path = '%s%s.%s' % (where, section, name)
        if name not in got:
            diffs.append('%s: missing' % path)
            continue
        if name not in want:
            diffs.append('%s: not expected' % path)
            continue
        a, b = want[name], got[name]
        if section == 'parameters':
            a = {k: v for k, v in a.items() if k not in IGNORED_PARAMETER}
            b = {k: v for k, v in b.items() if k not in IGNORED_PARAMETER}
        elif section == 'resources':
            a, b = _resource(a, b, file_names)
        elif section == 'outputs':
            a = {k: v for k, v in a.items() if k != 'description'}
            b = {k: v for k, v in b.items() if k != 'description'}
        _value(a, b, path, diffs, file_names)


def _match_resources(want, got):
    """``{our name: theirs}`` for resources named differently: same type
    and the same properties once the names found so far are mapped.
    """
    renames = {}
    progress = True
    while progress:
        progress = False
        theirs = [n for n in want if n not in got and
                  n not in renames.values()]
        ours = [n for n in got if n not in want and n not in renames]
        for name in theirs:
            for candidate in ours:
                if candidate in renames:
                    continue
                a, b = _resource(want[name],
                                 _renamed(got[candidate], renames), {})
                if a.get('type') != b.get('type'):
                    continue
                diffs = []
                _value(a, b, '', diffs, {})
                if not diffs:
                    renames[candidate] = name
                    progress = True
                    break
    return renames


def _renamed(value, renames):
    if not renames:
        return value
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            if key == 'resources' and isinstance(item, dict):
                out[key] = {renames.get(k, k): _renamed(v, renames)
                            for k, v in item.items()}
            elif key in ('get_resource', 'get_attr', 'depends_on'):
                out[key] = _ref(item, renames)
            else:
                out[key] = _renamed(item, renames)
        return out
    if isinstance(value, list):
        return [_renamed(v, renames) for v in value]
    return value


def _ref(item, renames):
    if isinstance(item, str):
        return renames.get(item, item)
    if isinstance(item, list) and item and isinstance(item[0], str):
        return [renames.get(item[0], item[0])] + [
            _renamed(v, renames) for v in item[1:]]
    return item


def _placeholders(want, got, found):
    """Parameter names our values take where heat-translator has null."""
    if isinstance(want, dict) and isinstance(got, dict):
        for key, value in want.items():
            if value in PLACEHOLDERS and key in got:
                found.update(_params_in(got[key]))
            elif key in got:
                _placeholders(value, got[key], found)
        if 'flavor' in want and 'image' in got and 'image' not in want:
            found.update(_params_in(got['image']))
    elif isinstance(want, list) and isinstance(got, list):
        for a, b in zip(want, got):
            _placeholders(a, b, found)


def _params_in(value):
    if isinstance(value, dict):
        if list(value) == ['get_param'] and isinstance(
                value['get_param'], str):
            return {value['get_param']}
        return set().union(*[_params_in(v) for v in value.values()]) \
            if value else set()
    if isinstance(value, list):
        return set().union(*[_params_in(v) for v in value]) \
            if value else set()
    return set()


def _resource(want, got, file_names):
    want = {k: v for k, v in want.items() if k != 'depends_on'}
    got = {k: v for k, v in got.items() if k != 'depends_on'}
    if got.get('type') in ('OS::Heat::SoftwareDeployment',
                           'OS::Heat::SoftwareDeploymentGroup') and \
            got.get('properties', {}).get('actions') == ['CREATE']:
        got['properties'] = {k: v for k, v in got['properties'].items()
                             if k != 'actions'}
    placeholders = [k for k in HEAT_REQUIRED.get(want.get('type'), ())
                    if k not in (want.get('properties') or {}) and
                    k in (got.get('properties') or {})]
    if placeholders:
        want = dict(want, properties=dict(want.get('properties') or {},
                                          **dict.fromkeys(placeholders)))
    if want.get('type') == 'OS::Neutron::Port':
        want = dict(want, properties={
            TACKER_PORT_RENAMED.get(k, k): v
            for k, v in (want.get('properties') or {}).items()
            if k not in TACKER_PORT_DELETED})
    if want.get('type') == 'OS::Nova::Server' and \
            'image' not in (want.get('properties') or {}) and \
            'block_device_mapping_v2' not in (want.get('properties') or {}):
        # No image at all: the same placeholder as ``image: null``.
        want = dict(want, properties=dict(want.get('properties') or {},
                                          image=None))
    if got.get('type') == 'OS::Nova::Server':
        metadata = (got.get('properties') or {}).get('metadata')
        if isinstance(metadata, dict) and 'metering.server_group' in \
                metadata and 'metadata' not in want.get('properties', {}):
            # How our alarms find a group's samples.
            rest = {k: v for k, v in metadata.items()
                    if k != 'metering.server_group'}
            got = dict(got, properties={
                k: v for k, v in got['properties'].items()
                if k != 'metadata'})
            if rest:
                got['properties']['metadata'] = rest
    if want.get('type') == GNOCCHI_ALARM and got.get('type') == AODH_ALARM:
        want = _as_aodh_alarm(want)
        got = dict(got, properties={
            k: v for k, v in got['properties'].items()
            if k not in OUR_ALARM_ONLY})
    if got.get('type') == 'OS::Swift::Container':
        # heat-translator makes every container world-readable.
        want['properties'] = {k: v for k, v in (
            want.get('properties') or {}).items()
            if k != 'X-Container-Read'}
    if got.get('type') == 'OS::Heat::SoftwareConfig' and \
            'inputs' not in (want.get('properties') or {}):
        got['properties'] = {k: v for k, v in (
            got.get('properties') or {}).items() if k != 'inputs'}
    for key in ('type',):
        a, b = want.get(key), got.get(key)
        if _is_file(a) and isinstance(b, str):
            file_names[a] = b
            got[key] = a
    group = (want.get('properties') or {}).get('resource')
    ours = (got.get('properties') or {}).get('resource')
    if isinstance(group, dict) and isinstance(ours, dict) and \
            _is_file(group.get('type')):
        file_names[group['type']] = ours.get('type')
        member = dict(ours, type=group['type'])
        passed = _passed(group.get('properties') or {},
                         ours.get('properties') or {})
        member.pop('properties', None)
        if passed or 'properties' in group:
            member['properties'] = passed
        got['properties'] = dict(got['properties'], resource=member)
    return want, got


GNOCCHI_ALARM = 'OS::Aodh::GnocchiAggregationByResourcesAlarm'
AODH_ALARM = 'OS::Aodh::Alarm'
#: What our alarms add: the group they act on and how they find its
#: servers' samples (heat-translator's alarms act on nothing).
OUR_ALARM_ONLY = ('alarm_actions', 'repeat_actions', 'matching_metadata',
                  'description')
STATISTICS = {'mean': 'avg', 'sum': 'sum', 'max': 'max', 'min': 'min',
              'count': 'count'}


def _as_aodh_alarm(want):
    """heat-translator's Gnocchi alarm as the OS::Aodh::Alarm it is."""
    props = dict(want.get('properties') or {})
    out = {}
    for theirs, ours in (('metric', 'meter_name'),
                         ('granularity', 'period'),
                         ('threshold', 'threshold'),
                         ('comparison_operator', 'comparison_operator'),
                         ('evaluation_periods', 'evaluation_periods')):
        if props.get(theirs) is not None:
            out[ours] = props[theirs]
    if props.get('aggregation_method'):
        out['statistic'] = STATISTICS.get(props['aggregation_method'],
                                          props['aggregation_method'])
    return {'type': AODH_ALARM, 'properties': out}


def _passed(theirs, ours):
    """What a group passes to its member, named as heat-translator
    names it where only the case differs; what we pass for one of its
    placeholders (a parameter of ours it has not) left out.
    """
    names = {k.lower(): k for k in theirs}
    out = {}
    for key, value in ours.items():
        if key in theirs or key.lower() in names:
            out[names.get(key.lower(), key)] = value
        elif not (isinstance(value, dict) and list(value) == ['get_param']):
            out[key] = value
    return out


def _is_file(value):
    return isinstance(value, str) and value.endswith(('.yaml', '.yml'))


def _value(want, got, path, diffs, file_names):
    if want in PLACEHOLDERS:
        return  # a placeholder: whatever we put there
    if isinstance(want, dict) and list(want) == ['str_replace']:
        want = _concat(want)
    if isinstance(want, dict) and list(want) == ['get_input']:
        # heat-translator leaves some TOSCA get_input untranslated in
        # its HOT; it means the parameter.
        want = {'get_param': want['get_input']}
    if isinstance(want, dict) and isinstance(got, dict):
        if list(want) == ['get_attr'] and list(got) == ['get_attr']:
            want, got = _address(want), _address(got)
        if list(want) == ['get_file'] and list(got) == ['get_file'] and \
                '://' not in str(want['get_file']):
            want = {'get_file': posixpath.normpath(posixpath.join(
                ENTRY_DIR, want['get_file']))}
        for key in sorted(set(want) | set(got), key=str):
            sub = '%s.%s' % (path, key)
            if key not in got:
                diffs.append('%s: missing (expected %s)' % (
                    sub, _short(want[key])))
            elif key not in want:
                diffs.append('%s: not expected (%s)' % (
                    sub, _short(got[key])))
            else:
                _value(want[key], got[key], sub, diffs, file_names)
        return
    if isinstance(want, list) and isinstance(got, list):
        if path.rsplit('.', 1)[-1] in UNORDERED or (
                len(want) == len(got) and _unordered(path)):
            if sorted(map(repr, want)) == sorted(map(repr, got)):
                return
        if len(want) == len(got):
            for i, (a, b) in enumerate(zip(want, got)):
                _value(a, b, '%s[%d]' % (path, i), diffs, file_names)
            return
    if _same_scalar(want, got):
        return
    diffs.append('%s: expected %s, got %s'
                 % (path, _short(want), _short(got)))


def _concat(value):
    """heat-translator's concat, ``str_replace`` of ``$s0$s1...``, as
    the ``list_join`` with '' it is.
    """
    spec = value['str_replace']
    params = spec.get('params') if isinstance(spec, dict) else None
    template = spec.get('template') if isinstance(spec, dict) else None
    if not isinstance(params, dict) or template != ''.join(
            '$s%d' % i for i in range(len(params))):
        return value
    return {'list_join': ['', [params['$s%d' % i]
                               for i in range(len(params))]]}


def _address(value):
    args = value['get_attr']
    if isinstance(args, list) and args[1:] == ['networks', 'private', 0]:
        return {'get_attr': [args[0], 'first_address']}
    return value


def _unordered(path):
    return path.endswith('.constraints')


def _same_scalar(a, b):
    if a == b:
        return True
    # YAML gives heat-translator's 1.0 and our "1.0" alike meaning.
    if isinstance(a, (int, float, str)) and isinstance(b, (int, float, str)) \
            and not isinstance(a, bool) and not isinstance(b, bool):
        try:
            return float(a) == float(b)
        except ValueError:
            return str(a) == str(b)
    return False


def _short(value):
    text = repr(value)
    return text if len(text) < 90 else text[:87] + '...'


def kind(diff):
    """The class of a difference: names of resources and parameters out."""
    path, _sep, what = diff.partition(': ')
    path = re.sub(r'^[^:]*\.yaml:', '', path)
    path = re.sub(r'^(parameters|resources|outputs)\.[^.]+', r'\1.*', path)
    path = re.sub(r'\[\d+\]', '[]', path)
    what = re.sub(r'(expected|got) .*', r'\1 ...', what.split(' (')[0])
    return '%s: %s' % (path, what)
