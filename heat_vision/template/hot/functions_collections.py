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

"""HOT functions over lists and maps: map_merge, map_replace, filter,
list_concat, list_concat_unique and make_url."""

import collections.abc
from urllib import parse as urlparse

from heat_vision.common.i18n import _
from heat_vision.template import function


def _is_list(value):
    return (isinstance(value, collections.abc.Sequence)
            and not isinstance(value, str))


class MapMerge(function.Function):
    """A function for merging maps.

    Takes a list of maps; later keys win, nested maps are not merged.
    """

    def validate_args(self):
        if not isinstance(self.args, (list, function.Function)):
            raise self.error(_('Incorrect arguments to "%s": it should be '
                               'a list of maps') % self.fn_name)

    def result(self, resolver=None):
        maps = self.resolved_args(resolver)
        if not _is_list(maps):
            raise self.error(_('Incorrect arguments to "%s": it should be '
                               'a list of maps') % self.fn_name)
        merged = {}
        for item in maps:
            if item is None:
                continue
            if not isinstance(item, collections.abc.Mapping):
                raise self.error(_('Incorrect arguments: Items to merge '
                                   'must be maps. %s') % repr(item)[:200])
            merged.update(item)
        return merged


class MapReplace(function.Function):
    """A function for performing substitutions on maps.

    Takes [map, {keys: {old: new}, values: {old: new}}].
    """

    def validate_args(self):
        if not isinstance(self.args, list) or len(self.args) != 2:
            raise self.error(_('Arguments to "%s" must be of the form '
                               '[map, {keys: map, values: map}]')
                             % self.fn_name)
        repl = self.args[1]
        if isinstance(repl, collections.abc.Mapping) and not set(
                repl) <= {'keys', 'values'}:
            raise self.error(_('Incorrect arguments to "%s": only "keys" '
                               'and "values" may be replaced')
                             % self.fn_name)

    def result(self, resolver=None):
        self.validate_args()
        data, repl = self.resolved_args(resolver)
        if data is None:
            data = {}
        if not isinstance(data, collections.abc.Mapping) or not isinstance(
                repl, collections.abc.Mapping):
            raise self.error(_('Incorrect arguments to "%s": both must be '
                               'maps') % self.fn_name)
        keys = repl.get('keys') or {}
        values = repl.get('values') or {}
        if not isinstance(keys, collections.abc.Mapping) or not isinstance(
                values, collections.abc.Mapping):
            raise self.error(_('Incorrect arguments to "%s": "keys" and '
                               '"values" must be maps') % self.fn_name)
        out = {}
        for key, value in data.items():
            new_key = keys.get(key, key)
            if new_key in out or (new_key != key and new_key in data):
                raise self.error(_('key replacement %(k)s collides with a '
                                   'key in the input map')
                                 % {'k': new_key})
            if isinstance(value, collections.abc.Hashable):
                value = values.get(value, value)
            out[new_key] = value
        return out


class Filter(function.Function):
    """A function for filtering out values from lists.

    Takes [values_to_remove, list].
    """

    def validate_args(self):
        if not isinstance(self.args, list) or len(self.args) != 2:
            raise self.error(_('Arguments to "%s" must be of the form '
                               '[values, sequence]') % self.fn_name)

    def result(self, resolver=None):
        self.validate_args()
        remove, sequence = self.resolved_args(resolver)
        if sequence is None:
            return []
        if not _is_list(sequence):
            raise self.error(_('"%s" only works on lists.') % self.fn_name)
        remove = remove if _is_list(remove) else [remove]
        return [item for item in sequence if item not in remove]


class ListConcat(function.Function):
    """A function for extending lists.

    Takes a list of lists and concatenates them.
    """

    unique = False

    def validate_args(self):
        if not isinstance(self.args, (list, function.Function)):
            raise self.error(_('Incorrect arguments to "%s": it should be '
                               'a list of lists') % self.fn_name)

    def result(self, resolver=None):
        lists = self.resolved_args(resolver)
        if not _is_list(lists):
            raise self.error(_('Incorrect arguments to "%s": it should be '
                               'a list of lists') % self.fn_name)
        out = []
        for items in lists:
            if items is None:
                continue
            if not _is_list(items):
                raise self.error(_('Incorrect arguments: Items to concat '
                                   'must be lists. %s') % repr(items)[:200])
            for item in items:
                if not self.unique or item not in out:
                    out.append(item)
        return out


class ListConcatUnique(ListConcat):
    """A function for extending lists with unique items.

    Like list_concat, but an item appears only once.
    """

    unique = True


class MakeURL(function.Function):
    """A function for performing substitutions on maps.

    Takes {scheme, username, password, host, port, path, query, fragment}
    and assembles a properly quoted URL.
    """

    KEYS = ('scheme', 'username', 'password', 'host', 'port', 'path',
            'query', 'fragment')

    def validate_args(self):
        if isinstance(self.args, collections.abc.Mapping):
            bad = [k for k in self.args if k not in self.KEYS]
            if bad:
                raise self.error(_('Invalid keys in "%(fn)s": %(keys)s; '
                                   'allowed are %(ok)s')
                                 % {'fn': self.fn_name,
                                    'keys': ', '.join(map(str, bad)),
                                    'ok': ', '.join(self.KEYS)})
        elif not isinstance(self.args, function.Function):
            raise self.error(_('Argument to "%s" must be a map.')
                             % self.fn_name)

    def _str(self, args, key):
        value = args.get(key) or ''
        if not isinstance(value, str):
            raise self.error(_('"%(key)s" of "%(fn)s" must be a string.')
                             % {'key': key, 'fn': self.fn_name})
        return value

    def _netloc(self, args):
        user = urlparse.quote(self._str(args, 'username'), safe='')
        password = urlparse.quote(self._str(args, 'password'), safe='')
        auth = ''
        if user or password:
            auth = user + (':' + password if password else '') + '@'
        host = self._str(args, 'host')
        if host.startswith('[') and host.endswith(']'):
            host = host[1:-1]
        host = urlparse.quote(host, safe=':')
        if ':' in host:
            host = '[%s]' % host
        port = args.get('port')
        if port not in (None, ''):
            try:
                port_num = int(port)
            except (TypeError, ValueError):
                port_num = 0
            if not 0 < port_num < 65536:
                raise self.error(_('Invalid URL port %s') % port)
            host = '%s:%d' % (host, port_num)
        return auth + host

    def result(self, resolver=None):
        self.validate_args()
        args = self.resolved_args(resolver)
        if not isinstance(args, collections.abc.Mapping):
            raise self.error(_('Argument to "%s" must be a map.')
                             % self.fn_name)
        scheme = self._str(args, 'scheme')
        if ':' in scheme:
            raise self.error(_('URL "scheme" should not contain ":"'))
        query = args.get('query') or {}
        if not isinstance(query, collections.abc.Mapping):
            raise self.error(_('"query" of "%s" must be a map.')
                             % self.fn_name)
        return urlparse.urlunsplit((
            scheme, self._netloc(args),
            urlparse.quote(self._str(args, 'path')),
            urlparse.urlencode(query).replace('%2F', '/'),
            urlparse.quote(self._str(args, 'fragment'))))
