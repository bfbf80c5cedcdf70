"""Engine RPC client methods of a stack's parts.

Its stored template, environment and files, and its outputs.

Served by ``heat_vision.engine.endpoints.stack_parts``.
"""


class StackPartMethods:
    """Client side of ``StackPartsEndpoint``."""

    def get_template(self, ctxt, stack_identity):
        """:returns: the stack's template as stored.

        :raises: StackNotFound
        """
        return self._call(ctxt, 'get_template', version='1.2',
                          stack_identity=stack_identity)

    def get_environment(self, ctxt, stack_identity):
        """:returns: the stack's environment (merged, as stored).

        :raises: StackNotFound
        """
        return self._call(ctxt, 'get_environment', version='1.2',
                          stack_identity=stack_identity)

    def get_files(self, ctxt, stack_identity):
        """:returns: the stack's files map.

        :raises: StackNotFound
        """
        return self._call(ctxt, 'get_files', version='1.2',
                          stack_identity=stack_identity)

    def list_outputs(self, ctxt, stack_identity):
        """:returns: ``[{'output_key', 'description'}, ...]`` (unresolved).

        :raises: StackNotFound
        """
        return self._call(ctxt, 'list_outputs', version='1.2',
                          stack_identity=stack_identity)

    def show_output(self, ctxt, stack_identity, output_key):
        """:returns: the output with its ``output_value`` (and
            ``output_error`` when it could not be resolved).

        :raises: StackNotFound, NotFound
        """
        return self._call(ctxt, 'show_output', version='1.2',
                          stack_identity=stack_identity, output_key=output_key)
