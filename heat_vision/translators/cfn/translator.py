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

"""The ``cfn`` translator: a CloudFormation template -> HOT.

What the template uses that OpenStack has no counterpart for (a
transform, an AWS-only resource type or function, an SSM parameter
type, a stack export) is gathered while translating and refused at the
end in one ``NoCounterpart`` error that lists every item with its path.
"""

import functools
import importlib.metadata

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.template import registry as resource_registry
from heat_vision.translators import base
from heat_vision.translators.cfn import functions
from heat_vision.translators.cfn import loader
from heat_vision.translators.cfn import parameters
from heat_vision.translators.cfn import routes
from heat_vision.translators.cfn import types

RESOURCES_NAMESPACE = 'heat_vision.resources'

SECTIONS = ('AWSTemplateFormatVersion', 'Description', 'Metadata',
            'Parameters', 'Rules', 'Mappings', 'Conditions', 'Transform',
            'Resources', 'Outputs')
RESOURCE_KEYS = {'Type': None, 'Properties': 'properties',
                 'DependsOn': 'depends_on', 'Metadata': 'metadata',
                 'DeletionPolicy': 'deletion_policy',
                 'UpdatePolicy': 'update_policy', 'Condition': 'condition',
                 'CreationPolicy': None, 'UpdateReplacePolicy': None,
                 'Description': None, 'Version': None}
#: Resource keys dropped, and why (a note of the translation).
DROPPED = {
    'CreationPolicy': _('no resource waits for signals of its own: use an '
                        'AWS::CloudFormation::WaitCondition'),
    'UpdateReplacePolicy': _('a replaced resource is deleted'),
    'Version': _('not a documented resource attribute'),
}
#: AWS's deletion policies -> HOT's (Delete, Retain, Snapshot as is).
DELETION_POLICIES = {'RetainExceptOnCreate': 'Retain'}
MAX_LISTED = 50


class CfnTranslator(base.Translator):
    """AWS CloudFormation templates."""

    name = 'cfn'

    def translate(self, document, files=None, filename=None,
                  registry=None):
        """:param registry: a ``resource_registry`` the stack will have
            (the operator's ``[relay] cfn_environment``, or the user's):
            a type it maps is kept as written, for the engine to
            resolve, neither mapped here nor refused.
        """
        doc = base.parse_mapping(base.as_text(document, ''), 'template',
                                 loader=loader.CfnLoader)
        base.check_files(files)
        return _Run(doc, resource_registry.ResourceRegistry(registry)).run()


@functools.lru_cache(maxsize=1)
def installed_types():
    """The resource types heat-vision has a plugin for (read from the
    entry points: nothing is imported).
    """
    return frozenset(ep.name for ep in importlib.metadata.entry_points(
        group=RESOURCES_NAMESPACE))


