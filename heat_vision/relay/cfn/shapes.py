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

"""Native API answers in CloudFormation's shapes.

A stack's ``StackId`` is heat-api-cfn's ARN,
``arn:openstack:heat::{tenant}:stacks/{name}/{id}``; every action takes
it, a stack name or a stack id where AWS takes ``StackName``.
"""

from oslo_serialization import jsonutils

from heat_vision.relay import original
from heat_vision.translators.cfn import functions

ARN_PREFIX = 'arn:openstack:heat::'
#: ``relay:cfn-export:<output>=<name>``: an export of the stack (see
#: exports.py).
EXPORT_TAG = original.TAG_PREFIX + 'cfn-export:'
#: The translation's parameters that carry imports, set by the relay.
IMPORT_PARAM = functions.IMPORT_PREFIX
NO_DESCRIPTION = 'No description given'


def stack_arn(tenant, name, stack_id):
    return '%s%s:stacks/%s/%s' % (ARN_PREFIX, tenant, name, stack_id)


def stack_ref(value):
    """:returns: the native ``name``, ``id`` or ``name/id`` of a
    ``StackName`` or ``StackId`` value.
    """
    if value.startswith(ARN_PREFIX):
        _tenant, _sep, path = value[len(ARN_PREFIX):].partition(':stacks/')
        return path
    return value


def _status(item, action_key, status_key):
    status = item.get(status_key) or ''
    action = item.get(action_key)
    if action and not status.startswith(action + '_'):
        return '%s_%s' % (action, status)
    return status


def _no_user_params(parameters):
    return [{'ParameterKey': key, 'ParameterValue': value}
            for key, value in sorted((parameters or {}).items())
            if not key.startswith(('OS::', 'AWS::', IMPORT_PARAM))]


def exports_of(stack):
    """``{output: export name}`` of a stack, from its tags."""
    found = {}
    for tag in stack.get('tags') or []:
        if tag.startswith(EXPORT_TAG) and '=' in tag:
            output, name = tag[len(EXPORT_TAG):].split('=', 1)
            found[output] = name
    return found


def stack(tenant, body):
    exported = exports_of(body)
    return {
        'StackId': stack_arn(tenant, body['stack_name'], body['id']),
        'StackName': body['stack_name'],
        'Description': body.get('description'),
        'StackStatus': _status(body, 'stack_action', 'stack_status'),
        'StackStatusReason': body.get('stack_status_reason'),
        'CreationTime': body.get('creation_time'),
        'LastUpdatedTime': body.get('updated_time'),
        'TimeoutInMinutes': body.get('timeout_mins'),
        'DisableRollback': bool(body.get('disable_rollback')),
        'Parameters': _no_user_params(body.get('parameters')),
        'Outputs': [_output(o, exported) for o in body.get('outputs') or []],
        'Tags': tags(body.get('tags')),
    }


def _output(body, exported):
    description = body.get('description')
    return {'OutputKey': body.get('output_key'),
            'ExportName': exported.get(body.get('output_key')),
            'OutputValue': _text(body.get('output_value')),
            # Heat fills in a description where the template has none;
            # AWS leaves it out.
            'Description': (None if description == NO_DESCRIPTION
                            else description)}


def tags(native_tags):
    """AWS's Key/Value tags of the native ``key=value`` tags, without
    the service's own (``relay:...``).
    """
    found = []
    for tag in native_tags or []:
        if tag.startswith(original.TAG_PREFIX):
            continue
        key, _sep, value = tag.partition('=')
        found.append({'Key': key, 'Value': value})
    return found


def summary(tenant, body):
    return {
        'StackId': stack_arn(tenant, body['stack_name'], body['id']),
        'StackName': body['stack_name'],
        'TemplateDescription': body.get('description'),
        'CreationTime': body.get('creation_time'),
        'LastUpdatedTime': body.get('updated_time'),
        'DeletionTime': body.get('deletion_time'),
        'StackStatus': _status(body, 'stack_action', 'stack_status'),
        'StackStatusReason': body.get('stack_status_reason'),
    }


def event(tenant, stack_body, body, resource_type=None):
    return {
        'StackId': stack_arn(tenant, stack_body['stack_name'],
                             stack_body['id']),
        'StackName': stack_body['stack_name'],
        'EventId': body.get('id'),
        'LogicalResourceId': body.get('resource_name'),
        'PhysicalResourceId': body.get('physical_resource_id') or None,
        'ResourceType': body.get('resource_type') or resource_type,
        'Timestamp': body.get('event_time'),
        'ResourceStatus': _status(body, 'resource_action',
                                  'resource_status'),
        'ResourceStatusReason': body.get('resource_status_reason'),
    }


def resource_summary(body):
    return {
        'LogicalResourceId': body.get('resource_name'),
        'PhysicalResourceId': body.get('physical_resource_id') or None,
        'ResourceType': body.get('resource_type'),
        'LastUpdatedTimestamp': (body.get('updated_time') or
                                 body.get('creation_time')),
        'ResourceStatus': _status(body, 'resource_action',
                                  'resource_status'),
        'ResourceStatusReason': body.get('resource_status_reason'),
    }


def resource(tenant, stack_body, body, detail=False):
    shape = resource_summary(body)
    shape.update({'StackId': stack_arn(tenant, stack_body['stack_name'],
                                       stack_body['id']),
                  'StackName': stack_body['stack_name'],
                  'Description': body.get('description')})
    if detail:
        shape['Metadata'] = _text(body.get('metadata') or {})
    else:
        shape['Timestamp'] = shape.pop('LastUpdatedTimestamp')
    return shape


def _text(value):
    if isinstance(value, str) or value is None:
        return value
    return jsonutils.dumps(value)
