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

"""Stack exports (``Outputs.*.Export``) and ``Fn::ImportValue``.

Heat has none; AWS documents them (AWS CloudFormation User Guide,
"Get exported outputs from a deployed CloudFormation stack"): an export
name is unique in its account and region (here: its project); a stack
imports an export's value when it is created or updated; a stack whose
export another stack imports can neither be deleted nor change or drop
that export.

The relay keeps them in the stacks' own internal tags (hidden from the
user, gone with the stack): ``relay:cfn-export:<Output>=<name>`` on the
exporting stack (marked ``relay:cfn-exports``), ``relay:cfn-import=<name>``
on the importing one. An import is a parameter of the translated
template (``aws_import_N``) set to the value of the export's output.
The checks are the Query API's: a native delete or update does not make
them.
"""

import re

from oslo_config import cfg
from oslo_serialization import jsonutils

from heat_vision.common.i18n import _
from heat_vision.relay.cfn import errors
from heat_vision.relay.cfn import paging
from heat_vision.relay.cfn import shapes
from heat_vision.relay import original

CONF = cfg.CONF
EXPORTS = original.TAG_PREFIX + 'cfn-exports'
EXPORT = shapes.EXPORT_TAG
IMPORT = original.TAG_PREFIX + 'cfn-import='
# Tag filters are comma-separated, tags are key=value: names stay plain.
NAME = re.compile(r'^[A-Za-z0-9:._/-]{1,255}$')


def evaluate(value, params, where):
    """A name known before the stack exists: a literal, a parameter or a
    pseudo parameter (``params`` holds them all), ``str_replace``,
    ``list_join``.
    """
    if isinstance(value, str):
        return value
    if isinstance(value, dict) and len(value) == 1:
        (fn, arg), = value.items()
        if fn == 'get_param' and isinstance(arg, str) and arg in params:
            return evaluate(params[arg], params, where)
        if fn == 'str_replace' and isinstance(arg, dict):
            text = evaluate(arg.get('template'), params, where)
            for key, part in (arg.get('params') or {}).items():
                text = text.replace(key, evaluate(part, params, where))
            return text
        if fn == 'list_join' and isinstance(arg, list) and len(arg) == 2 \
                and isinstance(arg[1], list):
            return arg[0].join(evaluate(v, params, where) for v in arg[1])
    raise errors.QueryError(_('%s: the name must be known when the stack '
                              'is created (literals, parameters, the stack '
                              'name)') % where)


def _checked(name, where):
    if not NAME.match(name):
        raise errors.QueryError(_(
            '%(where)s: "%(name)s" is not an export name (1 to 255 letters, '
            'digits and -:._/)') % {'where': where, 'name': name[:300]})
    return name


def _stacks(call, tag):
    """The project's stacks carrying ``tag``, read page by page."""
    marker = None
    while True:
        query = {'tags': tag, 'limit': CONF.api.max_limit}
        if marker:
            query['marker'] = marker
        page = call.native.list_stacks(call.ctx, call.tenant, query)
        yield from page
        if len(page) < CONF.api.max_limit:
            return
        marker = page[-1]['id']


def every_export(call):
    """:returns: ``[(name, stack, output)]`` of the project."""
    return [(name, stack, output) for stack in _stacks(call, EXPORTS)
            for output, name in sorted(shapes.exports_of(stack).items())]


def importers(call, name, but=None):
    """The names of the stacks importing ``name`` (but ``but``'s id)."""
    return [s['stack_name'] for s in _stacks(call, IMPORT + name)
            if s['id'] != but]


def _outputs(call, stack):
    """``{output: value as text}`` of a stack (outputs with a value)."""
    shown = call.native.show_stack(call.ctx, call.tenant, '%s/%s' % (
        stack['stack_name'], stack['id']))
    return {item['output_key']: as_text(item['output_value'])
            for item in shown.get('outputs') or []
            if item.get('output_value') is not None}


def _value(call, name, where):
    for export, stack, output in every_export(call):
        if export == name:
            value = _outputs(call, stack).get(output)
            if value is not None:
                return value
            break
    raise errors.QueryError(_('No export named %(name)s found (%(where)s).')
                            % {'name': name, 'where': where})


def as_text(value):
    """An export's value as a string (a list comma-joined, as a
    CommaDelimitedList; anything else as JSON).
    """
    if isinstance(value, str):
        return value
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return ','.join(value)
    return jsonutils.dumps(value)


