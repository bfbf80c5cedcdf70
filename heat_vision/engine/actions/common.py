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

"""Pieces every stack operation uses: stack status and resource runs."""

import copy
import itertools
import time
import typing

from oslo_config import cfg
from oslo_log import log as logging
from oslo_utils import timeutils

from heat_vision.db import stacks as db_stacks
from heat_vision.engine.actions import cancel
from heat_vision.engine import externals
from heat_vision.engine import model
from heat_vision.engine import notify
from heat_vision.engine import pool
from heat_vision.engine import recorder as recorder_mod
from heat_vision.engine import scheduler
from heat_vision.engine import stack as stack_mod
from heat_vision.engine import states

CONF = cfg.CONF
LOG = logging.getLogger(__name__)

# How long a resource's check_*_complete waits between polls, growing
# from the first to the last value.
POLL_DELAYS = (0.001, 0.01, 0.05, 0.2, 0.5, 1.0)


def set_stack_state(recorder, action, status, reason, now=True, **values):
    """Persist the stack's new state (with any other ``values``).

    Resource states and events recorded so far, and the stack's own
    event, are written in the same transaction: a client that sees the
    stack's state sees every event that led to it.

    :param now: False to leave the write to the recorder's next flush
        (a state no one waits to see).
    """
    row = recorder.stack_row
    values.update(action=action, status=status, status_reason=reason)
    recorder.stack_event(action, status, reason)

    def write(*_args):
        db_stacks.stack_update(recorder.context, row.id, values)

    if recorder.stores_rows_later:
        # A nested stack whose parent's batches write it (``tree.
        # batched``).
        values.setdefault('updated_at', timeutils.utcnow())
        recorder.queue_stack_values(values)
    elif now:
        recorder.flush(also=write)
    else:
        # Batches are written before a flush's ``also``: a final state
        # set by the same flush is written after this one.
        recorder.queue_batch(write, None)
    for key, value in values.items():
        setattr(row, key, value)
    # As Heat's engine logs it, with the id: names repeat across projects.
    # A nested stack's other states are in its parent's resource events;
    # at INFO, a group of a thousand members would write two thousand
    # lines per operation.
    level = (logging.INFO if row.owner_id is None or
             status == states.FAILED else logging.DEBUG)
    LOG.log(level, 'Stack %(action)s %(status)s (%(name)s, %(id)s): '
            '%(reason)s', {'action': action, 'status': status,
                           'name': row.name, 'id': row.id, 'reason': reason})
    notify.stack_state(recorder.context, row)


def polling(check, deadline, plugin=None):
    """Poll ``check()`` until it returns True, as a generator of the
    delays to wait in between (backing off), for ``scheduler.walk`` to
    schedule without holding a thread.

    :param plugin: the resource plugin whose check it is: its
        ``poll_delays``, if it has its own, are the delays.
    :raises: TimeoutError when ``deadline`` (monotonic) passes first.
    """
    delays = getattr(plugin, 'poll_delays', None) or POLL_DELAYS
    for attempt in itertools.count():
        if check():
            return
        if deadline is not None and time.monotonic() > deadline:
            raise TimeoutError('timed out')
        yield delays[min(attempt, len(delays) - 1)]


class Opening(typing.NamedTuple):
    """What a stack action over the stored resources starts with."""

    stack: object       # the runtime ``Stack``
    recorder: object    # its ``Recorder``
    graph: dict         # ``{name: names it requires}``, of stored rows
    deadline: float     # ``deadline_of`` the stack


def open_action(context, stack_id, stack=None):
    """Load the stack (unless given), and what a walk of its stored
    resources needs.

    :returns: an ``Opening``.
    """
    if stack is None:
        stack = stack_mod.Stack.load(context, stack_id)
    graph = {name: set(row.requires or ()) & set(stack.rows)
             for name, row in stack.rows.items()}
    return Opening(stack, recorder_mod.Recorder(context, stack.row), graph,
                   deadline_of(stack.row))


def deadline_of(stack_row):
    if not stack_row.timeout:
        return None
    return time.monotonic() + stack_row.timeout * 60


def pending_graph(graph, done):
    """``graph`` without the nodes already ``done`` (for a take-over)."""
    return {name: requires - done for name, requires in graph.items()
            if name not in done}


