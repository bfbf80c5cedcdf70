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

"""Queries on resources, written in batches by the scheduler.

Rows are read and written with SQLAlchemy Core and handed out as
``ResourceRow`` objects, not ORM instances: a stack operation loads
every row of its stack and sets its state on each of them several times,
and at 10,000 resources the ORM's instrumentation was a large part of
the engine's CPU.
"""

import functools
import os

from oslo_utils import timeutils
import sqlalchemy as sa
from sqlalchemy import orm

from heat_vision.common import ids
from heat_vision.db import api as db_api
from heat_vision.db import batch_update
from heat_vision.db import models

_TABLE = models.Resource.__table__
COLUMNS = tuple(column.name for column in _TABLE.columns)
# Updates one row; the columns it sets are the keys of its parameters.
_BY_ID = sa.update(_TABLE).where(_TABLE.c.id == sa.bindparam('row_id'))


class ResourceRow:
    """One resource row: a plain object with an attribute per column."""

    __slots__ = COLUMNS

    def __init__(self, values):
        for name in COLUMNS:
            setattr(self, name, values[name])

    def __repr__(self):
        return '<ResourceRow %s %s %s_%s>' % (
            self.id, self.name, self.action, self.status)


def _new(values):
    """Every column of a new row except its id (defaults filled in)."""
    row = dict.fromkeys(COLUMNS)
    del row['id']
    row.update(uuid=ids.generate_uuid(),
               created_at=timeutils.utcnow())
    row.update(values)
    return row


def _new_many(rows):
    """``_new`` of each of ``rows``, with one clock read and one read of
    the kernel's random source for the whole batch.

    ``uuid4`` reads the random source once per id and the clock was read
    once per row: at a thousand resources that was about a tenth of the
    store of a new stack. The ids stay as unpredictable as ``uuid4``'s.
    """
    now = timeutils.utcnow()
    randoms = os.urandom(16 * len(rows)).hex()
    blank = dict.fromkeys(COLUMNS)
    del blank['id']
    made = []
    for start, values in zip(range(0, len(randoms), 32), rows):
        row = dict(blank, created_at=now,
                   uuid=_uuid4(randoms[start:start + 32]))
        row.update(values)
        made.append(row)
    return made


def _uuid4(digits):
    """The text of a version-4 UUID of 32 random hex ``digits`` (as
    ``str(uuid.UUID(hex=digits, version=4))``, which costs four times
    as much).
    """
    return '%s-%s-4%s-%s%s-%s' % (
        digits[:8], digits[8:12], digits[13:16],
        '89ab'[int(digits[16], 16) & 3], digits[17:20], digits[20:])


def resource_create_many(context, rows):
    """Insert resource rows (dicts), in one statement batch."""
    if not rows:
        return
    with db_api.writer(context) as session:
        session.execute(sa.insert(_TABLE), _new_many(rows))


def new_row(values):
    """A ResourceRow not stored yet (no id): see ``resource_insert``."""
    return ResourceRow(dict(_new(values), id=None))


def new_rows(values):
    """``new_row`` of each of ``values`` (a batch: see ``_new_many``)."""
    return [ResourceRow(dict(row, id=None)) for row in _new_many(values)]


def resource_insert(context, rows, with_ids=True):
    """Store ResourceRows made by ``new_row`` and set their ids.

    One insert batch, then one read of the ids by uuid per 500 rows.

    :param with_ids: False to leave the rows' ids unset (no one uses
        these objects again).
    """
    if not rows:
        return
    values = [{name: getattr(row, name) for name in COLUMNS if name != 'id'}
              for row in rows]
    with db_api.writer(context) as session:
        if not with_ids:
            session.execute(sa.insert(_TABLE), values)
            return
        by_uuid = {row.uuid: row for row in rows}
        if session.get_bind().dialect.insert_executemany_returning:
            # One statement per batch: SQLAlchemy's "insertmanyvalues"
            # (matched by uuid: an order kept costs a statement a row).
            for uuid, row_id in session.execute(
                    sa.insert(_TABLE).returning(_TABLE.c.uuid, _TABLE.c.id),
                    values):
                by_uuid[uuid].id = row_id
            return
        session.execute(sa.insert(_TABLE), values)
        uuids = list(by_uuid)
        for start in range(0, len(uuids), 500):
            for uuid, row_id in session.execute(
                    sa.select(_TABLE.c.uuid, _TABLE.c.id).where(
                        _TABLE.c.uuid.in_(uuids[start:start + 500]))):
                by_uuid[uuid].id = row_id


def _rows(session, query):
    return [ResourceRow(values)
            for values in session.execute(query).mappings()]


