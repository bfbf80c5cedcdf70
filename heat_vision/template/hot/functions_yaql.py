"""The HOT yaql function, bounded in iterations, memory and time."""

import collections.abc
import threading

from heat_vision.common.i18n import _
from heat_vision.template import function

# NOTE(heat-vision): the same bounds Heat ships as its defaults; the time
# bound guards against expressions that stay under them but run long.
LIMIT_ITERATORS = 1000
MEMORY_QUOTA = 100000
MAX_EXPRESSION_LENGTH = 10000
TIMEOUT = 5.0

_engine = None
_engine_lock = threading.Lock()


def _get_engine():
    global _engine
    with _engine_lock:
        if _engine is None:
            import yaql
            options = {'yaql.limitIterators': LIMIT_ITERATORS,
                       'yaql.memoryQuota': MEMORY_QUOTA,
                       'yaql.convertTuplesToLists': True,
                       'yaql.convertSetsToLists': True}
            _engine = yaql.YaqlFactory().create(options=options)
        return _engine


def evaluate(expression, data, timeout=TIMEOUT):
    """Evaluate a yaql expression with ``$.data`` bound to ``data``.

    :param expression: the yaql expression.
    :param data: the data the expression reads.
    :param timeout: seconds after which the evaluation is abandoned.
    :returns: the value.
    :raises: ValueError if the expression is invalid, fails or times out.
    """
    import yaql
    parsed = _get_engine()(expression)
    outcome = {}

    def run():
        try:
            context = yaql.create_context()
            outcome['value'] = parsed.evaluate({'data': data}, context)
        except Exception as exc:  # noqa: reported to the caller below
            outcome['error'] = exc

    worker = threading.Thread(target=run, daemon=True,
                              name='yaql-evaluation')
    worker.start()
    worker.join(timeout)
    if worker.is_alive():
        raise ValueError(_('yaql expression took longer than %s seconds')
                         % timeout)
    if 'error' in outcome:
        raise ValueError(str(outcome['error']) or
                         type(outcome['error']).__name__)
    return outcome.get('value')


class Yaql(function.Function):
    """A function for executing a yaql expression.

    Takes {expression: yaql, data: data}; the data is $.data in the
    expression.
    """

    def _parts(self, args):
        if not isinstance(args, collections.abc.Mapping) or set(
                args) != {'expression', 'data'}:
            raise self.error(_('Arguments to "%s" must be a map with the '
                               'keys "expression" and "data".')
                             % self.fn_name)
        return args['expression'], args['data']

    def _check_expression(self, expression):
        if not isinstance(expression, str):
            raise self.error(_('The "expression" of "%s" must be a '
                               'string.') % self.fn_name)
        if len(expression) > MAX_EXPRESSION_LENGTH:
            raise self.error(_('The yaql expression is longer than %d '
                               'characters.') % MAX_EXPRESSION_LENGTH)
        try:
            _get_engine()(expression)
        except Exception as exc:  # noqa: any parse failure is the user's
            raise self.error(_('Bad yaql expression: %s') % exc)

    def validate_args(self):
        expression, _data = self._parts(self.args)
        if not isinstance(expression, function.Function):
            self._check_expression(expression)

    def result(self, resolver=None):
        expression, data = self._parts(self.resolved_args(resolver))
        self._check_expression(expression)
        try:
            return evaluate(expression, data)
        except ValueError as exc:
            raise self.error(_('Bad yaql expression: %s') % exc)