def run_resources(stack, graph, run_one, deadline, recorder=None,
                  should_stop=None, interrupt=False):
    """Walk ``graph`` calling ``run_one(name)``; log what failed.

    :param recorder: its changes are flushed as they fall due while
        resources run, even when none of them changes state for a while;
        it is the stack's ``recorder`` for the walk.
    :param should_stop: see ``scheduler.walk`` (a cancelled operation).
    :param interrupt: True to stop the resources under way too, at their
        next check (``cancel.Cancelled`` is raised there).
    :raises: pool.EngineStopping when the engine stops meanwhile: the
        walk leaves at once and records nothing more.
    """
    stack.recorder = recorder
    try:
        result = scheduler.walk(
            graph, run_one, CONF.action_workers, deadline=deadline,
            should_stop=should_stop,
            interrupt=cancel.Cancelled if interrupt else None,
            halt=pool.check_stopping,
            tick=recorder.flush_if_due if recorder is not None else None,
            max_in_progress=CONF.max_resources_in_progress,
            flush=recorder.flush if recorder is not None else None,
            in_walk=steps_in_walk(stack))
    finally:
        stack.recorder = None
    for name, error in result.failed.items():
        LOG.info('Resource %s of stack %s failed: %s', name, stack.id,
                 error)
    return result


def steps_in_walk(stack):
    """:returns: ``f(name)``: whether the walk runs the steps of resource
    ``name`` on its own thread. So it does when its plugin and those of
    the resources it requires in the stack's definition (whose attributes
    its properties may read) all declare ``runs_in_walk``; anything else,
    a resource the definition does not hold, or one whose row was made as
    another type (a delete runs the stored type's plugin), runs on the
    pool.
    """
    light = {}

    def plugin_is_light(name):
        if name not in light:
            try:
                rsrc_def = stack.definition.resource_definition(name)
                row = stack.rows.get(name)
                light[name] = (
                    (row is None or row.type == rsrc_def.resource_type) and
                    declares_runs_in_walk(model.resource_class(
                        stack.definition, rsrc_def)))
            except Exception:
                light[name] = False
        return light[name]

    def in_walk(name):
        try:
            requires = stack.definition.dependencies().graph[name]
        except Exception:
            return False
        return plugin_is_light(name) and all(
            plugin_is_light(required) for required in requires)
    return in_walk


def declares_runs_in_walk(plugin_class):
    """Whether the class itself, not a base of it, says its steps are
    light: a subclass may add handlers that call out.
    """
    return vars(plugin_class).get('runs_in_walk', False)


def failure_reason(action, result):
    if result.cancelled:
        # As Heat's convergence engine says it (worker._stop_traversal).
        return 'Stack %s cancelled' % action
    if result.failed:
        name, error = next(iter(result.failed.items()))
        return 'Resource %s failed: %s: resources.%s: %s' % (
            action, type(error).__name__, name, error)
    return '%s timed out' % action.title()


COMPLETE_REASON = 'Stack %s completed successfully'


def finish(recorder, action, result, rollback=None, **values_on_success):
    """Set the stack's final state from a walk result.

    :param rollback: None, or the stack values a rollback starts with:
        a failure then goes straight to ROLLBACK_IN_PROGRESS (the failure
        is an event), so that no client sees a FAILED that is not final.
    :returns: whether the walk succeeded.
    """
    if result.ok:
        set_stack_state(recorder, action, states.COMPLETE,
                        COMPLETE_REASON % action, **values_on_success)
        return True
    reason = failure_reason(action, result)
    if rollback is None:
        set_stack_state(recorder, action, states.FAILED, reason)
    else:
        recorder.stack_event(action, states.FAILED, reason)
        set_stack_state(recorder, states.ROLLBACK, states.IN_PROGRESS,
                        reason, **rollback)
    return False


def describe(exc, action=None):
    """A failed resource's status reason.

    :param action: the resource's action, for a cancelled one: "UPDATE
        aborted (user triggered cancel)", as Heat's resource says it.
    """
    if action is not None and isinstance(exc, cancel.Cancelled):
        return '%s aborted (%s)' % (action, exc)
    return '%s: %s' % (type(exc).__name__, exc)


