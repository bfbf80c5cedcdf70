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

"""The actions of the Query API: each turns its parameters into native
calls and returns the content of its ``{Action}Result`` element.
"""

from oslo_config import cfg
from oslo_serialization import jsonutils

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.common import template_fetch
from heat_vision.relay.cfn import change_set_store
from heat_vision.relay.cfn import environment
from heat_vision.relay.cfn import errors
from heat_vision.relay.cfn import exports
from heat_vision.relay.cfn import paging
from heat_vision.relay.cfn import shapes
from heat_vision.relay.cfn import updates
from heat_vision.relay import formats
from heat_vision.relay import native as native_client
from heat_vision.relay import original
from heat_vision.translators.cfn import functions

CONF = cfg.CONF
FORMAT = 'cfn'
#: The only version AWS has defined.
CFN_VERSION = '2010-09-09'
# AWS's OnFailure values, as disable_rollback.
#: The type AWS gives a stack's own events.
STACK_TYPE = 'AWS::CloudFormation::Stack'
ON_FAILURE = {'ROLLBACK': False, 'DO_NOTHING': True}


class Call:
    """What an action works with: context, native client and tenant."""

    def __init__(self, ctx, native, tenant, params):
        self.ctx = ctx
        self.native = native
        self.tenant = tenant
        self.params = params
        #: The translation of the request's template, once translated.
        self.translation = None

    def stack(self, name_param='StackName'):
        """:returns: the native body of the stack named by the caller."""
        ref = shapes.stack_ref(self.params.required(name_param))
        return self.native.show_stack(self.ctx, self.tenant, ref)

    def part(self, stack, *part, query=None):
        return self.native.stack_part(
            self.ctx, self.tenant, '%s/%s' % (stack['stack_name'],
                                              stack['id']), *part,
            query=query)

    def arn(self, stack):
        return shapes.stack_arn(self.tenant, stack['stack_name'],
                                stack['id'])


def _template(call, body, optional=False):
    """Fill ``body`` with the translation of the caller's template and
    its parameters.

    :returns: the template's text (the stack's original), or None.
    """
    template = call.params.get('TemplateBody')
    url = call.params.get('TemplateURL')
    if template and url:
        raise errors.QueryError(_('Specify exactly one of TemplateBody or '
                                  'TemplateURL.'))
    if url:
        # Fetched here, not by the engine: the text is translated first.
        template = template_fetch.fetch(
            url, CONF.translators.max_document_size,
            '[translators] max_document_size')
    if template:
        # One path for CloudFormation: the cfn translator, as for
        # ``template translate --format cfn``.
        env, files = environment.load()
        call.translation = formats.translate(
            FORMAT, template, filename='template.txt',
            registry=env.get('resource_registry'))
        body.update(formats.as_native(call.translation, env, files))
    elif not optional:
        raise errors.MissingParameter('TemplateBody')
    body['parameters'] = call.params.pairs('Parameters', 'ParameterKey',
                                           'ParameterValue')
    return template or None


def _tags(call):
    """:returns: the native tags of the request's ``Tags`` (``key=value``,
    or ``key`` alone for an empty value), or None when it has none.
    """
    pairs = call.params.pairs('Tags', 'Key', 'Value')
    if not pairs and call.params.get('Tags') is None:
        return None
    for key in pairs:
        if '=' in key or key.startswith(original.TAG_PREFIX):
            raise errors.InvalidParameterValue(
                _('Tag key %(key)s: a key has no "=" and does not start '
                  'with "%(prefix)s" (kept for the service\'s own tags)')
                % {'key': key[:128], 'prefix': original.TAG_PREFIX})
    return ['%s=%s' % (key, value) if value else key
            for key, value in pairs.items()]


def create_body(call):
    """:returns: the native create body of a CreateStack (or a CREATE
    change set) request.
    """
    name = call.params.required('StackName')
    body = {'stack_name': name, 'tags': _tags(call) or []}
    document = _template(call, body)
    body['parameters'] = updates.parameters(call, creating=True)[0]
    timeout = call.params.integer('TimeoutInMinutes')
    if timeout is not None:
        body['timeout_mins'] = timeout
    disable = call.params.boolean('DisableRollback')
    on_failure = call.params.get('OnFailure')
    if on_failure is not None:
        if disable is not None or on_failure not in ON_FAILURE:
            raise errors.QueryError(
                _('OnFailure is one of %s, and not given with '
                  'DisableRollback.') % ', '.join(sorted(ON_FAILURE)))
        disable = ON_FAILURE[on_failure]
    # AWS rolls a failed create back unless told otherwise.
    body['disable_rollback'] = bool(disable)
    original.attach(body, FORMAT, document, 'template.txt')
    exports.apply(call, body, call.translation, name)
    return body


def create_stack(call):
    body = create_body(call)
    answer = call.native.create_stack(call.ctx, call.tenant, body)
    return {'StackId': shapes.stack_arn(call.tenant, body['stack_name'],
                                        answer['stack']['id'])}


