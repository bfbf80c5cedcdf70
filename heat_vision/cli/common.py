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

"""Helpers shared by the commands: lookups, argument parsing, display."""

import json

from cliff import columns
from cliff import lister
import yaml

from heat_vision.cli import http


class StructuredColumn(columns.FormattableColumn):
    """A dict or list: YAML in a table, the data itself in json/yaml."""

    def human_readable(self):
        if self._value in (None, {}, []):
            return ''
        if isinstance(self._value, list) and not any(
                isinstance(item, (dict, list)) for item in self._value):
            return ', '.join(str(item) for item in self._value)
        return yaml.safe_dump(self._value, default_flow_style=False,
                              sort_keys=True).strip()


def display_value(value):
    """Wrap structured values so that each formatter shows them well."""
    if isinstance(value, (dict, list)):
        return StructuredColumn(value)
    return value


def show_dict(data, fields=None, exclude=()):
    """Turn a dict into the ``(columns, values)`` a ShowOne returns."""
    keys = fields or sorted(key for key in data if key not in exclude)
    return tuple(keys), tuple(display_value(data.get(key)) for key in keys)


def list_rows(items, fields):
    """Turn a list of dicts into the ``(columns, rows)`` a Lister returns.

    :param fields: ``(key, heading)`` pairs, or plain keys.
    """
    pairs = [field if isinstance(field, tuple) else (field, field)
             for field in fields]
    headings = tuple(heading for _key, heading in pairs)
    rows = [tuple(display_value(item.get(key)) for key, _heading in pairs)
            for item in items]
    return headings, rows


def parse_key_values(pairs, option='--parameter'):
    """``['a=1', 'b=x=y']`` -> ``{'a': '1', 'b': 'x=y'}``.

    :raises CLIError: on an item without ``=``.
    """
    result = {}
    for pair in pairs or ():
        key, sep, value = pair.partition('=')
        if not sep or not key:
            raise http.CLIError('%s expects KEY=VALUE, got %r'
                                % (option, pair))
        result[key] = value
    return result


def link(item, rel):
    """The href of the link named ``rel`` of an API item, or None."""
    for entry in item.get('links') or ():
        if entry.get('rel') == rel:
            return entry.get('href')
    return None


def find_stack(client, name_or_id, resolve_outputs=False):
    """The stack called or numbered ``name_or_id``, via Heat's lookup.

    :raises NotFound: when there is no such stack.
    """
    params = {} if resolve_outputs else {'resolve_outputs': 'false'}
    return client.get(http.path('stacks', name_or_id), **params)['stack']


def stack_path(stack, *more):
    """``stacks/<name>/<id>[/more...]`` for a stack dict."""
    return http.path('stacks', stack['stack_name'], stack['id'], *more)


def resolve_stack_path(client, name_or_id, *more):
    """Like :func:`stack_path`, looking the stack up first."""
    return stack_path(find_stack(client, name_or_id), *more)


class StackPartLister(lister.Lister):
    """``stack <part> list STACK``: the stack's ``PART`` (``outputs``,
    ``snapshots``), read from ``.../<PART>`` and shown as ``FIELDS``.
    """

    PART = None
    FIELDS = ()

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('stack', help='Stack name or ID')
        return parser

    def take_action(self, args):
        path = resolve_stack_path(self.app.client, args.stack, self.PART)
        return list_rows(self.app.client.get(path).get(self.PART, []),
                         self.FIELDS)


def read_text(filename, what='file'):
    """The text of a file, or a clean error."""
    try:
        with open(filename, encoding='utf-8') as handle:
            return handle.read()
    except OSError as exc:
        raise http.CLIError('Cannot read %s %s: %s'
                            % (what, filename, exc.strerror))


def read_json_or_yaml(filename, what='file'):
    """A JSON or YAML document from a file."""
    text = read_text(filename, what)
    try:
        return json.loads(text)
    except ValueError:
        pass
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise http.CLIError('%s is not valid JSON or YAML: %s'
                            % (filename, exc))
