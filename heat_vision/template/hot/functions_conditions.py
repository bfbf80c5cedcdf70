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

"""HOT condition functions (equals, not, and, or, contains) and if.

A condition is a condition name (a string), a boolean or a condition
function; the context evaluates it (see ``StackDefinition``).
"""

import collections.abc

from heat_vision.common.i18n import _
from heat_vision.template import function


class ConditionFunction(function.Function):
    """Base of functions whose arguments are read as conditions."""

    @classmethod
    def parse_args(cls, parser, args, path):
        return parser(args, path, conditional=True)

    def condition(self, item, resolver=None):
        return self.ctx.evaluate_condition(item, self.path, resolver)


class Equals(ConditionFunction):
    """A function for comparing whether two values are equal.

    Takes [value_1, value_2].
    """

    def validate_args(self):
        if not isinstance(self.args, list) or len(self.args) != 2:
            raise self.error(_('Arguments to "%s" must be of the form: '
                               '[value_1, value_2]') % self.fn_name)

    def result(self, resolver=None):
        self.validate_args()
        left, right = self.resolved_args(resolver)
        return left == right


class Not(ConditionFunction):
    """A function that acts as a NOT operator on a condition."""

    def _operand(self):
        args = self.args
        if isinstance(args, list):
            if len(args) != 1:
                raise self.error(_('Arguments to "%s" must be of the form: '
                                   'condition') % self.fn_name)
            args = args[0]
        if not isinstance(args, (str, bool, function.Function)):
            raise self.error(_('Arguments to "%s" must be of the form: '
                               'condition') % self.fn_name)
        return args

    def validate_args(self):
        self.ctx.check_condition(self._operand(), self.path)

    def result(self, resolver=None):
        return not self.condition(self._operand(), resolver)


class And(ConditionFunction):
    """A function that acts as an AND operator on conditions.

    Takes [condition_1, condition_2, ...].
    """

    def validate_args(self):
        if not isinstance(self.args, list) or len(self.args) < 2:
            raise self.error(_('Arguments to "%s" must be of the form: '
                               '[condition_1, condition_2, ...]')
                             % self.fn_name)
        for item in self.args:
            self.ctx.check_condition(item, self.path)

    def result(self, resolver=None):
        self.validate_args()
        return all(self.condition(c, resolver) for c in self.args)


class Or(And):
    """A function that acts as an OR operator on conditions.

    Takes [condition_1, condition_2, ...].
    """

    def result(self, resolver=None):
        self.validate_args()
        return any(self.condition(c, resolver) for c in self.args)


class Contains(function.Function):
    """A function for checking whether specific value is in sequence.

    Takes [value, sequence].
    """

    @classmethod
    def parse_args(cls, parser, args, path):
        return parser(args, path)

    def validate_args(self):
        if not isinstance(self.args, list) or len(self.args) != 2:
            raise self.error(_('Arguments to "%s" must be of the form: '
                               '[value, sequence]') % self.fn_name)

    def result(self, resolver=None):
        self.validate_args()
        value, sequence = self.resolved_args(resolver)
        if not isinstance(sequence, collections.abc.Sequence):
            raise self.error(_('The second argument of "%s" must be a '
                               'sequence.') % self.fn_name)
        return value in sequence


class If(function.Function):
    """A function to return corresponding value based on condition evaluation.

    Takes [condition, value_if_true, value_if_false].
    """

    nullable = False

    @classmethod
    def parse_args(cls, parser, args, path):
        if isinstance(args, list) and args:
            return ([parser(args[0], path + [0], conditional=True)]
                    + [parser(a, path + [i + 1])
                       for i, a in enumerate(args[1:])])
        return parser(args, path)

    def validate_args(self):
        counts = (2, 3) if self.nullable else (3,)
        if not isinstance(self.args, list) or len(self.args) not in counts:
            form = ('[condition, value_if_true, (value_if_false)]'
                    if self.nullable else
                    '[condition, value_if_true, value_if_false]')
            raise self.error(_('Arguments to "%(fn)s" must be of the form: '
                               '%(form)s') % {'fn': self.fn_name,
                                              'form': form})
        self.ctx.check_condition(self.args[0], self.path)

    def _branch(self, resolver=None):
        self.validate_args()
        if self.ctx.evaluate_condition(self.args[0], self.path, resolver):
            return self.args[1]
        if len(self.args) == 2:
            return function.ELIDED
        return self.args[2]

    def dependencies(self):
        try:
            branch = self._branch()
        except Exception:  # noqa: a broken condition shows in validate
            branch = self.args
        return function.dependencies(branch)

    def result(self, resolver=None):
        branch = self._branch(resolver)
        if branch is function.ELIDED:
            return branch
        return function.resolve(branch, resolver)


class IfNullable(If):
    """A function to return corresponding value based on condition evaluation.

    Takes [condition, value_if_true, (value_if_false)]; without a false
    value, a false condition removes the enclosing item or map entry.
    """

    nullable = True
