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

"""Removing for good what was deleted long ago (heat-vision-manage).

A deleted stack is only marked deleted (``deleted_at``, see
``stacks.stack_soft_delete``): its row, resources and events stay.
``purge_deleted`` removes the stacks deleted before a cut-off, with
every row that belongs to them, the raw templates no stack uses any
more, and the records of engines that stopped before it.
"""

from oslo_db import exception as db_exc
import sqlalchemy as sa

from heat_vision.db import api as db_api
from heat_vision.db import models

# Rows that belong to a stack, removed before the stack.
_STACK_PARTS = (models.Event, models.Resource, models.StackLock,
                models.Snapshot, models.ResourceClaim)
_BATCH = 500
# Tries of one batch of templates that a store races (see
# ``_purge_templates``) before it is left for the next purge.
_TEMPLATE_TRIES = 3


def purge_deleted(context, older_than):
    """Remove stacks deleted before ``older_than`` and what is theirs.

    Also removes the raw templates stored before it that no stack uses
    (those of the purged stacks, and those a store or an update left
    behind when it failed), and the service records of engines stopped
    before it.

    :returns: ``{'stacks': n, 'events': n, 'templates': n,
        'services': n}``.
    """
    counts = {'stacks': 0, 'events': 0, 'templates': 0, 'services': 0}
    while True:
        # The ids are read first, in a transaction of their own: on
        # sqlite (WAL) a transaction that has read cannot start writing
        # once an engine has committed beside it ("database is locked"
        # at once, busy timeout or not); a stack deleted before
        # ``older_than`` stays so.
        with db_api.reader(context) as session:
            ids = [row.id for row in session.query(models.Stack.id).filter(
                models.Stack.deleted_at < older_than).limit(_BATCH)]
        if ids:
            with db_api.writer(context) as session:
                _purge_stacks(session, ids, counts)
        if len(ids) < _BATCH:
            break
    counts['templates'] = _purge_templates(context, older_than)
    with db_api.writer(context) as session:
        counts['services'] = session.query(models.Service).filter(
            models.Service.deleted_at < older_than).delete(
                synchronize_session=False)
    return counts


def _purge_stacks(session, ids, counts):
    """Remove the stacks ``ids`` and what is theirs."""
    for model in _STACK_PARTS:
        deleted = session.query(model).filter(
            model.stack_id.in_(ids)).delete(synchronize_session=False)
        if model is models.Event:
            counts['events'] += deleted
    counts['stacks'] += session.query(models.Stack).filter(
        models.Stack.id.in_(ids)).delete(synchronize_session=False)


def _unused(older_than):
    """The condition on ``raw_template`` rows that a purge may remove."""
    template, stack = models.RawTemplate, models.Stack
    used = sa.exists().where(sa.or_(
        stack.raw_template_id == template.id,
        stack.prev_raw_template_id == template.id))
    return sa.and_(template.created_at < older_than, ~used)


def _purge_templates(context, older_than):
    """Remove the templates stored before ``older_than`` that no stack
    uses, in batches by id. :returns: how many were removed.

    A template's row is shared by every stack of its content, so one that
    looks unused can be taken by a store at that moment: the store holds
    a shared lock on it until it commits its stack, and the foreign key
    then refuses the delete. The batch is tried again (the new stack now
    shows in the condition), and after ``_TEMPLATE_TRIES`` left alone.
    The delete repeats the condition, so a stack stored between the read
    and the delete keeps its template.
    """
    template = models.RawTemplate
    removed, after = 0, 0
    while True:
        with db_api.reader(context) as session:
            ids = [row.id for row in session.query(template.id).filter(
                template.id > after, _unused(older_than)).order_by(
                    template.id).limit(_BATCH)]
        if not ids:
            return removed
        for attempt in range(_TEMPLATE_TRIES):
            try:
                with db_api.writer(context) as session:
                    removed += session.query(template).filter(
                        template.id.in_(ids), _unused(older_than)).delete(
                            synchronize_session=False)
                break
            except db_exc.DBReferenceError:
                continue
        after = ids[-1]
