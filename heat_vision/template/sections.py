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

"""Shape checks shared by the formats: maps of maps with known keys."""

import collections.abc

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.template import function

_STRING = (str,)
_MAP = (collections.abc.Mapping, function.Function)
_STRING_OR_CALL = (str, function.Function, collections.abc.Mapping)


def fail(message, *path):
    return exception.StackValidationFailed(message, path=list(path))


def section_map(tmpl, section):
    """A section that must be a map (or absent/empty).

    :returns: the map, ``{}`` when absent.
    :raises: exception.StackValidationFailed.
    """
    value = tmpl.get(section)
    if value is None:
        return {}
    if not isinstance(value, collections.abc.Mapping):
        raise fail(_('The section "%s" must be a map.') % section, section)
    return value


def check_entries(section, entries, kind, allowed, required):
    """Check each entry of a section is a map with known keys.

    :param section: the section name (for paths).
    :param entries: the section's map.
    :param kind: 'resource' or 'output' (for messages).
    :param allowed: the allowed keys.
    :param required: the key each entry must have.
    :raises: exception.StackValidationFailed.
    """
    for name, entry in entries.items():
        if not isinstance(name, str):
            raise fail(_('%s names must be strings.') % kind.capitalize(),
                       section, name)
        if not isinstance(entry, collections.abc.Mapping):
            raise fail(_('"%(section)s" must contain a map of %(kind)s '
                         'maps. Found a [%(type)s] instead')
                       % {'section': section, 'kind': kind,
                          'type': type(entry).__name__}, section, name)
        for key in entry:
            if key not in allowed:
                raise fail(_('"%(key)s" is not a valid keyword inside a '
                             '%(kind)s definition')
                           % {'key': key, 'kind': kind}, section, name)
        if required not in entry:
            raise fail(_('Each %(kind)s must contain a %(key)s key.')
                       % {'kind': kind, 'key': required}, section, name)


def check_type(section, name, key, value, types, type_name):
    """Check a resource field has the expected type.

    :raises: exception.StackValidationFailed.
    """
    if value is not None and not isinstance(value, types):
        raise fail(_('"%(key)s" must be a %(type)s')
                   % {'key': key, 'type': type_name}, section, name, key)


def check_resource_fields(section, name, res, keys):
    """Check the field types of a normalised resource snippet.

    :param keys: map of internal field name -> key as the format writes it.
    """
    check_type(section, name, keys['type'], res.get('type'), _STRING,
               'string')
    for field in ('properties', 'metadata', 'update_policy'):
        check_type(section, name, keys[field], res.get(field), _MAP, 'map')
    depends = res.get('depends_on')
    if depends is not None and not (
            isinstance(depends, str) or (isinstance(depends, list) and all(
                isinstance(d, str) for d in depends))):
        raise fail(_('"%s" must be a string or a list of strings')
                   % keys['depends_on'], section, name, keys['depends_on'])
    # A function call ({get_param: ...}) is not parsed yet here: its
    # value is checked once resolved (validation.build_resource). Heat
    # parses these two fields before it checks them (str or Function:
    # heat/engine/template_common.py _parse_resource_field, called from
    # heat/engine/hot/template.py HOTemplate20161014._rsrc_defn_args).
    for field in ('deletion_policy', 'external_id'):
        if field in keys:
            check_type(section, name, keys[field], res.get(field),
                       _STRING_OR_CALL, 'string')
    if '/' in name:
        raise fail(_('Resource name may not contain "/"'), section, name)
