"""tosca-parser's findings -> a TranslationError with a path.

tosca-parser reports what is wrong in prose, quoting the names and
values involved ('"properties" of template "s" contains unknown field
"flavor"'). The path is found by looking for those quoted words in the
original document: the place whose path and value contain the most of
them, the first in document order among equals.
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


def locate(doc, message):
    """The path in ``doc`` that ``message`` most likely speaks of."""
    tokens = [a or b for a, b in _QUOTED.findall(message)]
    tokens = [t for t in tokens if t not in _NOISE] or tokens
    if not tokens:
        return ''
    best, best_score = '', 0
    for path, value in _walk(doc):
        words = set(path)
        if isinstance(value, (str, int, float, list)) and \
                not isinstance(value, bool):
            # tosca-parser quotes lists as Python shows them.
            words.add(str(value))
        score = sum(1 for t in set(tokens) if t in words)
        if score > best_score:
            best, best_score = '.'.join(path), score
    return best


def from_parser(doc, exceptions, fallback):
    """The TranslationError for tosca-parser's first finding.

    :param exceptions: what its ExceptionCollector gathered.
    :param fallback: the message when it gathered nothing.
    """
    if exceptions:
        first = exceptions[0]
        message = '%s: %s' % (type(first).__name__,
                              getattr(first, 'message', None) or first)
    else:
        message = str(fallback)
    message = message.strip().replace('\n', ' ')
    return base.fail(locate(doc, message), message)
