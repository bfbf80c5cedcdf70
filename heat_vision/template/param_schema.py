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

"""Parameter schemas: the HOT and CFN ``parameters`` sections parsed."""

import collections.abc

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.template import constraints as constr

TYPES = (STRING, NUMBER, LIST, JSON, BOOLEAN) = (
    'string', 'number', 'comma_delimited_list', 'json', 'boolean')

# The kind of value a constraint sees, per parameter type.
KINDS = {STRING: 'STRING', NUMBER: 'NUMBER', LIST: 'LIST', JSON: 'MAP',
         BOOLEAN: 'BOOLEAN'}

API_TYPES = {STRING: 'String', NUMBER: 'Number',
             LIST: 'CommaDelimitedList', JSON: 'Json', BOOLEAN: 'Boolean'}
CFN_TYPES = {v: k for k, v in API_TYPES.items()}

_NOT_SET = object()


class ParamSchema:
    """The declaration of one template parameter."""

    def __init__(self, name, param_type, description=None,
                 default=_NOT_SET, constraints=(), hidden=False,
                 label=None, immutable=False, tags=None):
        self.name = name
        self.type = param_type
        self.description = description
        self.default = default
        self.constraints = list(constraints)
        self.hidden = hidden
        self.label = label
        self.immutable = immutable
        self.tags = tags

    @property
    def has_default(self):
        return self.default is not _NOT_SET

    def with_default(self, default):
        """A copy whose default is ``default`` (parameter_defaults).

        :param default: the new default.
        :returns: a new :class:`ParamSchema`.
        """
        copy = ParamSchema.__new__(ParamSchema)
        copy.__dict__.update(self.__dict__)
        copy.default = default
        return copy


def _fail(name, message):
    return exception.StackValidationFailed(
        message, path=['parameters', name])


def _check_keys(name, schema, allowed):
    if not isinstance(schema, collections.abc.Mapping):
        raise _fail(name, _('The parameter definition must be a map.'))
    for key in schema:
        if key not in allowed:
            raise _fail(name, _("Invalid key '%(key)s' for parameter "
                                "(%(name)s)") % {'key': key, 'name': name})


def _bool(name, key, value):
    try:
        return constr.to_boolean(value)
    except ValueError:
        raise _fail(name, _('"%s" must be a boolean.') % key)


def _build(name, maker, *args, **kwargs):
    try:
        return maker(*args, **kwargs)
    except (ValueError, TypeError) as exc:
        raise _fail(name, str(exc))


def _limits(name, spec, keys, what):
    if not isinstance(spec, collections.abc.Mapping) or not spec or any(
            k not in keys for k in spec):
        raise _fail(name, _('Invalid %(what)s constraint: expected a map '
                            'with %(keys)s.') % {'what': what,
                                                 'keys': ' and/or '.join(
                                                     keys)})
    return spec


def hot_constraint(name, param_type, cdef, allow_modulo=True):
    """Build a constraint from a HOT ``constraints`` list entry.

    :param name: the parameter name (for errors).
    :param param_type: the parameter type.
    :param cdef: the entry, e.g. ``{'range': {'min': 1}}``.
    :param allow_modulo: whether ``modulo`` exists in this version.
    :returns: a :class:`constraints.Constraint`.
    :raises: exception.StackValidationFailed.
    """
    if not isinstance(cdef, collections.abc.Mapping):
        raise _fail(name, _('Invalid parameter constraints, expected a '
                            'list of maps'))
    desc = cdef.get('description')
    kinds = [k for k in cdef if k != 'description']
    if len(kinds) != 1:
        raise _fail(name, _('Each constraint must have exactly one type '
                            'besides "description"; got %s')
                    % (', '.join(map(str, kinds)) or 'none'))
    kind = kinds[0]
    spec = cdef[kind]
    if kind == 'length':
        lim = _limits(name, spec, ('min', 'max'), kind)
        c = _build(name, constr.Length, lim.get('min'), lim.get('max'), desc)
    elif kind == 'range':
        lim = _limits(name, spec, ('min', 'max'), kind)
        c = _build(name, constr.Range, lim.get('min'), lim.get('max'), desc)
    elif kind == 'modulo' and allow_modulo:
        lim = _limits(name, spec, ('step', 'offset'), kind)
        c = _build(name, constr.Modulo, lim.get('step'), lim.get('offset'),
                   desc)
    elif kind == 'allowed_values':
        c = _build(name, constr.AllowedValues, spec, desc)
    elif kind == 'allowed_pattern':
        c = _build(name, constr.AllowedPattern, spec, desc)
    elif kind == 'custom_constraint':
        c = _build(name, constr.CustomConstraint, spec, desc)
        _build(name, c.check_known)
    else:
        raise _fail(name, _('Invalid parameter constraints for parameter '
                            '%(name)s: "%(kind)s" is not a constraint '
                            'type') % {'name': name, 'kind': kind})
    check_applies(name, param_type, c, kind)
    return c


