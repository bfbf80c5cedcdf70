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

"""heat-vision's own flake8 checks, registered in tox.ini.

Guidelines for writing new hacking checks

 - Use only for heat-vision specific tests. OpenStack general tests
   belong in hacking itself.
 - Pick the next free HV1xx number and register it under
   ``[flake8:local-plugins]`` in tox.ini.
 - Keep the test checks (in tests/unit/hacking/test_checks.py) beside
   the check: one case that passes, one that fails.

HV101  no eventlet: no import of it, no monkey-patching (threads only).
HV102  a TaskFlow ``revert`` method takes ``**kwargs``.
HV103  ``LOG.warn`` is deprecated: use ``LOG.warning``.
HV104  no mutable default arguments.
HV105  ``_`` comes only from ``heat_vision.common.i18n``.
HV106  resource plugins import neither ``heat_vision.engine`` nor
       ``heat_vision.db``: they reach both through the stack facade.
"""

import ast
import re

from hacking import core

I18N_MODULE = 'heat_vision.common.i18n'
_I18N_FILE = 'heat_vision/common/i18n.py'

_EVENTLET_IMPORT = re.compile(r'^\s*(import|from)\s+eventlet\b')
_MONKEY_PATCH = re.compile(r'\bmonkey_patch\s*\(')
_LOG_WARN = re.compile(r'\bLOG\.warn\s*\(')
_PLUGIN_DIR = 'heat_vision/resources/'
_BEHIND_THE_FACADE = re.compile(
    r'^\s*(import|from)\s+heat_vision\.(engine|db)\b')

_MUTABLE_LITERALS = (ast.List, ast.Dict, ast.Set, ast.ListComp,
                     ast.DictComp, ast.SetComp)
_MUTABLE_CALLS = frozenset(['list', 'dict', 'set', 'bytearray',
                            'defaultdict', 'OrderedDict', 'deque'])


@core.flake8ext
def no_eventlet(logical_line, filename):
    """HV101: eventlet is neither imported nor monkey-patched in.

    heat-vision runs on threads (futurist, oslo.messaging's threading
    executor); green threads mixed in break both.
    """
    if _EVENTLET_IMPORT.match(logical_line):
        yield (0, 'HV101 Do not import eventlet: heat-vision uses threads')
        return
    match = _MONKEY_PATCH.search(logical_line)
    if match:
        yield (match.start(), 'HV101 Do not monkey-patch: heat-vision '
                              'uses threads')


@core.flake8ext
def no_log_warn(logical_line, filename):
    """HV103: ``LOG.warn`` is deprecated, ``LOG.warning`` is not."""
    match = _LOG_WARN.search(logical_line)
    if match:
        yield (match.start(), 'HV103 Use LOG.warning() rather than '
                              'LOG.warn()')


def _functions(tree):
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield node


@core.flake8ext
def revert_takes_kwargs(tree, filename):
    """HV102: a ``revert`` method accepts ``**kwargs``.

    TaskFlow passes a task's revert the arguments of its execute plus
    ``result`` and ``flow_failures``; a signature without ``**kwargs``
    breaks as soon as either is added.
    """
    for node in ast.walk(tree):
        if not isinstance(node, ast.ClassDef):
            continue
        for item in node.body:
            if (isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef))
                    and item.name == 'revert' and item.args.kwarg is None):
                yield (item.lineno, item.col_offset,
                       'HV102 revert() methods must accept **kwargs',
                       None)


def _is_mutable(default):
    if isinstance(default, _MUTABLE_LITERALS):
        return True
    if isinstance(default, ast.Call):
        func = default.func
        name = (func.id if isinstance(func, ast.Name) else
                func.attr if isinstance(func, ast.Attribute) else None)
        return name in _MUTABLE_CALLS
    return False


@core.flake8ext
def no_mutable_default_args(tree, filename):
    """HV104: a default argument is evaluated once and shared by calls."""
    for node in _functions(tree):
        defaults = node.args.defaults + [
            d for d in node.args.kw_defaults if d is not None]
        for default in defaults:
            if _is_mutable(default):
                yield (default.lineno, default.col_offset,
                       'HV104 Method\'s default argument shouldn\'t be '
                       'mutable: use None and create it in the body',
                       None)


def _calls_underscore(tree):
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id == '_'):
            yield node


@core.flake8ext
def translation_marker_from_i18n(tree, filename):
    """HV105: ``_`` is imported from heat_vision.common.i18n only.

    A ``_`` from elsewhere (gettext, oslo_i18n, another module) marks
    text for the wrong domain, or for none.
    """
    if filename.replace('\\', '/').endswith(_I18N_FILE):
        return
    imported = False
    misimported = False
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if not any(alias.name == '_' or alias.asname == '_'
                       for alias in node.names):
                continue
            if node.module == I18N_MODULE and node.level == 0:
                imported = True
            else:
                misimported = True
                yield (node.lineno, node.col_offset,
                       'HV105 Import _ only from %s' % I18N_MODULE, None)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname == '_':
                    misimported = True
                    yield (node.lineno, node.col_offset,
                           'HV105 Import _ only from %s' % I18N_MODULE,
                           None)
    if imported or misimported:
        return
    for call in _calls_underscore(tree):
        yield (call.lineno, call.col_offset,
               'HV105 _() used without "from %s import _"' % I18N_MODULE,
               None)
        return


@core.flake8ext
def plugins_behind_the_facade(logical_line, filename):
    """HV106: resource plugins do not import the engine or the database.

    A plugin sees the engine only through the facade it is handed as
    ``self.stack`` (heat_vision.engine.facade); reaching past it ties
    the plugins to the engine's internals and makes import cycles.
    """
    if _PLUGIN_DIR not in filename.replace('\\', '/'):
        return
    match = _BEHIND_THE_FACADE.match(logical_line)
    if match:
        yield (0, 'HV106 Resource plugins reach the %s through the stack '
                  'facade (self.stack), not by importing heat_vision.%s'
               % (match.group(2), match.group(2)))
