"""Removing for good what was deleted long ago (heat-vision-manage).

A deleted stack is only marked deleted (``deleted_at``, see
``stacks.stack_soft_delete``): its row, resources and events stay.
``purge_deleted`` removes the stacks deleted before a cut-off, with
every row that belongs to them, and the records of engines that stopped
before it.
"""

import sqlalchemy as sa

from heat_vision.db import api as db_api
from heat_vision.db import models

# Rows that belong to a stack, removed before the stack.
_STACK_PARTS = (models.Event, models.Resource, models.StackLock,
                models.Snapshot, models.ResourceClaim)
_BATCH = 500


def purge_deleted(context, older_than):
    """Remove stacks deleted before ``older_than`` and what is theirs.

    Also removes the service records of engines stopped before it.

    :returns: ``{'stacks': n, 'events': n, 'services': n}``.
    """
    counts = {'stacks': 0, 'events': 0, 'services': 0}
    while True:
        with db_api.writer(context) as session:
            done = _purge_batch(session, older_than, counts)
        if done:
            break
    with db_api.writer(context) as session:
        counts['services'] = session.query(models.Service).filter(
            models.Service.deleted_at < older_than).delete(
                synchronize_session=False)
    return counts


def _purge_batch(session, older_than, counts):
    """Purge up to ``_BATCH`` stacks. :returns: True when none are left.
    """
    rows = session.query(models.Stack.id, models.Stack.raw_template_id,
                         models.Stack.prev_raw_template_id).filter(
        models.Stack.deleted_at < older_than).limit(_BATCH).all()
    if not rows:
        return True
    ids = [row.id for row in rows]
    for model in _STACK_PARTS:
        deleted = session.query(model).filter(
            model.stack_id.in_(ids)).delete(synchronize_session=False)
        if model is models.Event:
            counts['events'] += deleted
    counts['stacks'] += session.query(models.Stack).filter(
        models.Stack.id.in_(ids)).delete(synchronize_session=False)
    templates = {t for row in rows for t in (row.raw_template_id,
                                             row.prev_raw_template_id)
                 if t is not None}
    still_used = {t for pair in session.query(
        models.Stack.raw_template_id, models.Stack.prev_raw_template_id
    ).filter(sa.or_(models.Stack.raw_template_id.in_(templates),
                    models.Stack.prev_raw_template_id.in_(templates)))
        for t in pair}
    session.query(models.RawTemplate).filter(
        models.RawTemplate.id.in_(templates - still_used)).delete(
            synchronize_session=False)
    return len(rows) < _BATCH
