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

"""Task plugins that act on stacks, through the engine's RPC client.

They join the task system through the ``heat_vision.tasks`` entry point
(``stack.create|update|delete|signal``); the task system itself knows
nothing of stacks. Each waits for the stack to settle unless ``wait`` is
false, polling every ``poll`` seconds, and stops at once on cancel.
"""

from oslo_config import cfg

from heat_vision.common import exception
from heat_vision.rpc import engine_client
from heat_vision.tasks.plugins import base

CONF = cfg.CONF
_STACK = {'type': 'string', 'minLength': 1}
_WAIT = {'wait': {'type': 'boolean'},
         'poll': {'type': 'number', 'exclusiveMinimum': 0, 'maximum': 3600}}


def _client():
    return engine_client.EngineClient()


class _StackPlugin(base.TaskPlugin):

    def _identity(self, runtime, stack):
        return _client().identify_stack(runtime.context, stack)

    def _settle(self, runtime, identity, poll, gone_ok=False):
        """Poll until the stack's action ends; :returns: its summary."""
        while True:
            try:
                stack = _client().show_stack(runtime.context, identity,
                                             resolve_outputs=True)[0]
            except exception.EntityNotFound:
                if gone_ok:
                    return {'stack_id': identity['stack_id'],
                            'stack_status': 'DELETE_COMPLETE'}
                raise
            status = stack['stack_status']
            if status.endswith('_COMPLETE'):
                return {'stack_id': stack['id'],
                        'stack_name': stack['stack_name'],
                        'stack_status': status,
                        'outputs': stack.get('outputs', [])}
            if status.endswith('_FAILED'):
                raise exception.TaskFailed(
                    reason='stack %s is %s: %s' % (
                        stack['stack_name'], status,
                        stack.get('stack_status_reason')))
            runtime.wait(poll)


class StackCreate(_StackPlugin):
    """Creates a stack from a template given in the input."""

    description = 'Create a stack and wait for it.'
    input_schema = {
        'type': 'object', 'additionalProperties': False,
        'required': ['stack_name', 'template'],
        'properties': dict(_WAIT, stack_name=_STACK,
                           template={'type': ['object', 'string']},
                           parameters={'type': 'object'},
                           environment={'type': ['object', 'string']},
                           files={'type': 'object'},
                           timeout_mins={'type': 'integer', 'minimum': 1}),
    }

    @classmethod
    def validate(cls, inputs, path='input'):
        super().validate(inputs, path)
        timeout = inputs.get('timeout_mins')
        if timeout is not None and timeout > CONF.max_timeout_mins:
            raise exception.InvalidTaskDocument(
                'must be at most %d minutes, not %d'
                % (CONF.max_timeout_mins, timeout),
                path=path + '.timeout_mins')

    def execute(self, runtime, stack_name, template, parameters=None,
                environment=None, files=None, timeout_mins=None,
                wait=True, poll=1):
        args = {'timeout_mins': timeout_mins} if timeout_mins else {}
        identity = _client().create_stack(
            runtime.context, stack_name, template, environment=environment,
            parameters=parameters, files=files, args=args)
        if not wait:
            return {'stack_id': identity['stack_id']}
        return self._settle(runtime, identity, poll)


class StackUpdate(_StackPlugin):
    """Updates a stack to a new template."""

    description = 'Update a stack and wait for it.'
    input_schema = {
        'type': 'object', 'additionalProperties': False,
        'required': ['stack', 'template'],
        'properties': dict(_WAIT, stack=_STACK,
                           template={'type': ['object', 'string']},
                           parameters={'type': 'object'},
                           environment={'type': ['object', 'string']},
                           files={'type': 'object'}),
    }

    def execute(self, runtime, stack, template, parameters=None,
                environment=None, files=None, wait=True, poll=1):
        identity = self._identity(runtime, stack)
        _client().update_stack(runtime.context, identity, template,
                               environment=environment,
                               parameters=parameters, files=files, args={})
        if not wait:
            return {'stack_id': identity['stack_id']}
        return self._settle(runtime, identity, poll)


class StackApply(StackCreate):
    """Creates a stack, or updates it if one of that name exists."""

    description = 'Create or update a stack by name and wait for it.'

    def execute(self, runtime, stack_name, template, parameters=None,
                environment=None, files=None, timeout_mins=None,
                wait=True, poll=1):
        try:
            identity = self._identity(runtime, stack_name)
        except exception.EntityNotFound:
            return super().execute(
                runtime, stack_name, template, parameters=parameters,
                environment=environment, files=files,
                timeout_mins=timeout_mins, wait=wait, poll=poll)
        return StackUpdate().execute(
            runtime, identity['stack_name'], template,
            parameters=parameters, environment=environment, files=files,
            wait=wait, poll=poll)


class StackDelete(_StackPlugin):
    """Deletes a stack."""

    description = 'Delete a stack and wait for it to be gone.'
    input_schema = {
        'type': 'object', 'additionalProperties': False,
        'required': ['stack'],
        'properties': dict(_WAIT, stack=_STACK),
    }

    def execute(self, runtime, stack, wait=True, poll=1):
        identity = self._identity(runtime, stack)
        _client().delete_stack(runtime.context, identity)
        if not wait:
            return {'stack_id': identity['stack_id']}
        return self._settle(runtime, identity, poll, gone_ok=True)


class StackSignal(_StackPlugin):
    """Signals a resource of a stack."""

    description = "Send a signal to a stack's resource."
    input_schema = {
        'type': 'object', 'additionalProperties': False,
        'required': ['stack', 'resource'],
        'properties': {'stack': _STACK, 'resource': _STACK,
                       'details': {'type': ['object', 'null']}},
    }

    def execute(self, runtime, stack, resource, details=None):
        identity = self._identity(runtime, stack)
        _client().resource_signal(runtime.context, identity, resource,
                                  details)
        return {'stack_id': identity['stack_id'], 'resource': resource}
