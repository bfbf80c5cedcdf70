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