def resource_update_many(context, changes):
    """Apply ``[{'id': .., field: value, ...}, ...]`` in one transaction.

    Changes of the same fields go in one batch: SQLAlchemy batches only
    consecutive rows with the same keys, and a flush mixing two kinds
    (a replacement's state, the replaced row's link) alternated them,
    one statement per row.
    """
    if not changes:
        return
    batches = {}
    for change in changes:
        batches.setdefault(frozenset(change), []).append(change)
    with db_api.writer(context) as session:
        for batch in batches.values():
            if batch_update.supported(session):
                batch_update.update_by_id(session, _TABLE, batch)
            else:
                # A Core executemany: the ORM's bulk update by primary key
                # cost several times its statement in Python.
                session.execute(_BY_ID, [
                    {('row_id' if key == 'id' else key): value
                     for key, value in change.items()} for change in batch])


def resource_rows_by_stack(context, stack_ids):
    """``{stack id: every row of the stack}``, as
    ``resource_get_all_by_stack`` reads them, for many stacks at once.
    """
    found = {stack_id: [] for stack_id in stack_ids}
    ids = list(found)
    with db_api.reader(context) as session:
        for start in range(0, len(ids), 500):
            for row in _rows(session, sa.select(_TABLE).where(
                    _TABLE.c.stack_id.in_(ids[start:start + 500])).order_by(
                        _TABLE.c.id)):
                found[row.stack_id].append(row)
    return found


def resource_get_all_by_stack(context, stack_id):
    """Every row of the stack (replaced ones too), in creation order."""
    with db_api.reader(context) as session:
        return _rows(session, sa.select(_TABLE).where(
            _TABLE.c.stack_id == stack_id).order_by(_TABLE.c.id))


def resource_delete_by_stack(context, stack_id):
    with db_api.writer(context) as session:
        session.query(models.Resource).filter_by(
            stack_id=stack_id).delete()


def resource_get_all_by_stacks(context, stack_ids):
    """The live resources of several stacks, in one query.

    :returns: rows ordered by stack, then creation order.
    """
    if not stack_ids:
        return []
    with db_api.reader(context) as session:
        return _rows(session, sa.select(_TABLE).where(
            _TABLE.c.stack_id.in_(list(stack_ids)),
            _TABLE.c.replaced_by.is_(None)).order_by(
                _TABLE.c.stack_id, _TABLE.c.id))


def resource_get_by_physical_id(context, project_id, physical_id):
    """The live resources of ``project_id``'s live stacks whose physical
    id is ``physical_id`` (Heat's ``resource_get_by_physical_resource_id``,
    read through the project's stacks).
    """
    stacks = models.Stack.__table__
    with db_api.reader(context) as session:
        return _rows(session, sa.select(_TABLE).join(
            stacks, stacks.c.id == _TABLE.c.stack_id).where(
                stacks.c.project_id == project_id,
                stacks.c.deleted_at.is_(None),
                _TABLE.c.physical_resource_id == physical_id,
                _TABLE.c.replaced_by.is_(None)).order_by(_TABLE.c.id))


def resource_count_in_tree(context, root_id, depth, leave_out=None):
    """How many live resources a stack and its live nested stacks, down
    ``depth`` levels, have together: one query, whatever the tree's size.

    :param leave_out: the id of a stack of the tree whose own resources
        are not counted (a child an update replaces).
    """
    with db_api.reader_connection(context) as connection:
        return connection.execute(_tree_count(), {
            'root_id': root_id, 'depth': depth,
            # No stack has an empty id.
            'leave_out': leave_out or ''}).scalar()


@functools.lru_cache(maxsize=1)
def _tree_count():
    """The statement of ``resource_count_in_tree``, built once: every
    nested stack created runs it, and building it cost as much as
    running it.
    """
    stack, resource = models.Stack, models.Resource
    tree = sa.select(stack.id, sa.literal_column('0').label('level')).where(
        stack.id == sa.bindparam('root_id')).cte('tree', recursive=True)
    child = orm.aliased(stack)
    tree = tree.union_all(sa.select(child.id, tree.c.level + 1).where(
        child.owner_id == tree.c.id, child.deleted_at.is_(None),
        tree.c.level < sa.bindparam('depth')))
    stacks = sa.select(tree.c.id).where(
        tree.c.id != sa.bindparam('leave_out'))
    return sa.select(sa.func.count(resource.id)).where(
        resource.stack_id.in_(stacks), resource.replaced_by.is_(None))


def still_to_do():
    """SQL condition: a resource not started yet (INIT) or in progress.
    """
    resource = models.Resource
    return sa.or_(resource.action == 'INIT',
                  resource.status == 'IN_PROGRESS')


def resource_count_to_do(context, stack_id):
    """How many live resources of the stack are still to do."""
    with db_api.reader(context) as session:
        return session.query(sa.func.count(models.Resource.id)).filter(
            models.Resource.stack_id == stack_id,
            models.Resource.replaced_by.is_(None), still_to_do()).scalar()


def resource_delete_many(context, ids):
    """Remove resource rows (their resources are already deleted)."""
    if not ids:
        return
    with db_api.writer(context) as session:
        session.query(models.Resource).filter(
            models.Resource.id.in_(list(ids))).delete(
                synchronize_session=False)
