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

"""HOT string functions: str_replace (three strictness levels), str_split,
list_join and digest."""

import collections.abc
import hashlib
import json
import re

from heat_vision.common.i18n import _
from heat_vision.template import budget
from heat_vision.template import function


def _is_list(value):
    return (isinstance(value, collections.abc.Sequence)
            and not isinstance(value, str))


class Replace(function.Function):
    """A function for performing string substitutions.

    Takes {template: string, params: {placeholder: value, ...}}; longer
    placeholders are replaced first and replaced text is never scanned
    again.
    """

    def _parts(self, args):
        if not isinstance(args, collections.abc.Mapping) or set(
                args) != {'template', 'params'}:
            raise self.error(_('Arguments to "%s" must be a map with the '
                               'keys "template" and "params".')
                             % self.fn_name)
        return args['template'], args['params']

    def validate_args(self):
        template, params = self._parts(self.args)
        if not isinstance(params, (collections.abc.Mapping,
                                   function.Function)):
            raise self.error(_('"params" of "%s" must be a map.')
                             % self.fn_name)

    def value_str(self, key, value):
        if value is None:
            return ''
        if isinstance(value, bool) or not isinstance(
                value, (str, int, float)):
            raise self.error(_('"%(fn)s" params must be strings or '
                               'numbers, not %(type)s (%(key)s).')
                             % {'fn': self.fn_name, 'key': key,
                                'type': type(value).__name__})
        return str(value)

    def check_params(self, template, params):
        """Hook of the strict variants."""

    def result(self, resolver=None):
        template, params = self._parts(self.resolved_args(resolver))
        return self.substitute(template, params)

    def substitute(self, template, params):
        """Replace the params in the template.

        :param template: the string.
        :param params: map of placeholder -> value.
        :returns: the new string.
        """
        if not isinstance(template, str):
            raise self.error(_('"template" of "%s" must be a string.')
                             % self.fn_name)
        if not isinstance(params, collections.abc.Mapping):
            raise self.error(_('"params" of "%s" must be a map.')
                             % self.fn_name)
        mapping = {}
        for key, value in params.items():
            if not isinstance(key, str):
                raise self.error(_('"%s" param names must be strings.')
                                 % self.fn_name)
            mapping[key] = self.value_str(key, value)
        self.check_params(template, mapping)
        keys = sorted((k for k in mapping if k), key=len, reverse=True)
        if not keys:
            return template
        pattern = re.compile('|'.join(re.escape(k) for k in keys))
        # The pieces are only references until the final join: the meter
        # refuses a result too large before it is put together.
        meter = budget.current().meter(self)
        meter.add(len(template))

        def substitution(match):
            value = mapping[match.group(0)]
            meter.add(len(value) - len(match.group(0)))
            return value
        return pattern.sub(substitution, template)


class ReplaceJson(Replace):
    """A function for performing string substitutions.

    Like the older str_replace, but maps and lists given as values are
    serialised to JSON.
    """

    def value_str(self, key, value):
        if isinstance(value, (collections.abc.Mapping, list)):
            return json.dumps(value)
        if isinstance(value, bool):
            return str(value).lower()
        return super().value_str(key, value)


class ReplaceJsonStrict(ReplaceJson):
    """A function for performing string substitutions.

    Raises an error when a param is not found in the template.
    """

    def check_params(self, template, mapping):
        missing = sorted(k for k in mapping if k not in template)
        if missing:
            raise self.error(_('The following params were not found in '
                               'the template: %s')
                             % ', '.join(repr(k) for k in missing))


class ReplaceJsonVeryStrict(ReplaceJsonStrict):
    """A function for performing string substitutions.

    Raises an error when a param is not found in the template or has an
    empty value.
    """

    def check_params(self, template, mapping):
        empty = sorted(k for k, v in mapping.items() if v == '')
        if empty:
            raise self.error(_('The following params have empty values: '
                               '%s') % ', '.join(repr(k) for k in empty))
        super().check_params(template, mapping)


