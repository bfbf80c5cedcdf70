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

"""``stack resource list|show|metadata|signal|mark unhealthy``."""

import json

from cliff import command
from cliff import lister
from cliff import show

from heat_vision.cli import common
from heat_vision.cli import events
from heat_vision.cli import http

LIST_FIELDS = (('resource_name', 'Resource Name'),
               ('physical_resource_id', 'Physical ID'),
               ('resource_type', 'Type'), ('resource_status', 'Status'),
               ('updated_time', 'Updated Time'))


def list_resources(client, stack, nested_depth=None, with_detail=False,
                   filters=None, limit=None, marker=None):
    """The resources of a stack dict, as Heat lists them (one page when
    ``limit`` or ``marker`` is given).
    """
    params = dict(filters or {})
    params.update(nested_depth=nested_depth,
                  with_detail='true' if with_detail else None,
                  limit=limit, marker=marker)
    return client.get(common.stack_path(stack, 'resources'),
                      **params).get('resources', [])


class ListResources(lister.Lister):
    """List the resources of a stack."""

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('stack', help='Stack name or ID')
        parser.add_argument('-n', '--nested-depth', type=int,
                            metavar='DEPTH',
                            help='Include resources of nested stacks')
        parser.add_argument('--with-detail', action='store_true',
                            help='Include each resource\'s detail')
        parser.add_argument('--filter', action='append', default=[],
                            metavar='KEY=VALUE',
                            help='name, type, status, action, id or '
                                 'physical_resource_id; repeatable')
        parser.add_argument('--long', action='store_true',
                            help='Show the status reason too')
        parser.add_argument('--limit', type=int, metavar='N',
                            help='Show at most N resources (the server '
                                 'lowers it to its max_resources_per_page)')
        parser.add_argument('--marker', metavar='RESOURCE',
                            help='Start after this resource: its name, or '
                                 '<stack id>/<name> of a nested one')
        return parser

    def take_action(self, args):
        client = self.app.client
        stack = common.find_stack(client, args.stack)
        found = list_resources(
            client, stack, args.nested_depth, args.with_detail,
            common.parse_key_values(args.filter, '--filter'),
            limit=args.limit, marker=args.marker)
        fields = LIST_FIELDS
        if args.long:
            fields += (('resource_status_reason', 'Status Reason'),)
        if args.nested_depth:
            for resource in found:
                resource.setdefault('stack_name',
                                    events.stack_name_of(resource))
            fields += (('stack_name', 'Stack Name'),)
        return common.list_rows(found, fields)


class ShowResource(show.ShowOne):
    """Show one resource of a stack."""

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('stack', help='Stack name or ID')
        parser.add_argument('resource', help='Resource name')
        parser.add_argument('--with-attr', action='append', default=[],
                            metavar='ATTRIBUTE',
                            help='Also resolve this attribute; repeatable')
        return parser

    def take_action(self, args):
        path = common.resolve_stack_path(self.app.client, args.stack,
                                         'resources', args.resource)
        resource = self.app.client.get(
            path, with_attr=args.with_attr or None)['resource']
        return common.show_dict(resource)


class ShowResourceMetadata(show.ShowOne):
    """Show a resource's metadata."""

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('stack', help='Stack name or ID')
        parser.add_argument('resource', help='Resource name')
        return parser

    def take_action(self, args):
        path = common.resolve_stack_path(self.app.client, args.stack,
                                         'resources', args.resource,
                                         'metadata')
        metadata = self.app.client.get(path).get('metadata') or {}
        return common.show_dict(metadata)


class SignalResource(command.Command):
    """Send a signal (optionally with JSON data) to a resource."""

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('stack', help='Stack name or ID')
        parser.add_argument('resource', help='Resource name')
        data = parser.add_mutually_exclusive_group()
        data.add_argument('--data', help='JSON data to send')
        data.add_argument('--data-file', metavar='FILE',
                          help='File holding the JSON data to send')
        return parser

    def take_action(self, args):
        data = args.data
        if args.data_file:
            data = common.read_text(args.data_file, 'data file')
        body = None
        if data is not None:
            try:
                body = json.loads(data)
            except ValueError as exc:
                raise http.CLIError('Signal data is not JSON: %s' % exc)
        path = common.resolve_stack_path(self.app.client, args.stack,
                                         'resources', args.resource,
                                         'signal')
        result = self.app.client.post(path, body)
        if result:
            self.app.stdout.write(json.dumps(result, indent=2) + '\n')


class MarkResourceUnhealthy(command.Command):
    """Mark a resource unhealthy, so the next update replaces it."""

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('stack', help='Stack name or ID')
        parser.add_argument('resource', help='Resource name')
        parser.add_argument('reason', nargs='?', default='',
                            help='Why the resource is unhealthy')
        parser.add_argument('--reset', action='store_true',
                            help='Mark it healthy again')
        return parser

    def take_action(self, args):
        path = common.resolve_stack_path(self.app.client, args.stack,
                                         'resources', args.resource)
        self.app.client.patch(path, {'mark_unhealthy': not args.reset,
                                     'resource_status_reason': args.reason})
