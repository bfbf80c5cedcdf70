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

"""tosca-parser's findings -> a TranslationError with a path.

tosca-parser reports what is wrong in prose, quoting the names and
values involved ('"properties" of template "s" contains unknown field
"flavor"'). The path is found by looking for those quoted words in the
original document and the files it imports (nested topologies, type
definitions): the place whose path and value contain the most of them,
the first in document order among equals, the entry document first. A
place in another file is named ``file:path``.
"""

import re

from heat_vision.translators import base

_QUOTED = re.compile(r'"([^"]{1,200})"|\'([^\']{1,200})\'')
_NOISE = ('properties', 'capabilities', 'requirements', 'interfaces',
          'inputs', 'outputs', 'type', 'node_templates')


def _walk(data, path=()):
    yield path, data
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _walk(value, path + (str(key),))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from _walk(value, path + (str(i),))


def _tokens(message):
    tokens = [a or b for a, b in _QUOTED.findall(message)]
    return set(t for t in tokens if t not in _NOISE) or set(tokens)


def _best(doc, tokens):
    """``(score, path)`` of the place in ``doc`` that matches most."""
    best, best_score = '', 0
    for path, value in _walk(doc):
        words = set(path)
        if isinstance(value, (str, int, float, list)) and \
                not isinstance(value, bool):
            # tosca-parser quotes lists as Python shows them.
            words.add(str(value))
        score = sum(1 for t in tokens if t in words)
        if score > best_score:
            best, best_score = '.'.join(path), score
    return best_score, best


def locate(doc, message, others=None):
    """The path that ``message`` most likely speaks of.

    :param doc: the entry document.
    :param others: ``{file name: parsed document}`` it imports; a place
        in one of them is returned as ``'file:path'``.
    """
    tokens = _tokens(message)
    if not tokens:
        return ''
    best_score, best = _best(doc, tokens)
    for name, other in sorted((others or {}).items()):
        score, path = _best(other, tokens)
        if score > best_score:
            best_score, best = score, base.in_file(name, path)
    return best


def reason(exc):
    """What ``exc`` says (a KeyError's str() is the repr of its
    argument: quotes that would hide the names the message quotes).
    """
    if len(exc.args) == 1 and isinstance(exc.args[0], str):
        return exc.args[0]
    return str(exc)


def from_parser(doc, exceptions, fallback, others=None):
    """The TranslationError for tosca-parser's first finding.

    :param exceptions: what its ExceptionCollector gathered.
    :param fallback: the message when it gathered nothing.
    :param others: the imported documents, as :func:`locate` takes them.
    """
    if exceptions:
        first = exceptions[0]
        message = '%s: %s' % (type(first).__name__,
                              getattr(first, 'message', None) or
                              reason(first))
    else:
        message = str(fallback)
    message = message.strip().replace('\n', ' ')
    return base.fail(locate(doc, message, others), message)
