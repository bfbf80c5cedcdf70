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

"""Keyset paging: a page starts strictly after the row the last one ended
with, in the sort order, so that rows written meanwhile neither repeat
nor go missing (an offset would shift under them).
"""

import sqlalchemy as sa


def sorted_after(query, order, sort_dir='asc', mark=None):
    """:param order: the columns to sort by, the last one unique (an id)
        so that the order is total.
    :param sort_dir: ``'asc'`` or ``'desc'``, for every column.
    :param mark: the row the previous page ended with (found by the
        caller, who knows which rows a marker may name), or None.
    :returns: ``query`` sorted, with only the rows after ``mark``.
    """
    direction = sa.desc if sort_dir == 'desc' else sa.asc
    if mark is not None:
        keys = [getattr(mark, column.key) for column in order]
        clauses = []
        for i, column in enumerate(order):
            same = [order[j] == keys[j] for j in range(i)]
            beyond = column < keys[i] if sort_dir == 'desc' else \
                column > keys[i]
            clauses.append(sa.and_(*same, beyond))
        query = query.filter(sa.or_(*clauses))
    return query.order_by(*[direction(column) for column in order])
