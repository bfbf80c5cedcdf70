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

"""Stack update (and the rollback of a failed one).

The new definition's graph is walked: each resource is added, kept,
updated in place or replaced (the new one created first and swapped in
only once it exists), as ``update_plan`` decides. Then the resources that
were replaced or removed are deleted, dependents first. A failed update
rolls back by updating to the previous template, unless the stack
disables rollback.
"""

from oslo_log import log as logging

from heat_vision.common import exception
from heat_vision.db import api as db_api
from heat_vision.db import resources as db_resources
from heat_vision.engine.actions import cancel
from heat_vision.engine.actions import common
from heat_vision.engine.actions import update_plan
from heat_vision.engine import externals
from heat_vision.engine import recorder as recorder_mod
from heat_vision.engine import scheduler
from heat_vision.engine import stack as stack_mod
from heat_vision.engine import states
from heat_vision.template import translation

LOG = logging.getLogger(__name__)


def begin(context, stack_row, template_id, action=states.UPDATE):
    """Point the stack at its new template and mark it IN_PROGRESS.

    :returns: how many more events the stack takes under the event cap
        (``run``'s ``event_room``: the walk need not count them again).
    """
    values = {'raw_template_id': template_id}
    if action == states.UPDATE:
        values['prev_raw_template_id'] = stack_row.raw_template_id
    recorder = recorder_mod.Recorder(context, stack_row)
    common.set_stack_state(recorder, action, states.IN_PROGRESS,
                           'Stack %s started' % action, **values)
    recorder.flush()
    stack_row.raw_template_id = template_id
    return recorder.event_room


def run(context, stack_id, action=states.UPDATE, row=None, stack=None,
        event_room=None):
    """Bring the resources to the stack's (new) template.

    An update can be cancelled (``cancel``): it then starts no other
    resource, stops those under way at their next check and rolls back
    or not, as the cancel says.

    :param row: the stack's row as ``begin`` left it, when the caller
        has it (not read again).
    :param stack: its runtime ``Stack`` on that row, with the new
        template's definition and its resource rows, when the caller has
        them (``tree.prefetch``): not loaded again.
    :param event_room: what ``begin`` returned, when the caller has it.
    :returns: the stack's row as the update (or its rollback) left it.
    """
    watch = cancel.watch(stack_id, cancellable=action == states.UPDATE)
    try:
        roll_back, row = _run(context, stack_id, action, watch, row, stack,
                              event_room)
    finally:
        watch.close()
    if roll_back:
        return run(context, stack_id, action=states.ROLLBACK)
    return row


def _run(context, stack_id, action, watch, row=None, stack=None,
         event_room=None):
    """:returns: whether the failed update is to be rolled back, and the
        stack's row as the update left it.
    """
    if stack is None:
        stack = stack_mod.Stack.load(context, stack_id, row=row)
    watch.owner_id = stack.row.owner_id
    recorder = recorder_mod.Recorder(context, stack.row,
                                     event_room=event_room)
    deadline = common.deadline_of(stack.row)
    updater = _Updater(stack, recorder, deadline, watch.requested)
    previous = stack.row.prev_raw_template_id
    roll_back = (action == states.UPDATE and previous is not None and
                 not stack.row.disable_rollback)
    try:
        result = updater.apply()
        roll_back = watch.roll_back(roll_back) and previous is not None
        ok = common.finish(
            recorder, action, result,
            rollback={'raw_template_id': previous} if roll_back else None,
            prev_raw_template_id=None)
    finally:
        recorder.flush()
    return roll_back and not ok, stack.row


_UNREAD = object()


