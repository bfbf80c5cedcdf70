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

"""Parameter values: user values and defaults, typed and validated."""

import collections.abc
import json

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.template import constraints as constr
from heat_vision.template import param_schema as ps

_NO_VALUE = object()


def coerce(param_type, value):
    """Turn a given value into the parameter type's value.

    :param param_type: one of ``param_schema.TYPES``.
    :param value: the value as given (string or native).
    :returns: the typed value.
    :raises: ValueError with a user-facing message.
    """
    if param_type == ps.STRING:
        return constr.to_string(value)
    if param_type == ps.NUMBER:
        return constr.to_number(value)
    if param_type == ps.BOOLEAN:
        return constr.to_boolean(value)
    if param_type == ps.LIST:
        if isinstance(value, str):
            return value.split(',') if value else []
        if isinstance(value, collections.abc.Sequence):
            return [v if isinstance(v, str) else
                    json.dumps(v) if isinstance(v, (dict, list)) else
                    str(v) for v in value]
        raise ValueError(_('Value must be a comma-delimited list string: '
                           '%s') % (value,))
    if isinstance(value, str):
        try:
            value = json.loads(value) if value.strip() else {}
        except ValueError as exc:
            raise ValueError(_('Value must be valid JSON: %s') % exc)
    if not isinstance(value, (collections.abc.Mapping, list)):
        raise ValueError(_('Value must be valid JSON: %s') % (value,))
    return value


class Parameter:
    """One parameter of a stack.

    :param schema: its :class:`param_schema.ParamSchema`.
    :param user_value: the value from the environment, if any.
    """

    def __init__(self, schema, user_value=_NO_VALUE):
        self.schema = schema
        self.name = schema.name
        self.user_value = user_value
        self._value = _NO_VALUE

    @property
    def has_user_value(self):
        return self.user_value is not _NO_VALUE

    def has_value(self):
        """Whether a user value or a default exists."""
        return self.has_user_value or self.schema.has_default

    def _invalid(self, message):
        return exception.StackValidationFailed(
            _("Parameter '%(name)s' is invalid: %(msg)s")
            % {'name': self.name, 'msg': message})

    def _check(self, raw):
        try:
            value = coerce(self.schema.type, raw)
            for c in self.schema.constraints:
                c.validate(value)
        except ValueError as exc:
            raise self._invalid(str(exc))
        return value

    def validate(self, validate_value=True):
        """Check the default and, optionally, the value.

        :param validate_value: also check that a value exists and is
            valid (False for POST /validate, which shows the schema).
        :raises: exception.StackValidationFailed, UserParameterMissing.
        """
        if self.schema.has_default and self.schema.default is not None:
            self._check(self.schema.default)
        if validate_value:
            self.value()

    def value(self):
        """The typed, validated value.

        :returns: the value.
        :raises: exception.UserParameterMissing when there is none.
        :raises: exception.StackValidationFailed when it is invalid.
        """
        if self._value is _NO_VALUE:
            if self.has_user_value:
                raw = self.user_value
            elif self.schema.has_default:
                raw = self.schema.default
            else:
                raise exception.UserParameterMissing(self.name)
            if raw is None and not self.has_user_value:
                self._value = None
            else:
                self._value = self._check(raw)
        return self._value

    def __str__(self):
        if self.schema.hidden:
            return '******'
        return str(self.value())


class Parameters(collections.abc.Mapping):
    """The parameters of a stack: name -> typed value, plus pseudo ones.

    :param schemata: ordered ``{name: ParamSchema}`` of the template.
    :param user_params: the environment's ``parameters``.
    :param param_defaults: the environment's ``parameter_defaults``.
    :param pseudo: ``{name: value}`` of the pseudo parameters.
    """

    def __init__(self, schemata, user_params=None, param_defaults=None,
                 pseudo=None):
        self.user_params = dict(user_params or {})
        defaults = param_defaults or {}
        self.params = collections.OrderedDict()
        for name, schema in schemata.items():
            if name in defaults:
                schema = schema.with_default(defaults[name])
            self.params[name] = Parameter(
                schema, self.user_params.get(name, _NO_VALUE))
        self.pseudo = dict(pseudo or {})

    def validate(self, validate_value=True):
        """Check every parameter.

        :param validate_value: also check values (see Parameter.validate).
        :raises: exception.StackValidationFailed and its subclasses.
        """
        if validate_value:
            for name in self.user_params:
                if name not in self.params:
                    raise exception.UnknownUserParameter(name)
        for param in self.params.values():
            param.validate(validate_value)

    def __getitem__(self, name):
        if name in self.params:
            return self.params[name].value()
        return self.pseudo[name]

    def __contains__(self, name):
        return name in self.params or name in self.pseudo

    def __iter__(self):
        return iter(list(self.params) + list(self.pseudo))

    def __len__(self):
        return len(self.params) + len(self.pseudo)

    def immutable_names(self):
        """Names of the parameters declared immutable."""
        return {n for n, p in self.params.items() if p.schema.immutable}

    def hidden_names(self):
        """Names of the parameters declared hidden."""
        return {n for n, p in self.params.items() if p.schema.hidden}
