"""The ``cfn`` translator: a CloudFormation template -> HOT."""

import math

from heat_vision.common.i18n import _
from heat_vision.translators import base
from heat_vision.translators.cfn import functions
from heat_vision.translators.cfn import types

SECTIONS = ('AWSTemplateFormatVersion', 'Description', 'Metadata',
            'Parameters', 'Mappings', 'Conditions', 'Resources', 'Outputs')
PARAM_TYPES = {
    'String': 'string', 'Number': 'number',
    'CommaDelimitedList': 'comma_delimited_list',
    'List<Number>': 'comma_delimited_list', 'List<String>':
    'comma_delimited_list', 'Json': 'json', 'Boolean': 'boolean',
}
RESOURCE_KEYS = {'Type': None, 'Properties': 'properties',
                 'DependsOn': 'depends_on', 'Metadata': 'metadata',
                 'DeletionPolicy': 'deletion_policy',
                 'UpdatePolicy': 'update_policy', 'Condition': 'condition',
                 'CreationPolicy': None, 'UpdateReplacePolicy': None,
                 'Description': None}


class CfnTranslator(base.Translator):
    """AWS CloudFormation templates."""

    name = 'cfn'

    def translate(self, document, files=None, filename=None):
        doc = base.parse_mapping(base.as_text(document, ''), 'template')
        base.check_files(files)
        return _Run(doc).run()


class _Run:

    def __init__(self, doc):
        self.doc = doc
        self.source_map = {}
        self.hot = {'heat_template_version': base.HOT_VERSION}

    def _section(self, name):
        value = self.doc.get(name) or {}
        if not isinstance(value, dict):
            raise base.fail(name, _('must be a map.'))
        base.check_count(value, name)
        return value

    def run(self):
        for key in self.doc:
            if key not in SECTIONS:
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
        self.read_attributes = _read_attributes(self.doc)
        self.kinds = {n: self._kind(n, r) for n, r in resources.items()}
        self.conv = functions.Converter(
            set(params), {n: self._attr_mapper(n) for n in resources},
            self.mappings, set(conditions))
        if 'Description' in self.doc:
            self.hot['description'] = self.doc['Description']
        self.hot['parameters'] = {
            name: self._parameter(name, p) for name, p in params.items()}
        if conditions:
            self.hot['conditions'] = {
                n: self.conv.convert(c, base.join('Conditions', n))
                for n, c in conditions.items()}
        self.hot['resources'] = {
            n: self._resource(n, r) for n, r in resources.items()}
        outputs = self._section('Outputs')
        if outputs:
            self.hot['outputs'] = {
                n: self._output(n, o) for n, o in outputs.items()}
        self.hot['parameters'].update(self.conv.extra_params)
        if not self.hot['parameters']:
            del self.hot['parameters']
        return base.Translation(self.hot, source_map=self.source_map)

    def _parameter(self, name, p):
        path = base.join('Parameters', name)
        self.source_map[base.join('parameters', name)] = path
        if not isinstance(p, dict) or 'Type' not in p:
            raise base.fail(path, _('a parameter needs a Type.'))
        ptype = p['Type']
        if ptype not in PARAM_TYPES and not str(ptype).startswith('AWS::'):
            raise base.fail(path + '.Type', _('unknown parameter type '
                                              '"%s".') % (ptype,))
        out = {'type': PARAM_TYPES.get(ptype, 'string')}
        if 'Description' in p:
            out['description'] = p['Description']
        if 'Default' in p:
            out['default'] = p['Default']
        if str(p.get('NoEcho', 'false')).lower() == 'true':
            out['hidden'] = True
        constraints = self._constraints(p, path)
        if constraints:
            if 'ConstraintDescription' in p:
                for c in constraints:
                    c['description'] = p['ConstraintDescription']
            out['constraints'] = constraints
        return out

    @staticmethod
    def _constraints(p, path):
        out = []
        for lo, hi, key in (('MinLength', 'MaxLength', 'length'),
                            ('MinValue', 'MaxValue', 'range')):
            bounds = {k: _number(p[c], base.join(path, c))
                      for c, k in ((lo, 'min'), (hi, 'max')) if c in p}
            if bounds:
                out.append({key: bounds})
        if 'AllowedValues' in p:
            out.append({'allowed_values': p['AllowedValues']})
        if 'AllowedPattern' in p:
            out.append({'allowed_pattern': p['AllowedPattern']})
        return out

    def _kind(self, name, r):
        path = base.join('Resources', name)
        if not isinstance(r, dict) or not isinstance(r.get('Type'), str):
            raise base.fail(path, _('a resource needs a Type.'))
        mapping = types.TYPES.get(r['Type'])
        if mapping is None:
            return None
        props = _properties_of(r, path)
        for key, value in props.items():
            if key not in mapping.properties:
                return None
            convert = mapping.converters.get(key)
            if convert is not None and convert(value) is None:
                return None
        for attr in self.read_attributes.get(name, ()):
            if attr not in mapping.attributes:
                return None
        return mapping

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
        for key, value in r.items():
            if key not in RESOURCE_KEYS:
                raise base.fail(base.join(path, key), _('unknown key.'))
            target = RESOURCE_KEYS[key]
            if target is None:
                continue
            if key == 'Properties':
                value = self._properties(name, value or {}, mapping)
            elif key != 'Condition':
                value = self.conv.convert(value, base.join(path, key))
            elif value not in self.conv.conditions:
                raise base.fail(base.join(path, key), _(
                    'no condition named "%s".') % (value,))
            out[target] = value
        return out

    def _properties(self, name, props, mapping):
        path = base.join('Resources', name, 'Properties')
        out = {}
        for key, value in props.items():
            src = base.join(path, key)
            value = self.conv.convert(value, src)
            hot_key = key
            if mapping is not None:
                hot_key = mapping.properties[key]
                convert = mapping.converters.get(key)
                if convert is not None:
                    value = convert(value)
                if hot_key == 'user_data':
                    out['user_data_format'] = 'RAW'
            if isinstance(out.get(hot_key), list):
                value = out[hot_key] + value
            out[hot_key] = value
            self.source_map[base.join('resources', name, 'properties',
                                      hot_key)] = src
        return out

    def _output(self, name, o):
        path = base.join('Outputs', name)
        self.source_map[base.join('outputs', name)] = path
        if not isinstance(o, dict) or 'Value' not in o:
            raise base.fail(path, _('an output needs a Value.'))
        if 'Export' in o:
            raise base.fail(path + '.Export', _(
                'stack exports have no HOT equivalent.'))
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


def _number(value, path):
    try:
        number = float(value)
    except (TypeError, ValueError, OverflowError):
        number = math.nan
    if not math.isfinite(number):
        raise base.fail(path, _('must be a number.'))
    return int(number) if number.is_integer() else number


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
