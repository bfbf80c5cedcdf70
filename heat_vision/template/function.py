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

"""The intrinsic function base class and the walkers over snippet trees.

A parsed snippet is plain data (dicts, lists, scalars) in which every
function call has been replaced by a :class:`Function` instance. The
walkers here (:func:`resolve`, :func:`validate`, :func:`dependencies`,
:func:`freeze`) recurse through such trees.

A function is bound to a *context* (the :class:`StackDefinition` that
parsed it) which gives it parameters, conditions, files and the set of
resources; resource values come from a *resolver* passed at evaluation
time (see ``heat_vision.template`` for the protocol).
"""

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.template import budget as budget_mod

# NOTE(heat-vision): the value an ``if`` without a false branch returns;
# the containing list item or map entry disappears (HOT 2021-04-16).
ELIDED = Ellipsis

_RUNTIME_ERRORS = (TypeError, ValueError, KeyError, IndexError,
                   AttributeError, ZeroDivisionError, OverflowError)


class Function:
    """Base class of an intrinsic function.

    :param ctx: the context the function was parsed in.
    :param fn_name: the name the template used to call it.
    :param args: the parsed arguments.
    :param path: the location of the call in the template (a list).
    """

    def __init__(self, ctx, fn_name, args, path=()):
        self.ctx = ctx
        self.fn_name = fn_name
        self.args = args
        self.path = list(path)

    @classmethod
    def parse_args(cls, parser, args, path):
        """Parse the raw arguments of a call.

        :param parser: a callable ``parser(data, path, conditional=False)``.
        :param args: the raw arguments.
        :param path: where the arguments are.
        :returns: the parsed arguments.
        """
        return parser(args, path)

    def error(self, message):
        """Build a validation error located at this call.

        :param message: what is wrong.
        :returns: an :class:`exception.StackValidationFailed` to raise.
        """
        return exception.FunctionError(message, path=self.path)

    def validate(self):
        """Check the arguments, recursively.

        :raises: exception.StackValidationFailed on malformed arguments.
        """
        validate(self.args)
        self.validate_args()

    def validate_args(self):
        """Check this function's own arguments (a hook for subclasses)."""

    def dependencies(self):
        """Names of the resources this call refers to.

        :returns: an iterable of resource names.
        """
        return dependencies(self.args)

    def resolved_args(self, resolver=None):
        """The arguments' values, within the evaluation's budget."""
        return budget_mod.current().charge(self, resolve(self.args,
                                                         resolver))

    def result(self, resolver=None):
        """Compute the value of the call.

        :param resolver: gives the values of resources, or None.
        :returns: the value.
        :raises: exception.FunctionError if it cannot be computed.
        """
        raise NotImplementedError()

    def to_dict(self):
        """The call in its template form, JSON-able.

        :returns: ``{fn_name: args}``.
        """
        return {self.fn_name: freeze(self.args)}

    def __eq__(self, other):
        if isinstance(other, Function):
            return self.to_dict() == other.to_dict()
        return NotImplemented

    def __hash__(self):
        return hash(self.fn_name)

    def __repr__(self):
        return '<%s %r>' % (type(self).__name__, self.to_dict())


class Unavailable(Function):
    """Placeholder for a function this template version does not offer."""

    reason = _('The function "%(fn)s" is not available in %(version)s.')

    @classmethod
    def parse_args(cls, parser, args, path):
        return args

    def validate(self):
        raise self.error(self.reason % {'fn': self.fn_name,
                                        'version': self.ctx_version()})

    def ctx_version(self):
        return getattr(self.ctx, 'version_name', 'this template version')

    def result(self, resolver=None):
        self.validate()


class Removed(Unavailable):
    """A function removed from this template version."""

    reason = _('The function "%(fn)s" was removed from this template '
               'version and is not available in %(version)s.')


class InvalidInCondition(Unavailable):
    """A function that is not allowed in a condition."""

    reason = _('The function "%(fn)s" is not allowed in conditions '
               '(%(version)s).')


def resolve(snippet, resolver=None):
    """Compute the plain value of a parsed snippet.

    One call (with the calls nested in it) is one evaluation, bounded by a
    :class:`budget.Budget`: no value larger than its limit is built.

    :param snippet: parsed data, possibly containing functions.
    :param resolver: gives the values of resources, or None.
    :returns: plain data.
    :raises: exception.FunctionError if a function fails or its value
        would be too large.
    """
    if not isinstance(snippet, (Function, dict, list)):
        return snippet      # plain data: nothing to evaluate or bound
    if budget_mod.in_evaluation():
        return _resolve(snippet, resolver)
    with budget_mod.evaluation():
        return _resolve(snippet, resolver)


def _resolve(snippet, resolver):
    if isinstance(snippet, Function):
        try:
            return budget_mod.current().charge(snippet,
                                               snippet.result(resolver))
        except exception.HeatVisionException:
            raise
        except MemoryError:
            raise snippet.error(_('The value is too large to compute.'))
        except RecursionError:
            raise snippet.error(_('The functions nest too deeply.'))
        except _RUNTIME_ERRORS as exc:
            raise exception.FunctionError(str(exc), path=snippet.path)
    if isinstance(snippet, dict):
        out = {}
        for key, value in snippet.items():
            value = _resolve(value, resolver)
            if value is not ELIDED:
                out[key] = value
        return out
    if isinstance(snippet, list):
        return [v for v in (_resolve(i, resolver) for i in snippet)
                if v is not ELIDED]
    return snippet


def validate(snippet):
    """Validate every function in a parsed snippet.

    :param snippet: parsed data.
    :raises: exception.StackValidationFailed with the path of the error.
    """
    if isinstance(snippet, Function):
        snippet.validate()
    elif isinstance(snippet, dict):
        for value in snippet.values():
            validate(value)
    elif isinstance(snippet, list):
        for value in snippet:
            validate(value)


def dependencies(snippet):
    """Resource names referred to by the functions in a parsed snippet.

    :param snippet: parsed data.
    :returns: a set of resource names.
    """
    found = set()
    stack = [snippet]
    while stack:
        item = stack.pop()
        if isinstance(item, Function):
            found.update(item.dependencies())
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found


def freeze(snippet):
    """Turn a parsed snippet back into its JSON-able template form.

    :param snippet: parsed data.
    :returns: plain data with function calls as single-key maps.
    """
    if isinstance(snippet, Function):
        return snippet.to_dict()
    if isinstance(snippet, dict):
        return {k: freeze(v) for k, v in snippet.items()}
    if isinstance(snippet, list):
        return [freeze(v) for v in snippet]
    return snippet


def has_functions(snippet):
    """Whether a parsed snippet contains any function call.

    :param snippet: parsed data.
    :returns: bool.
    """
    if isinstance(snippet, Function):
        return True
    if isinstance(snippet, dict):
        return any(has_functions(v) for v in snippet.values())
    if isinstance(snippet, list):
        return any(has_functions(v) for v in snippet)
    return False
