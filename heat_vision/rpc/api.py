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
