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

"""``stack output list|show``, and the outputs shown after a create."""

from cliff import show

from heat_vision.cli import common
from heat_vision.cli import http


def outputs_table(client, stack):
    """A ShowOne result of a stack's outputs: one row per output key.

    An output that failed to resolve shows its ``output_error``.
    """
    stack = common.find_stack(client, stack['id'], resolve_outputs=True)
    pairs = []
    for output in sorted(stack.get('outputs') or [],
                         key=lambda item: item.get('output_key', '')):
        value = output.get('output_value')
        if output.get('output_error'):
            value = 'ERROR: %s' % output['output_error']
        pairs.append((output['output_key'], common.display_value(value)))
    return tuple(key for key, _ in pairs), tuple(value for _, value in pairs)


class ListOutputs(common.StackPartLister):
    """List a stack's outputs."""

    PART = 'outputs'
    FIELDS = (('output_key', 'Output Key'), ('description', 'Description'))


class ShowOutput(show.ShowOne):
    """Show one output of a stack (or all of them with --all)."""

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('stack', help='Stack name or ID')
        parser.add_argument('output', nargs='?', help='Output key')
        parser.add_argument('--all', action='store_true',
                            help='Show every output')
        return parser

    def take_action(self, args):
        client = self.app.client
        if args.all:
            return outputs_table(client, common.find_stack(client,
                                                           args.stack))
        if not args.output:
            raise http.CLIError('Give an output key, or --all')
        path = common.resolve_stack_path(client, args.stack, 'outputs',
                                         args.output)
        return common.show_dict(client.get(path)['output'])
