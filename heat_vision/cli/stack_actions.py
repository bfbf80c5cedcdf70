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

"""``stack check|suspend|resume|cancel|abandon|adopt|export``."""

import json

from cliff import command
from cliff import show

from heat_vision.cli import common
from heat_vision.cli import progress
from heat_vision.cli import stacks


class _StackAction(show.ShowOne):
    """POST ``{<action>: null}`` to a stack's ``actions``."""

    action = None

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('stack', help='Stack name or ID')
        progress.add_wait_arguments(parser)
        return parser

    def take_action(self, args):
        client = self.app.client
        stack = common.find_stack(client, args.stack)
        marker = progress.last_event_id(client, stack) if args.wait else None
        client.post(common.stack_path(stack, 'actions'), {self.action: None})
        if args.wait:
            progress.wait_for(
                client, stack, self.action.upper(), args, marker=marker,
                baseline=(stack.get('stack_status'),
                          stack.get('updated_time')),
                out=self.app.stderr)
        stack = common.find_stack(client, stack['id'])
        return common.show_dict(stack, fields=(
            'id', 'stack_name', 'stack_status', 'stack_status_reason',
            'updated_time'))


class CheckStack(_StackAction):
    """Check that a stack's resources exist and are healthy."""
    action = 'check'


class SuspendStack(_StackAction):
    """Suspend a stack."""
    action = 'suspend'


class ResumeStack(_StackAction):
    """Resume a suspended stack."""
    action = 'resume'


class CancelStack(command.Command):
    """Cancel a stack update (rolling back), or stop without rollback."""

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('stack', help='Stack name or ID')
        parser.add_argument('--no-rollback', action='store_true',
                            help='Stop the create or update in progress '
                                 'without rolling back')
        return parser

    def take_action(self, args):
        action = ('cancel_without_rollback' if args.no_rollback
                  else 'cancel_update')
        path = common.resolve_stack_path(self.app.client, args.stack,
                                         'actions')
        self.app.client.post(path, {action: None})


def _write_document(app, document, output_file):
    text = json.dumps(document, indent=2, sort_keys=True)
    if output_file:
        with open(output_file, 'w', encoding='utf-8') as handle:
            handle.write(text + '\n')
    else:
        app.stdout.write(text + '\n')


class AbandonStack(command.Command):
    """Delete a stack but keep its resources; print the adopt data."""

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('stack', help='Stack name or ID')
        parser.add_argument('--output-file', metavar='FILE',
                            help='Write the data here instead of stdout')
        return parser

    def take_action(self, args):
        path = common.resolve_stack_path(self.app.client, args.stack,
                                         'abandon')
        _write_document(self.app, self.app.client.delete(path),
                        args.output_file)


class ExportStack(AbandonStack):
    """Print a stack's data (as abandon would) without deleting it."""

    def take_action(self, args):
        path = common.resolve_stack_path(self.app.client, args.stack,
                                         'export')
        _write_document(self.app, self.app.client.get(path),
                        args.output_file)


class AdoptStack(show.ShowOne):
    """Create a stack that takes over resources from abandon data."""

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('name', help='Name of the new stack')
        parser.add_argument('--adopt-file', required=True, metavar='FILE',
                            help='Abandon data from "stack abandon"')
        stacks.add_stack_arguments(parser, template_required=None)
        parser.add_argument('--enable-rollback', action='store_true',
                            help='Roll back on failure')
        return parser

    def take_action(self, args):
        client = self.app.client
        body = {'stack_name': args.name,
                'adopt_stack_data': common.read_text(args.adopt_file,
                                                     'adopt file'),
                'disable_rollback': not args.enable_rollback}
        body.update(stacks.stack_fields(args))
        created = client.post('stacks', body)['stack']
        stack = {'stack_name': args.name, 'id': created['id']}
        if args.wait:
            progress.wait_for(client, stack, 'ADOPT', args,
                              out=self.app.stderr)
        return common.show_dict(common.find_stack(client, created['id']))
