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

"""Engine RPC client methods of stack actions.

Suspend, resume, check, cancel an update, abandon and export.

Served by ``heat_vision.engine.endpoints.stack_actions``.
"""


class StackActionMethods:
    """Client side of ``StackActionEndpoint``."""

    def stack_suspend(self, ctxt, stack_identity):
        """Start suspending a stack (dependents first).

        :returns: None
        :raises: StackNotFound, ActionInProgress
        """
        return self._call(ctxt, 'stack_suspend', version='1.6',
                          stack_identity=stack_identity)

    def stack_resume(self, ctxt, stack_identity):
        """Start resuming a suspended stack.

        :returns: None
        :raises: StackNotFound, ActionInProgress
        """
        return self._call(ctxt, 'stack_resume', version='1.6',
                          stack_identity=stack_identity)

    def stack_check(self, ctxt, stack_identity):
        """Start checking every resource of a stack.

        :returns: None
        :raises: StackNotFound, ActionInProgress
        """
        return self._call(ctxt, 'stack_check', version='1.6',
                          stack_identity=stack_identity)

    def stack_cancel_update(self, ctxt, stack_identity,
                            cancel_with_rollback=True):
        """Cancel a stack's running update (or, without rollback, create).

        :param cancel_with_rollback: roll back (True) or leave the stack
            UPDATE_FAILED (False).
        :returns: None
        :raises: StackNotFound, ActionNotSupported (not in a state to
            cancel), Invalid (no operation running)
        """
        return self._call(ctxt, 'stack_cancel_update', version='1.6',
                          stack_identity=stack_identity,
                          cancel_with_rollback=cancel_with_rollback)

    def cancel_running_update(self, ctxt, stack_id, cancel_with_rollback,
                              engine_id):
        """Engine to engine: cancel the update (or create) ``engine_id``
        runs.

        :param engine_id: the engine holding the stack's lock; the call
            goes to that engine only.
        :returns: True if that engine was running an update of the stack.
        """
        client = self._prepare('cancel_running_update', '1.6',
                               server=engine_id)
        return client.call(
            ctxt, 'cancel_running_update', stack_id=stack_id,
            cancel_with_rollback=cancel_with_rollback, engine_id=engine_id)

    def abandon_stack(self, ctxt, stack_identity):
        """Forget a stack, keeping its real resources.

        :returns: the stack's abandon data, which adopt takes.
        :raises: StackNotFound, ActionInProgress
        """
        return self._call(ctxt, 'abandon_stack', version='1.7',
                          stack_identity=stack_identity)

    def export_stack(self, ctxt, stack_identity):
        """:returns: the stack's data, as abandon gives it.

        :raises: StackNotFound
        """
        return self._call(ctxt, 'export_stack', version='1.7',
                          stack_identity=stack_identity)
