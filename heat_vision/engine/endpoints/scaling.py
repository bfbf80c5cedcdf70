"""RPC endpoint of autoscaling reads and signed-URL rotation."""

import oslo_messaging as messaging

from heat_vision.engine import endpoints
from heat_vision.engine.endpoints import stacks as stack_endpoints
from heat_vision.engine import scaling_view


class ScalingEndpoint:

    target = messaging.Target(version=endpoints.RPC_API_VERSION)

    @endpoints.user_errors
    def describe_scaling_group(self, ctxt, stack_identity, resource_name):
        """The state of an autoscaling group.

        :returns: size, min/max, members, pending adjustments, cooldown
            end (``engine.scaling_view.describe_group``).
        :raises: StackNotFound, ResourceNotFound, Invalid
        """
        stack_id = stack_endpoints.stack_id_of(ctxt, stack_identity)
        return scaling_view.describe_group(ctxt, stack_id, resource_name)

    @endpoints.user_errors
    def rotate_signal_secret(self, ctxt, stack_identity, resource_name):
        """Replace a resource's signing secret; old signed URLs fail.

        :returns: ``{'resource_name', 'signed_url'}``.
        :raises: StackNotFound, ResourceNotFound, Invalid
        """
        stack_id = stack_endpoints.stack_id_of(ctxt, stack_identity)
        return scaling_view.rotate_signal_secret(ctxt, stack_id,
                                                 resource_name)
