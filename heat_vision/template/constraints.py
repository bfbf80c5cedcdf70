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

"""Value schemas and the constraints shared by parameters and properties.

Resource plugins declare ``properties_schema`` with :class:`Schema`::

    count: constraints.Schema(constraints.Schema.INTEGER,
                              _('How many.'), default=1,
                              constraints=[constraints.Range(min=0)])
"""

import collections.abc
import math
import re

from heat_vision.common.i18n import _
from heat_vision.template.coerce import to_boolean  # noqa
from heat_vision.template.coerce import to_integer  # noqa
from heat_vision.template.coerce import to_list  # noqa
from heat_vision.template.coerce import to_map  # noqa
from heat_vision.template.coerce import to_number  # noqa
from heat_vision.template.coerce import to_string  # noqa
from heat_vision.template import plugins


class Constraint:
    """Base class of value constraints.

    :param description: the message shown instead of the default one.
    """

    valid_types = None

    def __init__(self, description=None):
        self.description = description

    def validate(self, value, context=None):
        """Check a value.

        :param value: the value, already of the schema's type.
        :param context: request context for constraints that look things
            up (unused by the generic ones).
        :raises: ValueError with a user-facing message.
        """
        if not self._is_valid(value, context):
            raise ValueError(self.description or self._error(value))

    def _is_valid(self, value, context):
        raise NotImplementedError()

    def _error(self, value):
        raise NotImplementedError()

    def __eq__(self, other):
        return type(self) is type(other) and vars(self) == vars(other)

    def __hash__(self):
        return hash(type(self))


class _MinMax(Constraint):
    def __init__(self, min=None, max=None, description=None):
        super().__init__(description)
        for limit in (min, max):
            if limit is not None and (isinstance(limit, bool) or
                                      not isinstance(limit, (int, float))):
                raise ValueError(_('min/max must be numbers'))
        if min is None and max is None:
            raise ValueError(_('A %s constraint needs a min or a max.')
                             % type(self).__name__.lower())
        self.min = min
        self.max = max

    def _in_range(self, number):
        return ((self.min is None or number >= self.min) and
                (self.max is None or number <= self.max))

    def _bounds(self):
        if self.max is None:
            return _('must be at least %s') % self.min
        if self.min is None:
            return _('must be no greater than %s') % self.max
        return _('must be in the range %(min)s to %(max)s') % {
            'min': self.min, 'max': self.max}


class Length(_MinMax):
    """The length of a string, list or map."""

    valid_types = ('STRING', 'LIST', 'MAP')

    def _is_valid(self, value, context):
        return self._in_range(len(value))

    def _error(self, value):
        return _('The length %s.') % self._bounds()


class Range(_MinMax):
    """The value of a number."""

    valid_types = ('NUMBER', 'INTEGER')

    def _is_valid(self, value, context):
        return self._in_range(value)

    def _error(self, value):
        return _('The value %s.') % self._bounds()


class Modulo(Constraint):
    """A number that is ``offset`` plus a multiple of ``step``."""

    valid_types = ('NUMBER', 'INTEGER')

    def __init__(self, step=None, offset=None, description=None):
        super().__init__(description)
        if step is None or offset is None:
            raise ValueError(_('A modulo constraint needs a step and an '
                               'offset.'))
        if step == 0:
            raise ValueError(_('step cannot be 0.'))
        if abs(offset) >= abs(step):
            raise ValueError(_('offset must be smaller (by absolute value) '
                               'than step.'))
        self.step = step
        self.offset = offset

    def _is_valid(self, value, context):
        return math.isclose((value - self.offset) % self.step, 0) or \
            math.isclose((value - self.offset) % self.step, self.step)

    def _error(self, value):
        return _('The value must be a multiple of %(step)s with an offset '
                 'of %(offset)s.') % {'step': self.step,
                                      'offset': self.offset}


class AllowedValues(Constraint):
    """One of a list of values (each item, for lists)."""

    valid_types = ('STRING', 'INTEGER', 'NUMBER', 'BOOLEAN', 'LIST')

    def __init__(self, allowed, description=None):
        super().__init__(description)
        if isinstance(allowed, str) or not isinstance(
                allowed, collections.abc.Sequence):
            raise ValueError(_('AllowedValues must be a list'))
        self.allowed = list(allowed)

    def _matches(self, item):
        return any(item == a or str(item) == str(a) for a in self.allowed)

    def _is_valid(self, value, context):
        if isinstance(value, list):
            return all(self._matches(v) for v in value)
        return self._matches(value)

    def _error(self, value):
        return _('"%(value)s" is not an allowed value [%(allowed)s]') % {
            'value': value,
            'allowed': ', '.join(str(a) for a in self.allowed)}


