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

"""Evaluation of the conditions section and of resource/output
conditions."""

import threading

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.template import function

_EVALUATING = object()


class Conditions:
    """Conditions of one stack definition, evaluated lazily and cached.

    :param ctx: the :class:`StackDefinition`.
    """

    def __init__(self, ctx):
        self.ctx = ctx
        self._snippets = None
        self._values = {}
        self._resource_values = {}
        # The engine asks from many threads at once: one evaluates a
        # condition while the others wait (a condition seen under
        # evaluation by another thread is not a circular one).
        self._lock = threading.RLock()

    def snippets(self):
        if self._snippets is None:
            self.ctx.template.check_once()
            self._snippets = self.ctx.template.condition_snippets()
        return self._snippets

    def _section_path(self, name):
        return [self.ctx.template.CONDITIONS_SECTION, name]

    def named(self, name, path=()):
        """The value of the condition called ``name``.

        :raises: exception.StackValidationFailed if unknown or circular.
        """
        with self._lock:
            return self._named(name, path)

    def _named(self, name, path):
        value = self._values.get(name)
        if value is _EVALUATING:
            raise exception.StackValidationFailed(
                _('Circular definition for condition "%s"') % name,
                path=self._section_path(name))
        if value is not None:
            return value
        if name not in self.snippets():
            raise exception.StackValidationFailed(
                _('Invalid condition "%s"') % name, path=list(path))
        self._values[name] = _EVALUATING
        try:
            parsed = self.ctx.template.parse(
                self.ctx, self.snippets()[name], self._section_path(name),
                conditional=True)
            function.validate(parsed)
            value = self._to_bool(function.resolve(parsed),
                                  self._section_path(name))
        except BaseException:
            del self._values[name]
            raise
        self._values[name] = value
        return value

    @staticmethod
    def _to_bool(value, path):
        if not isinstance(value, bool):
            raise exception.StackValidationFailed(
                _('The definition of condition is invalid: it evaluates to '
                  '%r, not a boolean') % (value,), path=list(path))
        return value

    def evaluate(self, item, path=()):
        """The value of a condition reference.

        :param item: a condition name, a boolean or a parsed function.
        :param path: where the reference is.
        :returns: bool.
        """
        if isinstance(item, bool):
            return item
        if isinstance(item, str):
            return self.named(item, path)
        if isinstance(item, function.Function):
            item.validate()
            return self._to_bool(function.resolve(item), item.path)
        raise exception.StackValidationFailed(
            _('Invalid condition %r: expected a condition name, a boolean '
              'or a condition function') % (item,), path=list(path))

    def check(self, item, path=()):
        """Check the form of a condition reference without evaluating it.

        :raises: exception.StackValidationFailed.
        """
        if isinstance(item, str):
            if item not in self.snippets():
                raise exception.StackValidationFailed(
                    _('Invalid condition "%s"') % item, path=list(path))
        elif not isinstance(item, (bool, function.Function)):
            raise exception.StackValidationFailed(
                _('Invalid condition %r') % (item,), path=list(path))

    def values(self):
        """``{name: bool}`` of every named condition."""
        return {name: self.named(name) for name in self.snippets()}

    def _parsed_reference(self, raw, path):
        if isinstance(raw, (dict, list)):
            return self.ctx.template.parse(self.ctx, raw, path,
                                           conditional=True)
        return raw

    def for_resource(self, name):
        """Whether the condition of resource ``name`` holds.

        :returns: bool (True for a resource without condition).
        """
        if name not in self._resource_values:
            raw = self.ctx.snippets()[name].get('condition')
            if raw is None:
                value = True
            else:
                path = self.ctx._field_path(name, 'condition')
                value = self.evaluate(self._parsed_reference(raw, path),
                                      path)
            self._resource_values[name] = value
        return self._resource_values[name]

    def output_checker(self, name, snippet, path):
        """A callable telling whether an output's condition holds.

        :param name: the output name.
        :param snippet: the normalised output snippet.
        :param path: the output's path.
        :returns: a callable, or None when there is no condition.
        """
        raw = snippet.get('condition')
        if raw is None:
            return None
        cpath = path + [self.ctx.template.OUTPUT_FIELD_KEYS['condition']]
        parsed = self._parsed_reference(raw, cpath)
        return lambda: self.evaluate(parsed, cpath)
