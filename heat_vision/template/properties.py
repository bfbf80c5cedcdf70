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

"""Resource properties checked and typed against a schema.

:class:`Properties` wraps a resource's (parsed) property data with the
resource plugin's ``properties_schema`` (a dict of name ->
:class:`heat_vision.template.constraints.Schema`).
"""

import collections.abc

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.template import constraints as constr
from heat_vision.template import function
from heat_vision.template import translation

# Values that cannot be known before the stack exists; properties built
# from them are checked when the engine resolves them.
_NOT_YET = (exception.UnresolvedReference, exception.UserParameterMissing)


def _fail(message, path):
    return exception.StackValidationFailed(message, path=list(path))


def check_value(schema, value, path, context=None):
    """Check and coerce a value against a schema, recursively.

    :param schema: a :class:`constraints.Schema`.
    :param value: the resolved value.
    :param path: where the value is (for errors).
    :param context: request context for custom constraints.
    :returns: the coerced value.
    :raises: exception.StackValidationFailed with the path.
    """
    try:
        value = schema.to_schema_type(value)
    except ValueError as exc:
        raise _fail(str(exc), path)
    sub = schema.schema
    if sub is not None and schema.type == schema.LIST:
        value = [check_value(sub, item, list(path) + [i], context)
                 for i, item in enumerate(value)]
    elif sub is not None and schema.type == schema.MAP:
        if isinstance(sub, constr.Schema):
            value = {k: check_value(sub, v, list(path) + [k], context)
                     for k, v in value.items()}
        else:
            value = check_map(sub, value, path, context)
    try:
        schema.validate_constraints(value, context)
    except ValueError as exc:
        raise _fail(str(exc), path)
    return value


def check_map(schemata, data, path, context=None):
    """Check a map against a dict of schemas.

    Refuses unknown keys and missing required keys; fills in defaults.

    :returns: the coerced map with defaults filled in.
    :raises: exception.StackValidationFailed with the path.
    """
    for key in data:
        if key not in schemata:
            raise _fail(_('Unknown Property %s') % key, path)
    moves = translation.moves(schemata)
    moved = translation.moved_names(moves)
    out = {}
    for key, schema in schemata.items():
        if key in moved:
            continue
        value = translation.merged(moves, key, data.get(key), data.get,
                                   path)
        if value is None:
            if schema.required and schema.default is None:
                raise _fail(_('Property %s not assigned') % key, path)
            value = schema.default
            if value is None:
                continue
        out[key] = check_value(schema, value, list(path) + [key], context)
    return out


class Properties(collections.abc.Mapping):
    """A resource's properties, checked and typed on access.

    :param schema: ``{name: constraints.Schema}``.
    :param data: the property data (may contain functions).
    :param resolver: gives resource values to the functions, or None.
    :param path: where the properties are, e.g.
        ``['resources', 'web', 'properties']``.
    :param context: request context for custom constraints.
    """

    def __init__(self, schema, data, resolver=None, path=(), context=None):
        self.schema = schema
        self.data = data if data is not None else {}
        self.resolver = resolver
        self.path = list(path)
        self.context = context
        self._moves = translation.moves(schema)
        self._moved = translation.moved_names(self._moves)
        # Without a resolver a value cannot change: what ``validate``
        # checked is what a plugin's ``validate_properties`` reads next.
        self._validated = {}

    def _raw(self):
        data = self.data
        if isinstance(data, function.Function):
            data = function.resolve(data, self.resolver)
        if data is None:
            data = {}
        if not isinstance(data, collections.abc.Mapping):
            raise _fail(_('Properties must be a map.'), self.path)
        return data

    def validate(self):
        """Check every property whose value can be known now.

        :raises: exception.StackValidationFailed with the path of the
            property, e.g. ``resources.web.properties.count``.
        """
        try:
            data = self._raw()
        except _NOT_YET:
            return
        for key in data:
            if key not in self.schema:
                raise _fail(_('Unknown Property %s') % key, self.path)
        for key, schema in self.schema.items():
            if key in self._moved:
                continue
            try:
                value = self._value(data, key)
            except _NOT_YET:
                continue
            checked = self._check(key, schema, value)
            if self.resolver is None:
                self._validated[key] = checked

    def unchecked(self, key):
        """``key``'s resolved value, hidden names moved, not checked."""
        return self._value(self._raw(), key)

    def _value(self, data, key):
        """``key``'s resolved value, with the values of the hidden names
        that move to it.
        """
        value = function.resolve(data.get(key), self.resolver)
        if key not in self._moves:
            return value

        def read_old(name):
            old = function.resolve(data.get(name), self.resolver)
            return None if old is function.ELIDED else old
        return translation.merged(self._moves, key, value, read_old,
                                  self.path)

    def _check(self, key, schema, value):
        if value is None or value is function.ELIDED:
            if schema.required and schema.default is None:
                raise _fail(_('Property %s not assigned') % key, self.path)
            if schema.default is None:
                return None
            return checked_default(schema, self.path + [key], self.context)
        return check_value(schema, value, self.path + [key], self.context)

    def __getitem__(self, key):
        if key not in self.schema:
            raise KeyError(_('Invalid Property %s') % key)
        if key in self._moved:
            return None     # its value is today's name's now
        try:
            return self._validated[key]
        except KeyError:
            return self._check(key, self.schema[key],
                               self._value(self._raw(), key))

    def __iter__(self):
        """The names a plugin sees: not the hidden ones that moved."""
        if not self._moved:
            return iter(self.schema)
        return (key for key in self.schema if key not in self._moved)

    def __len__(self):
        return len(self.schema) - len(self._moved)

    def resolved(self):
        """All properties, typed, with defaults (None when unset).

        :returns: a plain dict.
        """
        return {key: self[key] for key in self}


_SCALARS = (str, int, float, bool)


def checked_default(schema, path, context=None):
    """``check_value`` of the schema's default, kept on the schema.

    Every resource of a type checks the same defaults again (ten
    properties of a TestResource, most of them unset): a scalar default
    under constraints that need no context is checked once. The answer
    is kept with the default it was computed from, and a default that
    fails is never kept (it fails again, with its path).
    """
    default = schema.default
    kept = getattr(schema, '_checked_default', None)
    if kept is not None and kept[0] is default:
        return kept[1]
    value = check_value(schema, default, path, context)
    if (isinstance(value, _SCALARS) and schema.schema is None and
            not any(isinstance(c, constr.CustomConstraint)
                    for c in schema.constraints)):
        schema._checked_default = (default, value)
    return value
