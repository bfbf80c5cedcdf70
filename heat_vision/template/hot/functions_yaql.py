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

"""The HOT yaql function, bounded in iterations, memory and time.

yaql runs the expression on a thread of its own; past ``[yaql] timeout``
that thread is stopped by raising an exception in it (yaql is pure
Python, so it stops at its next bytecode), and the caller gets a 400 at
once: an expression cannot keep a core busy after its request ended.
"""

import collections.abc
import ctypes
import threading
import time

from oslo_config import cfg
from oslo_log import log as logging

from heat_vision.common.i18n import _
from heat_vision.template import function

CONF = cfg.CONF
LOG = logging.getLogger(__name__)

MAX_EXPRESSION_LENGTH = 10000
# Defaults of the [yaql] options, for use without them registered.
_DEFAULTS = {'limit_iterators': 1000, 'memory_quota': 100000,
             'timeout': 1.0}
# How long a stopped evaluation may take to notice it was stopped.
_STOP_GRACE = 1.0
_STOP_RETRY = 0.05

_engines = {}
_engine_lock = threading.Lock()
# The standard library's functions, registered once: each evaluation runs
# in a child of it. yaql.create_context() took about 110 ms of CPU, and
# was counted against the evaluation's [yaql] timeout.
_base_context = None


class EvaluationStopped(BaseException):
    """Raised inside a yaql thread that ran out of time.

    Not an ``Exception``: yaql catches those while it picks a method's
    overload, and would swallow the stop and go on running.
    """


def _option(name):
    try:
        return getattr(CONF.yaql, name)
    except (cfg.NoSuchOptError, cfg.NoSuchGroupError):
        return _DEFAULTS[name]


def _get_engine():
    key = (_option('limit_iterators'), _option('memory_quota'))
    with _engine_lock:
        if key not in _engines:
            import yaql
            options = {'yaql.limitIterators': key[0],
                       'yaql.memoryQuota': key[1],
                       'yaql.convertTuplesToLists': True,
                       'yaql.convertSetsToLists': True}
            _engines[key] = yaql.YaqlFactory().create(options=options)
        return _engines[key]


def _context():
    """:returns: a new context for one evaluation."""
    global _base_context
    with _engine_lock:
        if _base_context is None:
            import yaql
            _base_context = yaql.create_context()
    # A child reads the functions its parent registered and keeps what the
    # evaluation sets ($, let) to itself: the parent is never written.
    return _base_context.create_child_context()


def _stop(thread):
    """Raise EvaluationStopped in ``thread``; :returns: once it ended.

    The exception is raised again until the thread ends, in case code
    on its stack (a ``finally``, a bare ``except``) caught it.
    """
    deadline = time.monotonic() + _STOP_GRACE
    while thread.is_alive() and time.monotonic() < deadline:
        ctypes.pythonapi.PyThreadState_SetAsyncExc(
            ctypes.c_ulong(thread.ident),
            ctypes.py_object(EvaluationStopped))
        thread.join(_STOP_RETRY)
    if thread.is_alive():
        LOG.warning('A yaql evaluation past its time limit did not stop '
                    'within %s seconds.', _STOP_GRACE)


def evaluate(expression, data, timeout=None):
    """Evaluate a yaql expression with ``$.data`` bound to ``data``.

    :param expression: the yaql expression.
    :param data: the data the expression reads.
    :param timeout: seconds after which the evaluation is stopped
        (``[yaql] timeout`` by default).
    :returns: the value.
    :raises: ValueError if the expression is invalid, fails or times out.
    """
    timeout = _option('timeout') if timeout is None else timeout
    parsed = _get_engine()(expression)
    context = _context()
    outcome = {}

    def run():
        try:
            outcome['value'] = parsed.evaluate({'data': data}, context)
        except EvaluationStopped:
            pass
        except Exception as exc:  # noqa: reported to the caller below
            outcome['error'] = exc

    worker = threading.Thread(target=run, daemon=True,
                              name='yaql-evaluation')
    worker.start()
    worker.join(timeout)
    if worker.is_alive():
        _stop(worker)
        raise ValueError(_('yaql expression took longer than %s seconds '
                           '([yaql] timeout)') % timeout)
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