def check_applies(name, param_type, c, kind):
    if c.valid_types is not None and KINDS[param_type] not in c.valid_types:
        raise _fail(name, _('The "%(kind)s" constraint does not apply to '
                            'parameters of type %(type)s')
                    % {'kind': kind, 'type': param_type})


def from_hot(name, schema, keys, allow_modulo=True):
    """Parse one HOT parameter declaration.

    :param name: the parameter name.
    :param schema: its declaration.
    :param keys: the keys this template version accepts.
    :param allow_modulo: whether the modulo constraint exists.
    :returns: a :class:`ParamSchema`.
    :raises: exception.StackValidationFailed with the path.
    """
    _check_keys(name, schema, keys)
    if 'type' not in schema:
        raise _fail(name, _('Missing parameter type for parameter: %s')
                    % name)
    param_type = schema['type']
    if param_type not in TYPES:
        raise _fail(name, _('Invalid type (%s)') % (param_type,))
    cdefs = schema.get('constraints') or []
    if not isinstance(cdefs, list):
        raise _fail(name, _('Invalid parameter constraints for parameter '
                            '%s, expected a list') % name)
    tags = schema.get('tags')
    if tags is not None and (not isinstance(tags, list) or not all(
            isinstance(t, str) for t in tags)):
        raise _fail(name, _('"tags" must be a list of strings.'))
    return ParamSchema(
        name, param_type, description=schema.get('description'),
        default=schema.get('default', _NOT_SET),
        constraints=[hot_constraint(name, param_type, c, allow_modulo)
                     for c in cdefs],
        hidden=_bool(name, 'hidden', schema.get('hidden', False)),
        label=schema.get('label'),
        immutable=_bool(name, 'immutable', schema.get('immutable', False)),
        tags=tags)


CFN_KEYS = ('Type', 'Default', 'NoEcho', 'AllowedValues', 'AllowedPattern',
            'MaxLength', 'MinLength', 'MaxValue', 'MinValue', 'Description',
            'ConstraintDescription', 'Label')


def _cfn_number(name, schema, key):
    value = schema.get(key)
    if value is None:
        return None
    try:
        return constr.to_number(value)
    except ValueError:
        raise _fail(name, _('"%s" must be a number.') % key)


def from_cfn(name, schema):
    """Parse one CFN parameter declaration.

    :param name: the parameter name.
    :param schema: its declaration.
    :returns: a :class:`ParamSchema`.
    :raises: exception.StackValidationFailed with the path.
    """
    _check_keys(name, schema, CFN_KEYS)
    if 'Type' not in schema:
        raise _fail(name, _('Missing parameter type for parameter: %s')
                    % name)
    param_type = CFN_TYPES.get(schema['Type'])
    if param_type is None:
        raise _fail(name, _('Invalid type (%s)') % (schema['Type'],))
    desc = schema.get('ConstraintDescription')
    found = []
    for kind, lo, hi, cls in (('length', 'MinLength', 'MaxLength',
                               constr.Length),
                              ('range', 'MinValue', 'MaxValue',
                               constr.Range)):
        lo, hi = _cfn_number(name, schema, lo), _cfn_number(name, schema, hi)
        if lo is not None or hi is not None:
            found.append((kind, _build(name, cls, lo, hi, desc)))
    if 'AllowedValues' in schema:
        found.append(('allowed_values', _build(
            name, constr.AllowedValues, schema['AllowedValues'], desc)))
    if 'AllowedPattern' in schema:
        found.append(('allowed_pattern', _build(
            name, constr.AllowedPattern, schema['AllowedPattern'], desc)))
    for kind, c in found:
        check_applies(name, param_type, c, kind)
    return ParamSchema(
        name, param_type, description=schema.get('Description'),
        default=schema.get('Default', _NOT_SET),
        constraints=[c for _k, c in found],
        hidden=_bool(name, 'NoEcho', schema.get('NoEcho', False)),
        label=schema.get('Label'))
