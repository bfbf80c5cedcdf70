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

"""The versioned RPC client of heat-vision-engine.

``EngineClient`` is composed of one mixin per area of the API, in
``heat_vision.rpc.engine`` (each beside the endpoint module of the same
name in ``heat_vision.engine.endpoints``). Each method sends at the
version that introduced it or its latest argument; for older engines
(``[rpc] engine_version_cap``) it drops newer arguments left at their
default, and refuses the rest with ``NotSupported``.

A new method or argument is a new minor version: bump ``RPC_API_VERSION``
here and in ``heat_vision.engine.endpoints``, add a line below naming
the method or its new arguments, send it at that version, and record it in
``tests/unit/rpc/engine_rpc_api.json``.

API version history:

* 1.0 - Initial version: list_stacks, count_stacks, identify_stack,
  show_stack, create_stack, delete_stack, list_services.
* 1.1 - Added validate_template, list_template_versions,
  list_template_functions, list_resource_types.
* 1.2 - Added the stack read API: list_stack_resources,
  describe_stack_resource, resource_mark_unhealthy, list_events,
  show_event, get_template, get_environment, get_files, list_outputs,
  show_output, resource_schema, generate_template, get_revision;
  list_resource_types takes support_status, type_name, heat_version,
  with_description.
* 1.3 - Added update_stack.
* 1.4 - Added resource_signal, signal_with_credential.
* 1.5 - Added list_software_configs, create_software_config,
  show_software_config, delete_software_config.
* 1.6 - Added stack_suspend, stack_resume, stack_check,
  stack_cancel_update, cancel_running_update.
* 1.7 - Added abandon_stack, export_stack, preview_stack,
  preview_update_stack, stack_snapshot, stack_list_snapshots,
  show_snapshot, delete_snapshot, stack_restore; create_stack takes
  adopt_stack_data in its args.
* 1.8 - list_stacks and count_stacks take show_nested, show_hidden,
  global_tenant, tags, tags_any, not_tags, not_tags_any.
* 1.9 - Added list_software_deployments, metadata_software_deployments,
  show_software_deployment, create_software_deployment,
  update_software_deployment, delete_software_deployment.
* 1.10 - Added ping (the API's engine health check); create_stack,
  update_stack, preview_stack, preview_update_stack and
  validate_template take template_url.
* 1.11 - Added describe_scaling_group, rotate_signal_secret.
* 1.12 - Added push_metrics, list_alarms, show_alarm, alarm_history and
  alarm_transition (engine to engine: a transition routed to the stack
  lock's holder).
* 1.13 - list_stack_resources takes limit and marker (paging).
* 1.14 - Added run_stack_operation (engine to engine: a less loaded
  engine takes a new stack's create).
* 1.15 - resource_signal and signal_with_credential take signal_id (the
  caller's idempotency key) and return a signal's id, status and event
  id when it is applied in the background.
* 1.16 - Added stack_graph (what the web view draws of a stack, with a
  version: nothing more when the caller's is current).
* 1.17 - list_stacks takes as_rows (the summaries as rows of values,
  ``heat_vision.rpc.stack_rows``).
"""

from heat_vision.rpc.engine import base
from heat_vision.rpc.engine import events
from heat_vision.rpc.engine import graphs
from heat_vision.rpc.engine import monitoring
from heat_vision.rpc.engine import previews
from heat_vision.rpc.engine import resource_types
from heat_vision.rpc.engine import resources
from heat_vision.rpc.engine import scaling
from heat_vision.rpc.engine import services
from heat_vision.rpc.engine import signals
from heat_vision.rpc.engine import snapshots
from heat_vision.rpc.engine import software_configs
from heat_vision.rpc.engine import software_deployments
from heat_vision.rpc.engine import stack_actions
from heat_vision.rpc.engine import stack_parts
from heat_vision.rpc.engine import stack_updates
from heat_vision.rpc.engine import stacks
from heat_vision.rpc.engine import templates


class EngineClient(stacks.StackMethods,
                   stack_updates.StackUpdateMethods,
                   stack_actions.StackActionMethods,
                   stack_parts.StackPartMethods,
                   previews.PreviewMethods,
                   snapshots.SnapshotMethods,
                   resources.ResourceMethods,
                   events.EventMethods,
                   graphs.StackGraphMethods,
                   templates.TemplateMethods,
                   resource_types.ResourceTypeMethods,
                   software_configs.SoftwareConfigMethods,
                   software_deployments.SoftwareDeploymentMethods,
                   signals.SignalMethods,
                   scaling.ScalingMethods,
                   monitoring.MonitoringMethods,
                   services.ServiceMethods,
                   base.EngineClientBase):
    """Client side of the engine RPC API."""

    RPC_API_VERSION = '1.17'
