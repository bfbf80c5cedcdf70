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

"""Engine RPC client method of what the web view draws of a stack.

Served by ``heat_vision.engine.endpoints.graphs``.
"""


class StackGraphMethods:
    """Client side of ``StackGraphEndpoint``."""

    def stack_graph(self, ctxt, stack_identity, known_version=None):
        """The stack's state and its resources' names, types, states,
        dependencies and nested stacks, with a version of all that.

        :param known_version: the version the caller has: when it is
            still current, only ``{version}`` comes back.
        :returns: ``{version, stack, resources, newest_event}`` (see
            ``heat_vision.engine.formatters.graph``), or ``{version}``.
        :raises: StackNotFound, InvalidParameter
        """
        return self._call(ctxt, 'stack_graph', version='1.16',
                          stack_identity=stack_identity,
                          known_version=known_version)
