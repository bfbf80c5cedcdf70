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

"""The template layer's answers to the Heat API: POST /validate,
GET /template_versions and GET /template_versions/{v}/functions."""

import datetime
import inspect

from heat_vision.common import exception
from heat_vision.template import constraints as constr
from heat_vision.template import function
from heat_vision.template import param_schema as ps
from heat_vision.template import plugins

_CONSTRAINT_KEYS = (
    (constr.Length, (('min', 'MinLength'), ('max', 'MaxLength'))),
    (constr.Range, (('min', 'MinValue'), ('max', 'MaxValue'))),
    (constr.Modulo, (('step', 'Step'), ('offset', 'Offset'))),
)


def format_parameter(param):
    """One parameter as POST /validate shows it.

    :param param: a :class:`parameters.Parameter`.
    :returns: a dict with Type, Description, NoEcho, Label, Default, ...
    """
    schema = param.schema
    out = {'Type': ps.API_TYPES[schema.type],
           'Description': schema.description or '',
           'NoEcho': 'true' if schema.hidden else 'false',
           'Label': schema.label or param.name}
    if schema.has_default:
        out['Default'] = schema.default
    if param.has_user_value:
        out['Value'] = param.user_value
    if schema.tags:
        out['Tags'] = list(schema.tags)
    if schema.immutable:
        out['Immutable'] = True
    descriptions = []
    for c in schema.constraints:
        for cls, keys in _CONSTRAINT_KEYS:
            if isinstance(c, cls):
                for attr, key in keys:
                    if getattr(c, attr) is not None:
                        out[key] = getattr(c, attr)
        if isinstance(c, constr.AllowedValues):
            out['AllowedValues'] = list(c.allowed)
        elif isinstance(c, constr.AllowedPattern):
            out['AllowedPattern'] = c.pattern
        elif isinstance(c, constr.CustomConstraint):
            out['CustomConstraint'] = c.name
        if c.description:
            descriptions.append(c.description)
    if descriptions:
        out['ConstraintDescription'] = ' '.join(descriptions)
    return out


def format_validate(sd):
    """The body of Heat's POST /validate answer.

    :param sd: a :class:`StackDefinition` (validated by the caller with
        ``strict=False``).
    :returns: ``{'Description', 'Parameters', ['ParameterGroups'],
        'Environment'}``.
    """
    out = {'Description': sd.template.description,
           'Parameters': {name: format_parameter(p)
                          for name, p in sd.parameters.params.items()},
           'Environment': sd.env.user_env_as_dict()}
    groups = sd.template.parameter_groups()
    if groups:
        out['ParameterGroups'] = groups
    return out


def _is_date(text):
    try:
        datetime.datetime.strptime(text, '%Y-%m-%d')
    except ValueError:
        return False
    return True


def available_versions():
    """The template versions, as Heat's GET /template_versions lists them.

    :returns: ``[{'version': ..., 'type': 'hot'|'cfn', 'aliases': [...]}]``.
    """
    classes = plugins.template_classes()
    versions = []
    for name in sorted(classes):
        if not _is_date(name.split('.', 1)[1]):
            continue
        cls = classes[name]
        aliases = sorted(n for n, c in classes.items()
                         if c is cls and n != name and not _is_date(
                             n.split('.', 1)[1]))
        kind = 'hot' if cls.VERSION_KEY == 'heat_template_version' else 'cfn'
        versions.append({'version': name, 'type': kind, 'aliases': aliases})
    return versions


def version_functions(version, with_condition_func=False):
    """The functions of a template version.

    :param version: e.g. ``'heat_template_version.2016-10-14'``.
    :param with_condition_func: list the condition functions too, as
        Heat does (those of a condition win where names are shared).
    :returns: ``[{'functions': name, 'description': ...}]``, Heat's
        shape (one function per item, whatever the key's name).
    :raises: exception.TemplateVersionNotFound.
    """
    cls = plugins.template_classes().get(version)
    if cls is None:
        raise exception.TemplateVersionNotFound(version=version)
    table = dict(cls.functions)
    if with_condition_func:
        table.update(cls.condition_functions)
    out = []
    for name in sorted(table):
        fn_cls = table[name]
        if issubclass(fn_cls, function.Unavailable):
            continue
        doc = inspect.getdoc(fn_cls) or ''
        out.append({'functions': name,
                    'description': ' '.join(doc.split('\n\n')[0].split())})
    return out
