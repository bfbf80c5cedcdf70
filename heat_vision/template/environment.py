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

"""Environments:

parameters, parameter_defaults, the resource registry, event sinks and merge
strategies; several files merged as Heat does.
"""

import collections.abc
import copy
import json

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.template import constraints as constr
from heat_vision.template import param_schema as ps
from heat_vision.template import registry as reg

SECTIONS = (PARAMETERS, PARAMETER_DEFAULTS, RESOURCE_REGISTRY, EVENT_SINKS,
            MERGE_STRATEGIES, ENCRYPTED_PARAM_NAMES) = (
    'parameters', 'parameter_defaults', 'resource_registry', 'event_sinks',
    'parameter_merge_strategies', 'encrypted_param_names')
STRATEGIES = (OVERWRITE, MERGE, DEEP_MERGE) = (
    'overwrite', 'merge', 'deep_merge')


def _invalid(reason):
    return exception.InvalidEnvironment(reason=reason)


def check_sections(env):
    """Check an environment dict's sections.

    :raises: exception.InvalidEnvironment.
    """
    if not isinstance(env, collections.abc.Mapping):
        raise _invalid(_('The environment is not a valid YAML mapping data '
                         'type.'))
    for key, value in env.items():
        if key not in SECTIONS:
            raise _invalid(_('environment has wrong section "%s"') % key)
        if key == EVENT_SINKS or key == ENCRYPTED_PARAM_NAMES:
            if value is not None and not isinstance(value, list):
                raise _invalid(_('"%s" must be a list') % key)
        elif value is not None and not isinstance(
                value, collections.abc.Mapping):
            raise _invalid(_('"%s" must be a map') % key)


class Environment:
    """One (possibly merged) environment.

    :param env: the environment dict.
    :param files: the files map (provider templates, get_file).
    """

    def __init__(self, env=None, files=None):
        env = env or {}
        check_sections(env)
        self.params = dict(env.get(PARAMETERS) or {})
        self.param_defaults = dict(env.get(PARAMETER_DEFAULTS) or {})
        self.registry = reg.ResourceRegistry(env.get(RESOURCE_REGISTRY))
        self.event_sinks = list(env.get(EVENT_SINKS) or [])
        self.merge_strategies = dict(env.get(MERGE_STRATEGIES) or {})
        self.encrypted_param_names = list(
            env.get(ENCRYPTED_PARAM_NAMES) or [])
        self.files = dict(files or {})

    @classmethod
    def merged(cls, envs, files=None, template=None):
        """Merge environment dicts in order, later ones winning.

        ``parameters`` and ``parameter_defaults`` follow each file's
        ``parameter_merge_strategies`` (overwrite, merge, deep_merge);
        ``resource_registry`` is merged deeply; event sinks concatenate.

        :param envs: environment dicts, first to last.
        :param files: the files map.
        :param template: the template, whose parameter types drive the
            merge strategies (inferred from the values without it).
        :returns: an :class:`Environment`.
        :raises: exception.InvalidEnvironment.
        """
        types = {}
        if template is not None:
            try:
                types = {n: s.type
                         for n, s in template.param_schemata().items()}
            except exception.StackValidationFailed:
                # NOTE(heat-vision): validation reports it with its path.
                types = {}
        result, chosen = {}, {}
        for env in envs:
            env = env or {}
            check_sections(env)
            strategies = env.get(MERGE_STRATEGIES) or {}
            for section, value in env.items():
                if not value or section == MERGE_STRATEGIES:
                    continue
                if section in (PARAMETERS, PARAMETER_DEFAULTS):
                    result[section] = _merge_params(
                        result.get(section) or {}, value, types,
                        strategies, chosen)
                elif isinstance(value, list):
                    result[section] = list(result.get(section) or []) + value
                else:
                    result[section] = merge_map(
                        copy.deepcopy(result.get(section) or {}), value,
                        deep=True)
        if chosen:
            result[MERGE_STRATEGIES] = chosen
        return cls(result, files=files)

    def user_env_as_dict(self):
        """The environment as Heat shows it (e.g. in POST /validate).

        :returns: a JSON-able dict.
        """
        out = {PARAMETERS: dict(self.params),
               PARAMETER_DEFAULTS: dict(self.param_defaults),
               RESOURCE_REGISTRY: self.registry.as_dict(),
               EVENT_SINKS: list(self.event_sinks)}
        if self.merge_strategies:
            out[MERGE_STRATEGIES] = dict(self.merge_strategies)
        if self.encrypted_param_names:
            out[ENCRYPTED_PARAM_NAMES] = list(self.encrypted_param_names)
        return out

    as_dict = user_env_as_dict


