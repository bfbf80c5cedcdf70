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

"""The resource registry of an environment: type aliases, provider
templates, per-resource overrides and hooks."""

import collections.abc
import fnmatch

from heat_vision.common import exception
from heat_vision.common.i18n import _

HOOK_TYPES = ('pre-create', 'pre-update', 'pre-delete', 'post-create',
              'post-update', 'post-delete')
_RESOURCE_KEYS = ('hooks', 'restricted_actions')
TEMPLATE_SUFFIXES = ('.yaml', '.yml', '.template', '.json')


def is_template(name):
    """Whether a registry value or type names a provider template.

    :param name: a type name or a path/URL.
    :returns: bool.
    """
    return isinstance(name, str) and (
        name.endswith(TEMPLATE_SUFFIXES) or '://' in name)


class ResourceInfo:
    """What a resource type maps to.

    :param kind: ``'class'`` (a plugin type name) or ``'template'``.
    :param value: the final plugin type name or template path.
    :param name: the type name asked for.
    """

    def __init__(self, kind, value, name):
        self.kind = kind
        self.value = value
        self.name = name

    def __eq__(self, other):
        return isinstance(other, ResourceInfo) and vars(self) == vars(other)

    __hash__ = None

    def __repr__(self):
        return '<ResourceInfo %s %s -> %s>' % (self.kind, self.name,
                                               self.value)


def _invalid(reason):
    return exception.InvalidEnvironment(reason=reason)


def _check_hooks(name, hooks):
    hooks = [hooks] if isinstance(hooks, str) else hooks
    if not isinstance(hooks, list):
        raise _invalid(_('hooks of resource %s must be a string or a list')
                       % name)
    for hook in hooks:
        if hook not in HOOK_TYPES:
            raise _invalid(_('Invalid hook type "%(hook)s" for resource '
                             'breakpoint, acceptable hook types are: '
                             '%(types)s') % {'hook': hook,
                                             'types': list(HOOK_TYPES)})
    return hooks


class ResourceRegistry:
    """The ``resource_registry`` section of an environment.

    :param data: the section as written (may be empty).
    """

    def __init__(self, data=None):
        data = data or {}
        if not isinstance(data, collections.abc.Mapping):
            raise _invalid(_('resource_registry must be a map'))
        self.data = data
        self.base_url = data.get('base_url')
        self.mappings = {k: v for k, v in data.items()
                         if k not in ('resources', 'base_url')}
        for key, value in self.mappings.items():
            if not isinstance(key, str) or not isinstance(value, str):
                raise _invalid(_('resource_registry entries must map a '
                                 'type name to a string: %s') % (key,))
        self.resources = data.get('resources') or {}
        self._check_resources(self.resources)
        # The engine's plugin classes by type, as it looked them up.
        self.classes = {}

    def _check_resources(self, resources):
        if not isinstance(resources, collections.abc.Mapping):
            raise _invalid(_('"resources" in resource_registry must be a '
                             'map'))
        for name, entry in resources.items():
            if not isinstance(entry, collections.abc.Mapping):
                raise _invalid(_('resource_registry entry of resource %s '
                                 'must be a map') % name)
            for key, value in entry.items():
                if key == 'hooks':
                    _check_hooks(name, value)
                elif isinstance(value, collections.abc.Mapping):
                    self._check_resources({key: value})
                elif not isinstance(value, (str, list)):
                    raise _invalid(_('Invalid resource_registry entry %s')
                                   % key)

    def _resource_entry(self, resource_name):
        if resource_name is None:
            return {}
        if resource_name in self.resources:
            return self.resources[resource_name]
        for pattern, entry in self.resources.items():
            if fnmatch.fnmatchcase(resource_name, pattern):
                return entry
        return {}

    def _global(self, type_name):
        target = self.mappings.get(type_name)
        if target is not None:
            return target
        for pattern, value in self.mappings.items():
            if pattern.endswith('*') and type_name.startswith(pattern[:-1]):
                prefix = value[:-1] if value.endswith('*') else value
                return (prefix + type_name[len(pattern) - 1:]
                        if value.endswith('*') else value)
        return None

    def get_resource_info(self, type_name, resource_name=None):
        """What a type maps to for a given resource.

        :param type_name: the type as written in the template.
        :param resource_name: the resource, for per-resource overrides.
        :returns: a :class:`ResourceInfo`.
        :raises: exception.InvalidEnvironment on an alias loop.
        """
        entry = self._resource_entry(resource_name)
        target = entry.get(type_name) if isinstance(
            entry.get(type_name), str) else None
        current, seen = type_name, {type_name}
        if target is None:
            target = self._global(current)
        while target is not None and target != current:
            if is_template(target):
                return ResourceInfo('template', target, type_name)
            if target in seen:
                raise _invalid(_('resource_registry has an alias loop '
                                 'through %s') % target)
            seen.add(target)
            current, target = target, self._global(target)
        kind = 'template' if is_template(current) else 'class'
        return ResourceInfo(kind, current, type_name)

    def get_hooks(self, resource_name):
        """The hooks set on a resource.

        :returns: a set of hook names.
        """
        hooks = self._resource_entry(resource_name).get('hooks') or []
        return set(_check_hooks(resource_name, hooks))

    def matches_hook(self, resource_name, hook):
        """Whether ``hook`` is set on ``resource_name``."""
        return hook in self.get_hooks(resource_name)

    def nested(self, resource_name):
        """The registry given to the nested stack of a resource.

        :returns: a :class:`ResourceRegistry` with the global mappings
            and the resource's nested per-resource entries.
        """
        entry = self._resource_entry(resource_name)
        nested = {k: v for k, v in entry.items()
                  if isinstance(v, collections.abc.Mapping)}
        data = dict(self.mappings, resources=nested)
        if self.base_url:
            data['base_url'] = self.base_url
        return ResourceRegistry(data)

    def as_dict(self):
        """The section as Heat shows it (always with ``resources``)."""
        out = dict(self.data)
        out['resources'] = dict(self.resources)
        return out
