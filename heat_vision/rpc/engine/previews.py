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

"""Engine RPC client methods of stack create and update previews.

Served by ``heat_vision.engine.endpoints.previews``.
"""


class PreviewMethods:
    """Client side of ``PreviewEndpoint``."""

    def preview_stack(self, ctxt, stack_name, template, environment=None,
                      parameters=None, files=None, args=None,
                      environment_files=None, template_url=None):
        """What creating a stack would make; nothing is stored.

        :param template_url: as for create_stack (since 1.10).
        :returns: the stack in Heat's preview shape, with ``resources``.
        :raises: StackValidationFailed, InvalidParameter
        """
        kwargs = dict(stack_name=stack_name, template=template,
                      environment=environment, parameters=parameters,
                      files=files, args=args or {},
                      environment_files=environment_files,
                      template_url=template_url)
        version = self._newer_args('preview_stack', kwargs, '1.10', '1.7',
                                   template_url=None)
        return self._call(ctxt, 'preview_stack', version=version, **kwargs)

    def preview_update_stack(self, ctxt, stack_identity, template=None,
                             environment=None, parameters=None, files=None,
                             args=None, environment_files=None,
                             existing=False, clear_parameters=None,
                             show_nested=False, template_url=None):
        """What an update would change; nothing is stored.

        :param existing: PATCH semantics, as for update_stack.
        :param template_url: as for create_stack (since 1.10).
        :returns: ``{added, deleted, replaced, unchanged, updated}``.
        :raises: StackNotFound, StackValidationFailed, Invalid
        """
        kwargs = dict(stack_identity=stack_identity, template=template,
                      environment=environment, parameters=parameters,
                      files=files, args=args or {},
                      environment_files=environment_files,
                      existing=existing, clear_parameters=clear_parameters,
                      show_nested=show_nested, template_url=template_url)
        version = self._newer_args('preview_update_stack', kwargs, '1.10',
                                   '1.7', template_url=None)
        return self._call(ctxt, 'preview_update_stack', version=version,
                          **kwargs)