class AllowedPattern(Constraint):
    """A string matching a regular expression as a whole."""

    valid_types = ('STRING',)

    def __init__(self, pattern, description=None):
        super().__init__(description)
        if not isinstance(pattern, str):
            raise ValueError(_('AllowedPattern must be a string'))
        try:
            self.regex = re.compile(pattern)
        except re.error as exc:
            raise ValueError(_('Invalid pattern "%(p)s": %(e)s')
                             % {'p': pattern, 'e': exc})
        self.pattern = pattern

    def __eq__(self, other):
        return (isinstance(other, AllowedPattern) and
                (self.pattern, self.description) ==
                (other.pattern, other.description))

    __hash__ = Constraint.__hash__

    def _is_valid(self, value, context):
        match = self.regex.match(str(value))
        return match is not None and match.end() == len(str(value))

    def _error(self, value):
        return _('"%(value)s" does not match pattern "%(pattern)s"') % {
            'value': value, 'pattern': self.pattern}


class CustomConstraint(Constraint):
    """A constraint implemented by a ``heat_vision.constraints`` plugin.

    An unknown name is refused by :meth:`check_known`; values are only
    checked when a plugin of that name is installed.
    """

    def __init__(self, name, description=None):
        super().__init__(description)
        self.name = name
        self._message = None

    def __eq__(self, other):
        return (isinstance(other, CustomConstraint) and
                (self.name, self.description) ==
                (other.name, other.description))

    __hash__ = Constraint.__hash__

    def check_known(self):
        """:raises: ValueError if no plugin has this name."""
        if plugins.get_constraint(self.name) is None:
            raise ValueError(_('"%s" is not a known custom constraint')
                             % self.name)

    def _is_valid(self, value, context):
        plugin = plugins.get_constraint(self.name)
        if plugin is None:
            return True
        valid = plugin.validate(value, context)
        self._message = getattr(plugin, 'error_message', None)
        return valid

    def _error(self, value):
        detail = (': %s' % self._message) if self._message else ''
        return _('"%(value)s" does not validate %(name)s%(detail)s') % {
            'value': value, 'name': self.name, 'detail': detail}


class Schema:
    """The schema of one value (a property, a list item, a map entry).

    :param data_type: one of the TYPES.
    :param description: what the value is for.
    :param default: the value used when none is given.
    :param schema: for LIST, the :class:`Schema` of the items; for MAP, a
        dict of key -> :class:`Schema` (or one :class:`Schema` for all
        the values).
    :param required: whether a value must be given.
    :param constraints: a list of :class:`Constraint`.
    :param update_allowed: whether an update may change it in place.
    :param immutable: whether an update may change it at all.
    :param hidden: accepted but left out of the schema listing (Heat's
        ``HIDDEN`` support status: a deprecated name kept for old
        templates).
    :param translation: for a hidden name, the rule that moves its value
        to today's name (``heat_vision.template.translation``).
    """

    TYPES = (STRING, NUMBER, INTEGER, BOOLEAN, LIST, MAP, ANY) = (
        'String', 'Number', 'Integer', 'Boolean', 'List', 'Map', 'Any')
    _CONSTRAINT_TYPE = {STRING: 'STRING', NUMBER: 'NUMBER',
                        INTEGER: 'INTEGER', BOOLEAN: 'BOOLEAN',
                        LIST: 'LIST', MAP: 'MAP', ANY: 'ANY'}

    def __init__(self, data_type, description=None, default=None,
                 schema=None, required=False, constraints=None,
                 update_allowed=False, immutable=False, hidden=False,
                 translation=None):
        if data_type not in self.TYPES:
            raise ValueError(_('Invalid type (%s)') % data_type)
        self.type = data_type
        self.description = description
        self.default = default
        self.schema = schema
        self.required = required
        self.constraints = list(constraints or [])
        self.update_allowed = update_allowed
        self.immutable = immutable
        self.hidden = hidden or translation is not None
        self.translation = translation
        kind = self._CONSTRAINT_TYPE[data_type]
        for c in self.constraints:
            if c.valid_types is not None and kind not in c.valid_types \
                    and kind != 'ANY':
                raise ValueError(
                    _('%(c)s constraint invalid for %(t)s')
                    % {'c': type(c).__name__, 't': data_type})

    def to_schema_type(self, value):
        """Coerce a value to this schema's type.

        :param value: the given value.
        :returns: the coerced value.
        :raises: ValueError with a user-facing message.
        """
        return _COERCE[self.type](value)

    def validate_constraints(self, value, context=None):
        """:raises: ValueError if a constraint fails."""
        for c in self.constraints:
            c.validate(value, context)

    def __getitem__(self, key):
        return getattr(self, key)


_COERCE = {Schema.STRING: to_string, Schema.NUMBER: to_number,
           Schema.INTEGER: to_integer, Schema.BOOLEAN: to_boolean,
           Schema.LIST: to_list, Schema.MAP: to_map,
           Schema.ANY: lambda v: v}
