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

"""``template validate|version list|function list``, ``stack template
show``."""

from cliff import lister
from cliff import show

from heat_vision.cli import common
from heat_vision.cli import http
from heat_vision.cli import template_files


class ValidateTemplate(show.ShowOne):
    """Validate a template; show its description and parameters."""

    @property
    def formatter_default(self):
        return 'yaml'

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('-t', '--template', required=True,
                            metavar='FILE', help='Template file')
        parser.add_argument('-e', '--environment', action='append',
                            default=[], metavar='FILE',
                            help='Environment file; repeatable')
        parser.add_argument('--parameter', action='append', default=[],
                            metavar='KEY=VALUE',
                            help='Template parameter; repeatable')
        parser.add_argument('--show-nested', action='store_true',
                            help='Validate nested templates too')
        parser.add_argument('--ignore-errors', metavar='CODES',
                            help='Comma-separated error codes to ignore')
        return parser

    def take_action(self, args):
        body = template_files.template_fields(args.template,
                                              args.environment)
        body['parameters'] = common.parse_key_values(args.parameter)
        result = self.app.client.post(
            'validate', body,
            show_nested='true' if args.show_nested else None,
            ignore_errors=args.ignore_errors)
        return common.show_dict(result or {})


class ListTemplateVersions(lister.Lister):
    """List the template versions the service understands."""

    def take_action(self, args):
        found = self.app.client.get('template_versions').get(
            'template_versions', [])
        return common.list_rows(found, (('version', 'Version'),
                                        ('type', 'Type'),
                                        ('aliases', 'Aliases')))


class ListTemplateFunctions(lister.Lister):
    """List the intrinsic functions of a template version."""

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('version', help='Template version, e.g. '
                                            'heat_template_version.'
                                            '2021-04-16')
        parser.add_argument('--with-conditions', action='store_true',
                            help='Include the condition functions')
        return parser

    def take_action(self, args):
        path = http.path('template_versions', args.version, 'functions')
        found = self.app.client.get(
            path, with_condition_func='true' if args.with_conditions
            else None).get('template_functions', [])
        return common.list_rows(found, (('functions', 'Function'),
                                        ('description', 'Description')))


class ShowStackTemplate(show.ShowOne):
    """Show the template a stack was created or last updated with."""

    @property
    def formatter_default(self):
        return 'yaml'

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('stack', help='Stack name or ID')
        return parser

    def take_action(self, args):
        path = common.resolve_stack_path(self.app.client, args.stack,
                                         'template')
        template = self.app.client.get(path) or {}
        version_keys = [key for key in template if 'version' in key.lower()]
        keys = version_keys + sorted(key for key in template
                                     if key not in version_keys)
        return common.show_dict(template, fields=keys)
