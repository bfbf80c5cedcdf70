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


"""list_stacks's compact answer (engine RPC 1.17): the summaries as rows.

``{"fields": [...], "rows": [[...], ...]}``: each stack's values in the
order of ``fields``, without the two that repeat others (the identity
and ``stack_user_project_id``, made from the id, name and project). The
engine's ``format_stack_summary_rows`` is its only producer; a summary
made here from a row is the engine's ``format_stack_summary`` of it.
"""

from heat_vision.rpc import api as rpc_api

FIELDS = 'fields'
ROWS = 'rows'

#: What a row holds, in this order.
COLUMNS = (rpc_api.STACK_ID, rpc_api.STACK_NAME, rpc_api.STACK_DESCRIPTION,
           rpc_api.STACK_CREATION_TIME, rpc_api.STACK_UPDATED_TIME,
           rpc_api.STACK_DELETION_TIME, rpc_api.STACK_STATUS,
           rpc_api.STACK_STATUS_REASON, rpc_api.STACK_OWNER,
           rpc_api.STACK_PARENT, rpc_api.STACK_TAGS,
           rpc_api.STACK_USER_PROJECT_ID)


def to_summaries(answer, include_project=False):
    """:param answer: the engine's rows (``FIELDS`` and ``ROWS``).
    :param include_project: add each stack's ``project``, as the engine
        does for a list of every project's stacks.
    :returns: the stack summaries, as the engine formats them.
    """
    where = [answer[FIELDS].index(name) for name in COLUMNS]
    summaries = []
    for row in answer[ROWS]:
        (stack_id, name, description, created, updated, deleted, status,
         reason, owner, parent, tags, project) = [row[i] for i in where]
        summary = {
            rpc_api.STACK_ID: stack_id,
            rpc_api.STACK_NAME: name,
            rpc_api.STACK_IDENTITY: {rpc_api.IDENTITY_TENANT: project,
                                     rpc_api.IDENTITY_STACK_NAME: name,
                                     rpc_api.IDENTITY_STACK_ID: stack_id,
                                     rpc_api.IDENTITY_PATH: ''},
            rpc_api.STACK_DESCRIPTION: description,
            rpc_api.STACK_CREATION_TIME: created,
            rpc_api.STACK_UPDATED_TIME: updated,
            rpc_api.STACK_DELETION_TIME: deleted,
            rpc_api.STACK_STATUS: status,
            rpc_api.STACK_STATUS_REASON: reason,
            rpc_api.STACK_OWNER: owner,
            rpc_api.STACK_PARENT: parent,
            rpc_api.STACK_TAGS: tags,
            rpc_api.STACK_USER_PROJECT_ID: project,
        }
        if include_project:
            summary[rpc_api.STACK_PROJECT] = project
        summaries.append(summary)
    return summaries