def create_steps(stack, recorder, row, deadline):
    """Create one resource, recording its states; raise if it fails.

    A generator: it yields the delays between polls of
    ``check_create_complete`` (``polling``).

    A create an earlier engine left under way with a physical id stored
    is resumed by checking for completion instead of starting again,
    with the token the plugin rebuilds from what it stored
    (``Resource.resume_token``).

    What ``handle_create`` made (physical id, data, metadata) is written
    through at once: from then on its attributes can be read, and the
    resource takes signals (see ``endpoints.signals``). The final write
    then carries data and metadata only if the check changed them, so
    that it never undoes a signal received meanwhile.
    """
    rsrc_def = stack.definition.resource_definition(row.name)
    if rsrc_def.external_id is not None:
        # Adopted, not made (``externals``).
        externals.adopt_steps(stack, recorder, row, rsrc_def)
        return
    resuming = (row.action == states.CREATE and
                row.status == states.IN_PROGRESS and
                row.physical_resource_id)
    if not resuming:
        recorder.resource_state(row, states.CREATE, states.IN_PROGRESS,
                                'state changed')
    plugin = None
    try:
        plugin = stack.plugin(row.name)
        if resuming:
            token = plugin.resume_token(states.CREATE)
        else:
            token = plugin.handle_create()
            if plugin.creates_external and plugin.resource_id:
                recorder.queue_fields(
                    row, physical_resource_id=plugin.resource_id,
                    properties_data=plugin.properties,
                    attr_data=plugin.data or None,
                    rsrc_metadata=plugin.metadata)
                # Written through by the walk's next flush, which the
                # resources starting meanwhile share; no thread waits.
                yield scheduler.AFTER_FLUSH
            elif stack.stored_by_next_flush(row.name):
                # Its child stack is in the walk's batches (a nested
                # stack of light resources, ``tree.batched``).
                yield scheduler.AFTER_FLUSH
        stored = _stored(row)
        yield from polling(lambda: plugin.check_create_complete(token),
                           deadline, plugin)
    except Exception as exc:
        recorder.resource_state(
            row, states.CREATE, states.FAILED, describe(exc, states.CREATE),
            physical_resource_id=plugin.resource_id if plugin else None,
            attr_data=plugin.data or None if plugin else None)
        raise
    changed = {}
    if (plugin.data or None) != stored[0]:
        changed['attr_data'] = plugin.data or None
    if plugin.metadata != stored[1]:
        changed['rsrc_metadata'] = plugin.metadata
    recorder.resource_state(row, states.CREATE, states.COMPLETE,
                            'state changed',
                            physical_resource_id=plugin.resource_id,
                            properties_data=plugin.properties,
                            **changed)


def _stored(row):
    """``(attr_data, rsrc_metadata)`` of ``row`` as stored now (copies),
    or a marker that never compares equal when nothing was stored.
    """
    if not row.physical_resource_id:
        return (_NOT_STORED, _NOT_STORED)
    return (copy.deepcopy(row.attr_data), copy.deepcopy(row.rsrc_metadata))


_NOT_STORED = object()


def delete_steps(stack, recorder, row, deadline, policy='Delete'):
    """Delete one resource (unless never created or retained).

    :param policy: its deletion policy: ``Retain`` keeps it,
        ``Snapshot`` has its plugin keep a copy first
        (``handle_snapshot_delete``) where it can.

    A generator of the delays between polls, as ``create_steps``.
    """
    if row.action == states.INIT or (row.action == states.DELETE and
                                     row.status == states.COMPLETE):
        return
    if policy == 'Retain':
        recorder.resource_state(row, states.DELETE, states.COMPLETE,
                                'Retained')
        return
    before = (row.action, row.status)
    recorder.resource_state(row, states.DELETE, states.IN_PROGRESS,
                            'state changed')
    try:
        plugin = stack.stored_plugin(row)
        if policy == 'Snapshot' and hasattr(plugin,
                                            'handle_snapshot_delete'):
            copy = plugin.handle_snapshot_delete(before)
            yield from polling(
                lambda: plugin.check_snapshot_delete_complete(copy),
                deadline, plugin)
        token = plugin.handle_delete()
        if stack.stored_by_next_flush(row.name):
            # Its child's delete is in the walk's batches.
            yield scheduler.AFTER_FLUSH
        yield from polling(lambda: plugin.check_delete_complete(token),
                           deadline, plugin)
    except Exception as exc:
        recorder.resource_state(row, states.DELETE, states.FAILED,
                                describe(exc, states.DELETE))
        raise
    recorder.resource_state(row, states.DELETE, states.COMPLETE,
                            'state changed')
