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

"""Engine RPC client methods of stack snapshots and restores.

Served by ``heat_vision.engine.endpoints.snapshots``.
"""


class SnapshotMethods:
    """Client side of ``SnapshotEndpoint``."""

    def stack_snapshot(self, ctxt, stack_identity, name=None):
        """Start a snapshot of a stack.

        :returns: the snapshot (id, name, status, status_reason, data,
            creation_time), IN_PROGRESS.
        :raises: StackNotFound, ActionInProgress
        """
        return self._call(ctxt, 'stack_snapshot', version='1.7',
                          stack_identity=stack_identity, name=name)

    def stack_list_snapshots(self, ctxt, stack_identity):
        """:returns: the stack's snapshots, oldest first.

        :raises: StackNotFound
        """
        return self._call(ctxt, 'stack_list_snapshots', version='1.7',
                          stack_identity=stack_identity)

    def show_snapshot(self, ctxt, stack_identity, snapshot_id):
        """:returns: one snapshot of the stack, with its data.

        :raises: StackNotFound, EntityNotFound
        """
        return self._call(ctxt, 'show_snapshot', version='1.7',
                          stack_identity=stack_identity,
                          snapshot_id=snapshot_id)

    def delete_snapshot(self, ctxt, stack_identity, snapshot_id):
        """Delete a snapshot of the stack.

        :returns: None
        :raises: StackNotFound, EntityNotFound, Invalid (in progress)
        """
        return self._call(ctxt, 'delete_snapshot', version='1.7',
                          stack_identity=stack_identity,
                          snapshot_id=snapshot_id)

    def stack_restore(self, ctxt, stack_identity, snapshot_id):
        """Start restoring the stack to a snapshot.

        :returns: None
        :raises: StackNotFound, EntityNotFound, ActionInProgress, Invalid
        """
        return self._call(ctxt, 'stack_restore', version='1.7',
                          stack_identity=stack_identity,
                          snapshot_id=snapshot_id)
