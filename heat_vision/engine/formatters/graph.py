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

"""What the web view draws of one stack (heat-vision's own payload).

Only what a graph needs, as a table: ``resources`` is ``{fields: [...],
rows: [[...], ...]}``, one row per resource in creation order with the
values of ``RESOURCE_FIELDS``. A stack of 1,000 resources answers in a
fraction of its resource list's time and size. ``version`` names the
state it shows; a caller that has that version already gets nothing
else.
"""

import hashlib
import json

from heat_vision.engine.formatters import stacks as formatters
from heat_vision.rpc import api as rpc_api

_STACK_KEYS = (rpc_api.STACK_ID, rpc_api.STACK_NAME, rpc_api.STACK_STATUS,
               rpc_api.STACK_STATUS_REASON, rpc_api.STACK_CREATION_TIME,
               rpc_api.STACK_UPDATED_TIME, rpc_api.STACK_DELETION_TIME,
               rpc_api.STACK_PARENT)
#: A row's values: ``status`` is ``ACTION_STATUS``; ``reason`` and
#: ``physical_id`` are '' for none; ``requires`` and ``implicit_requires``
#: lists of names or null; ``nested`` ``[stack name, stack id]`` of the
#: nested stack the resource owns, or null.
RESOURCE_FIELDS = (rpc_api.GRAPH_RES_NAME, rpc_api.GRAPH_RES_TYPE,
                   rpc_api.GRAPH_RES_STATUS, rpc_api.GRAPH_RES_REASON,
                   rpc_api.GRAPH_RES_PHYSICAL_ID, rpc_api.GRAPH_RES_REQUIRES,
                   rpc_api.GRAPH_RES_IMPLICIT_REQUIRES,
                   rpc_api.GRAPH_RES_NESTED, rpc_api.GRAPH_RES_UPDATED_TIME)


def version(stack_row, counts):
    """:param counts: ``db.stack_graph.graph_version`` of the stack.
    :returns: a short string that changes with what the graph shows.
    """
    key = repr((stack_row.id, stack_row.name, stack_row.action,
                stack_row.status, stack_row.status_reason,
                stack_row.updated_at, stack_row.deleted_at) + tuple(counts))
    return hashlib.sha256(key.encode()).hexdigest()[:32]


def format_graph(stack_row, rows, graph_version, newest_event):
    """:param rows: ``db.stack_graph.graph_rows`` of the stack.
    :param newest_event: the uuid of its newest event (the marker from
        which a caller reads the events that follow), or None.
    """
    summary = formatters.format_stack_summary(stack_row)
    isotime = formatters.isotime
    dependencies = iter(_all_names(rows))
    table = [[name, kind, status, reason, physical, next(dependencies),
              next(dependencies), [nested_name, nested_id] if nested_id
              else None, isotime(changed_at)]
             for (name, kind, status, reason, physical, _requires, _implicit,
                  nested_name, nested_id, changed_at) in rows]
    return {
        rpc_api.GRAPH_VERSION: graph_version,
        rpc_api.GRAPH_STACK: {key: summary[key] for key in _STACK_KEYS},
        rpc_api.GRAPH_RESOURCES: {rpc_api.GRAPH_FIELDS: list(RESOURCE_FIELDS),
                                  rpc_api.GRAPH_ROWS: table},
        rpc_api.GRAPH_NEWEST_EVENT: newest_event,
    }


def _all_names(rows):
    """The requires and implicit_requires of each row in turn, as lists
    of names (None for none), from their stored JSON text.

    One parse of one JSON array for all of them: a parse per value cost
    more than the rest of a row.
    """
    stored = ','.join(text or 'null' for row in rows
                      for text in (row[5], row[6]))
    return [names or None for names in json.loads('[%s]' % stored)]
