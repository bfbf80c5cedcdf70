"""Engine RPC client methods of template validation and the template language.

Served by ``heat_vision.engine.endpoints.templates``.
"""


class TemplateMethods:
    """Client side of ``TemplateEndpoint``."""

    def validate_template(self, ctxt, template, environment=None,
                          parameters=None, files=None,
                          environment_files=None):
        """Validate a template without creating anything.

        :returns: Heat's validate body: Description, Parameters (with
            their computed schema), ParameterGroups, Environment.
        :raises: StackValidationFailed, InvalidTemplate
        """
        return self._call(ctxt, 'validate_template', version='1.1',
                          template=template, environment=environment,
                          parameters=parameters, files=files,
                          environment_files=environment_files)

    def list_template_versions(self, ctxt):
        """:returns: ``[{'version', 'type', 'aliases'}, ...]``."""
        return self._call(ctxt, 'list_template_versions', version='1.1')

    def list_template_functions(self, ctxt, template_version,
                                with_condition=False):
        """:returns: ``[{'functionname', 'description'}, ...]``.

        :raises: TemplateVersionNotFound
        """
        return self._call(ctxt, 'list_template_functions', version='1.1',
                          template_version=template_version,
                          with_condition=with_condition)
