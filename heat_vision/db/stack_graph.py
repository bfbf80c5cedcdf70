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

"""What the web view draws of one stack, read in as few queries as can be.

``graph_version`` is one aggregate statement whose answer changes
whenever the stack's live resources or its events do: a resource's state
is written with an event (``engine.recorder``), a row added, replaced or
removed changes the count and the sum of the ids, and a field written
without an event moves the newest ``updated_at``. Events are counted as
well as their newest taken, so that a batch committed after a later one
still shows. ``graph_rows`` reads the resources, and the nested stack each
one owns, in one query of the few columns the graph needs.
"""

import functools

import sqlalchemy as sa

from heat_vision.db import api as db_api
from heat_vision.db import models

_RESOURCE = models.Resource.__table__
_STACK = models.Stack.__table__
_EVENT = models.Event.__table__


@functools.lru_cache(maxsize=1)
def _version_statement():
    stack_id = sa.bindparam('stack_id')
    live = sa.and_(_RESOURCE.c.stack_id == stack_id,
                   _RESOURCE.c.replaced_by.is_(None))
    resources = sa.select(
        sa.func.count(_RESOURCE.c.id).label('count'),
        sa.func.coalesce(sa.func.sum(_RESOURCE.c.id), 0).label('ids'),
        sa.func.max(sa.func.coalesce(
            _RESOURCE.c.updated_at, _RESOURCE.c.created_at)).label('latest'),
    ).where(live).subquery()
    events = sa.select(
        sa.func.count(_EVENT.c.id).label('count'),
        sa.func.max(_EVENT.c.id).label('newest'),
    ).where(_EVENT.c.stack_id == stack_id).subquery()
    newest_uuid = sa.select(_EVENT.c.uuid).where(
        _EVENT.c.id == events.c.newest).scalar_subquery()
    return sa.select(resources.c.count, resources.c.ids, resources.c.latest,
                     events.c.count, newest_uuid).select_from(
        resources.join(events, sa.true()))


def graph_version(context, stack_id):
    """:returns: ``(resources, sum of their ids, newest resource change,
        events, uuid of the newest event or None)`` of the stack.
    """
    with db_api.reader_connection(context) as connection:
        return tuple(connection.execute(_version_statement(),
                                        {'stack_id': stack_id}).one())


@functools.lru_cache(maxsize=1)
def _rows_statement():
    stack_id = sa.bindparam('stack_id')
    nested = _STACK.alias('nested')
    owns = sa.and_(nested.c.id == _RESOURCE.c.physical_resource_id,
                   nested.c.owner_id == _RESOURCE.c.stack_id,
                   nested.c.deleted_at.is_(None))
    # The dependency lists as their stored JSON text: most are empty or
    # null, and a JSON column decodes each one however short.
    return sa.select(
        _RESOURCE.c.name, _RESOURCE.c.type,
        (_RESOURCE.c.action + '_' + _RESOURCE.c.status).label('status'),
        sa.func.coalesce(_RESOURCE.c.status_reason, '').label('reason'),
        sa.func.coalesce(_RESOURCE.c.physical_resource_id, '').label(
            'physical_id'),
        sa.type_coerce(_RESOURCE.c.requires, sa.Text()).label('requires'),
        sa.type_coerce(_RESOURCE.c.implicit_requires, sa.Text()).label(
            'implicit_requires'),
        nested.c.name.label('nested_name'),
        nested.c.id.label('nested_id'),
        sa.func.coalesce(_RESOURCE.c.updated_at,
                         _RESOURCE.c.created_at).label('changed_at'),
    ).select_from(_RESOURCE.outerjoin(nested, owns)).where(
        _RESOURCE.c.stack_id == stack_id,
        _RESOURCE.c.replaced_by.is_(None)).order_by(_RESOURCE.c.id)


def graph_rows(context, stack_id):
    """The live resources of the stack in creation order, as tuples:
    name, type, status (``ACTION_STATUS``), reason and physical id (''
    for none), requires and implicit_requires (JSON text), the name and
    id of the nested stack it owns (None for none), and changed_at (its
    last change, or its creation).
    """
    with db_api.reader_connection(context) as connection:
        return connection.execute(_rows_statement(),
                                  {'stack_id': stack_id}).all()