class StrSplit(function.Function):
    """A function for splitting delimited strings into a list.

    Takes [delimiter, string] or [delimiter, string, index].
    """

    def validate_args(self):
        if not _is_list(self.args) or len(self.args) not in (2, 3):
            raise self.error(_('Arguments to "%s" must be of the form '
                               '[delimiter, string, (index)]')
                             % self.fn_name)

    def result(self, resolver=None):
        self.validate_args()
        args = self.resolved_args(resolver)
        delim, string = args[0], args[1]
        if not isinstance(delim, str) or not delim:
            raise self.error(_('The delimiter of "%s" must be a non-empty '
                               'string.') % self.fn_name)
        if string is None:
            string = ''
        if not isinstance(string, str):
            raise self.error(_('"%s" can only split strings.')
                             % self.fn_name)
        parts = string.split(delim)
        if len(args) == 2:
            return parts
        try:
            return parts[int(args[2])]
        except (ValueError, TypeError, IndexError):
            raise self.error(_('Incorrect index to "%(fn)s": should be '
                               'between 0 and %(max)d')
                             % {'fn': self.fn_name, 'max': len(parts) - 1})


class Join(function.Function):
    """A function for joining a list of strings with a delimiter.

    Takes [delimiter, [string, ...]].
    """

    def validate_args(self):
        if not _is_list(self.args) or len(self.args) != 2:
            raise self.error(_('Arguments to "%s" must be of the form '
                               '[delimiter, list]') % self.fn_name)

    def item_str(self, item):
        if item is None:
            return ''
        if not isinstance(item, str):
            raise self.error(_('Items to join must be strings not %s')
                             % repr(item)[:200])
        return item

    def lists(self, args):
        return args[1:]

    def result(self, resolver=None):
        self.validate_args()
        args = self.resolved_args(resolver)
        delim = args[0]
        if not isinstance(delim, str):
            raise self.error(_('The delimiter of "%s" must be a string.')
                             % self.fn_name)
        items = []
        for strings in self.lists(args):
            if strings is None:
                continue
            if not _is_list(strings):
                raise self.error(_('"%s" must join a list.')
                                 % self.fn_name)
            items.extend(self.item_str(s) for s in strings)
        budget.current().expect(
            self, sum(len(i) for i in items) +
            len(delim) * max(len(items) - 1, 0))
        return delim.join(items)


class JoinMultiple(Join):
    """A function for joining one or more lists of strings.

    Takes [delimiter, list, list, ...]; maps and lists among the items
    are serialised to JSON.
    """

    def validate_args(self):
        if not _is_list(self.args) or len(self.args) < 2:
            raise self.error(_('Arguments to "%s" must be of the form '
                               '[delimiter, list1, list2, ...]')
                             % self.fn_name)

    def item_str(self, item):
        if isinstance(item, (collections.abc.Mapping, list)):
            return json.dumps(item, sort_keys=True)
        if item is not None and not isinstance(item, str):
            raise self.error(_('Items to join must be string, map or list '
                               'not %s') % repr(item)[:200])
        return super().item_str(item)


class Digest(function.Function):
    """A function for performing digest operations.

    Takes [algorithm, value].
    """

    ALGORITHMS = ('md5', 'sha1', 'sha224', 'sha256', 'sha384', 'sha512')

    def validate_args(self):
        args = self.args
        if not _is_list(args) or len(args) != 2:
            raise self.error(_('Arguments to "%s" must be of the form '
                               '[algorithm, value]') % self.fn_name)
        if isinstance(args[0], str) and args[0] not in self.ALGORITHMS:
            raise self.error(_('Algorithm must be one of %s')
                             % ', '.join(self.ALGORITHMS))

    def result(self, resolver=None):
        self.validate_args()
        algorithm, value = self.resolved_args(resolver)
        if algorithm not in self.ALGORITHMS:
            raise self.error(_('Algorithm must be one of %s')
                             % ', '.join(self.ALGORITHMS))
        if not isinstance(value, str):
            raise self.error(_('"%s" can only digest strings.')
                             % self.fn_name)
        return hashlib.new(algorithm, value.encode('utf-8')).hexdigest()