def update_body(call, stack):
    """:returns: (the native PATCH body of an UpdateStack, or an UPDATE
    change set, request on ``stack``; the user's tags it sets or None;
    the new template's text, or None with UsePreviousTemplate).
    """
    previous = call.params.boolean('UsePreviousTemplate')
    if previous and (call.params.get('TemplateBody') or
                     call.params.get('TemplateURL')):
        raise errors.QueryError(_('Specify exactly one of TemplateBody, '
                                  'TemplateURL or UsePreviousTemplate.'))
    body = {}
    document = _template(call, body, optional=bool(previous))
    updates.as_patch(call, stack, body, *updates.parameters(call))
    timeout = call.params.integer('TimeoutInMinutes')
    if timeout is not None:
        body['timeout_mins'] = timeout
    user_tags = _tags(call)
    kept, internal = updates.internal_split(stack)
    if user_tags is not None or document is not None:
        body['tags'] = (kept if user_tags is None else user_tags) + internal
    if document is not None:
        # The new original replaces the old one.
        original.attach(body, FORMAT, document, 'template.txt')
        exports.apply(call, body, call.translation, stack['stack_name'],
                      stack)
    else:
        # The previous template's imports keep their values.
        body['clear_parameters'] = [
            key for key in body['clear_parameters']
            if not key.startswith(functions.IMPORT_PREFIX)]
    return body, user_tags, document


def native_ref(stack):
    return '%s/%s' % (stack['stack_name'], stack['id'])


def update_stack(call):
    stack = call.stack()
    body, user_tags, document = update_body(call, stack)
    ref = native_ref(stack)
    changes = call.native.preview_update(call.ctx, call.tenant, ref, body)
    if not updates.changes_anything(call, stack, body, changes, user_tags,
                                    document):
        raise errors.QueryError(_('No updates are to be performed.'))
    call.native.patch_stack(call.ctx, call.tenant, ref, body)
    return {'StackId': call.arn(stack)}


def delete_stack(call):
    # As AWS: deleting a stack that does not exist succeeds.
    ref = shapes.stack_ref(call.params.required('StackName'))
    try:
        stack = call.native.show_stack(call.ctx, call.tenant, ref)
        exports.check_delete(call, stack)
        call.native.delete_stack(call.ctx, call.tenant, native_ref(stack))
    except Exception as exc:
        if getattr(exc, 'code', None) != 404:
            raise
        return None
    # As AWS: the stack's change sets go with it.
    change_set_store.delete_of_stack(call, stack['stack_name'])
    return None


def describe_stacks(call):
    if call.params.get('StackName'):
        return {'Stacks': [shapes.stack(call.tenant, call.stack())]}

    def fetch(marker, limit):
        query = {'limit': limit}
        if marker:
            query['marker'] = marker
        return call.native.list_stacks(call.ctx, call.tenant, query)
    state = token_state(call, 'DescribeStacks')
    found, token = _paged('DescribeStacks', state, fetch)
    return {'Stacks': [shapes.stack(call.tenant, call.native.show_stack(
        call.ctx, call.tenant, native_ref(s))) for s in found],
        'NextToken': token}


def token_state(call, action):
    token = call.params.get('NextToken')
    return paging.decode(action, token) if token else {}


def _paged(action, state, fetch, wanted=None, **extra):
    """A marker page; a native refusal of a token's marker is the
    token's fault.
    """
    marker = state.get('m') if state else None
    if state and not isinstance(marker, str):
        raise paging.InvalidNextToken(_('not a token this service gave'))
    try:
        found, last = paging.marker_page(fetch, wanted, marker)
    except native_client.NativeError as exc:
        if marker is not None and exc.code in (400, 404):
            raise paging.InvalidNextToken(
                _('what it points at is gone (%s)') % exc)
        raise
    token = paging.encode(action, m=last, **extra) if last else None
    return found, token


def list_stacks(call):
    wanted = set(call.params.members('StackStatusFilter'))

    def fetch(marker, limit):
        query = {'show_deleted': 'true', 'limit': limit}
        if marker:
            query['marker'] = marker
        return call.native.list_stacks(call.ctx, call.tenant, query)

    def matches(body):
        return not wanted or shapes.summary(
            call.tenant, body)['StackStatus'] in wanted
    found, token = _paged('ListStacks', token_state(call, 'ListStacks'), fetch,
                          matches)
    return {'StackSummaries': [shapes.summary(call.tenant, s)
                               for s in found],
            'NextToken': token}


def describe_stack_events(call):
    stack = call.stack()
    state = token_state(call, 'DescribeStackEvents')
    if state and state.get('s') != stack['id']:
        raise paging.InvalidNextToken(_('it was given for another stack'))

    def fetch(marker, limit):
        # AWS lists the most recent event first.
        query = {'limit': limit, 'sort_dir': 'desc'}
        if marker:
            query['marker'] = marker
        return call.part(stack, 'events', query=query)['events']
    found, token = _paged('DescribeStackEvents', state, fetch,
                          s=stack['id'])
    types = _event_types(call, stack, found)
    return {'StackEvents': [shapes.event(call.tenant, stack, e,
                                         types.get(e.get('id')))
                            for e in found],
            'NextToken': token}


