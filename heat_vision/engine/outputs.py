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

"""Stack outputs, resolved lazily: one failing output fails only itself."""

from heat_vision.engine.formatters import stacks as formatters
from heat_vision.template import budget


def resolve_all(stack):
    """:returns: format_output() dicts for every output of the stack.

    The outputs share one evaluation budget: together they cost no more
    than one value may.
    """
    with budget.evaluation():
        return _resolve_all(stack)


def _resolve_all(stack):
    result = []
    for name, output in stack.definition.output_definitions().items():
        try:
            value = output.resolve(stack)
            error = None
        except Exception as exc:
            value, error = None, str(exc)
        result.append(formatters.format_output(name, output.description,
                                               value, error))
    return result
