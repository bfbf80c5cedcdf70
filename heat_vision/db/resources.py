"""Queries on resources, written in batches by the scheduler."""

import sqlalchemy as sa

from heat_vision.db import api as db_api
from heat_vision.db import models


def resource_create_many(context, rows):
    """Insert resource rows (dicts). :returns: the rows, with their ids."""
    if not rows:
        return []
    with db_api.writer(context) as session:
        objs = [models.Resource(**row) for row in rows]
        session.add_all(objs)
        session.flush()
        return objs


def resource_update_many(context, changes):
    """Apply ``[{'id': .., field: value, ...}, ...]`` in one transaction."""
    if not changes:
        return
    with db_api.writer(context) as session:
        session.execute(sa.update(models.Resource), changes)


def resource_get_all_by_stack(context, stack_id):
    with db_api.reader(context) as session:
        return session.query(models.Resource).filter_by(
            stack_id=stack_id).order_by(models.Resource.id).all()


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
        return session.query(models.Resource).filter(
            models.Resource.stack_id.in_(list(stack_ids)),
            models.Resource.replaced_by.is_(None)).order_by(
                models.Resource.stack_id, models.Resource.id).all()


def resource_count_by_stacks(context, stack_ids):
    """How many live resources the stacks ``stack_ids`` have together."""
    if not stack_ids:
        return 0
    with db_api.reader(context) as session:
        return session.query(sa.func.count(models.Resource.id)).filter(
            models.Resource.stack_id.in_(list(stack_ids)),
            models.Resource.replaced_by.is_(None)).scalar()


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
