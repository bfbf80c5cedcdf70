"""Coercion of given values to schema types, with user-facing errors."""

import collections.abc
import math

from oslo_utils import strutils

from heat_vision.common.i18n import _


def _is_number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def to_integer(value):
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str):
        try:
            return int(value.strip())
        except ValueError:
            pass
    raise ValueError(_('"%s" is not an integer') % (value,))


def to_number(value):
    if _is_number(value):
        return value
    if isinstance(value, str):
        try:
            return int(value)
        except ValueError:
            try:
                number = float(value)
            except ValueError:
                pass
            else:
                if math.isfinite(number):
                    return number
    raise ValueError(_('"%s" is not a number') % (value,))


def to_string(value):
    if isinstance(value, str):
        return value
    if isinstance(value, (bool, int, float)):
        return str(value)
    raise ValueError(_('Value must be a string; got %r') % (value,))


def to_boolean(value):
    if isinstance(value, bool):
        return value
    if isinstance(value, (str, int)):
        try:
            return strutils.bool_from_string(value, strict=True)
        except ValueError:
            pass
    raise ValueError(_('"%s" is not a valid boolean') % (value,))


def to_list(value):
    if isinstance(value, collections.abc.Sequence) and not isinstance(
            value, str):
        return list(value)
    raise ValueError(_('"%s" is not a list') % (value,))


def to_map(value):
    if isinstance(value, collections.abc.Mapping):
        return dict(value)
    raise ValueError(_('"%s" is not a map') % (value,))
