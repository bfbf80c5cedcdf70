"""Stack locks: which engine acts on a stack right now."""

from oslo_db import exception as db_exc

from heat_vision.db import api as db_api
from heat_vision.db import models


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