def merge_list(old, new):
    """Merge lists, or comma-delimited strings, as Heat does."""
    if not old:
        return new
    if isinstance(new, list):
        return list(old) + new if isinstance(old, list) else [old] + new
    if isinstance(old, list):
        return old + [new]
    return ','.join([old, new])


def merge_map(old, new, deep=False):
    """Merge ``new`` into ``old``, in place.

    A deep merge also merges nested maps and concatenates lists and
    strings.
    """
    if not old:
        return copy.deepcopy(dict(new))
    for key, value in new.items():
        if value is None:
            continue
        if not deep:
            old[key] = value
        elif isinstance(value, collections.abc.Mapping):
            prev = old.get(key)
            old[key] = merge_map(prev, value, deep) if isinstance(
                prev, collections.abc.Mapping) else copy.deepcopy(value)
        elif isinstance(value, list):
            old[key] = merge_list(old.get(key), value)
        elif isinstance(value, str) and isinstance(old.get(key), str):
            old[key] = old[key] + value
        else:
            old[key] = value
    return old


def _infer_type(value):
    if isinstance(value, collections.abc.Mapping):
        return ps.JSON
    if isinstance(value, list):
        return ps.LIST
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return ps.NUMBER
    return ps.STRING


def _merge_one(old, key, value, p_type, deep):
    if p_type == ps.JSON:
        if isinstance(value, str):
            try:
                value = json.loads(value)
            except ValueError as exc:
                raise _invalid(_('Invalid parameter in environment %s.')
                               % exc)
        prev = old.get(key)
        if isinstance(prev, str):
            prev = json.loads(prev) if prev else {}
        old[key] = merge_map(copy.deepcopy(prev or {}), value, deep)
    elif p_type == ps.LIST:
        old[key] = merge_list(old.get(key), value)
    elif p_type == ps.STRING:
        old[key] = str(old.get(key, '')) + str(value)
    elif p_type == ps.NUMBER:
        try:
            old[key] = (constr.to_number(old.get(key, 0)) +
                        constr.to_number(value))
        except ValueError as exc:
            raise _invalid(_('Invalid parameter in environment %s.') % exc)
    else:
        raise _invalid(_('Merge strategy merge is not supported for '
                         'parameter %(key)s of type %(type)s')
                       % {'key': key, 'type': p_type})


def _merge_params(old, new, types, strategies, chosen):
    old = dict(old)
    for key, value in new.items():
        strategy = strategies.get(key, strategies.get('default', OVERWRITE))
        if strategy not in STRATEGIES:
            raise _invalid(_('Invalid merge strategy "%(s)s" for parameter '
                             '%(key)s') % {'s': strategy, 'key': key})
        if chosen.get(key, strategy) != strategy:
            raise _invalid(_('Conflicting merge strategy "%(s)s" for '
                             'parameter %(key)s in environment files')
                           % {'s': strategy, 'key': key})
        if strategy != OVERWRITE:
            chosen[key] = strategy
        if strategy == OVERWRITE or key not in old or value is None:
            old[key] = value
        else:
            _merge_one(old, key, value, types.get(key, _infer_type(value)),
                       strategy == DEEP_MERGE)
    return old
