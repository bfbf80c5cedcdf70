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
