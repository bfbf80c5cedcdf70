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

"""HOT functions that refer to parameters, resources, files and parents."""

import collections.abc

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.template import function


def select_path(value, path):
    """Follow a path of keys and indexes into a value, as get_param does.

    :param value: a map, a list or a scalar.
    :param path: keys (for maps) and indexes (for lists).
    :returns: the selected item, or '' when the path does not exist.
    """
    for key in path:
        try:
            if isinstance(value, collections.abc.Mapping):
                value = value[key]
            elif (isinstance(value, collections.abc.Sequence)
                    and not isinstance(value, str)):
                value = value[int(key)]
            else:
                return ''
        except (KeyError, IndexError, TypeError, ValueError):
            return ''
    return value


class ResourceFunction(function.Function):
    """Base of the functions that take a resource name first."""

    def resource_name(self):
        args = self.args
        name = args[0] if isinstance(args, list) and args else args
        return name if isinstance(name, str) else None

    def check_resource(self, name):
        if not isinstance(name, str):
            raise self.error(_('The resource name of "%s" must be a '
                               'string.') % self.fn_name)
        if not self.ctx.has_resource(name):
            raise self.error(_('The specified reference "%(name)s" is '
                               'incorrect: no such resource.')
                             % {'name': name})

    def dependencies(self):
        name = self.resource_name()
        deps = set(function.dependencies(self.args))
        if name is not None and self.ctx.is_active(name):
            deps.add(name)
        return deps

    def resolver_for(self, resolver):
        if resolver is None:
            raise exception.UnresolvedReference(
                _('"%s" needs the resources of a running stack.')
                % self.fn_name, path=self.path)
        return resolver


class GetParam(function.Function):
    """A function for resolving parameter references.

    Takes a parameter name or a list: name, then keys and indexes.
    """

    def _parts(self):
        args = self.args
        if isinstance(args, str):
            return args, []
        if isinstance(args, list) and args:
            return args[0], args[1:]
        raise self.error(_('Arguments to "%s" must be a parameter name or '
                           'a list [name, key/index, ...].') % self.fn_name)

    def validate_args(self):
        name, _path = self._parts()
        if isinstance(name, str):
            self.ctx.check_param(name, self.path)
        elif not isinstance(name, function.Function):
            raise self.error(_('The parameter name of "%s" must be a '
                               'string.') % self.fn_name)

    def result(self, resolver=None):
        name, path = self._parts()
        name = function.resolve(name, resolver)
        path = function.resolve(path, resolver)
        if not isinstance(name, str):
            raise self.error(_('The parameter name of "%s" must be a '
                               'string.') % self.fn_name)
        value = self.ctx.get_param(name, self.path)
        return select_path(value, path) if path else value


class GetResource(ResourceFunction):
    """A function for resolving resource references."""

    def validate_args(self):
        self.check_resource(self.args)

    def result(self, resolver=None):
        name = self.args
        self.check_resource(name)
        if not self.ctx.is_active(name):
            return None
        return self.resolver_for(resolver).get_reference_id(name)


class GetAtt(ResourceFunction):
    """A function for resolving resource attributes.

    Takes [resource, attribute, key/index, ...].
    """

    min_args = 2

    def validate_args(self):
        args = self.args
        if not isinstance(args, list) or len(args) < self.min_args:
            raise self.error(_('Arguments to "%(fn)s" must be a list of '
                               'at least %(n)d items: [resource_name, '
                               'attribute, (path), ...]')
                             % {'fn': self.fn_name, 'n': self.min_args})
        self.check_resource(args[0])
        if len(args) > 1 and not isinstance(
                args[1], (str, function.Function)):
            raise self.error(_('The attribute name of "%s" must be a '
                               'string.') % self.fn_name)

    def attribute_name(self):
        """The attribute name when it is a literal, else None."""
        if isinstance(self.args, list) and len(self.args) > 1:
            name = self.args[1]
            return name if isinstance(name, str) else None
        return None

    def result(self, resolver=None):
        self.validate_args()
        name = self.args[0]
        if not self.ctx.is_active(name):
            return None
        resolver = self.resolver_for(resolver)
        rest = function.resolve(self.args[1:], resolver)
        if not rest:
            return resolver.get_all_attributes(name)
        if not isinstance(rest[0], str):
            raise self.error(_('The attribute name of "%s" must be a '
                               'string.') % self.fn_name)
        return resolver.get_attribute(name, *rest)


class GetAttAllAttributes(GetAtt):
    """A function for resolving resource attributes.

    Takes [resource, attribute, key/index, ...], or [resource] alone for
    a map of all the attributes.
    """

    min_args = 1


class GetFile(function.Function):
    """A function for including a file inline."""

    def validate_args(self):
        if not isinstance(self.args, str):
            raise self.error(_('Argument to "%s" must be a string.')
                             % self.fn_name)
        if self.args not in self.ctx.files:
            raise self.error(_('No content found in the "files" section '
                               'for %(fn)s path: %(path)s')
                             % {'fn': self.fn_name, 'path': self.args})

    def result(self, resolver=None):
        self.validate_args()
        return self.ctx.files[self.args]


class ResourceFacade(function.Function):
    """A function for retrieving data in a parent provider template.

    Takes metadata, deletion_policy or update_policy.
    """

    KEYS = ('metadata', 'deletion_policy', 'update_policy')

    def validate_args(self):
        if self.args not in self.KEYS:
            raise self.error(_('Argument to "%(fn)s" must be one of: '
                               '%(keys)s') % {'fn': self.fn_name,
                                              'keys': ', '.join(self.KEYS)})

    def result(self, resolver=None):
        self.validate_args()
        return self.ctx.facade(self.args)
