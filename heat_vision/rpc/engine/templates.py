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

"""Engine RPC client methods of template validation and the template language.

Served by ``heat_vision.engine.endpoints.templates``.
"""


class TemplateMethods:
    """Client side of ``TemplateEndpoint``."""

    def validate_template(self, ctxt, template, environment=None,
                          parameters=None, files=None,
                          environment_files=None, template_url=None):
        """Validate a template without creating anything.

        :param template_url: as for create_stack (since 1.10).
        :returns: Heat's validate body: Description, Parameters (with
            their computed schema), ParameterGroups, Environment.
        :raises: StackValidationFailed, InvalidTemplate
        """
        kwargs = dict(template=template, environment=environment,
                      parameters=parameters, files=files,
                      environment_files=environment_files,
                      template_url=template_url)
        version = self._newer_args('validate_template', kwargs, '1.10',
                                   '1.1', template_url=None)
        return self._call(ctxt, 'validate_template', version=version,
                          **kwargs)

    def list_template_versions(self, ctxt):
        """:returns: ``[{'version', 'type', 'aliases'}, ...]``."""
        return self._call(ctxt, 'list_template_versions', version='1.1')

    def list_template_functions(self, ctxt, template_version,
                                with_condition=False):
        """:returns: ``[{'functions', 'description'}, ...]`` (Heat's keys).

        :raises: TemplateVersionNotFound
        """
        return self._call(ctxt, 'list_template_functions', version='1.1',
                          template_version=template_version,
                          with_condition=with_condition)
