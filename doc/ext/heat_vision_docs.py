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

"""Pages generated at build time from the code the docs describe.

- ``_generated/resource_types/``: one page per resource type, from the
  plugin's own schemas (the same data ``resource type show`` returns), and
  an index of them all;
- ``_generated/api_routes.rst``: every route of ``doc/api/openapi.yaml``.

Generated pages are not committed: they are rebuilt on every build, so
they cannot drift from the code.
"""

import json
import os

import yaml

from heat_vision import conf  # noqa: registers the options the registry reads
from heat_vision.engine.formatters import types as formatters_types
from heat_vision.resources import registry

HERE = os.path.dirname(os.path.abspath(__file__))
OPENAPI = os.path.join(HERE, '..', 'api', 'openapi.yaml')
METHODS = ('get', 'post', 'put', 'patch', 'delete', 'head', 'options')


def _title(text, mark):
    return '%s\n%s\n' % (text, mark * len(text))


def _slug(type_name):
    return type_name.replace('::', '_')


def _indent(text, prefix='   '):
    return '\n'.join(prefix + line if line else line
                     for line in text.splitlines())


def _value(value):
    return '``%s``' % json.dumps(value, sort_keys=True)


def _property_lines(name, schema, depth=0):
    prefix = '  ' * depth
    flags = [schema['type']]
    flags.append('required' if schema['required'] else 'optional')
    if schema['update_allowed']:
        flags.append('updatable')
    if schema['immutable']:
        flags.append('immutable')
    lines = ['%s* ``%s`` (%s)' % (prefix, name, ', '.join(flags))]
    detail = prefix + '  '
    if schema.get('description'):
        lines.append(detail + schema['description'].replace('\n', ' '))
    if 'default' in schema:
        lines.append(detail + 'Default: ' + _value(schema['default']))
    for constraint in schema.get('constraints', ()):
        described = {k: v for k, v in constraint.items()
                     if k != 'description'}
        lines.append(detail + 'Constraint: ' + _value(described))
    for child, child_schema in sorted(schema.get('schema', {}).items()):
        lines.append('')
        lines.extend(_property_lines(child, child_schema, depth + 1))
    lines.append('')
    return lines


def resource_type_page(type_name, cls):
    schema = formatters_types.format_schema(type_name, cls,
                                            with_description=True)
    out = [_title(type_name, '='), schema['description'] or '', '']
    out.append(_title('Properties', '-'))
    properties = schema['properties']
    if cls.properties_schema is None:
        out.append('The properties are the parameters of its template.\n')
    elif not properties:
        out.append('None.\n')
    for name in sorted(properties):
        out.extend(_property_lines(name, properties[name]))
    out.append(_title('Attributes', '-'))
    attributes = schema['attributes']
    if not attributes:
        out.append('None.\n')
    for name in sorted(attributes):
        out.append('* ``%s``: %s' % (name, attributes[name]['description']
                                     or ''))
    out.append('')
    example = formatters_types.generate_template(type_name, cls, 'hot')
    out.append(_title('A template using it', '-'))
    out.append('.. code-block:: yaml\n')
    out.append(_indent(yaml.safe_dump(example, default_flow_style=False,
                                      sort_keys=False)))
    out.append('')
    return '\n'.join(out)


def write_resource_types(target):
    os.makedirs(target, exist_ok=True)
    names = registry.type_names()
    for name in names:
        with open(os.path.join(target, _slug(name) + '.rst'), 'w') as f:
            f.write(resource_type_page(name, registry.get_class(name)))
    with open(os.path.join(target, 'index.rst'), 'w') as f:
        f.write(_title('Resource types', '='))
        f.write('\nEvery resource type a template may use, generated from '
                'the plugins\' schemas.\n\n.. toctree::\n   :maxdepth: 1\n\n')
        for name in names:
            f.write('   %s\n' % _slug(name))


def api_routes_page(document):
    out = [_title('API routes', '='),
           'Every route of the API, from ``doc/api/openapi.yaml`` (served '
           'by a running API at ``/v1/openapi.json``).', '']
    for path in sorted(document.get('paths', {})):
        operations = document['paths'][path]
        for method in METHODS:
            operation = operations.get(method)
            if operation is None:
                continue
            out.append(_title('%s %s' % (method.upper(), path), '-'))
            summary = operation.get('summary') or ''
            description = operation.get('description') or ''
            out.append('\n\n'.join(t for t in (summary, description) if t))
            out.append('')
            responses = operation.get('responses', {})
            if responses:
                out.append('Responses: ' + ', '.join(
                    '``%s``' % code for code in sorted(responses)))
                out.append('')
    return '\n'.join(out)


def write_api_routes(target):
    os.makedirs(target, exist_ok=True)
    with open(OPENAPI) as f:
        document = yaml.safe_load(f)
    with open(os.path.join(target, 'api_routes.rst'), 'w') as f:
        f.write(api_routes_page(document))


def generate(app):
    target = os.path.join(app.srcdir, '_generated')
    write_resource_types(os.path.join(target, 'resource_types'))
    write_api_routes(target)


def setup(app):
    app.connect('builder-inited', generate)
    return {'parallel_read_safe': True, 'parallel_write_safe': True}
