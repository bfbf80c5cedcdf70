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

"""RPC endpoint of the stack actions: suspend, resume, check, cancel,
abandon and export.

Like the other stack operations, each call checks the stack, locks it,
marks it IN_PROGRESS and returns; the work runs on the engine's workers.
A cancel goes to the engine running the update (the lock's owner).
"""

from oslo_log import log as logging
import oslo_messaging as messaging

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.db import stacks as db_stacks
from heat_vision.engine.actions import abandon
from heat_vision.engine.actions import begin
from heat_vision.engine.actions import cancel
from heat_vision.engine.actions import check
from heat_vision.engine.actions import delete_running
from heat_vision.engine.actions import suspend_resume
from heat_vision.engine.endpoints import base
from heat_vision.engine import locks
from heat_vision.engine import stack as stack_mod
from heat_vision.engine import stack_lookup
from heat_vision.engine import states
from heat_vision.engine.tree import busy

LOG = logging.getLogger(__name__)


class StackActionEndpoint:

    target = messaging.Target(version=base.RPC_API_VERSION)

    def __init__(self, engine_id, run_in_background):
        self.engine_id = engine_id
        self._spawn = run_in_background

    def _start(self, ctxt, stack_identity, action, operation):
        row = db_stacks.stack_get(
            ctxt, stack_lookup.stack_id_of(ctxt, stack_identity))
        busy.refuse_while_tree_runs(ctxt, row)
        if (row.action, row.status) == (action, states.COMPLETE) and \
                action in (states.SUSPEND, states.RESUME):
            LOG.info('Stack %s is already %s_COMPLETE', row.id, action)
            return
        begin.claim(ctxt, row, self.engine_id, action)
        LOG.info('Engine %s: %s of stack %s (%s)', self.engine_id, action,
                 row.name, row.id)
        self._spawn(begin.run_locked, ctxt, row.id, operation,
                    self.engine_id)

    @base.user_errors
    def stack_suspend(self, ctxt, stack_identity):
        """Start suspending the stack's resources, dependents first.

        :param stack_identity: the stack's identity dict.
        :returns: None (the stack goes SUSPEND_IN_PROGRESS).
        :raises: StackNotFound, ActionInProgress
        """
        self._start(ctxt, stack_identity, states.SUSPEND,
                    suspend_resume.run_suspend)

    @base.user_errors
    def stack_resume(self, ctxt, stack_identity):
        """Start resuming a suspended stack.

        :param stack_identity: the stack's identity dict.
        :returns: None (the stack goes RESUME_IN_PROGRESS).
        :raises: StackNotFound, ActionInProgress
        """
        self._start(ctxt, stack_identity, states.RESUME,
                    suspend_resume.run_resume)

    @base.user_errors
    def stack_check(self, ctxt, stack_identity):
        """Start checking every resource of the stack.

        :param stack_identity: the stack's identity dict.
        :returns: None (the stack goes CHECK_IN_PROGRESS).
        :raises: StackNotFound, ActionInProgress
        """
        self._start(ctxt, stack_identity, states.CHECK, check.run)

    @base.user_errors
    def stack_cancel_update(self, ctxt, stack_identity,
                            cancel_with_rollback=True):
        """Stop the stack's running update: no other resource starts,
        those under way stop at their next check.

        As Heat's (engine/service.py, ``stack_cancel_update``), an update
        can be cancelled with or without rollback, a create only without.

        :param cancel_with_rollback: roll back to the previous template
            (whatever the stack's disable_rollback says); False leaves
            the stack UPDATE_FAILED (or CREATE_FAILED).
        :returns: None
        :raises: StackNotFound; ActionNotSupported in any other state,
            Invalid when no operation is running.
        """
        row = db_stacks.stack_get(
            ctxt, stack_lookup.stack_id_of(ctxt, stack_identity))
        allowed = ((states.UPDATE,) if cancel_with_rollback else
                   (states.UPDATE, states.CREATE))
        if row.status != states.IN_PROGRESS or row.action not in allowed:
            raise exception.ActionNotSupported(
                feature=_('Cancelling update when stack is %s_%s') %
                (row.action, row.status))
        if not delete_running.send_cancel(ctxt, row, self.engine_id,
                                          cancel_with_rollback):
            raise exception.Invalid(
                reason=_('No %(action)s of stack %(name)s is running to '
                         'cancel.') % {'action': row.action.lower(),
                                       'name': row.name})

    @base.user_errors
    def cancel_running_update(self, ctxt, stack_id, cancel_with_rollback,
                              engine_id):
        """Cancel an update (or create) this engine runs (sent by another
        engine, as Heat's casts to the engine holding the stack's lock).

        :param stack_id: the stack's id.
        :param engine_id: the engine meant to receive the message.
        :returns: True if an operation of the stack was running here.
        """
        if engine_id != self.engine_id:
            return False
        return cancel.request(stack_id, cancel_with_rollback)

    @base.user_errors
    def abandon_stack(self, ctxt, stack_identity):
        """Forget the stack, keeping its real resources.

        :param stack_identity: the stack's identity dict.
        :returns: the stack's abandon data (adopt takes it back).
        :raises: StackNotFound, ActionInProgress
        """
        stack = stack_mod.Stack.load(
            ctxt, stack_lookup.stack_id_of(ctxt, stack_identity))
        busy.refuse_while_tree_runs(ctxt, stack.row)
        data = abandon.stack_data(stack)
        begin.claim(ctxt, stack.row, self.engine_id, states.DELETE)
        try:
            abandon.forget(ctxt, stack.row, list(stack.rows.values()))
        finally:
            locks.release(ctxt, stack.id, self.engine_id)
        LOG.info('Stack %s (%s) abandoned', stack.name, stack.id)
        return data

    @base.user_errors
    def export_stack(self, ctxt, stack_identity):
        """The stack's data, as abandon gives it; the stack stays.

        :param stack_identity: the stack's identity dict.
        :returns: the stack's abandon data.
        :raises: StackNotFound
        """
        stack = stack_mod.Stack.load(
            ctxt, stack_lookup.stack_id_of(ctxt, stack_identity))
        return abandon.stack_data(stack)
