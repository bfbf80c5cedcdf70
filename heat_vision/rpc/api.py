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

"""Names of the keys in the engine's RPC payloads (plain JSON dicts).

The engine's ``format_*`` functions are the only producers; the API and
clients read these keys.
"""

# Stack identity (Heat's HeatIdentifier as a dict)
IDENTITY_TENANT = 'tenant'
IDENTITY_STACK_NAME = 'stack_name'
IDENTITY_STACK_ID = 'stack_id'
IDENTITY_PATH = 'path'

STACK_ID = 'id'
STACK_NAME = 'stack_name'
STACK_IDENTITY = 'stack_identity'
STACK_DESCRIPTION = 'description'
STACK_STATUS = 'stack_status'
STACK_STATUS_REASON = 'stack_status_reason'
STACK_ACTION = 'stack_action'
STACK_CREATION_TIME = 'creation_time'
STACK_UPDATED_TIME = 'updated_time'
STACK_DELETION_TIME = 'deletion_time'
STACK_OWNER = 'stack_owner'
STACK_PARENT = 'parent'
STACK_TAGS = 'tags'
STACK_USER_PROJECT_ID = 'stack_user_project_id'
STACK_DISABLE_ROLLBACK = 'disable_rollback'
STACK_TIMEOUT = 'timeout_mins'
STACK_PARAMETERS = 'parameters'
STACK_OUTPUTS = 'outputs'
STACK_CAPABILITIES = 'capabilities'
STACK_NOTIFICATION_TOPICS = 'notification_topics'
STACK_TEMPLATE_DESCRIPTION = 'template_description'
STACK_PROJECT = 'project'

OUTPUT_KEY = 'output_key'
OUTPUT_VALUE = 'output_value'
OUTPUT_DESCRIPTION = 'description'
OUTPUT_ERROR = 'output_error'

# Arguments of create_stack / update_stack (the API's "args" dict)
PARAM_TIMEOUT = 'timeout_mins'
PARAM_DISABLE_ROLLBACK = 'disable_rollback'
PARAM_TAGS = 'tags'

SERVICE_FIELDS = ('id', 'engine_id', 'host', 'hostname', 'binary', 'topic',
                  'report_interval', 'created_at', 'updated_at',
                  'deleted_at', 'status')

# Resources (Heat's engine keys; the API turns identities into links)
RES_ID = 'resource_identity'
RES_STACK_ID = 'stack_identity'
RES_STACK_NAME = 'stack_name'
RES_NESTED_STACK_ID = 'nested_stack_id'
RES_PARENT_RESOURCE = 'parent_resource'
RES_NAME = 'resource_name'
RES_PHYSICAL_ID = 'physical_resource_id'
RES_ACTION = 'resource_action'
RES_STATUS = 'resource_status'
RES_STATUS_DATA = 'resource_status_reason'
RES_TYPE = 'resource_type'
RES_UPDATED_TIME = 'updated_time'
RES_CREATION_TIME = 'creation_time'
RES_REQUIRED_BY = 'required_by'
#: heat-vision's own: those of required_by that depend on the resource
#: implicitly (Heat's implicit dependencies), when there are any.
RES_IMPLICIT_REQUIRED_BY = 'implicit_required_by'
RES_DESCRIPTION = 'description'
RES_METADATA = 'metadata'
RES_ATTRIBUTES = 'attributes'
RES_SEARCH_KEYS = ('name', 'status', 'action', 'type', 'id',
                   'physical_resource_id')

#: heat-vision's own: what the web view draws of a stack (stack_graph).
GRAPH_VERSION = 'version'
GRAPH_STACK = 'stack'
GRAPH_RESOURCES = 'resources'
GRAPH_NEWEST_EVENT = 'newest_event'
GRAPH_FIELDS = 'fields'
GRAPH_ROWS = 'rows'
GRAPH_RES_NAME = 'name'
GRAPH_RES_TYPE = 'type'
GRAPH_RES_STATUS = 'status'
GRAPH_RES_REASON = 'reason'
GRAPH_RES_PHYSICAL_ID = 'physical_id'
GRAPH_RES_REQUIRES = 'requires'
GRAPH_RES_IMPLICIT_REQUIRES = 'implicit_requires'
GRAPH_RES_NESTED = 'nested'
GRAPH_RES_UPDATED_TIME = 'updated_time'

EVENT_ID = 'event_identity'
EVENT_STACK_ID = 'stack_identity'
EVENT_STACK_NAME = 'stack_name'
EVENT_ROOT_STACK_ID = 'root_stack_id'
EVENT_TIMESTAMP = 'event_time'
EVENT_RES_NAME = 'resource_name'
EVENT_RES_PHYSICAL_ID = 'physical_resource_id'
EVENT_RES_ACTION = 'resource_action'
EVENT_RES_STATUS = 'resource_status'
EVENT_RES_STATUS_DATA = 'resource_status_reason'
EVENT_RES_TYPE = 'resource_type'
EVENT_RES_PROPERTIES = 'resource_properties'
EVENT_FILTER_KEYS = ('resource_action', 'resource_status', 'resource_name',
                     'resource_type')
# Heat sorts by the first two and ignores the others (its clients sort
# their lists by any column and send the key).
EVENT_SORT_KEYS = ('event_time', 'resource_type', 'resource_name',
                   'logical_resource_id', 'resource_status',
                   'resource_status_reason', 'physical_resource_id')

RES_SCHEMA_RES_TYPE = 'resource_type'
RES_SCHEMA_PROPERTIES = 'properties'
RES_SCHEMA_ATTRIBUTES = 'attributes'
RES_SCHEMA_SUPPORT_STATUS = 'support_status'
RES_SCHEMA_DESCRIPTION = 'description'
SUPPORT_STATUSES = ('UNKNOWN', 'SUPPORTED', 'DEPRECATED', 'UNSUPPORTED',
                    'HIDDEN')

# Software configs
SOFTWARE_CONFIG_DEFAULT_GROUP = 'Heat::Ungrouped'
