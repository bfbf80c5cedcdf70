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

"""Reading data that callers send, within a nesting depth.

``json.loads`` accepts ``NaN`` and ``Infinity``, which are not JSON, and
recurses once per nesting level, so a deep enough document raises
RecursionError instead of ValueError. ``loads`` refuses both with a
ValueError saying what is wrong; ``check`` walks parsed data (JSON or
YAML) without recursion and refuses what nests too deeply or holds a
number that is not finite.
"""

import json
import math

from heat_vision.common.i18n import _


class TooDeep(ValueError):
    """The data nests deeper than allowed."""

    def __init__(self, max_depth):
        super().__init__(_('nests deeper than %d levels') % max_depth)
        self.max_depth = max_depth


class NotFinite(ValueError):
    """The data holds NaN or an infinity."""


def _refuse_constant(name):
    raise NotFinite(_('%s is not a JSON number') % name)


def loads(text, max_depth):
    """Parse JSON text, refusing NaN, Infinity and deep nesting.

    :param text: str (bytes are decoded as UTF-8 by the caller).
    :param max_depth: the deepest accepted nesting (1: a scalar or a
        flat list or object).
    :returns: the data.
    :raises: TooDeep, NotFinite, or ValueError if it is not JSON.
    """
    try:
        data = json.loads(text, parse_constant=_refuse_constant)
    except RecursionError:
        raise TooDeep(max_depth)
    check(data, max_depth)
    return data


def _path(link):
    parts = []
    while link is not None:
        key, link = link
        parts.append('[%d]' % key if isinstance(key, int) else
                     '.%s' % key)
    return ''.join(reversed(parts)).lstrip('.')


def check(data, max_depth, finite=True):
    """Walk ``data`` (no recursion): its depth and its numbers.

    :param finite: refuse NaN and infinities too.
    :raises: TooDeep if it nests deeper than ``max_depth``; NotFinite
        if it holds NaN or an infinity (the message names where).
    """
    todo = [(data, 1, None)]
    while todo:
        item, depth, link = todo.pop()
        if isinstance(item, dict):
            children = item.items()
        elif isinstance(item, (list, tuple)):
            children = enumerate(item)
        else:
            if (finite and isinstance(item, float) and
                    not math.isfinite(item)):
                where = _path(link)
                raise NotFinite(
                    _('%(where)s%(value)s is not a finite number') %
                    {'where': where + ': ' if where else '',
                     'value': item})
            continue
        if depth >= max_depth and item:
            raise TooDeep(max_depth)
        todo.extend((value, depth + 1, (key, link))
                    for key, value in children)
