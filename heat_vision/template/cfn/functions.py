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

"""The CloudFormation intrinsic functions (also in HOT 2013-05-23)."""

import collections.abc

from heat_vision.common.i18n import _
from heat_vision.template import function
from heat_vision.template.hot import functions_refs as refs
from heat_vision.template.hot import functions_strings as strs


def _is_list(value):
    return (isinstance(value, collections.abc.Sequence)
            and not isinstance(value, str))


class _ListArgs(function.Function):
    """Base of the functions taking a list of a fixed length."""

    nargs = 2
    form = ''

    def validate_args(self):
        if not isinstance(self.args, list) or len(self.args) != self.nargs:
            raise self.error(_('Arguments to "%(fn)s" must be of the form '
                               '%(form)s') % {'fn': self.fn_name,
                                              'form': self.form})


class Ref(refs.ResourceFunction):
    """A function for resolving parameters or resource references."""

    def validate_args(self):
        if not isinstance(self.args, str):
            raise self.error(_('Argument to "%s" must be a string.')
                             % self.fn_name)
        if not self.ctx.has_resource(self.args):
            self.ctx.check_param(self.args, self.path)

    def dependencies(self):
        if isinstance(self.args, str) and self.ctx.has_resource(self.args):
            return super().dependencies()
        return set()

    def result(self, resolver=None):
        self.validate_args()
        name = self.args
        if not self.ctx.has_resource(name):
            return self.ctx.get_param(name, self.path)
        if not self.ctx.is_active(name):
            return None
        return self.resolver_for(resolver).get_reference_id(name)


class GetAtt(_ListArgs, refs.ResourceFunction):
    """A function for resolving resource attributes."""

    form = '[resource_name, attribute]'

    def validate_args(self):
        super().validate_args()
        self.check_resource(self.args[0])

    def attribute_name(self):
        name = self.args[1] if isinstance(self.args, list) and len(
            self.args) > 1 else None
        return name if isinstance(name, str) else None

    def result(self, resolver=None):
        self.validate_args()
        name = self.args[0]
        if not self.ctx.is_active(name):
            return None
        attr = function.resolve(self.args[1], resolver)
        return self.resolver_for(resolver).get_attribute(name, attr)


class Join(strs.Join):
    """A function for joining strings."""


class Select(_ListArgs):
    """A function for selecting an item from a list or map."""

    form = '[index, collection]'

    def result(self, resolver=None):
        self.validate_args()
        index, collection = self.resolved_args(resolver)
        if collection is None:
            return ''
        if isinstance(collection, collections.abc.Mapping):
            if not isinstance(index, str):
                raise self.error(_('Index to "%s" must be a string when '
                                   'selecting from a map') % self.fn_name)
            return collection.get(index, '')
        if not _is_list(collection):
            raise self.error(_('Arguments to "%s" not fully resolved')
                             % self.fn_name)
        try:
            index = int(index)
        except (TypeError, ValueError):
            raise self.error(_('Index to "%s" must be an integer')
                             % self.fn_name)
        if 0 <= index < len(collection):
            return collection[index]
        return ''


class Split(_ListArgs):
    """A function for splitting strings."""

    form = '[delimiter, string]'

    def result(self, resolver=None):
        self.validate_args()
        delim, string = self.resolved_args(resolver)
        if not isinstance(delim, str) or not delim or not isinstance(
                string, str):
            raise self.error(_('"%s" takes a non-empty delimiter and a '
                               'string') % self.fn_name)
        return string.split(delim)


class Replace(strs.Replace):
    """A function for performing string substitutions."""

    def validate_args(self):
        if not isinstance(self.args, list) or len(self.args) != 2:
            raise self.error(_('Arguments to "%s" must be of the form '
                               '[{placeholder: value, ...}, template]')
                             % self.fn_name)

    def result(self, resolver=None):
        self.validate_args()
        mapping, template = self.resolved_args(resolver)
        return self.substitute(template, mapping)


class Base64(function.Function):
    """A placeholder function for converting to base64.

    It returns the string unchanged, as Heat does.
    """

    def result(self, resolver=None):
        value = self.resolved_args(resolver)
        if not isinstance(value, str):
            raise self.error(_('"%s" argument must be a string')
                             % self.fn_name)
        return value


class FindInMap(_ListArgs):
    """A function for resolving keys in the template mappings."""

    nargs = 3
    form = '[map_name, key, value]'

    def result(self, resolver=None):
        self.validate_args()
        names = self.resolved_args(resolver)
        value = self.ctx.mappings
        for depth, key in enumerate(names):
            if not isinstance(value, collections.abc.Mapping) or (
                    not isinstance(key, collections.abc.Hashable)) or (
                    key not in value):
                raise self.error(_('"%(fn)s": no "%(key)s" in %(where)s')
                                 % {'fn': self.fn_name, 'key': key,
                                    'where': '/'.join(
                                        map(str, ['Mappings'] +
                                            names[:depth]))})
            value = value[key]
        return value


class GetAZs(function.Function):
    """A function for retrieving the availability zones."""

    def result(self, resolver=None):
        getter = getattr(resolver, 'get_availability_zones', None)
        if getter is None:
            return ['nova']
        return getter()


class MemberListToMap(_ListArgs):
    """A function to convert lists with enumerated keys and values to mapping.
    """

    nargs = 3
    form = '[key_name, value_name, [".member.0.key=value", ...]]'

    def result(self, resolver=None):
        self.validate_args()
        key_name, value_name, members = self.resolved_args(resolver)
        if not _is_list(members):
            raise self.error(_('Member list of "%s" must be a list')
                             % self.fn_name)
        grouped = {}
        for member in members:
            path, sep, value = str(member).partition('=')
            parts = path.split('.')
            if not sep or len(parts) < 2:
                raise self.error(_('Wrong member format: %s') % member)
            grouped.setdefault(tuple(parts[:-1]), {})[parts[-1]] = value
        out = {}
        for item in grouped.values():
            if key_name in item:
                out[item[key_name]] = item.get(value_name)
        return out


class ResourceFacade(function.Function):
    """A function for retrieving data in a parent provider template."""

    KEYS = {'Metadata': 'metadata', 'DeletionPolicy': 'deletion_policy',
            'UpdatePolicy': 'update_policy'}

    def validate_args(self):
        if self.args not in self.KEYS:
            raise self.error(_('Argument to "%(fn)s" must be one of: '
                               '%(keys)s') % {'fn': self.fn_name,
                                              'keys': ', '.join(self.KEYS)})

    def result(self, resolver=None):
        self.validate_args()
        return self.ctx.facade(self.KEYS[self.args])
