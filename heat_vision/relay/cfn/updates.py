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

"""AWS's update semantics on the native API.

An UpdateStack (and an UPDATE change set) is a native PATCH: a parameter
sent with ``UsePreviousValue`` keeps the value the stack has, one left
out goes back to its default (``clear_parameters``), as in AWS. An
update that would change nothing (no resource, template, parameter or
tag) is refused, as AWS refuses it.
"""

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.relay.cfn import errors
from heat_vision.relay import original
from heat_vision.template import parser

FORMAT = 'cfn'
CHANGE_KINDS = ('added', 'deleted', 'replaced', 'updated')


def parameters(call, creating=False):
    """The ``Parameters`` of a request.

    :returns: ({key: value} of the values given, [keys whose previous
        value is kept]).
    :raises: QueryError for ``UsePreviousValue`` with a value, or on a
        create.
    """
    given, previous = {}, []
    for item in call.params.members('Parameters', 'ParameterKey',
                                    'ParameterValue', 'UsePreviousValue'):
        key = item['ParameterKey']
        if not key:
            raise errors.MissingParameter('Parameters.member.N.ParameterKey')
        keep = (item['UsePreviousValue'] or 'false').lower()
        if keep not in ('true', 'false'):
            raise errors.InvalidParameterValue(
                _('UsePreviousValue must be true or false'))
        if keep == 'false':
            given[key] = item['ParameterValue'] or ''
            continue
        if creating:
            raise errors.QueryError(
                _('Invalid input for parameter key %s. UsePreviousValue '
                  'cannot be used when a stack is created.') % key)
        if item['ParameterValue']:
            raise errors.QueryError(
                _('Invalid input for parameter key %s. Cannot specify '
                  'usePreviousValue as true and non empty value for a '
                  'parameter') % key)
        previous.append(key)
    return given, previous


def _explicit(call, stack):
    """:returns: the parameter values the stack was given (its
    environment's, unmasked), not its defaults.
    """
    return call.part(stack, 'environment').get('parameters') or {}


def as_patch(call, stack, body, given, previous):
    """Make ``body`` a native PATCH body: ``given`` set, ``previous``
    kept, every other parameter of the stack back to its default.
    """
    body['parameters'] = given
    body['clear_parameters'] = sorted(
        key for key in _explicit(call, stack)
        if key not in given and key not in previous)
    return body


def parsed(text):
    try:
        return parser.parse_text(text)
    except exception.InvalidTemplate:
        return None


def previous_template(call, stack):
    """The stack's template as data: its CloudFormation original when it
    keeps one, else the native template.
    """
    try:
        fmt, _name, data, _type = original.find(call.part(stack, 'files'))
    except exception.NotFound:
        fmt = None
    if fmt == FORMAT and data:
        return parsed(data.decode('utf-8'))
    return call.part(stack, 'template')


def _as_text(value):
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, list):
        return ','.join(str(v) for v in value)
    return None if value is None else str(value)


def declared(template):
    found = (template or {}).get('Parameters') or {}
    return found if isinstance(found, dict) else {}


def _effective(declared, explicit):
    values = {}
    for key, spec in declared.items():
        if key in explicit:
            values[key] = explicit[key]
        elif isinstance(spec, dict):
            values[key] = _as_text(spec.get('Default'))
    return values


def _parameters_change(call, stack, old_template, new_template, body):
    explicit = _explicit(call, stack)
    before = _effective(declared(old_template), explicit)
    kept = {key: value for key, value in explicit.items()
            if key not in body['clear_parameters']}
    kept.update(body['parameters'])
    after = _effective(declared(new_template), kept)
    return before != after


def changes_anything(call, stack, body, resource_changes, user_tags,
                     document=None):
    """:returns: whether the update ``body`` of ``stack`` (a native PATCH
    body made by :func:`as_patch`) changes anything.

    :param resource_changes: the native update preview of ``body``.
    :param user_tags: the user's tags the update sets, or None to keep
        the stack's.
    :param document: the new template's text (from TemplateBody or
        TemplateURL), or None when the update keeps the template.
    """
    if any(resource_changes.get(kind) for kind in CHANGE_KINDS):
        return True
    template = new = previous_template(call, stack)
    if document is not None:
        new = parsed(document)
        if new is None or new != template:
            return True
    if _parameters_change(call, stack, template, new, body):
        return True
    return (user_tags is not None and
            sorted(user_tags) != sorted(internal_split(stack)[0]))


def internal_split(stack):
    """:returns: ([the user's native tags], [the relay's own tags])."""
    tags = stack.get('tags') or []
    return ([t for t in tags if not t.startswith(original.TAG_PREFIX)],
            [t for t in tags if t.startswith(original.TAG_PREFIX)])
