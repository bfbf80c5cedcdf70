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

"""GetTemplateSummary: what a template asks for, before it is used.

For a ``TemplateBody``, or the template of an existing stack
(``StackName``): the native API validates it and describes its
parameters; the template itself gives its resource types, version,
metadata and transforms. A ``TemplateURL`` is fetched by the native API
only, so it is not summarised here.
"""

from oslo_serialization import jsonutils

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.relay.cfn import actions
from heat_vision.relay.cfn import errors
from heat_vision.relay import original
from heat_vision.template import parser

IAM_PREFIX = 'AWS::IAM::'
#: The properties that name an IAM resource (CAPABILITY_NAMED_IAM).
IAM_NAMES = ('RoleName', 'UserName', 'GroupName', 'ManagedPolicyName',
             'InstanceProfileName')


def _stack_template(call):
    """:returns: (the template of the stack named by ``StackName`` as
    sent: its CloudFormation original, else the native template; the
    native template).
    """
    stack = call.stack()
    native = call.part(stack, 'template')
    try:
        fmt, _name, data, _type = original.find(call.part(stack, 'files'))
    except exception.NotFound:
        fmt = None
    if fmt == actions.FORMAT and data:
        return data.decode('utf-8'), native
    return native, native


def _requested(call):
    """:returns: (the template, the native validate body of it)."""
    given = [name for name in ('TemplateBody', 'TemplateURL', 'StackName',
                               'StackSetName') if call.params.get(name)]
    if len(given) != 1:
        raise errors.QueryError(_('Specify exactly one of TemplateBody, '
                                  'TemplateURL, StackName or '
                                  'StackSetName.'))
    if given[0] == 'TemplateBody':
        body = {}
        template = actions._template(call, body)
        body.pop('parameters', None)
        return template, body
    if given[0] == 'StackName':
        template, native = _stack_template(call)
        return template, {'template': native}
    raise errors.QueryError(_('%s is not supported here: give the '
                              'TemplateBody or the StackName.') % given[0])


def _data(template):
    if not isinstance(template, str):
        return template
    try:
        data = parser.parse_text(template)
    except exception.InvalidTemplate as exc:
        raise errors.QueryError(_('Template format error: %s') % exc)
    if not isinstance(data, dict):
        raise errors.QueryError(_('Template format error: not a mapping'))
    return data


def _section(data, *names):
    for name in names:
        value = data.get(name)
        if isinstance(value, dict):
            return value
    return {}


def _parameter(key, native, declared):
    declared = declared if isinstance(declared, dict) else {}
    shape = {'ParameterKey': key,
             'DefaultValue': actions.string_value(native.get('Default')),
             'ParameterType': str(declared.get('Type') or
                                  native.get('Type')),
             'NoEcho': str(native.get('NoEcho', False)).lower() == 'true',
             'Description': native.get('Description') or None}
    if native.get('AllowedValues') is not None:
        shape['ParameterConstraints'] = {'AllowedValues': [
            actions.string_value(v) for v in native['AllowedValues']]}
    return shape


def _capabilities(resources):
    iam = [(name, spec) for name, spec in resources.items()
           if str(spec.get('Type', '')).startswith(IAM_PREFIX)]
    if not iam:
        return {}
    named = any(key in (spec.get('Properties') or {}) for _name, spec in iam
                for key in IAM_NAMES)
    return {'Capabilities': ['CAPABILITY_NAMED_IAM' if named
                             else 'CAPABILITY_IAM'],
            'CapabilitiesReason': (
                'The following resource(s) require capabilities: [%s]' %
                ', '.join(sorted({str(spec['Type']) for _n, spec in iam})))}


def get_template_summary(call):
    template, body = _requested(call)
    native = call.native.validate(call.ctx, call.tenant, body)
    data = _data(template)
    declared = _section(data, 'Parameters', 'parameters')
    resources = {name: spec for name, spec in
                 _section(data, 'Resources', 'resources').items()
                 if isinstance(spec, dict)}
    types = []
    for spec in resources.values():
        kind = str(spec.get('Type') or spec.get('type'))
        if kind not in types:
            types.append(kind)
    transform = data.get('Transform')
    summary = {
        # Only the template's own: not those its translation adds
        # (aws_region, availability_zones...).
        'Parameters': [
            _parameter(key, spec, declared.get(key)) for key, spec in
            sorted((native.get('Parameters') or {}).items())
            if not declared or key in declared],
        'Description': native.get('Description') or None,
        'ResourceTypes': types,
        'Version': str(data.get('AWSTemplateFormatVersion') or
                       data.get('heat_template_version') or
                       actions.CFN_VERSION),
        'DeclaredTransforms': ([transform] if isinstance(transform, str)
                               else transform or []),
    }
    if 'Metadata' in data:
        summary['Metadata'] = jsonutils.dumps(data['Metadata'])
    summary.update(_capabilities(resources))
    return summary


ACTIONS = {'GetTemplateSummary': get_template_summary}
