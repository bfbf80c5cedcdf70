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

"""Where the relay keeps change sets: native software configs.

The relay has no store of its own (CAMP plans are kept the same way):
a change set is a software config of group ``cfn-change-set`` named
``{stack name}/{change set name}``, whose ``config`` is the JSON record
of the change set (its type, the native create or PATCH body it will
send, its changes, status and parameters). Configs never change, so what
happens later is read from the stack: an executed change set has tagged
the stack ``relay:cfn-change-set=<id>``, and a change set made before
the stack's last update or create is obsolete.
"""

from oslo_serialization import jsonutils

from heat_vision.common.i18n import _
from heat_vision.relay.cfn import errors
from heat_vision.relay.cfn import shapes
from heat_vision.relay import native as native_client
from heat_vision.relay import original

GROUP = 'cfn-change-set'
EXECUTED_TAG = original.TAG_PREFIX + GROUP + '='
ARN_PART = ':changeSet/'
# Stack statuses an executed change set reached.
EXECUTE_DONE = ('CREATE_COMPLETE', 'UPDATE_COMPLETE')


class ChangeSetNotFound(errors.QueryError):
    code = 'ChangeSetNotFound'

    def __init__(self, name):
        super().__init__(_('ChangeSet [%s] does not exist') % name[:256])


def arn(tenant, name, config_id):
    return '%s%s%s%s/%s' % (shapes.ARN_PREFIX, tenant, ARN_PART, name,
                            config_id)


def _config_id(value):
    """:returns: the config id of a change set ARN, or None."""
    if value.startswith(shapes.ARN_PREFIX) and ARN_PART in value:
        return value.rsplit('/', 1)[-1]
    return None


class ChangeSet:
    """A stored change set: ``config_id``, ``name``, ``stack_name`` and
    the ``record`` (a dict).
    """

    def __init__(self, config_id, full_name, record):
        self.config_id = config_id
        self.stack_name, _sep, self.name = full_name.partition('/')
        self.record = record

    def arn(self, tenant):
        return arn(tenant, self.name, self.config_id)

    def execution_status(self, stack):
        """AWS's ExecutionStatus, read from ``stack`` (the stack the
        change set is for as it is now, or None when there is none).
        """
        if self.record['status'] != 'CREATE_COMPLETE':
            return 'UNAVAILABLE'
        if stack is not None and (EXECUTED_TAG + self.config_id in
                                  (stack.get('tags') or [])):
            status = shapes.stack('-', stack)['StackStatus']
            if status.endswith('IN_PROGRESS'):
                return 'EXECUTE_IN_PROGRESS'
            return ('EXECUTE_COMPLETE' if status in EXECUTE_DONE
                    else 'EXECUTE_FAILED')
        if self.record['type'] == 'CREATE':
            return 'AVAILABLE' if stack is None else 'OBSOLETE'
        if (stack is None or stack['id'] != self.record['stack_id'] or
                stack.get('stack_action') == 'DELETE' or
                last_change(stack) != self.record['base']):
            return 'OBSOLETE'
        return 'AVAILABLE'


def last_change(stack):
    return stack.get('updated_time') or stack.get('creation_time')


def save(call, stack_name, name, record):
    """:returns: the ChangeSet stored from ``record``."""
    config = call.native.create_software_config(call.ctx, call.tenant, {
        'name': '%s/%s' % (stack_name, name), 'group': GROUP,
        'config': jsonutils.dumps(record), 'options': {}})
    return ChangeSet(config['id'], config['name'], record)


def _load(call, config_id, shown):
    try:
        config = call.native.show_software_config(call.ctx, call.tenant,
                                                  config_id)
    except native_client.NativeError as exc:
        if exc.code == 404:
            raise ChangeSetNotFound(shown)
        raise
    full_name = config.get('name') or ''
    if config.get('group') != GROUP or '/' not in full_name:
        raise ChangeSetNotFound(shown)
    return ChangeSet(config['id'], full_name,
                     jsonutils.loads(config['config']))


def of_stack(call, stack_name):
    """:returns: [(config id, change set name)] of ``stack_name``,
    oldest first.
    """
    prefix = stack_name + '/'
    return [(c['id'], c['name'][len(prefix):])
            for c in call.native.each_software_config(call.ctx, call.tenant)
            if c.get('group') == GROUP and
            (c.get('name') or '').startswith(prefix)]


def load(call, config_id):
    return _load(call, config_id, config_id)


def find(call, value, stack_name=None):
    """:returns: the ChangeSet named by ``value`` (an ARN, or a name of
    a change set of ``stack_name``).

    :raises: ChangeSetNotFound, or ValidationError when a name comes
        without a stack.
    """
    config_id = _config_id(value)
    if config_id is not None:
        return _load(call, config_id, value)
    if not stack_name:
        raise errors.QueryError(_('StackName must be specified if '
                                  'ChangeSetName is not specified as an '
                                  'ARN.'))
    for found_id, name in of_stack(call, stack_name):
        if name == value:
            return _load(call, found_id, value)
    raise ChangeSetNotFound(value)


def delete(call, config_id):
    try:
        call.native.delete_software_config(call.ctx, call.tenant, config_id)
    except native_client.NativeError as exc:
        if exc.code != 404:
            raise


def delete_of_stack(call, stack_name, keep=None):
    """Delete the change sets of ``stack_name`` (but ``keep``)."""
    for config_id, _name in of_stack(call, stack_name):
        if config_id != keep:
            delete(call, config_id)
