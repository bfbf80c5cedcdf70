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

"""``stack event list|show``."""

from urllib import parse

from cliff import lister
from cliff import show

from heat_vision.cli import common

EVENT_FIELDS = (('event_time', 'Time'), ('resource_name', 'Resource'),
                ('resource_status', 'Status'),
                ('resource_status_reason', 'Reason'), ('id', 'ID'))


def stack_name_of(event):
    """The name of the stack an event belongs to, from its links."""
    href = common.link(event, 'stack')
    if not href:
        return None
    segments = parse.urlparse(href).path.rstrip('/').split('/')
    return parse.unquote(segments[-2]) if len(segments) >= 2 else None


class ListEvents(lister.Lister):
    """List the events of a stack, or of one of its resources."""

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('stack', help='Stack name or ID')
        parser.add_argument('--resource', metavar='NAME',
                            help='Only the events of this resource')
        parser.add_argument('--filter', action='append', default=[],
                            metavar='KEY=VALUE',
                            help='resource_status, resource_action, '
                                 'resource_name or resource_type; '
                                 'repeatable')
        parser.add_argument('--nested-depth', type=int, metavar='DEPTH',
                            help='Include events of nested stacks')
        parser.add_argument('--limit', type=int,
                            help='Most events to return')
        parser.add_argument('--marker', help='ID of the last event seen')
        parser.add_argument('--sort', metavar='KEY[:DIR]',
                            help='Sort key and direction, e.g. '
                                 'event_time:desc')
        return parser

    def take_action(self, args):
        client = self.app.client
        stack = common.find_stack(client, args.stack)
        if args.resource:
            path = common.stack_path(stack, 'resources', args.resource,
                                     'events')
        else:
            path = common.stack_path(stack, 'events')
        params = common.parse_key_values(args.filter, '--filter')
        if args.sort:
            sort_key, _sep, sort_dir = args.sort.partition(':')
            params.update(sort_keys=sort_key, sort_dir=sort_dir or None)
        params.update(limit=args.limit, marker=args.marker,
                      nested_depth=args.nested_depth)
        found = client.get(path, **params).get('events', [])
        fields = EVENT_FIELDS
        if args.nested_depth:
            for event in found:
                event.setdefault('stack_name', stack_name_of(event))
            fields = (('stack_name', 'Stack'),) + fields
        return common.list_rows(found, fields)


class ShowEvent(show.ShowOne):
    """Show one event of a stack resource."""

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('stack', help='Stack name or ID')
        parser.add_argument('resource', help='Resource name')
        parser.add_argument('event', help='Event ID')
        return parser

    def take_action(self, args):
        path = common.resolve_stack_path(
            self.app.client, args.stack, 'resources', args.resource,
            'events', args.event)
        return common.show_dict(self.app.client.get(path)['event'])
