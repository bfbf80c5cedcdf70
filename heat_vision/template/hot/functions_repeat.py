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

"""The HOT repeat function: single loops, nested loops over several
lists or maps, and loops in step (permutations false)."""

import collections.abc
import itertools

from heat_vision.common.i18n import _
from heat_vision.template import budget as budget_mod
from heat_vision.template import function


def _is_list(value):
    return (isinstance(value, collections.abc.Sequence)
            and not isinstance(value, str))


class Repeat(function.Function):
    """A function for iterating over a list of items.

    Takes {for_each: {placeholder: list, ...}, template: data}; with
    several placeholders every combination is produced (nested loops).
    """

    KEYS = ('for_each', 'template')
    allow_maps = False

    def _parts(self, args):
        if not isinstance(args, collections.abc.Mapping) or not set(
                args) <= set(self.KEYS) or not {'for_each',
                                                'template'} <= set(args):
            raise self.error(_('Arguments to "%(fn)s" must be a map with '
                               'the keys %(keys)s.')
                             % {'fn': self.fn_name,
                                'keys': ', '.join(self.KEYS)})
        return args

    def validate_args(self):
        for_each = self._parts(self.args)['for_each']
        if not isinstance(for_each, (collections.abc.Mapping,
                                     function.Function)):
            raise self.error(_('The "for_each" argument to "%s" must '
                               'contain a map') % self.fn_name)

    def _loop_values(self, values):
        if self.allow_maps and isinstance(values, collections.abc.Mapping):
            return list(values)
        if not _is_list(values):
            raise self.error(_('The values of the "for_each" argument to '
                               '"%s" must be lists') % self.fn_name)
        return list(values)

    def combinations(self, args, lists):
        return itertools.product(*lists)

    def result(self, resolver=None):
        args = self._parts(self.resolved_args(resolver))
        for_each = args['for_each']
        if not isinstance(for_each, collections.abc.Mapping):
            raise self.error(_('The "for_each" argument to "%s" must '
                               'contain a map') % self.fn_name)
        keys = list(for_each)
        lists = [self._loop_values(for_each[k]) for k in keys]
        budget = budget_mod.current()
        count = 1
        for values in lists:
            count *= len(values)
            budget.expect(self, count)
        meter = budget.meter(self)
        result = []
        for values in self.combinations(args, lists):
            item = self._substitute(keys, values, args['template'], budget)
            meter.add(budget_mod.size_of(item, budget.max_result))
            result.append(item)
        return result

    def _substitute(self, keys, values, template, budget):
        if isinstance(template, str):
            for key, value in zip(keys, values):
                if key and isinstance(value, str):
                    budget.expect(self, len(template) + template.count(key)
                                  * max(len(value) - len(key), 0))
                # NOTE(heat-vision): str.replace on purpose: a non-string
                # value fails with Python's own message, as in Heat.
                template = template.replace(key, value)
            return template
        if isinstance(template, collections.abc.Mapping):
            return {self._substitute(keys, values, k, budget):
                    self._substitute(keys, values, v, budget)
                    for k, v in template.items()}
        if isinstance(template, list):
            return [self._substitute(keys, values, v, budget)
                    for v in template]
        return template


class RepeatWithMap(Repeat):
    """A function for iterating over a list of items or a dict of keys.

    Takes {for_each: {placeholder: list or map, ...}, template: data}.
    """

    allow_maps = True


class RepeatWithNestedLoop(RepeatWithMap):
    """A function for iterating over a list of items or a dict of keys.

    Takes {for_each: {...}, template: data, permutations: bool}; with
    permutations false the lists are walked in step instead of nested.
    """

    KEYS = ('for_each', 'template', 'permutations')

    def combinations(self, args, lists):
        permutations = args.get('permutations', True)
        if not isinstance(permutations, bool):
            raise self.error(_('"permutations" of "%s" must be a '
                               'boolean.') % self.fn_name)
        if permutations:
            return itertools.product(*lists)
        if len({len(v) for v in lists}) > 1:
            raise self.error(_('With "permutations" false, the loops in '
                               '"for_each" of "%s" must have the same '
                               'length.') % self.fn_name)
        return zip(*lists)
