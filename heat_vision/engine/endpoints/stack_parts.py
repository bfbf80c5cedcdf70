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

"""RPC endpoint of what a stack was made from, and its outputs.

Template, environment and files are returned as stored; outputs are
listed without resolving them, and one output is resolved on its own.
"""

import oslo_messaging as messaging

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.db import stacks as db_stacks
from heat_vision.engine.endpoints import base
from heat_vision.engine.formatters import stacks as formatters
from heat_vision.engine.tree import levels as stack_tree
from heat_vision.rpc import api as rpc_api


class StackPartsEndpoint:

    target = messaging.Target(version=base.RPC_API_VERSION)

    @base.user_errors
    @stack_tree.one_reader
    def get_template(self, ctxt, stack_identity):
        return _raw(ctxt, stack_identity).template

    @base.user_errors
    @stack_tree.one_reader
    def get_environment(self, ctxt, stack_identity):
        return _raw(ctxt, stack_identity).environment or {}

    @base.user_errors
    @stack_tree.one_reader
    def get_files(self, ctxt, stack_identity):
        return _raw(ctxt, stack_identity).files or {}

    @base.user_errors
    @stack_tree.one_reader
    def list_outputs(self, ctxt, stack_identity):
        stack = _load(ctxt, stack_identity)
        result = []
        for name, output in stack.definition.output_definitions().items():
            info = formatters.format_output(name, output.description)
            del info[rpc_api.OUTPUT_VALUE]
            result.append(info)
        return result

    @base.user_errors
    @stack_tree.one_reader
    def show_output(self, ctxt, stack_identity, output_key):
        stack = _load(ctxt, stack_identity)
        output = stack.definition.output_definitions().get(output_key)
        if output is None:
            raise exception.NotFound(
                reason=_('Specified output key %s not found.') % output_key)
        try:
            value, error = output.resolve(stack), None
        except Exception as exc:
            value, error = None, getattr(exc, 'reason', str(exc))
        return formatters.format_output(output_key, output.description,
                                        value, error)


def _raw(ctxt, identity):
    row = stack_tree.stack_row(ctxt, identity)
    return db_stacks.raw_template_get(ctxt, row.raw_template_id)


def _load(ctxt, identity):
    return stack_tree.runtime(ctxt, stack_tree.stack_row(ctxt, identity))
