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

"""Heat's hidden property names, moved to today's names.

Heat keeps the names it deprecated (``network_id`` for ``network``,
``subnet_id`` for ``subnet`` ...) so that old templates keep working: they
are in the schema as ``HIDDEN`` (left out of the schema listing) and a
translation rule moves their value to today's name before anything reads
it (heat/engine/translation.py). Here a hidden entry of a schema carries
its rule (``Schema(..., hidden=True, translation=Replace('network'))``)
and :class:`heat_vision.template.properties.Properties` applies it, at the
top level and inside maps: the plugin only ever sees today's name.
"""

import collections.abc

from heat_vision.common import exception
from heat_vision.common.i18n import _


class Replace:
    """Heat's REPLACE rule: the hidden name's value becomes ``new``'s.

    Giving both (each a value that is not empty) is an error, as in Heat.
    """

    def __init__(self, new):
        self.new = new

    def merge(self, value, old_name, old_value, path):
        if old_value is None:
            return value
        if value and old_value:
            raise exception.StackValidationFailed(
                _('Cannot define the following properties at the same '
                  'time: %(new)s, %(old)s') % {'new': self.new,
                                               'old': old_name},
                path=list(path))
        return old_value


class Append:
    """Heat's ADD rule: the hidden name's value joins the list ``new``.

    :param item: makes the list item from the value (the value itself
        when None).
    """

    def __init__(self, new, item=None):
        self.new = new
        self.item = item

    def merge(self, value, old_name, old_value, path):
        if old_value is None:
            return value
        if value is not None and not isinstance(value, list):
            raise exception.StackValidationFailed(
                _('Property %s must be a list') % self.new, path=list(path))
        item = self.item(old_value) if self.item else old_value
        return list(value or ()) + [item]


def moves(schemata):
    """The hidden names of ``schemata`` that move, by today's name.

    :returns: ``{new name: [(old name, rule), ...]}`` (empty for most
        schemas).
    """
    found = {}
    for name, schema in schemata.items():
        rule = getattr(schema, 'translation', None)
        if rule is not None:
            found.setdefault(rule.new, []).append((name, rule))
    return found


def moved_names(found):
    """The hidden names a :func:`moves` result takes values from."""
    return {old for rules in found.values() for old, _rule in rules}


def merged(found, name, value, read_old, path):
    """``name``'s value with the values of the hidden names that move to
    it (``read_old(old name)`` gives each, resolved).
    """
    for old, rule in found.get(name, ()):
        value = rule.merge(value, old, read_old(old), path)
    return value


def translated(schemata, data):
    """Resolved properties (as a resource stored them before its hidden
    names were moved) with the hidden names moved, at every level.

    An update compares the stored properties with the new ones: a
    ``sequence`` or ``networks: [{uuid: ...}]`` stored before must not
    look changed (and replace the resource) once moved.
    """
    if not schemata or not isinstance(data, collections.abc.Mapping):
        return data
    found = moves(schemata)
    skipped = moved_names(found)
    out = {}
    for key in set(data) | set(found):
        if key in skipped:
            continue
        try:
            value = merged(found, key, data.get(key), data.get, ())
        except exception.StackValidationFailed:
            value = data.get(key)
        if value is None and key not in data:
            continue
        out[key] = _translated_value(schemata.get(key), value)
    return out


def _translated_value(schema, value):
    sub = getattr(schema, 'schema', None)
    if sub is None:
        return value
    if isinstance(sub, collections.abc.Mapping):
        return translated(sub, value)
    if isinstance(value, list):
        return [_translated_value(sub, item) for item in value]
    return value
