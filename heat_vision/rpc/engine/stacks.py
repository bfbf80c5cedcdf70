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

"""Engine RPC client methods of stacks: list, count, show, create, delete.

Served by ``heat_vision.engine.endpoints.stacks``.
"""

from heat_vision.rpc import stack_rows

#: Added to list_stacks and count_stacks in 1.8, with their defaults.
LIST_FILTERS_1_8 = {'show_nested': False, 'show_hidden': False,
                    'global_tenant': False, 'tags': None, 'tags_any': None,
                    'not_tags': None, 'not_tags_any': None}
#: The key of create_stack's ``args`` that adopts a stack, since 1.7.
ADOPT_ARG = 'adopt_stack_data'


class StackMethods:
    """Client side of ``StackEndpoint``."""

    def list_stacks(self, ctxt, limit=None, marker=None, sort_keys=None,
                    sort_dir=None, filters=None, show_deleted=False,
                    show_nested=False, show_hidden=False,
                    global_tenant=False, tags=None, tags_any=None,
                    not_tags=None, not_tags_any=None, as_rows=False):
        """List stacks, Heat's way.

        :param filters: ``{id|name|status|action: value or values}``.
        :param show_nested: include nested stacks.
        :param show_hidden: include stacks tagged with one of
            ``[DEFAULT] hidden_stack_tags``.
        :param global_tenant: every project's stacks, each with its
            ``project`` (the caller has checked the policy).
        :param tags: stacks with all of these tags (a list);
            ``tags_any``: with one of them; ``not_tags``: without all of
            them; ``not_tags_any``: with none of them.
        :param as_rows: the summaries as ``heat_vision.rpc.stack_rows``
            carries them rather than as dicts.
        :returns: a list of stack summaries in Heat's shape.
        :raises: InvalidParameter
        """
        kwargs = dict(limit=limit, marker=marker, sort_keys=sort_keys,
                      sort_dir=sort_dir, filters=filters,
                      show_deleted=show_deleted, show_nested=show_nested,
                      show_hidden=show_hidden, global_tenant=global_tenant,
                      tags=tags, tags_any=tags_any, not_tags=not_tags,
                      not_tags_any=not_tags_any)
        if self.can_send_version('1.17'):
            # Rows whatever the caller wants: a third of the bytes to
            # encode, send and decode twice each (oslo.messaging's message
            # is JSON inside JSON) of a list of dicts.
            answer = self._call(ctxt, 'list_stacks', version='1.17',
                                **kwargs, as_rows=True)
            if as_rows:
                return answer
            return stack_rows.to_summaries(answer,
                                           include_project=global_tenant)
        kwargs['as_rows'] = as_rows
        self._newer_args('list_stacks', kwargs, '1.17', '1.8', as_rows=False)
        version = self._newer_args('list_stacks', kwargs, '1.8', '1.0',
                                   **LIST_FILTERS_1_8)
        return self._call(ctxt, 'list_stacks', version=version, **kwargs)

    def count_stacks(self, ctxt, filters=None, show_deleted=False,
                     show_nested=False, show_hidden=False,
                     global_tenant=False, tags=None, tags_any=None,
                     not_tags=None, not_tags_any=None):
        """:returns: how many stacks list_stacks would list, unpaged.

        :raises: InvalidParameter
        """
        kwargs = dict(filters=filters, show_deleted=show_deleted,
                      show_nested=show_nested, show_hidden=show_hidden,
                      global_tenant=global_tenant, tags=tags,
                      tags_any=tags_any, not_tags=not_tags,
                      not_tags_any=not_tags_any)
        version = self._newer_args('count_stacks', kwargs, '1.8', '1.0',
                                   **LIST_FILTERS_1_8)
        return self._call(ctxt, 'count_stacks', version=version, **kwargs)

    def identify_stack(self, ctxt, stack_name):
        """:param stack_name: a stack name or id.
        :returns: the stack's identity dict.
        :raises: StackNotFound
        """
        return self._call(ctxt, 'identify_stack', version='1.0',
                          stack_name=stack_name)

    def show_stack(self, ctxt, stack_identity, resolve_outputs=True):
        """:returns: a list with the stack's detail, as Heat's engine."""
        return self._call(ctxt, 'show_stack', version='1.0',
                          stack_identity=stack_identity,
                          resolve_outputs=resolve_outputs)

    def create_stack(self, ctxt, stack_name, template, environment=None,
                     parameters=None, files=None, args=None,
                     environment_files=None, template_url=None):
        """Validate and store a stack, and start creating it.

        :param template: the template, as a dict or its YAML/JSON text.
        :param environment: the environment, as a dict or its text.
        :param parameters: parameter values given beside the environment;
            they win over the environment's.
        :param files: a map of file names to contents.
        :param args: timeout_mins, disable_rollback, tags (and, since
            1.7, adopt_stack_data).
        :param environment_files: names in ``files`` of environments to
            merge, in order, before ``environment``.
        :param template_url: where the engine fetches the template from
            when ``template`` is None (since 1.10).
        :returns: the new stack's identity.
        :raises: StackValidationFailed, StackExists, RequestLimitExceeded
        """
        args = args or {}
        version = self._version_for('create_stack(args.%s)' % ADOPT_ARG,
                                    '1.7', '1.0', ADOPT_ARG in args)
        kwargs = dict(stack_name=stack_name, template=template,
                      environment=environment, parameters=parameters,
                      files=files, args=args,
                      environment_files=environment_files,
                      template_url=template_url)
        version = self._newer_args('create_stack', kwargs, '1.10', version,
                                   template_url=None)
        return self._call(ctxt, 'create_stack', version=version, **kwargs)

    def delete_stack(self, ctxt, stack_identity):
        """Start deleting the stack; returns once the delete is accepted.

        :raises: StackNotFound, ActionInProgress
        """
        return self._call(ctxt, 'delete_stack', version='1.0',
                          stack_identity=stack_identity)

    def run_stack_operation(self, ctxt, stack_id, operation, engine_id):
        """Engine to engine: have ``engine_id`` run a stored stack's
        operation (a less loaded engine taking a new stack's create).

        :param operation: ``create``.
        :returns: True if that engine took the stack's lock and runs it.
        """
        client = self._prepare('run_stack_operation', '1.14',
                               server=engine_id)
        return client.call(ctxt, 'run_stack_operation', stack_id=stack_id,
                           operation=operation, engine_id=engine_id)
