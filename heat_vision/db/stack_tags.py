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

"""Tag filters of the stack list, as Heat has them.

Tags are a JSON list stored as text, so the filters are portable rather
than backend-specific: a ``LIKE`` on each tag's JSON form narrows the rows
in SQL (it may keep a few too many, never too few), and ``matches()``
makes the exact decision on the loaded rows.
"""

from oslo_serialization import jsonutils
import sqlalchemy as sa

from heat_vision.db import models

# The filters, each a list of tags: a stack must have all of ``tags``,
# one of ``tags_any``, not all of ``not_tags`` and none of
# ``not_tags_any``.
KEYS = ('tags', 'tags_any', 'not_tags', 'not_tags_any')
_ESCAPE = '!'


def active(tag_filters):
    """:returns: the filters that have tags, or None if none has."""
    active = {key: list(value) for key, value in (tag_filters or {}).items()
              if value}
    return active or None


def prefilter(query, tag_filters, column=None):
    """Narrow ``query`` in SQL to rows that may match ``tag_filters``.

    :param column: the tags column to test (``models.Stack.tags`` unless
        given; a Core SELECT passes the table's).
    """
    if tag_filters.get('tags'):
        query = query.filter(*[_has(tag, column)
                               for tag in tag_filters['tags']])
    if tag_filters.get('tags_any'):
        query = query.filter(sa.or_(*[_has(tag, column)
                                      for tag in tag_filters['tags_any']]))
    return query


def matches(stack_tags, tag_filters):
    """Whether a stack with ``stack_tags`` passes every filter."""
    have = set(stack_tags or ())
    tags = tag_filters.get('tags')
    if tags and not have.issuperset(tags):
        return False
    tags_any = tag_filters.get('tags_any')
    if tags_any and have.isdisjoint(tags_any):
        return False
    not_tags = tag_filters.get('not_tags')
    if not_tags and have.issuperset(not_tags):
        return False
    not_tags_any = tag_filters.get('not_tags_any')
    if not_tags_any and not have.isdisjoint(not_tags_any):
        return False
    return True


def _has(tag, column=None):
    """A clause true for every stored tag list holding ``tag``."""
    text = jsonutils.dumps(tag)
    for char in (_ESCAPE, '%', '_'):
        text = text.replace(char, _ESCAPE + char)
    column = models.Stack.tags if column is None else column
    return sa.type_coerce(column, sa.Text).like(
        '%' + text + '%', escape=_ESCAPE)