def _params(translation, given, stack_name, tenant):
    params = {name: schema['default'] for name, schema in (
        translation.template.get('parameters') or {}).items()
        if 'default' in schema}
    params.update(given)
    params.update({'OS::stack_name': stack_name, 'OS::project_id': tenant})
    return params


def apply(call, body, translation, stack_name, stack=None):
    """Resolve the imports of a create or update body and tag the
    stack's exports and imports.

    :param stack: the stack updated, or None for a create.
    :raises: QueryError naming the export when a name is taken by
        another stack, an import has no export, or an export in use
        would change.
    """
    params = _params(translation, body.get('parameters') or {}, stack_name,
                     call.tenant)
    exports = {}
    for output, value in translation.exports.items():
        where = 'Outputs.%s.Export.Name' % output
        name = _checked(evaluate(value, params, where), where)
        if name in exports.values():
            raise errors.QueryError(_('Export with name %s is given twice '
                                      'in the template.') % name)
        exports[output] = name
    own = stack['id'] if stack else None
    taken = {name: s for name, s, _o in (every_export(call) if exports
                                         else ()) if s['id'] != own}
    for name in exports.values():
        if name in taken:
            raise errors.QueryError(
                _('Export with name %(name)s is already exported by stack '
                  '%(stack)s.') % {'name': name,
                                   'stack': taken[name]['stack_name']})
    if stack is not None:
        check_in_use(call, stack, exports, translation)
    imports = set()
    for param, value in translation.imports.items():
        where = translation.template['parameters'][param].get(
            'description', param)
        name = _checked(evaluate(value, params, where), where)
        body.setdefault('parameters', {})[param] = _value(call, name, where)
        imports.add(name)
    tags = [t for t in body.get('tags') or [] if not t.startswith(
        (EXPORTS, EXPORT, IMPORT))]
    if exports:
        tags.append(EXPORTS)
    tags += ['%s%s=%s' % (EXPORT, o, n) for o, n in sorted(exports.items())]
    tags += [IMPORT + name for name in sorted(imports)]
    body['tags'] = tags


def check_in_use(call, stack, exports, translation):
    """An export another stack imports keeps its output and value."""
    old_template = None
    for output, name in sorted(shapes.exports_of(stack).items()):
        users = importers(call, name, but=stack['id'])
        if not users:
            continue
        if old_template is None:
            old_template = call.part(stack, 'template')
        old = (old_template.get('outputs') or {}).get(output, {})
        new = (translation.template.get('outputs') or {}).get(output, {})
        if exports.get(output) != name or old.get('value') != new.get(
                'value'):
            raise errors.QueryError(
                _('Cannot update export %(name)s as it is in use by '
                  '%(users)s') % {'name': name, 'users': ', '.join(users)})


def check_delete(call, stack):
    """A stack whose export another stack imports stays."""
    for name in sorted(shapes.exports_of(stack).values()):
        users = importers(call, name, but=stack['id'])
        if users:
            raise errors.QueryError(
                _('Export %(name)s cannot be deleted as it is in use by '
                  '%(users)s') % {'name': name, 'users': ', '.join(users)})


def list_exports(call):
    """The exports with a value, a page of exporting stacks at a time."""
    token = call.params.get('NextToken')
    state = paging.decode('ListExports', token) if token else {}
    offset = state.get('o', 0)
    if not isinstance(offset, int) or offset < 0:
        raise paging.InvalidNextToken(_('not a token this service gave'))
    stacks = sorted(_stacks(call, EXPORTS), key=lambda s: s['id'])
    page, following = paging.offset_page(stacks, offset)
    found = []
    for stack in page:
        values = _outputs(call, stack)
        arn = shapes.stack_arn(call.tenant, stack['stack_name'], stack['id'])
        found += [{'ExportingStackId': arn, 'Name': name,
                   'Value': values[output]}
                  for output, name in sorted(shapes.exports_of(stack).items())
                  if output in values]
    return {'Exports': found, 'NextToken': (
        None if following is None else
        paging.encode('ListExports', o=following))}


def list_imports(call):
    name = call.params.required('ExportName')
    users = importers(call, name)
    if not users:
        raise errors.QueryError(_('Export \'%s\' is not imported by any '
                                  'stack.') % name[:300])
    return {'Imports': sorted(users)}


ACTIONS = {'ListExports': list_exports, 'ListImports': list_imports}