class _Run:

    def __init__(self, doc, registry):
        self.doc = doc
        self.registry = registry
        self.source_map = {}
        self.missing = []
        self.notes = []
        self.unmapped = {}
        self.exports = {}
        self.hot = {'heat_template_version': base.HOT_VERSION}

    def _section(self, name):
        value = self.doc.get(name) or {}
        if not isinstance(value, dict):
            raise base.fail(name, _('must be a map.'))
        base.check_count(value, name)
        return value

    def run(self):
        transform = self.doc.get('Transform')
        if transform is not None:
            # The rest is in the transform's language (SAM's Globals,
            # LanguageExtensions' Fn::ForEach...): what is found of it
            # is listed with the transform, not refused on its own.
            self.missing.append(('Transform', _('the transform %s') % (
                ', '.join(map(str, transform)) if isinstance(
                    transform, list) else transform)))
        try:
            self._run()
        except exception.NoCounterpart:
            raise
        except exception.TranslationError:
            if transform is None:
                raise
        if self.missing:
            raise exception.NoCounterpart(
                items=['%s (%s)' % (path, what) for path, what in
                       self.missing[:MAX_LISTED]],
                more=max(0, len(self.missing) - MAX_LISTED))
        result = base.Translation(self.hot, source_map=self.source_map,
                                  notes=self.notes)
        result.exports = self.exports
        result.imports = self.conv.imports
        return result

    def _run(self):
        for key in self.doc:
            if key not in SECTIONS:
                if 'Transform' in self.doc:
                    self.missing.append((key, _('a section of the '
                                                'transform')))
                    continue
                raise base.fail(key, _('unknown section.'))
        version = self.doc.get('AWSTemplateFormatVersion', '2010-09-09')
        if str(version) != '2010-09-09':
            raise base.fail('AWSTemplateFormatVersion',
                            _('only 2010-09-09 exists.'))
        if 'Resources' not in self.doc:
            raise base.fail('Resources', _('a template needs Resources.'))
        params = self._section('Parameters')
        resources = self._section('Resources')
        self.mappings = self._section('Mappings')
        conditions = self._section('Conditions')
        metadata = self._section('Metadata')
        self.read_attributes = _read_attributes(self.doc)
        self.kinds = {n: self._kind(n, r) for n, r in resources.items()}
        self.conv = functions.Converter(
            set(params), {n: self._attr_mapper(n) for n in resources},
            self.mappings, set(conditions), self.missing,
            refs={n: k.ref for n, k in self.kinds.items() if k and k.ref})
        if 'Description' in self.doc:
            self.hot['description'] = self.doc['Description']
        self.hot['parameters'] = {
            name: self._parameter(name, p) for name, p in params.items()}
        groups = parameters.interface(metadata, self.hot['parameters'],
                                      self.notes)
        if groups:
            self.hot['parameter_groups'] = groups
        self._rules(set(params))
        if conditions:
            self.hot['conditions'] = {
                n: self.conv.convert(c, base.join('Conditions', n))
                for n, c in conditions.items()}
        self.hot['resources'] = {
            n: self._resource(n, r) for n, r in resources.items()}
        if routes.apply(resources, self.kinds, self.hot['resources'],
                        self.missing):
            self._external_network()
        outputs = self._section('Outputs')
        if outputs:
            self.hot['outputs'] = {
                n: self._output(n, o) for n, o in outputs.items()}
        self.hot['parameters'].update(self.conv.extra_params)
        if not self.hot['parameters']:
            del self.hot['parameters']

    def _parameter(self, name, p):
        self.source_map[base.join('parameters', name)] = base.join(
            'Parameters', name)
        return parameters.translate(name, p, self.missing)

    def _rules(self, params):
        """Rules are checked for shape and references, then left out
        with a note: HOT has no assertions over parameters.
        """
        rules = self._section('Rules')
        for name, rule in rules.items():
            path = base.join('Rules', name)
            if not isinstance(rule, dict) or not isinstance(
                    rule.get('Assertions'), list):
                raise base.fail(path, _('a rule is a map with a list of '
                                        'Assertions.'))
            for i, assertion in enumerate(rule['Assertions']):
                if not isinstance(assertion, dict) or \
                        'Assert' not in assertion:
                    raise base.fail(base.join(path, 'Assertions', i), _(
                        'an assertion is a map with an Assert.'))
            for ref in _refs(rule):
                if ref not in params and not ref.startswith('AWS::'):
                    raise base.fail(path, _('no parameter named "%s".')
                                    % ref)
        if rules:
            self.notes.append(('Rules', _(
                'not checked: HOT has no assertions over parameters; '
                'the parameters\' own constraints still apply.')))

    def _kind(self, name, r):
        """:returns: the type's Mapping when every property set and
        every attribute read has a HOT equivalent, else None (what has
        none is kept in ``self.unmapped[name]``).
        """
        path = base.join('Resources', name)
        if not isinstance(r, dict) or not isinstance(r.get('Type'), str):
            raise base.fail(path, _('a resource needs a Type.'))
        mapping = types.TYPES.get(r['Type'])
        if mapping is None or self._registered(r['Type'], name):
            return None
        if mapping.hot_type not in installed_types():
            self.unmapped[name] = [_('its counterpart %s, which is not '
                                     'installed') % mapping.hot_type]
            return None
        props = _properties_of(r, path)
        unmapped = []
        for key, value in props.items():
            if key in mapping.ignored:
                continue
            convert = mapping.converters.get(key)
            if key not in mapping.properties or (
                    convert is not None and
                    convert(value) is types.UNMAPPED):
                unmapped.append(key)
        for attr in self.read_attributes.get(name, ()):
            if attr not in mapping.attributes:
                unmapped.append('attribute %s' % attr)
        if unmapped:
            self.unmapped[name] = unmapped
            return None
        return mapping

    def _registered(self, rtype, name):
        """Whether the environment maps ``rtype`` (for resource
        ``name``) to something of its own.
        """
        return self.registry.get_resource_info(rtype, name).value != rtype

    def _external_network(self):
        pname, schema = types.EXTERNAL_NETWORK
        self.conv.extra_params[pname] = dict(schema)

    def _attr_mapper(self, name):
        mapping = self.kinds[name]
        if mapping is None:
            return lambda attr: attr
        return lambda attr: mapping.attributes.get(attr, attr)

    def _resource(self, name, r):
        path = base.join('Resources', name)
        self.source_map[base.join('resources', name)] = path
        _properties_of(r, path)
        mapping = self.kinds[name]
        out = {'type': mapping.hot_type if mapping else r['Type']}
        if mapping is None:
            self._check_kept(name, r['Type'], path)
        for key, value in r.items():
            if key not in RESOURCE_KEYS:
                raise base.fail(base.join(path, key), _('unknown key.'))
            target = RESOURCE_KEYS[key]
            if key in DROPPED:
                self.notes.append((base.join(path, key), _(
                    'left out: %s.') % DROPPED[key]))
            if target is None:
                continue
            if key == 'DeletionPolicy' and isinstance(value, str):
                value = DELETION_POLICIES.get(value, value)
            if key == 'Properties':
                value = self._properties(name, value or {}, mapping)
            elif key != 'Condition':
                value = self.conv.convert(value, base.join(path, key))
            elif not isinstance(value, str) or \
                    value not in self.conv.conditions:
                raise base.fail(base.join(path, key), _(
                    'no condition named "%s".') % (value,))
            out[target] = value
        return out

    def _check_kept(self, name, rtype, path):
        """A type kept as it is must be one heat-vision has a plugin
        for (OS:: types are left to the engine's validation).
        """
        if (rtype.startswith('OS::') or rtype in installed_types() or
                self._registered(rtype, name)):
            return
        if name in self.unmapped:
            what = _('%(type)s with %(what)s') % {
                'type': rtype, 'what': ', '.join(self.unmapped[name])}
        else:
            what = _('the resource type %s') % rtype
        self.missing.append((path + '.Type', what))

    def _properties(self, name, props, mapping):
        path = base.join('Resources', name, 'Properties')
        out = {}
        merged = {}
        if mapping is not None and mapping.fixed:
            out.update(mapping.fixed)
            if types.EXTERNAL_NETWORK[0] in str(mapping.fixed):
                self._external_network()
        for key, value in props.items():
            src = base.join(path, key)
            if mapping is not None and key in mapping.ignored:
                self.notes.append((src, _('left out: %s.') %
                                   mapping.ignored[key]))
                continue
            value = self.conv.convert(value, src)
            hot_key = key
            if mapping is not None:
                hot_key = mapping.properties[key]
                convert = mapping.converters.get(key)
                if convert is not None:
                    value = convert(value)
                if hot_key == 'user_data':
                    out['user_data_format'] = 'RAW'
            self.source_map.setdefault(base.join(
                'resources', name, 'properties', hot_key), src)
            if mapping is not None and hot_key in mapping.merged:
                if value:
                    merged.setdefault(hot_key, []).append(value)
                continue
            if isinstance(out.get(hot_key), list):
                value = out[hot_key] + value
            out[hot_key] = value
        for hot_key, parts in merged.items():
            out[hot_key] = parts[0] if len(parts) == 1 else {
                'map_merge': parts}
        return out

    def _output(self, name, o):
        path = base.join('Outputs', name)
        self.source_map[base.join('outputs', name)] = path
        if not isinstance(o, dict) or 'Value' not in o:
            raise base.fail(path, _('an output needs a Value.'))
        if 'Export' in o:
            export = o['Export']
            if not isinstance(export, dict) or set(export) != {'Name'}:
                raise base.fail(path + '.Export', _('an export is a map '
                                                    'with a Name.'))
            self.exports[name] = self.conv.static(
                export['Name'], path + '.Export.Name', _('an export name'))
        out = {'value': self.conv.convert(o['Value'], path + '.Value')}
        if 'Description' in o:
            out['description'] = o['Description']
        if 'Condition' in o:
            out['condition'] = o['Condition']
        return out


