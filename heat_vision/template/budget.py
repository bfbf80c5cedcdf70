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

"""Bounds on evaluating intrinsic functions.

Nested functions can grow their values exponentially (``str_replace``
inside ``str_replace``, ``list_join`` with the previous result as its
delimiter, ``repeat`` over several lists): a 25 KB template could ask for
terabytes. Every evaluation (one top-level :func:`function.resolve`) gets
a :class:`Budget`:

- no single function's arguments or result may be *larger* than
  ``max_evaluation_result_size``;
- the sizes of all the values its functions produce, added up (the
  *work*), may not pass ``max_evaluation_work``.

Functions whose result can be far larger than their arguments check the
size they are about to build *before* building it (:meth:`Budget.expect`,
:meth:`Budget.meter`), so nothing large is ever allocated; every result is
measured afterwards as well.

The size of a value (:func:`size_of`) is the number of characters of its
strings plus one for each number, boolean, null, list item and map entry:
roughly its length as JSON.
"""

import contextlib
import contextvars

from oslo_config import cfg

from heat_vision.common import exception
from heat_vision.common.i18n import _

CONF = cfg.CONF

# The defaults of the options in heat_vision.conf.limits, for code that
# evaluates templates without them registered (a library use).
DEFAULT_MAX_RESULT = 512 * 1024
DEFAULT_MAX_WORK = 16 * 1024 * 1024

_current = contextvars.ContextVar('heat_vision_evaluation_budget',
                                  default=None)


def _option(name, default):
    try:
        return getattr(CONF, name)
    except cfg.NoSuchOptError:
        return default


def size_of(value, cap=None):
    """The size of ``value``; once it passes ``cap``, a number over it.

    The walk stops as soon as the size passes ``cap``, so measuring a huge
    value costs no more than measuring one of the cap's size.
    """
    size = 0
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            size += len(item) + 1
        elif isinstance(item, dict):
            size += 1 + len(item)
            pending.extend(item.keys())
            pending.extend(item.values())
        elif isinstance(item, (list, tuple)):
            size += 1 + len(item)
            pending.extend(item)
        else:
            size += 1
        if cap is not None and size > cap:
            return size
    return size


class Budget:
    """What one evaluation may still spend."""

    def __init__(self, max_result=None, max_work=None):
        self.max_result = max_result if max_result is not None else \
            _option('max_evaluation_result_size', DEFAULT_MAX_RESULT)
        self.max_work = max_work if max_work is not None else \
            _option('max_evaluation_work', DEFAULT_MAX_WORK)
        self.work = 0

    def _too_large(self, fn):
        return fn.error(_(
            'The value of "%(fn)s" would be larger than %(limit)d, the '
            'limit set by max_evaluation_result_size.')
            % {'fn': fn.fn_name, 'limit': self.max_result})

    def expect(self, fn, size):
        """Refuse, before building it, a value of ``size`` too large.

        :raises: FunctionError located at ``fn``.
        """
        if size > self.max_result:
            raise self._too_large(fn)

    def charge(self, fn, value):
        """Measure a value ``fn`` read or produced and count it as work.

        :returns: ``value``.
        :raises: FunctionError located at ``fn``.
        """
        size = size_of(value, self.max_result)
        self.expect(fn, size)
        self.work += size
        if self.work > self.max_work:
            raise fn.error(_(
                'Evaluating "%(fn)s" takes more than %(limit)d, the work '
                'one value may take set by max_evaluation_work.')
                % {'fn': fn.fn_name, 'limit': self.max_work})
        return value

    def meter(self, fn):
        """A running total for a value ``fn`` builds piece by piece."""
        return Meter(self, fn)


class Meter:
    """Adds up the pieces of a value as it is built; refuses past the cap.
    """

    def __init__(self, budget, fn):
        self.budget = budget
        self.fn = fn
        self.size = 0

    def add(self, size):
        self.size += size
        self.budget.expect(self.fn, self.size)


def in_evaluation():
    return _current.get() is not None


def current():
    """The budget of the evaluation under way (a fresh one outside any)."""
    budget = _current.get()
    return budget if budget is not None else Budget()


@contextlib.contextmanager
def evaluation(budget=None):
    """Share one budget between the evaluations inside this block.

    Nested blocks join the outer one's budget.
    """
    outer = _current.get()
    if outer is not None:
        yield outer
        return
    token = _current.set(budget or Budget())
    try:
        yield _current.get()
    finally:
        _current.reset(token)


def check_stored(value, limit, what, path):
    """Refuse to store ``value`` when it is larger than ``limit``.

    :param what: the option that sets ``limit``, named in the error.
    :raises: StackValidationFailed at ``path``.
    """
    size = size_of(value, limit)
    if size > limit:
        raise exception.StackValidationFailed(
            _('The value is too large to store (over %(limit)d, the '
              'limit set by %(what)s).') % {'limit': limit, 'what': what},
            path=path)
    return size
