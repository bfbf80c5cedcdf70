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

"""RPC endpoint of what the web view draws of a stack."""

import oslo_messaging as messaging

from heat_vision.db import stack_graph as db_graph
from heat_vision.engine.endpoints import base
from heat_vision.engine.formatters import graph as fmt
from heat_vision.engine.tree import levels as stack_tree
from heat_vision.rpc import api as rpc_api


class StackGraphEndpoint:

    target = messaging.Target(version=base.RPC_API_VERSION)

    @base.user_errors
    @stack_tree.one_reader
    def stack_graph(self, ctxt, stack_identity, known_version=None):
        """The stack's state and its resources as a graph needs them.

        A deleted stack is shown too (by its id), as stack show does.
        Three queries in one transaction: the stack, the version, the
        resources with their nested stacks; the last is left out when the
        caller has the version already.

        :param known_version: the ``version`` of the caller's last answer.
        :returns: ``{version}`` alone when that is still the version;
            else ``{version, stack, resources, newest_event}``.
        :raises: StackNotFound, InvalidParameter
        """
        row = stack_tree.stack_row(ctxt, stack_identity, show_deleted=True)
        counts = db_graph.graph_version(ctxt, row.id)
        current = fmt.version(row, counts)
        if known_version == current:
            return {rpc_api.GRAPH_VERSION: current}
        return fmt.format_graph(row, db_graph.graph_rows(ctxt, row.id),
                                current, counts[-1])
