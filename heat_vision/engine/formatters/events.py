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

"""Events as the engine RPC API gives them (Heat's engine keys).

The API turns the identities into ``id`` and ``links`` and joins action
and status, as Heat's API does.
"""

from heat_vision.engine.formatters import stacks as formatters
from heat_vision.rpc import api as rpc_api


def event_identity(stack_row, event):
    identity = formatters.format_identity(stack_row)
    identity[rpc_api.IDENTITY_PATH] = '/resources/%s/events/%s' % (
        event.resource_name, event.uuid)
    return identity


def format_event(stack_row, event, root_row=None, detail=True):
    """One event row.

    :param stack_row: the stack the event belongs to.
    :param root_row: the top stack of a nested listing, for events of
        nested stacks (Heat's ``root_stack`` link).
    :param detail: include the resource properties, as event show does.
    """
    info = {
        rpc_api.EVENT_ID: event_identity(stack_row, event),
        rpc_api.EVENT_STACK_ID: formatters.format_identity(stack_row),
        rpc_api.EVENT_STACK_NAME: stack_row.name,
        rpc_api.EVENT_TIMESTAMP: formatters.isotime(event.created_at),
        rpc_api.EVENT_RES_NAME: event.resource_name,
        rpc_api.EVENT_RES_PHYSICAL_ID: event.physical_resource_id,
        rpc_api.EVENT_RES_ACTION: event.resource_action,
        rpc_api.EVENT_RES_STATUS: event.resource_status,
        rpc_api.EVENT_RES_STATUS_DATA: event.resource_status_reason or '',
        rpc_api.EVENT_RES_TYPE: event.resource_type,
    }
    if root_row is not None and root_row.id != stack_row.id:
        info[rpc_api.EVENT_ROOT_STACK_ID] = formatters.format_identity(
            root_row)
    if detail:
        info[rpc_api.EVENT_RES_PROPERTIES] = event.resource_properties or {}
    return info