class _Updater:

    def __init__(self, stack, recorder, deadline, should_stop=None):
        self.stack = stack
        self.context = stack.context
        self.recorder = recorder
        self.deadline = deadline
        self.should_stop = should_stop
        # Rows replaced by this update (or by one whose engine died).
        self.superseded = list(stack.superseded)
        # The definition before this update (read when first needed).
        self._previous = _UNREAD

    def apply(self):
        definition = self.stack.definition
        dependencies = definition.dependencies()
        names = list(definition.resource_definitions())
        graph = {name: set(dependencies.requires(name)) for name in names}
        self._save_requires(graph, dependencies)
        result = common.run_resources(self.stack, graph, self._one,
                                      self.deadline, self.recorder,
                                      should_stop=self.should_stop,
                                      interrupt=True)
        gone = [self.stack.rows.pop(name) for name in
                update_plan.removed(self.stack.rows, set(names))]
        # Replacements a dead engine left that this update did not need.
        gone += list(self.stack.unfinished.values())
        cleanup = self._delete_rows(gone + self.superseded)
        result.failed.update(cleanup.failed)
        result.cancelled = result.cancelled or cleanup.cancelled
        return result

    def _save_requires(self, graph, dependencies):
        changes = []
        for name, requires in graph.items():
            row = self.stack.rows.get(name)
            implicit = sorted(dependencies.implicit_requires(name)) or None
            if row is not None and (
                    set(row.requires or ()) != requires or
                    row.implicit_requires != implicit):
                row.requires = sorted(requires)
                row.implicit_requires = implicit
                changes.append({'id': row.id, 'requires': row.requires,
                                'implicit_requires': implicit})
        db_resources.resource_update_many(self.context, changes)

    def _one(self, name):
        rsrc_def = self.stack.definition.resource_definition(name)
        row = self.stack.rows.get(name)
        if row is None:
            return self._add(rsrc_def)
        if (row.action, row.status) == (states.CREATE, states.IN_PROGRESS):
            # Added by an update whose engine died before it was made:
            # its create is finished (never kept as it is, half made).
            return self._create(rsrc_def, row)
        try:
            if externals.update_change(self._old_external_id(name),
                                       rsrc_def):
                # Left as it is; adopted if it never was or that failed.
                if row.action == states.INIT or row.status == states.FAILED:
                    return self._create(rsrc_def, row)
                return None
        except exception.ActionNotSupported as exc:
            self.recorder.resource_state(row, states.UPDATE, states.FAILED,
                                         common.describe(exc))
            raise
        plugin = self.stack.build_plugin(rsrc_def, row)
        change = update_plan.classify(
            row, rsrc_def.resource_type, plugin.properties,
            rsrc_def.resolved_metadata(self.stack),
            type(plugin).properties_schema, plugin.replace_failed,
            plugin.replace_on_update, plugin.schemaless_update_in_place)
        if change.kind == update_plan.UPDATE:
            return self._update(row, plugin, change)
        if change.kind == update_plan.REPLACE:
            return self._replace(rsrc_def, row)

    def _old_external_id(self, name):
        """The ``external_id`` of resource ``name`` before this update
        (None: made by the stack, or no previous definition).
        """
        if self._previous is _UNREAD:
            self._previous = self.stack.previous_definition()
        previous = self._previous
        if previous is None or not previous.has_resource(name):
            return None
        try:
            return previous.resource_definition(name).external_id
        except exception.StackValidationFailed:
            return None

    def _removed_policy(self, row):
        """The deletion policy of a resource this update removes, as
        its previous definition set it (Heat deletes a removed resource
        with its own definition's policy: ``Retain``, and an external
        one, stay).
        """
        if self._previous is _UNREAD:
            self._previous = self.stack.previous_definition()
        previous = self._previous
        if (previous is None or not previous.has_resource(row.name) or
                self.stack.definition.has_resource(row.name)):
            return 'Delete'
        try:
            return previous.resource_definition(row.name).deletion_policy
        except exception.StackValidationFailed:
            return 'Delete'

    def _new_row(self, rsrc_def, replaces=None):
        """A new row for ``rsrc_def``, stored by the recorder's next
        flush: the caller yields ``AFTER_FLUSH`` before using it, and the
        rows made meanwhile share one insert.
        """
        dependencies = self.stack.definition.dependencies()
        return self.recorder.queue_insert({
            'stack_id': self.stack.id, 'name': rsrc_def.name,
            'type': rsrc_def.resource_type, 'action': states.INIT,
            'status': states.COMPLETE,
            'requires': sorted(dependencies.requires(rsrc_def.name)),
            'implicit_requires': sorted(dependencies.implicit_requires(
                rsrc_def.name)) or None,
            'replaces': replaces})

    def _add(self, rsrc_def):
        row = self._new_row(rsrc_def)
        yield scheduler.AFTER_FLUSH
        yield from self._create(rsrc_def, row)

    def _create(self, rsrc_def, row):
        self.stack.rows[rsrc_def.name] = row
        self.stack.forget(rsrc_def.name)
        return common.create_steps(self.stack, self.recorder, row,
                                   self.deadline)

    def _update(self, row, plugin, change):
        """Update one resource in place, in steps (``create_steps``).

        ``UpdateReplace`` from the plugin replaces it instead.
        """
        self.recorder.resource_state(row, states.UPDATE, states.IN_PROGRESS,
                                     'state changed')
        plugin.old_properties = translation.translated(
            type(plugin).properties_schema, row.properties_data or {})
        try:
            token = plugin.handle_update(plugin.properties, change.changed)
            yield from common.polling(
                lambda: plugin.check_update_complete(token), self.deadline,
                plugin)
        except exception.UpdateReplace:
            replace = True
        except Exception as exc:
            self.recorder.resource_state(row, states.UPDATE, states.FAILED,
                                         common.describe(exc, states.UPDATE))
            raise
        else:
            replace = False
        if replace:
            yield from self._replace(
                self.stack.definition.resource_definition(row.name), row)
            return
        self.stack.forget(row.name)
        self.recorder.resource_state(
            row, states.UPDATE, states.COMPLETE, 'state changed',
            physical_resource_id=plugin.resource_id,
            properties_data=plugin.properties,
            attr_data=plugin.data or None, rsrc_metadata=plugin.metadata)

    def _replace(self, rsrc_def, old_row):
        """Create the replacement; swap it in only once it exists.

        One a dead engine left unfinished is finished, not made again.
        A generator of poll delays, as ``_update``.
        """
        new_row = self.stack.unfinished.pop(rsrc_def.name, None)
        if new_row is None:
            new_row = self._new_row(rsrc_def, replaces=old_row.id)
            yield scheduler.AFTER_FLUSH
        try:
            yield from self._create(rsrc_def, new_row)
        except Exception as exc:
            failure = exc
        else:
            failure = None
        if failure is not None:
            self.stack.rows[rsrc_def.name] = old_row
            self.stack.forget(rsrc_def.name)
            yield from self._discard(new_row)
            raise failure
        # Written with (or after) the replacement's COMPLETE state.
        self.recorder.queue_fields(old_row, replaced_by=new_row.id)
        self.superseded.append(old_row)

    def _discard(self, row):
        """Delete a replacement that failed, then its row.

        If the delete fails too, the row stays: a later update finds it
        unfinished and deletes it then.
        """
        try:
            yield from common.delete_steps(self.stack, self.recorder, row,
                                           self.deadline)
        except Exception as exc:
            LOG.info('Replacement %s of stack %s not deleted: %s',
                     row.name, self.stack.id, exc)
            return
        self.recorder.flush()
        db_resources.resource_delete_many(self.context, [row.id])

    def _delete_rows(self, rows):
        """Delete these resources, dependents first, then their rows."""
        by_name = {}
        for row in rows:
            by_name.setdefault(row.name, []).append(row)
        by_id = {row.id: row for row in rows}
        graph = scheduler.reverse({
            row_id: {r.id for name in (row.requires or ())
                     for r in by_name.get(name, ())}
            for row_id, row in by_id.items()})

        def delete_one(row_id):
            row = by_id[row_id]
            return common.delete_steps(self.stack, self.recorder, row,
                                       self.deadline,
                                       policy=self._removed_policy(row))

        # A cancel starts no other delete; a delete under way is not cut
        # short, which would leave a resource half gone.
        result = common.run_resources(self.stack, graph, delete_one,
                                      self.deadline, self.recorder,
                                      should_stop=self.should_stop)
        self.recorder.flush()
        with db_api.writer(self.context):
            db_resources.resource_delete_many(self.context, result.done)
        return result
