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

"""Change sets: an update (or a create) looked at before it is made.

CreateChangeSet computes the changes at once with the native preview
(``POST /stacks/preview`` for a CREATE change set, ``PATCH
/stacks/{name}/{id}/preview`` for an UPDATE one) and keeps the change
set (see ``change_set_store``); it is CREATE_COMPLETE, or FAILED with
AWS's reason when it changes nothing. ExecuteChangeSet sends the kept
native body, as CreateStack or UpdateStack would have, and deletes the
stack's other change sets, as AWS does.
"""

import re

from oslo_utils import timeutils

from heat_vision.common.i18n import _
from heat_vision.relay.cfn import actions
from heat_vision.relay.cfn import change_set_store as store
from heat_vision.relay.cfn import errors
from heat_vision.relay.cfn import paging
from heat_vision.relay.cfn import shapes
from heat_vision.relay.cfn import updates
from heat_vision.relay import native as native_client

NAME = re.compile(r'^[a-zA-Z][-a-zA-Z0-9]{0,127}$')
TYPES = ('CREATE', 'UPDATE')
NO_CHANGES = _("The submitted information didn't contain changes. Submit "
               "different information to create a change set.")
ACTIONS_OF = {'added': ('Add', None), 'deleted': ('Remove', None),
              'replaced': ('Modify', 'True'), 'updated': ('Modify', 'False')}


class InvalidChangeSetStatus(errors.QueryError):
    code = 'InvalidChangeSetStatus'


def _change(action, replacement, resource):
    change = {'Action': action,
              'LogicalResourceId': resource.get('resource_name'),
              'PhysicalResourceId': (resource.get('physical_resource_id')
                                     or None),
              'ResourceType': resource.get('resource_type'),
              'Scope': [], 'Details': []}
    if replacement:
        change['Replacement'] = replacement
    return {'Type': 'Resource', 'ResourceChange': change}


def _stack_or_none(call, value):
    try:
        return call.native.show_stack(call.ctx, call.tenant,
                                      shapes.stack_ref(value))
    except native_client.NativeError as exc:
        if exc.code == 404:
            return None
        raise


def _stack_name(call, value):
    """The name of the stack ``value`` (a name, an id or an ARN) names."""
    stack = _stack_or_none(call, value)
    if stack is not None:
        return stack['stack_name']
    return shapes.stack_ref(value).split('/', 1)[0]


def _parameters(call, body, stack):
    """AWS's Parameters of the change set, NoEcho ones masked as AWS
    masks them.
    """
    text = call.params.get('TemplateBody')
    if text:
        template = updates.parsed(text)
    elif stack is not None:
        template = updates.previous_template(call, stack)
    else:
        template = None
    declared = updates.declared(template)
    return [{'ParameterKey': key,
             'ParameterValue': ('****' if str((declared.get(key) or {}).get(
                 'NoEcho', '')).lower() == 'true' else value)}
            for key, value in sorted(body.get('parameters', {}).items())]


def _prepare_create(call, stack, name):
    if stack is not None:
        raise errors.QueryError(
            _('Stack [%(stack)s] already exists and cannot be created '
              'again with the changeSet [%(name)s].') %
            {'stack': stack['stack_name'], 'name': name})
    body = actions.create_body(call)
    preview = call.native.preview_stack(call.ctx, call.tenant, body)
    changes = [_change('Add', None, r)
               for r in preview['stack'].get('resources') or []]
    return body, changes, {'stack_id': None, 'base': None}


def _prepare_update(call, stack):
    body, user_tags, document = actions.update_body(call, stack)
    found = call.native.preview_update(call.ctx, call.tenant,
                                       actions.native_ref(stack), body)
    changes = [_change(action, replacement, r)
               for kind, (action, replacement) in ACTIONS_OF.items()
               for r in found.get(kind) or []]
    status = {'stack_id': stack['id'], 'base': store.last_change(stack)}
    if not updates.changes_anything(call, stack, body, found, user_tags,
                                    document):
        status.update(status='FAILED', reason=NO_CHANGES)
    return body, changes, status


def create_change_set(call):
    name = call.params.required('ChangeSetName')
    if not NAME.match(name):
        raise errors.InvalidParameterValue(
            _('ChangeSetName: a letter, then letters, digits and "-", at '
              'most 128 characters'))
    kind = call.params.get('ChangeSetType') or 'UPDATE'
    if kind not in TYPES:
        raise errors.InvalidParameterValue(
            _('ChangeSetType is one of %s') % ', '.join(TYPES))
    stack = _stack_or_none(call, call.params.required('StackName'))
    if kind == 'CREATE':
        body, changes, record = _prepare_create(call, stack, name)
        stack_name = body['stack_name']
    else:
        if stack is None:
            raise errors.QueryError(_('Stack [%s] does not exist') %
                                    call.params.get('StackName'))
        body, changes, record = _prepare_update(call, stack)
        stack_name = stack['stack_name']
    if any(n == name for _id, n in store.of_stack(call, stack_name)):
        raise errors.AlreadyExists(_('ChangeSet [%s] already exists') %
                                   name)
    record.setdefault('status', 'CREATE_COMPLETE')
    record.update(
        type=kind, body=body, changes=changes,
        description=call.params.get('Description'),
        parameters=_parameters(call, body, stack),
        tags=shapes.tags(body.get('tags')),
        capabilities=call.params.members('Capabilities'),
        created=timeutils.utcnow().strftime('%Y-%m-%dT%H:%M:%SZ'))
    change_set = store.save(call, stack_name, name, record)
    answer = {'Id': change_set.arn(call.tenant)}
    if stack is not None and kind == 'UPDATE':
        answer['StackId'] = call.arn(stack)
    return answer


