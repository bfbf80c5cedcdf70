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

"""``stack list|show|create|update|delete``."""

from cliff import command
from cliff import lister
from cliff import show

from heat_vision.cli import common
from heat_vision.cli import http
from heat_vision.cli import outputs
from heat_vision.cli import progress
from heat_vision.cli import relay
from heat_vision.cli import template_files

LIST_FIELDS = (('id', 'ID'), ('stack_name', 'Stack Name'),
               ('stack_status', 'Stack Status'),
               ('creation_time', 'Creation Time'),
               ('updated_time', 'Updated Time'))
LONG_FIELDS = (('stack_owner', 'Stack Owner'), ('parent', 'Parent'),
               ('tags', 'Tags'))


class ListStacks(lister.Lister):
    """List stacks."""

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('--deleted', action='store_true',
                            help='Include deleted stacks')
        parser.add_argument('--nested', action='store_true',
                            help='Include nested stacks')
        parser.add_argument('--hidden', action='store_true',
                            help='Include hidden stacks')
        parser.add_argument('--property', action='append', default=[],
                            metavar='KEY=VALUE',
                            help='Filter on a field (id, name, status, '
                                 'action); repeatable')
        parser.add_argument('--tags', help='Comma-separated tags to match')
        parser.add_argument('--tag-mode', default='all',
                            choices=('all', 'any', 'not', 'not-any'),
                            help='How --tags match (default all)')
        parser.add_argument('--limit', type=int,
                            help='Most stacks to return')
        parser.add_argument('--marker', help='ID of the last stack seen')
        parser.add_argument('--sort', metavar='KEY[:DIR]',
                            help='Sort key and direction (asc/desc)')
        parser.add_argument('--all-projects', action='store_true',
                            help='Stacks of every project (admin)')
        parser.add_argument('--long', action='store_true',
                            help='Show owner, parent and tags too')
        return parser

    def take_action(self, args):
        params = common.parse_key_values(args.property, '--property')
        if args.tags:
            key = {'all': 'tags', 'any': 'tags_any', 'not': 'not_tags',
                   'not-any': 'not_tags_any'}[args.tag_mode]
            params[key] = args.tags
        if args.sort:
            sort_key, _sep, sort_dir = args.sort.partition(':')
            params.update(sort_keys=sort_key, sort_dir=sort_dir or None)
        flags = {'show_deleted': args.deleted, 'show_nested': args.nested,
                 'show_hidden': args.hidden,
                 'global_tenant': args.all_projects}
        params.update({key: 'true' for key, on in flags.items() if on})
        params.update(limit=args.limit, marker=args.marker)
        stacks = self.app.client.get('stacks', **params)['stacks']
        fields = LIST_FIELDS + (LONG_FIELDS if args.long else ())
        if args.all_projects:
            fields += (('project', 'Project'),)
        if args.deleted:
            fields += (('deletion_time', 'Deletion Time'),)
        return common.list_rows(stacks, fields)


class ShowStack(show.ShowOne):
    """Show a stack, with its outputs resolved."""

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('stack', help='Stack name or ID')
        parser.add_argument('--no-resolve-outputs', action='store_true',
                            help='Do not compute the outputs')
        return parser

    def take_action(self, args):
        stack = common.find_stack(self.app.client, args.stack,
                                  resolve_outputs=not args.no_resolve_outputs)
        return common.show_dict(stack)


def stack_fields(args):
    """Request fields shared by create, update and adopt."""
    fields = template_files.template_fields(
        getattr(args, 'template', None), args.environment)
    fields['parameters'] = parameters_of(args)
    if args.timeout is not None:
        fields['timeout_mins'] = args.timeout
    if args.tags is not None:
        fields['tags'] = args.tags
    return fields


def parameters_of(args):
    parameters = common.parse_key_values(args.parameter)
    for pair in args.parameter_file:
        key, value = common.parse_key_values(
            [pair], '--parameter-file').popitem()
        parameters[key] = common.read_text(value, 'parameter file')
    return parameters


def add_stack_arguments(parser, template_required=True):
    if template_required is not None:
        parser.add_argument('-t', '--template', required=template_required,
                            metavar='FILE', help='Template file')
    parser.add_argument('-e', '--environment', action='append', default=[],
                        metavar='FILE',
                        help='Environment file; repeatable, merged in order')
    parser.add_argument('--parameter', action='append', default=[],
                        metavar='KEY=VALUE',
                        help='Template parameter; repeatable')
    parser.add_argument('--parameter-file', action='append', default=[],
                        metavar='KEY=FILE',
                        help='Parameter whose value is a file; repeatable')
    parser.add_argument('--timeout', type=int, metavar='MINUTES',
                        help='Stack action timeout in minutes')
    parser.add_argument('--tags', help='Comma-separated tags')
    progress.add_wait_arguments(parser)


