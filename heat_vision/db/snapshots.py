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

"""Queries on stack snapshots."""

from heat_vision.common import exception
from heat_vision.db import api as db_api
from heat_vision.db import models


def snapshot_create(context, values):
    """:returns: the new snapshot row."""
    with db_api.writer(context) as session:
        row = models.Snapshot(**values)
        session.add(row)
        session.flush()
        return row


def snapshot_get(context, stack_id, snapshot_id):
    """One snapshot of one stack.

    :raises: EntityNotFound, also when it is another stack's.
    """
    with db_api.reader(context) as session:
        row = session.get(models.Snapshot, snapshot_id)
    if row is None or row.stack_id != stack_id:
        raise exception.EntityNotFound(entity='Snapshot', name=snapshot_id)
    return row


def snapshot_get_all(context, stack_id):
    """The stack's snapshots, oldest first."""
    with db_api.reader(context) as session:
        return session.query(models.Snapshot).filter_by(
            stack_id=stack_id).order_by(models.Snapshot.created_at,
                                        models.Snapshot.id).all()


def snapshot_update(context, snapshot_id, values):
    with db_api.writer(context) as session:
        session.query(models.Snapshot).filter_by(id=snapshot_id).update(
            values)


def snapshot_delete(context, snapshot_id):
    with db_api.writer(context) as session:
        session.query(models.Snapshot).filter_by(id=snapshot_id).delete()


def snapshot_delete_by_stack(context, stack_id):
    with db_api.writer(context) as session:
        session.query(models.Snapshot).filter_by(stack_id=stack_id).delete()
