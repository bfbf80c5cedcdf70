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

"""Engine RPC client methods of autoscaling.

Served by ``heat_vision.engine.endpoints.scaling``.
"""


class ScalingMethods:
    """Client side of ``ScalingEndpoint``."""

    def describe_scaling_group(self, ctxt, stack_identity, resource_name):
        """:returns: the state of an autoscaling group (size, bounds,
        members, pending adjustments, cooldown end).

        :raises: StackNotFound, ResourceNotFound, Invalid
        """
        return self._call(ctxt, 'describe_scaling_group', version='1.11',
                          stack_identity=stack_identity,
                          resource_name=resource_name)

    def rotate_signal_secret(self, ctxt, stack_identity, resource_name):
        """Give a resource a new signing secret (old signed URLs fail);
        the stack's resources that held the old URL are updated to it.

        :returns: ``{'resource_name', 'signed_url'}``, and from engines
            that re-point, ``updated_resources`` and ``stale_resources``
            (names: re-pointed, still holding the old URL).
        :raises: StackNotFound, ResourceNotFound, Invalid, ActionInProgress
        """
        return self._call(ctxt, 'rotate_signal_secret', version='1.11',
                          stack_identity=stack_identity,
                          resource_name=resource_name)