def _event_types(call, stack, events):
    """{event id: resource type}: a native event list leaves the type
    out (as Heat's does); it is the resource's, or the event's own for a
    resource that is gone.
    """
    known = {r['resource_name']: r.get('resource_type') for r in
             call.part(stack, 'resources')['resources']}
    types = {}
    for event in events:
        name = event.get('resource_name')
        if name == stack['stack_name'] and event.get(
                'physical_resource_id') == stack['id']:
            types[event['id']] = STACK_TYPE
        elif name in known:
            types[event['id']] = known[name]
        else:
            try:
                types[event['id']] = call.part(
                    stack, 'resources', name, 'events',
                    event['id'])['event'].get('resource_type')
            except native_client.NativeError:
                pass
    return types


def describe_stack_resource(call):
    name = call.params.required('LogicalResourceId')
    if CONF.heat_stack_user_role in (call.ctx.roles or ()):
        return {'StackResourceDetail': _stack_user_resource(call, name)}
    stack = call.stack()
    found = call.part(stack, 'resources', name)['resource']
    return {'StackResourceDetail': shapes.resource(call.tenant, stack, found,
                                                   detail=True)}


def _stack_user_resource(call, name):
    """What a stack's own user (a POLL_SERVER_CFN server's agent) sees
    of a resource: the native API lets it find the stack and read the
    metadata, as Heat's ``describe_stack_resource`` gives it
    (heat/engine/service.py); the rest of the detail is left out.
    """
    ref = call.native.identify_stack(
        call.ctx, call.tenant,
        shapes.stack_ref(call.params.required('StackName')))
    metadata = call.native.stack_part(call.ctx, call.tenant, ref,
                                      'resources', name,
                                      'metadata')['metadata']
    stack_name, _sep, stack_id = ref.partition('/')
    return {'StackId': shapes.stack_arn(call.tenant, stack_name, stack_id),
            'StackName': stack_name, 'LogicalResourceId': name,
            'Metadata': jsonutils.dumps(metadata or {})}


def describe_stack_resources(call):
    stack = call.stack()
    wanted = call.params.get('LogicalResourceId')
    listed = call.part(stack, 'resources')['resources']
    return {'StackResources': [
        shapes.resource(call.tenant, stack, r) for r in listed
        if not wanted or r.get('resource_name') == wanted]}


def list_stack_resources(call):
    stack = call.stack()
    state = token_state(call, 'ListStackResources')
    offset = state.get('o', 0)
    if state and (state.get('s') != stack['id'] or
                  not isinstance(offset, int) or offset < 0):
        raise paging.InvalidNextToken(_('it was given for another stack'))
    listed = sorted(call.part(stack, 'resources')['resources'],
                    key=lambda r: r.get('resource_name') or '')
    found, following = paging.offset_page(listed, offset)
    token = None
    if following is not None:
        token = paging.encode('ListStackResources', s=stack['id'],
                              o=following)
    return {'StackResourceSummaries': [shapes.resource_summary(r)
                                       for r in found],
            'NextToken': token}


def get_template(call):
    """The template as it was sent (AWS's answer) when the stack keeps
    it, else the native API's template as JSON.
    """
    stack = call.stack()
    try:
        fmt, _name, data, _type = original.find(call.part(stack, 'files'))
    except exception.NotFound:
        fmt = None
    if fmt == FORMAT and data:
        return {'TemplateBody': data.decode('utf-8')}
    return {'TemplateBody': jsonutils.dumps(call.part(stack, 'template'),
                                            indent=2)}


def validate_template(call):
    body = {}
    _template(call, body)
    answer = call.native.validate(call.ctx, call.tenant, body)
    parameters = answer.get('Parameters') or {}
    return {'Description': answer.get('Description'),
            'Parameters': [
                {'ParameterKey': key,
                 'DefaultValue': string_value(spec.get('Default')),
                 'NoEcho': str(spec.get('NoEcho', False)).lower() == 'true',
                 'Description': spec.get('Description')}
                for key, spec in sorted(parameters.items())]}


def estimate_template_cost(call):
    raise errors.NotImplementedAction(
        _('EstimateTemplateCost is not supported: an OpenStack cloud has '
          'no price list to estimate from.'))


def string_value(value):
    if value is None or isinstance(value, str):
        return value
    return jsonutils.dumps(value)


ACTIONS = {
    'CreateStack': create_stack,
    'UpdateStack': update_stack,
    'DeleteStack': delete_stack,
    'DescribeStacks': describe_stacks,
    'DescribeStackEvents': describe_stack_events,
    'DescribeStackResource': describe_stack_resource,
    'DescribeStackResources': describe_stack_resources,
    'ListStacks': list_stacks,
    'ListStackResources': list_stack_resources,
    'GetTemplate': get_template,
    'ValidateTemplate': validate_template,
    'EstimateTemplateCost': estimate_template_cost,
}
