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

"""The engine's RPC endpoints, one class per area of the API.

oslo.messaging dispatches a call to the endpoint that has the method, so
the engine RPC API (``heat_vision.rpc.engine_client``) is served by all of
them together; method names are unique across them. This package is only
the RPC layer: nothing but ``heat_vision.engine.server`` imports it, and
what the endpoints share with the rest of the engine lives in the engine.
"""

from heat_vision.engine.endpoints import events
from heat_vision.engine.endpoints import graphs
from heat_vision.engine.endpoints import monitoring
from heat_vision.engine.endpoints import previews
from heat_vision.engine.endpoints import resource_types
from heat_vision.engine.endpoints import resources
from heat_vision.engine.endpoints import scaling
from heat_vision.engine.endpoints import services
from heat_vision.engine.endpoints import signals
from heat_vision.engine.endpoints import snapshots
from heat_vision.engine.endpoints import software_configs
from heat_vision.engine.endpoints import software_deployments
from heat_vision.engine.endpoints import stack_actions
from heat_vision.engine.endpoints import stack_parts
from heat_vision.engine.endpoints import stack_updates
from heat_vision.engine.endpoints import stacks
from heat_vision.engine.endpoints import templates


def all_endpoints(engine_id, run_in_background):
    """:returns: the endpoint objects an engine serves."""
    return [stacks.StackEndpoint(engine_id, run_in_background),
            stack_updates.StackUpdateEndpoint(engine_id, run_in_background),
            templates.TemplateEndpoint(),
            services.ServiceEndpoint(engine_id),
            signals.SignalEndpoint(engine_id, run_in_background),
            scaling.ScalingEndpoint(engine_id),
            monitoring.MonitoringEndpoint(engine_id, run_in_background),
            software_configs.SoftwareConfigEndpoint(),
            software_deployments.SoftwareDeploymentEndpoint(),
            resources.ResourceEndpoint(engine_id),
            events.EventEndpoint(),
            graphs.StackGraphEndpoint(),
            stack_parts.StackPartsEndpoint(),
            resource_types.ResourceTypeEndpoint(),
            stack_actions.StackActionEndpoint(engine_id, run_in_background),
            previews.PreviewEndpoint(),
            snapshots.SnapshotEndpoint(engine_id, run_in_background)]
