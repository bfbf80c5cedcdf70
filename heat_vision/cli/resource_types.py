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

"""``resource type list|show``."""

from cliff import lister
from cliff import show

from heat_vision.cli import common
from heat_vision.cli import http


class ListResourceTypes(lister.Lister):
    """List the resource types the service offers."""

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('--filter', action='append', default=[],
                            metavar='KEY=VALUE',
                            help='name, version or support_status; '
                                 'repeatable')
        parser.add_argument('--long', action='store_true',
                            help='Show each type\'s description')
        return parser

    def take_action(self, args):
        params = common.parse_key_values(args.filter, '--filter')
        if args.long:
            params['with_description'] = 'true'
        found = self.app.client.get('resource_types', **params).get(
            'resource_types', [])
        items = [item if isinstance(item, dict) else {'resource_type': item}
                 for item in found]
        fields = (('resource_type', 'Resource Type'),)
        if args.long:
            fields += (('description', 'Description'),)
        return common.list_rows(sorted(items, key=lambda item: item.get(
            'resource_type', '')), fields)


class ShowResourceType(show.ShowOne):
    """Show a resource type's schema, or a template that uses it."""

    @property
    def formatter_default(self):
        return 'yaml'

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('resource_type', help='e.g. OS::Heat::None')
        parser.add_argument('--template-type', choices=('hot', 'cfn'),
                            help='Show a template using this type instead '
                                 'of its schema')
        parser.add_argument('--long', action='store_true',
                            help='Include the description')
        return parser

    def take_action(self, args):
        if args.template_type:
            data = self.app.client.get(
                http.path('resource_types', args.resource_type, 'template'),
                template_type=args.template_type)
        else:
            data = self.app.client.get(
                http.path('resource_types', args.resource_type),
                with_description='true' if args.long else None)
        return common.show_dict(data or {})
