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

"""TOSCA inputs -> HOT parameters, constraints included."""

from heat_vision.common.i18n import _
from heat_vision.translators import base
from heat_vision.translators import sizing

TYPES = {'string': 'string', 'integer': 'number', 'float': 'number',
         'boolean': 'boolean', 'map': 'json', 'timestamp': 'string',
         'version': 'string', 'scalar-unit.size': 'number',
         'PortDef': 'number', 'tosca.datatypes.network.PortDef': 'number',
         'scalar-unit.time': 'string', 'scalar-unit.frequency': 'string',
         'scalar-unit.bitrate': 'string', 'range': 'json'}


def parameters(inputs, path, given=None):
    """:returns: ``{name: HOT parameter}``; a ``given`` value is the
    parameter's default (as heat-translator's translate_inputs.py does
    with its ``params``). A value for no input is left to whoever
    checks parameters (the native API, the CLI).
    """
    out = {}
    for name, schema in inputs.items():
        where = base.join(path, name)
        if not isinstance(schema, dict):
            raise base.fail(where, _('an input is a map.'))
        out[name] = _parameter(schema, where)
        if name in (given or {}):
            out[name]['default'] = _value(schema, given[name], where)
    return out


def _value(schema, value, path):
    """An input's value as its parameter holds it: a size in whole GiB,
    as volumes take it (heat-translator translate_inputs.py).
    """
    if schema.get('type') == 'scalar-unit.size' and \
            not isinstance(value, dict):
        return sizing.size_in(value, 'GIB', path)
    return value


def _parameter(schema, path):
    ttype = schema.get('type', 'string')
    if ttype == 'list':
        entry = (schema.get('entry_schema') or {})
        entry = entry.get('type') if isinstance(entry, dict) else entry
        ptype = 'comma_delimited_list' if entry in (None, 'string') \
            else 'json'
    else:
        ptype = TYPES.get(ttype, 'string')
    param = {'type': ptype}
    if schema.get('description'):
        param['description'] = schema['description']
    if 'default' in schema:
        param['default'] = _value(schema, schema['default'],
                                  base.join(path, 'default'))
    constraints = [_constraint(c, base.join(path, 'constraints', i), ttype)
                   for i, c in enumerate(schema.get('constraints') or [])]
    if constraints:
        param['constraints'] = constraints
    return param


def _constraint(constraint, path, ttype):
    if not isinstance(constraint, dict) or len(constraint) != 1:
        raise base.fail(path, _('a constraint is a one-key map.'))
    (op, arg), = constraint.items()
    step = 1 if ttype == 'integer' else 0
    if op == 'equal':
        return {'allowed_values': [arg]}
    if op == 'valid_values':
        return {'allowed_values': list(arg)}
    if op == 'greater_or_equal':
        return {'range': {'min': arg}}
    if op == 'greater_than' and step:
        return {'range': {'min': arg + step}}
    if op == 'less_or_equal':
        return {'range': {'max': arg}}
    if op == 'less_than' and step:
        return {'range': {'max': arg - step}}
    if op == 'in_range':
        return {'range': {'min': arg[0], 'max': arg[1]}}
    if op == 'length':
        return {'length': {'min': arg, 'max': arg}}
    if op == 'min_length':
        return {'length': {'min': arg}}
    if op == 'max_length':
        return {'length': {'max': arg}}
    if op == 'pattern':
        return {'allowed_pattern': arg}
    raise base.fail(base.join(path, op), _(
        'the constraint has no HOT equivalent for a %s input.') % ttype)