class CreateStack(show.ShowOne):
    """Create a stack; with --wait, follow it and show its outputs."""

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('name', help='Name of the new stack')
        add_stack_arguments(parser)
        parser.add_argument('--enable-rollback', action='store_true',
                            help='Roll back (delete) on failure')
        # NOTE(heat-vision): not --format, which is cliff's output
        # format option (-f json) on every command that shows something.
        parser.add_argument('--template-format', choices=relay.FORMATS,
                            default='hot',
                            help='Format of the template: hot (the native '
                                 'API), or tosca (a template or a CSAR), '
                                 'cfn or camp (a plan or a PDP) through '
                                 'the relay')
        return parser

    def take_action(self, args):
        client = self.app.client
        if args.template_format == 'hot':
            body = stack_fields(args)
            body.update(stack_name=args.name,
                        disable_rollback=not args.enable_rollback)
            stack_id = client.post('stacks', body)['stack']['id']
        else:
            if args.environment and args.template_format == 'cfn':
                raise http.CLIError('--environment applies to HOT, TOSCA '
                                    'and CAMP templates only.')
            stack_id = relay.create(client, args.name, args,
                                    parameters_of(args))
        stack = {'stack_name': args.name, 'id': stack_id}
        if not args.wait:
            return common.show_dict(common.find_stack(client, stack_id))
        progress.wait_for(client, stack, 'CREATE', args,
                          out=self.app.stderr)
        return outputs.outputs_table(client, stack)


class UpdateStack(show.ShowOne):
    """Update a stack with a new template, parameters or environment."""

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('stack', help='Stack name or ID')
        add_stack_arguments(parser, template_required=False)
        parser.add_argument('--existing', action='store_true',
                            help='Patch the current template, parameters '
                                 'and environment instead of replacing')
        parser.add_argument('--clear-parameter', action='append',
                            default=[], metavar='NAME',
                            help='Reset a parameter to its default '
                                 '(with --existing); repeatable')
        parser.add_argument('--rollback', choices=('enabled', 'disabled',
                                                   'keep'), default='keep',
                            help='Rollback on failure (default: keep)')
        parser.add_argument('--converge', action='store_true',
                            help='Check resources against reality too')
        return parser

    def take_action(self, args):
        client = self.app.client
        if not args.template and not args.existing:
            raise http.CLIError('Give --template, or --existing to patch')
        stack = common.find_stack(client, args.stack)
        body = stack_fields(args)
        if args.clear_parameter:
            body['clear_parameters'] = args.clear_parameter
        if args.rollback != 'keep':
            body['disable_rollback'] = args.rollback == 'disabled'
        if args.converge:
            body['converge'] = True
        marker = progress.last_event_id(client, stack) if args.wait else None
        baseline = (stack.get('stack_status'), stack.get('updated_time'))
        path = common.stack_path(stack)
        (client.patch if args.existing else client.put)(path, body)
        if args.wait:
            progress.wait_for(client, stack, 'UPDATE', args, marker=marker,
                              baseline=baseline, out=self.app.stderr)
        return common.show_dict(common.find_stack(client, stack['id']))


class DeleteStack(command.Command):
    """Delete one or more stacks."""

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('stacks', nargs='+', metavar='stack',
                            help='Stack name or ID')
        parser.add_argument('-y', '--yes', action='store_true',
                            help='Accepted for compatibility; never asks')
        progress.add_wait_arguments(parser)
        return parser

    def take_action(self, args):
        client = self.app.client
        errors = []
        for ref in args.stacks:
            try:
                stack = common.find_stack(client, ref)
                marker = (progress.last_event_id(client, stack)
                          if args.wait else None)
                client.delete(common.stack_path(stack))
                if args.wait:
                    progress.wait_for(
                        client, stack, 'DELETE', args, marker=marker,
                        baseline=(stack.get('stack_status'),
                                  stack.get('updated_time')),
                        out=self.app.stderr)
            except http.CLIError as exc:
                errors.append('%s: %s' % (ref, exc))
        if errors:
            raise http.CLIError('\n'.join(errors))
