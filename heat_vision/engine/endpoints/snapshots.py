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

"""RPC endpoint of stack snapshots: create, list, show, delete, restore."""

from oslo_log import log as logging
import oslo_messaging as messaging

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.db import snapshots as db_snapshots
from heat_vision.db import stacks as db_stacks
from heat_vision.engine.actions import begin
from heat_vision.engine.actions import snapshot
from heat_vision.engine.actions import update
from heat_vision.engine.endpoints import base
from heat_vision.engine.formatters import snapshots as fmt
from heat_vision.engine import locks
from heat_vision.engine import model
from heat_vision.engine import stack as stack_mod
from heat_vision.engine import stack_lookup
from heat_vision.engine import states
from heat_vision.engine.tree import busy

LOG = logging.getLogger(__name__)


class SnapshotEndpoint:

    target = messaging.Target(version=base.RPC_API_VERSION)

    def __init__(self, engine_id, run_in_background):
        self.engine_id = engine_id
        self._spawn = run_in_background

    def _stack_row(self, ctxt, stack_identity):
        return db_stacks.stack_get(
            ctxt, stack_lookup.stack_id_of(ctxt, stack_identity))

    def _idle_stack_row(self, ctxt, stack_identity):
        """The stack's row, refused while its tree runs (``tree.busy``)."""
        row = self._stack_row(ctxt, stack_identity)
        busy.refuse_while_tree_runs(ctxt, row)
        return row

    @base.user_errors
    def stack_snapshot(self, ctxt, stack_identity, name=None):
        """Start a snapshot of the stack.

        :param name: the snapshot's name.
        :returns: the snapshot, IN_PROGRESS (its data comes once done).
        :raises: StackNotFound, ActionInProgress
        """
        row = self._idle_stack_row(ctxt, stack_identity)
        begin.claim(ctxt, row, self.engine_id, states.SNAPSHOT)
        try:
            shot = db_snapshots.snapshot_create(ctxt, {
                'stack_id': row.id, 'project_id': row.project_id,
                'name': name, 'status': states.IN_PROGRESS})
        except Exception:
            locks.release(ctxt, row.id, self.engine_id)
            raise
        LOG.info('Engine %s: snapshot %s of stack %s', self.engine_id,
                 shot.id, row.id)
        self._spawn(begin.run_locked, ctxt, row.id,
                    snapshot.runner(shot.id), self.engine_id)
        return fmt.format_snapshot(shot)

    @base.user_errors
    def stack_list_snapshots(self, ctxt, stack_identity):
        """:returns: the stack's snapshots, oldest first.

        :raises: StackNotFound
        """
        row = self._stack_row(ctxt, stack_identity)
        return [fmt.format_snapshot(s)
                for s in db_snapshots.snapshot_get_all(ctxt, row.id)]

    @base.user_errors
    def show_snapshot(self, ctxt, stack_identity, snapshot_id):
        """:returns: the snapshot with its data.

        :raises: StackNotFound, EntityNotFound
        """
        row = self._stack_row(ctxt, stack_identity)
        return fmt.format_snapshot(
            db_snapshots.snapshot_get(ctxt, row.id, snapshot_id))

    @base.user_errors
    def delete_snapshot(self, ctxt, stack_identity, snapshot_id):
        """Delete a snapshot (plugins drop what they kept for it).

        :returns: None
        :raises: StackNotFound, EntityNotFound; Invalid while it is being
            taken.
        """
        stack = stack_mod.Stack.load(
            ctxt, stack_lookup.stack_id_of(ctxt, stack_identity))
        shot = db_snapshots.snapshot_get(ctxt, stack.id, snapshot_id)
        if shot.status == states.IN_PROGRESS:
            raise exception.Invalid(
                reason=_('Deleting in-progress snapshot is not supported.'))
        snapshot.delete(stack, shot)

    @base.user_errors
    def stack_restore(self, ctxt, stack_identity, snapshot_id):
        """Start restoring the stack to a snapshot's template and
        environment (an update, as action RESTORE).

        :returns: None
        :raises: StackNotFound, EntityNotFound, ActionInProgress;
            Invalid for a snapshot that did not complete.
        """
        row = self._idle_stack_row(ctxt, stack_identity)
        shot = db_snapshots.snapshot_get(ctxt, row.id, snapshot_id)
        if shot.status != states.COMPLETE or not shot.data:
            raise exception.Invalid(
                reason=_('Only a COMPLETE snapshot can be restored; %(id)s '
                         'is %(status)s.') % {'id': shot.id,
                                              'status': shot.status})
        data = shot.data
        definition = model.build_definition(
            data['template'], data.get('environment') or {},
            data.get('files') or {}, row.name, row.id, row.project_id)
        model.validate(definition, context=ctxt)
        db_stacks.with_stored_template(
            ctxt, data['template'], data.get('files') or {},
            data.get('environment') or {},
            lambda template_id: begin.claim(
                ctxt, row, self.engine_id, states.RESTORE,
                raw_template_id=template_id, prev_raw_template_id=None))
        LOG.info('Engine %s restores stack %s to snapshot %s',
                 self.engine_id, row.id, shot.id)
        self._spawn(begin.run_locked, ctxt, row.id, _restore,
                    self.engine_id)


def _restore(context, stack_id):
    update.run(context, stack_id, action=states.RESTORE)