def _properties_of(resource, path):
    """A resource's Properties: a map, or nothing at all."""
    props = resource.get('Properties')
    if props is None:
        return {}
    if not isinstance(props, dict):
        raise base.fail(path + '.Properties', _('must be a map.'))
    return props


def _refs(value):
    """The names every ``Ref`` in ``value`` refers to."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, dict):
            if isinstance(item.get('Ref'), str):
                yield item['Ref']
            stack.extend(item.values())


def _read_attributes(doc):
    """``{resource: attributes Fn::GetAtt or Fn::Sub read from it}``."""
    found = {}
    stack = [doc]
    while stack:
        value = stack.pop()
        if isinstance(value, list):
            stack.extend(value)
        elif isinstance(value, dict):
            arg = value.get('Fn::GetAtt')
            if isinstance(arg, str):
                arg = arg.split('.', 1)
            if isinstance(arg, list) and len(arg) == 2 and \
                    isinstance(arg[0], str):
                found.setdefault(arg[0], set()).add(
                    arg[1] if isinstance(arg[1], str) else None)
            sub = value.get('Fn::Sub')
            text = sub[0] if isinstance(sub, list) and sub else sub
            if isinstance(text, str):
                for var in functions.SUB_VAR.findall(text):
                    if '.' in var:
                        rname, attr = var.split('.', 1)
                        found.setdefault(rname, set()).add(attr)
            stack.extend(value.values())
    return found
