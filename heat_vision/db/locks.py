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

"""Stack locks: which engine acts on a stack right now."""

from oslo_db import exception as db_exc
import sqlalchemy as sa

from heat_vision.db import api as db_api
from heat_vision.db import models
from heat_vision.db import resources as db_resources


def lock_create(context, stack_id, engine_id):
    """Take the lock. :returns: None, or the engine id that holds it."""
    try:
        with db_api.writer(context) as session:
            session.add(models.StackLock(stack_id=stack_id,
                                         engine_id=engine_id))
            session.flush()
        return None
    except db_exc.DBDuplicateEntry:
        return lock_owner(context, stack_id) or lock_create(
            context, stack_id, engine_id)


def lock_owner(context, stack_id):
    with db_api.reader(context) as session:
        lock = session.get(models.StackLock, stack_id)
        return lock.engine_id if lock else None


def nested_locks(context):
    """:returns: ``[(stack_id, engine_id)]`` of the locks held on nested
        stacks (a direct operation on one of them).
    """
    with db_api.reader(context) as session:
        return session.query(
            models.StackLock.stack_id, models.StackLock.engine_id).join(
                models.Stack, models.Stack.id == models.StackLock.stack_id
            ).filter(models.Stack.owner_id.isnot(None)).all()


def lock_steal(context, stack_id, old_engine_id, new_engine_id):
    """Move a dead engine's lock to this one. :returns: True if taken."""
    with db_api.writer(context) as session:
        return session.query(models.StackLock).filter_by(
            stack_id=stack_id, engine_id=old_engine_id).update(
                {'engine_id': new_engine_id}) > 0


def lock_release(context, stack_id, engine_id):
    """:returns: True if this engine held the lock."""
    with db_api.writer(context) as session:
        return session.query(models.StackLock).filter_by(
            stack_id=stack_id, engine_id=engine_id).delete() > 0


def lock_loads(context):
    """The work each engine holds locks for.

    :returns: ``{engine_id: (stacks, resources)}``: how many stacks it
        holds the lock of, and their resources still to do (not started:
        INIT, or IN_PROGRESS).
    """
    lock, resource = models.StackLock, models.Resource
    pending = sa.and_(resource.stack_id == lock.stack_id,
                      resource.replaced_by.is_(None),
                      db_resources.still_to_do())
    with db_api.reader(context) as session:
        rows = session.query(
            lock.engine_id, sa.func.count(sa.distinct(lock.stack_id)),
            sa.func.count(resource.id)).outerjoin(resource, pending)\
            .group_by(lock.engine_id).all()
    return {engine_id: (stacks, resources)
            for engine_id, stacks, resources in rows}
