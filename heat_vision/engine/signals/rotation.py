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

"""Rotating a resource's signing secret, and re-pointing what holds its URL.

A rotation gives the resource a new secret: URLs signed with the old one
are refused from then on. The stack's own resources whose properties hold
the old URL (an alarm's ``alarm_actions: [{get_attr: [up, alarm_url]}]``)
are updated in place at once, as a stack update would update them: the
built-in alarm's stored actions, an ``OS::Aodh::*`` alarm through Aodh's
alarm update. The retired secrets are kept (``signing.MAX_RETIRED``) so
that a signal signed with one is refused with an event that says why
(``signals.delivery.credential_owner``), never silently.
"""

import time

from oslo_log import log as logging
from oslo_utils import timeutils
from oslo_utils import uuidutils

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.common import signing
from heat_vision.db import locks as db_locks
from heat_vision.db import resource_data
from heat_vision.db import stacks as db_stacks
from heat_vision.engine.actions import common
from heat_vision.engine.actions import update_plan
from heat_vision.engine import locks
from heat_vision.engine import recorder as recorder_mod
from heat_vision.engine.signals import events as signal_events
from heat_vision.engine import stack as stack_mod
from heat_vision.engine import states

LOG = logging.getLogger(__name__)
ATTEMPTS = 20
ROTATE = 'ROTATE'
# Seconds an operation of this engine that has stored its final state
# may take to release the stack's lock.
LOCK_RELEASE_WAIT = 2
UPDATED, STALE = 'updated', 'stale'


def rotate(ctxt, stack_id, name, engine_id):
    """Give the resource a new secret; re-point the stack's resources that
    hold its old signed URL. Under the stack's lock, so that no update
    writes the old URL back meanwhile.

    :returns: ``{'resource_name', 'signed_url', 'updated_resources',
        'stale_resources'}``: the URL signed with the new secret, the
        resources re-pointed, and those that still hold the old URL.
    :raises: ResourceNotFound; Invalid for a resource with no signed URL;
        ActionInProgress while a stack operation runs.
    """
    stack_row = _not_running_here(ctxt, stack_id, engine_id)
    locks.acquire(ctxt, stack_row, engine_id, ROTATE)
    try:
        url = _new_secret(ctxt, stack_id, name)
        outcome = repoint(ctxt, stack_id, name)
    finally:
        # Unless an operation of this engine took the stack meanwhile:
        # the lock is its now.
        if db_stacks.stack_get(ctxt, stack_id).status != states.IN_PROGRESS:
            locks.release(ctxt, stack_id, engine_id)
    return {'resource_name': name, 'signed_url': url,
            'updated_resources': outcome[UPDATED],
            'stale_resources': outcome[STALE]}


def _not_running_here(ctxt, stack_id, engine_id):
    """The stack's row, once no operation of this engine holds it.

    This engine's lock is re-entrant: an operation it runs is refused by
    its state, or by its holding the lock, not by acquire. An operation
    that has just stored its final state releases the lock a moment
    later: that moment is waited for (a client that saw CREATE_COMPLETE
    and rotated at once got a 409).

    :raises: ActionInProgress
    """
    deadline = time.monotonic() + LOCK_RELEASE_WAIT
    while True:
        stack_row = db_stacks.stack_get(ctxt, stack_id)
        running = stack_row.status == states.IN_PROGRESS
        if not running and db_locks.lock_owner(ctxt, stack_id) != engine_id:
            return stack_row
        if running or time.monotonic() >= deadline:
            raise exception.ActionInProgress(stack_name=stack_row.name,
                                             action=stack_row.action)
        time.sleep(0.02)


