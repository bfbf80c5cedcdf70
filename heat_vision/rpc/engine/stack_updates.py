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

"""Engine RPC client methods of stack updates.

Served by ``heat_vision.engine.endpoints.stack_updates``.
"""


class StackUpdateMethods:
    """Client side of ``StackUpdateEndpoint``."""

    def update_stack(self, ctxt, stack_identity, template=None,
                     environment=None, parameters=None, files=None,
                     args=None, environment_files=None, existing=False,
                     clear_parameters=None, template_url=None):
        """Start updating a stack to a new template or environment.

        :param existing: PATCH semantics: keep the current template,
            environment and files where the request leaves them out.
        :param clear_parameters: with ``existing``, parameters to drop
            from the current environment (back to their defaults).
        :param template_url: as for create_stack (since 1.10).
        :returns: the stack's identity.
        :raises: StackNotFound, StackValidationFailed, ActionInProgress
        """
        kwargs = dict(stack_identity=stack_identity, template=template,
                      environment=environment, parameters=parameters,
                      files=files, args=args or {},
                      environment_files=environment_files,
                      existing=existing, clear_parameters=clear_parameters,
                      template_url=template_url)
        version = self._newer_args('update_stack', kwargs, '1.10', '1.3',
                                   template_url=None)
        return self._call(ctxt, 'update_stack', version=version, **kwargs)