def _found(call):
    """:returns: (the ChangeSet the request names, its stack or None)."""
    change_set = store.find(call, call.params.required('ChangeSetName'),
                            call.params.get('StackName') and _stack_name(
                                call, call.params.get('StackName')))
    stack_id = change_set.record.get('stack_id')
    stack = _stack_or_none(call, '%s/%s' % (change_set.stack_name, stack_id)
                           if stack_id else change_set.stack_name)
    return change_set, stack


def _summary(call, change_set, stack):
    record = change_set.record
    summary = {
        'StackName': change_set.stack_name,
        'ChangeSetId': change_set.arn(call.tenant),
        'ChangeSetName': change_set.name,
        'ExecutionStatus': change_set.execution_status(stack),
        'Status': record['status'],
        'StatusReason': record.get('reason'),
        'CreationTime': record['created'],
        'Description': record.get('description'),
    }
    if stack is not None:
        summary['StackId'] = call.arn(stack)
    return summary


def describe_change_set(call):
    change_set, stack = _found(call)
    state = actions.token_state(call, 'DescribeChangeSet')
    offset = state.get('o', 0)
    if state and (state.get('c') != change_set.config_id or
                  not isinstance(offset, int) or offset < 0):
        raise paging.InvalidNextToken(
            _('it was given for another change set'))
    changes, following = paging.offset_page(change_set.record['changes'],
                                            offset)
    answer = _summary(call, change_set, stack)
    answer.update(Parameters=change_set.record['parameters'],
                  Tags=change_set.record['tags'],
                  Capabilities=change_set.record['capabilities'],
                  Changes=changes, NotificationARNs=[])
    if following is not None:
        answer['NextToken'] = paging.encode(
            'DescribeChangeSet', c=change_set.config_id, o=following)
    return answer


def _executed_tags(tags, change_set):
    return [t for t in tags or [] if not t.startswith(store.EXECUTED_TAG)
            ] + [store.EXECUTED_TAG + change_set.config_id]


def execute_change_set(call):
    change_set, stack = _found(call)
    status = change_set.execution_status(stack)
    if status != 'AVAILABLE':
        raise InvalidChangeSetStatus(
            _('ChangeSet [%(id)s] cannot be executed in its current '
              'status of [%(status)s]') %
            {'id': change_set.arn(call.tenant), 'status': status})
    body = dict(change_set.record['body'])
    disable = call.params.boolean('DisableRollback')
    if change_set.record['type'] == 'CREATE':
        if disable is not None:
            body['disable_rollback'] = disable
        body['tags'] = _executed_tags(body.get('tags'), change_set)
        call.native.create_stack(call.ctx, call.tenant, body)
    else:
        body['tags'] = _executed_tags(body.get('tags', stack.get('tags')),
                                      change_set)
        call.native.patch_stack(call.ctx, call.tenant,
                                actions.native_ref(stack), body)
    store.delete_of_stack(call, change_set.stack_name,
                          keep=change_set.config_id)
    return {}


def delete_change_set(call):
    change_set, stack = _found(call)
    status = change_set.execution_status(stack)
    if status == 'EXECUTE_IN_PROGRESS':
        raise InvalidChangeSetStatus(
            _('ChangeSet [%(id)s] cannot be deleted in its current status '
              'of [%(status)s]') %
            {'id': change_set.arn(call.tenant), 'status': status})
    store.delete(call, change_set.config_id)
    return {}


def list_change_sets(call):
    stack_name = _stack_name(call, call.params.required('StackName'))
    state = actions.token_state(call, 'ListChangeSets')
    offset = state.get('o', 0)
    if state and (state.get('s') != stack_name or
                  not isinstance(offset, int) or offset < 0):
        raise paging.InvalidNextToken(_('it was given for another stack'))
    found, following = paging.offset_page(store.of_stack(call, stack_name),
                                          offset)
    stack = _stack_or_none(call, stack_name)
    summaries = []
    for config_id, _name in found:
        change_set = store.load(call, config_id)
        owner = stack
        if stack is not None and change_set.record.get('stack_id') not in (
                None, stack['id']):
            owner = None
        summaries.append(_summary(call, change_set, owner))
    answer = {'Summaries': summaries}
    if following is not None:
        answer['NextToken'] = paging.encode('ListChangeSets', s=stack_name,
                                            o=following)
    return answer


ACTIONS = {
    'CreateChangeSet': create_change_set,
    'DescribeChangeSet': describe_change_set,
    'ExecuteChangeSet': execute_change_set,
    'DeleteChangeSet': delete_change_set,
    'ListChangeSets': list_change_sets,
}