def _new_secret(ctxt, stack_id, name):
    for _attempt in range(ATTEMPTS):
        row = resource_data.resource_get_by_name(ctxt, stack_id, name)
        if row is None:
            raise exception.ResourceNotFound(name, stack_id)
        data = row.attr_data or {}
        if not data.get(signing.SECRET_KEY):
            raise exception.Invalid(
                reason=_('Resource %s has no signed URL to rotate') % name)
        data = signing.retire(data, timeutils.utcnow().isoformat())
        if resource_data.resource_update_if_unchanged(
                ctxt, row, {'attr_data': data}):
            signal_events.record(
                ctxt, stack_id, row,
                _('Signal secret rotated: signed URLs made before are '
                  'refused (request %s)') % (
                      getattr(ctxt, 'request_id', None) or
                      uuidutils.generate_uuid()))
            return signing.signal_url(stack_id, name,
                                      data[signing.SECRET_KEY])
    raise exception.Conflict(
        reason=_('Resource %s changed meanwhile; try again.') % name)


def repoint(ctxt, stack_id, name):
    """Update in place the resources that require ``name`` and whose
    properties, resolved again, changed (they held its old URL).

    One that cannot change in place (a property not ``update_allowed``,
    or a failed resource) is left for the next stack update, with an
    event that says so; one whose update fails is ``UPDATE_FAILED``
    (the next stack update replaces it).

    :returns: ``{UPDATED: [names], STALE: [names]}``.
    """
    stack = stack_mod.Stack.load(ctxt, stack_id)
    recorder = recorder_mod.Recorder(ctxt, stack.row)
    outcome = {UPDATED: [], STALE: []}
    try:
        for dependent in sorted(
                stack.definition.dependencies().required_by(name)):
            result = _repoint_one(stack, recorder, dependent, name)
            if result is not None:
                outcome[result].append(dependent)
    finally:
        recorder.flush()
    return outcome


def _repoint_one(stack, recorder, name, rotated):
    """:returns: UPDATED, STALE, or None when it holds no old URL."""
    row = stack.rows.get(name)
    if (row is None or not stack.definition.is_active(name) or
            row.action in (states.INIT, states.DELETE) or
            row.status == states.IN_PROGRESS):
        return None
    rsrc_def = stack.definition.resource_definition(name)
    plugin = stack.build_plugin(rsrc_def, row)
    if plugin.properties == (row.properties_data or {}):
        return None
    try:
        change = update_plan.classify(
            row, rsrc_def.resource_type, plugin.properties,
            row.rsrc_metadata, type(plugin).properties_schema,
            plugin.replace_failed,
            schemaless_in_place=plugin.schemaless_update_in_place)
    except exception.Invalid:
        change = update_plan.Change(update_plan.REPLACE)
    if change.kind != update_plan.UPDATE or not change.changed:
        reason = ('Still holds the old signed URL of %s (rotated): it '
                  'cannot change in place; a stack update replaces it'
                  % rotated)
        LOG.warning('Resource %s of stack %s: %s', name, stack.id, reason)
        signal_events.record(stack.context, stack.id, row, reason,
                             action=row.action, status=row.status)
        return STALE
    reason = 'Signed URL of %s rotated: %s updated' % (
        rotated, ', '.join(sorted(change.changed)))
    recorder.resource_state(row, states.UPDATE, states.IN_PROGRESS, reason)
    try:
        token = plugin.handle_update(plugin.properties, change.changed)
        for delay in common.polling(
                lambda: plugin.check_update_complete(token),
                common.deadline_of(stack.row), plugin):
            time.sleep(delay)
    except Exception as exc:
        LOG.warning('Resource %s of stack %s not re-pointed after the '
                    'rotation of %s: %s', name, stack.id, rotated, exc)
        recorder.resource_state(row, states.UPDATE, states.FAILED,
                                common.describe(exc))
        return STALE
    recorder.resource_state(
        row, states.UPDATE, states.COMPLETE, reason,
        physical_resource_id=plugin.resource_id,
        properties_data=plugin.properties,
        attr_data=plugin.data or None, rsrc_metadata=plugin.metadata)
    return UPDATED
