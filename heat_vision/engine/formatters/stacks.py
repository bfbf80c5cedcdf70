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

"""The only producers of the engine's RPC payloads (plain JSON dicts)."""

from heat_vision.rpc import api as rpc_api
from heat_vision.rpc import stack_rows as stack_rows_api


def isotime(value):
    """``2026-01-31T12:00:00Z`` of a naive UTC datetime, None of None.

    Not ``strftime``: without ``TZ`` in the environment glibc's reads
    ``/etc/localtime`` again at each call, and a list of 1,000 resources
    spent most of its time there.
    """
    if not value:
        return None
    if value.tzinfo is not None:
        return value.strftime('%Y-%m-%dT%H:%M:%SZ')
    return value.isoformat(timespec='seconds') + 'Z'


def format_identity(stack_row):
    return {rpc_api.IDENTITY_TENANT: stack_row.project_id,
            rpc_api.IDENTITY_STACK_NAME: stack_row.name,
            rpc_api.IDENTITY_STACK_ID: stack_row.id,
            rpc_api.IDENTITY_PATH: ''}


def format_stack_summary(stack_row, include_project=False):
    """What stack list shows of each stack.

    :param include_project: add the stack's project, as Heat does when an
        admin lists every project's stacks.
    """
    summary = {
        rpc_api.STACK_ID: stack_row.id,
        rpc_api.STACK_NAME: stack_row.name,
        rpc_api.STACK_IDENTITY: format_identity(stack_row),
        rpc_api.STACK_DESCRIPTION: stack_row.description or '',
        rpc_api.STACK_CREATION_TIME: isotime(stack_row.created_at),
        rpc_api.STACK_UPDATED_TIME: isotime(
            stack_row.updated_at if stack_row.action != 'CREATE'
            else None),
        rpc_api.STACK_DELETION_TIME: isotime(stack_row.deleted_at),
        rpc_api.STACK_STATUS: '%s_%s' % (stack_row.action,
                                         stack_row.status),
        rpc_api.STACK_STATUS_REASON: stack_row.status_reason or '',
        rpc_api.STACK_OWNER: stack_row.username,
        rpc_api.STACK_PARENT: stack_row.owner_id,
        rpc_api.STACK_TAGS: stack_row.tags or None,
        rpc_api.STACK_USER_PROJECT_ID: stack_row.project_id,
    }
    if include_project:
        summary[rpc_api.STACK_PROJECT] = stack_row.project_id
    return summary


def format_stack_summary_rows(stack_rows):
    """``format_stack_summary`` of each row, as ``rpc.stack_rows`` carries
    them (a list's answer a third the size, with no dict per stack).
    """
    return {stack_rows_api.FIELDS: list(stack_rows_api.COLUMNS),
            stack_rows_api.ROWS: [
                [row.id, row.name, row.description or '',
                 isotime(row.created_at),
                 isotime(row.updated_at if row.action != 'CREATE'
                         else None),
                 isotime(row.deleted_at),
                 '%s_%s' % (row.action, row.status),
                 row.status_reason or '', row.username, row.owner_id,
                 row.tags or None, row.project_id]
                for row in stack_rows]}


def format_stack(stack_row, parameters, outputs):
    """Stack show: the summary plus parameters, outputs and options.

    :param parameters: the parameter values, pseudo-parameters included.
    :param outputs: a list of format_output() dicts, or None when outputs
        were not asked for.
    """
    info = format_stack_summary(stack_row)
    info.update({
        rpc_api.STACK_DISABLE_ROLLBACK: stack_row.disable_rollback,
        rpc_api.STACK_TIMEOUT: stack_row.timeout,
        rpc_api.STACK_PARAMETERS: parameters,
        rpc_api.STACK_CAPABILITIES: [],
        rpc_api.STACK_NOTIFICATION_TOPICS: [],
        rpc_api.STACK_TEMPLATE_DESCRIPTION: stack_row.description or '',
    })
    if outputs is not None:
        info[rpc_api.STACK_OUTPUTS] = outputs
    return info


def format_output(name, description, value=None, error=None):
    output = {rpc_api.OUTPUT_KEY: name,
              rpc_api.OUTPUT_DESCRIPTION: description or 'No description '
                                                         'given',
              rpc_api.OUTPUT_VALUE: value}
    if error is not None:
        output[rpc_api.OUTPUT_ERROR] = error
    return output


def format_service(service, is_up):
    info = {key: service[key] for key in rpc_api.SERVICE_FIELDS
            if key in service}
    for key in ('created_at', 'updated_at', 'deleted_at'):
        info[key] = isotime(info.get(key))
    info['status'] = 'up' if is_up else 'down'
    return info
