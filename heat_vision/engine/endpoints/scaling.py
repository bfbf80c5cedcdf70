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

"""RPC endpoint of autoscaling reads and signed-URL rotation."""

import oslo_messaging as messaging

from heat_vision.engine.endpoints import base
from heat_vision.engine.signals import rotation as signal_rotation
from heat_vision.engine.signals import scaling_view
from heat_vision.engine import stack_lookup


class ScalingEndpoint:

    target = messaging.Target(version=base.RPC_API_VERSION)

    def __init__(self, engine_id):
        self.engine_id = engine_id

    @base.user_errors
    def describe_scaling_group(self, ctxt, stack_identity, resource_name):
        """The state of an autoscaling group.

        :returns: size, min/max, members, pending adjustments, cooldown
            end (``engine.scaling_view.describe_group``).
        :raises: StackNotFound, ResourceNotFound, Invalid
        """
        stack_id = stack_lookup.stack_id_of(ctxt, stack_identity)
        return scaling_view.describe_group(ctxt, stack_id, resource_name)

    @base.user_errors
    def rotate_signal_secret(self, ctxt, stack_identity, resource_name):
        """Replace a resource's signing secret; old signed URLs fail.

        The stack's resources that hold the old URL (its alarms) are
        updated to the new one (``engine.signals.rotation``).

        :returns: ``{'resource_name', 'signed_url', 'updated_resources',
            'stale_resources'}``.
        :raises: StackNotFound, ResourceNotFound, Invalid, ActionInProgress
        """
        stack_id = stack_lookup.stack_id_of(ctxt, stack_identity)
        return signal_rotation.rotate(ctxt, stack_id, resource_name,
                                      self.engine_id)
