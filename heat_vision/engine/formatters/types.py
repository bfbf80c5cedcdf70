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

"""Resource type schemas and generated templates, as Heat shows them.

``resource type show`` gives a plugin's properties and attributes in
Heat's schema dicts (lowercase types, constraints as
``{kind: value, 'description': ...}``); ``/template`` builds a template
that exposes every property as a parameter and every attribute as an
output, as Heat's ``resource_to_template`` does.
"""

import inspect

from heat_vision.rpc import api as rpc_api
from heat_vision.template import constraints as constr

SUPPORTED = {'status': 'SUPPORTED', 'version': None, 'message': None,
             'previous_status': None}
# Property type -> (HOT, CFN) parameter type.
_PARAM_TYPES = {
    constr.Schema.STRING: ('string', 'String'),
    constr.Schema.NUMBER: ('number', 'Number'),
    constr.Schema.INTEGER: ('number', 'Number'),
    constr.Schema.BOOLEAN: ('boolean', 'Boolean'),
    constr.Schema.LIST: ('comma_delimited_list', 'CommaDelimitedList'),
    constr.Schema.MAP: ('json', 'Json'),
    # NOTE(heat-vision): Heat has no parameter type for "Any"; json takes
    # lists and maps, which a string would not.
    constr.Schema.ANY: ('json', 'Json'),
}


def support_status(cls):
    status = getattr(cls, 'support_status', None)
    if status is None:
        return dict(SUPPORTED)
    return status.to_dict() if hasattr(status, 'to_dict') else dict(status)


def description(cls):
    return inspect.getdoc(cls) or ''


def constraint_dict(c):
    if isinstance(c, constr.Length):
        out = {'length': _bounds(c)}
    elif isinstance(c, constr.Range):
        out = {'range': _bounds(c)}
    elif isinstance(c, constr.Modulo):
        out = {'modulo': {'step': c.step, 'offset': c.offset}}
    elif isinstance(c, constr.AllowedValues):
        out = {'allowed_values': list(c.allowed)}
    elif isinstance(c, constr.AllowedPattern):
        out = {'allowed_pattern': c.pattern}
    elif isinstance(c, constr.CustomConstraint):
        out = {'custom_constraint': c.name}
    else:
        out = {}
    if c.description:
        out['description'] = c.description
    return out


def _bounds(c):
    return {k: v for k, v in (('min', c.min), ('max', c.max))
            if v is not None}


def property_dict(schema):
    out = {'type': schema.type.lower(), 'required': bool(schema.required),
           'update_allowed': bool(schema.update_allowed),
           'immutable': bool(schema.immutable)}
    if schema.description is not None:
        out['description'] = schema.description
    if schema.default is not None:
        out['default'] = schema.default
    if isinstance(schema.schema, constr.Schema):
        out['schema'] = {'*': property_dict(schema.schema)}
    elif schema.schema:
        out['schema'] = {str(k): property_dict(v)
                         for k, v in schema.schema.items()}
    if schema.constraints:
        out['constraints'] = [constraint_dict(c) for c in schema.constraints]
    return out


def attribute_dict(schema):
    out = {'description': schema.description}
    if schema.type is not None:
        out['type'] = schema.type.lower()
    return out


def listed(schemata):
    """The entries of a plugin's schema Heat lists: not the hidden ones.

    (Like Heat's ``resource_schema`` in heat/engine/service.py, only the
    top level is filtered: a hidden name inside a map stays listed.)
    """
    return {name: s for name, s in (schemata or {}).items()
            if not getattr(s, 'hidden', False)}


def format_schema(type_name, cls, with_description=False):
    result = {
        rpc_api.RES_SCHEMA_RES_TYPE: type_name,
        rpc_api.RES_SCHEMA_PROPERTIES: {
            name: property_dict(s)
            for name, s in listed(cls.properties_schema).items()},
        rpc_api.RES_SCHEMA_ATTRIBUTES: {
            name: attribute_dict(s)
            for name, s in listed(cls.attributes_schema).items()},
        rpc_api.RES_SCHEMA_SUPPORT_STATUS: support_status(cls),
    }
    if with_description:
        result[rpc_api.RES_SCHEMA_DESCRIPTION] = description(cls)
    return result


def _parameter(schema, hot):
    kind = _PARAM_TYPES[schema.type][0 if hot else 1]
    out = {'type': kind} if hot else {'Type': kind}
    if schema.description is not None:
        out['description' if hot else 'Description'] = schema.description
    if schema.default is not None:
        out['default' if hot else 'Default'] = schema.default
    if hot:
        found = [_hot_constraint(c) for c in schema.constraints]
        found = [c for c in found if c]
        if found:
            out['constraints'] = found
    else:
        for c in schema.constraints:
            out.update(_cfn_constraint(c))
    if schema.type == constr.Schema.BOOLEAN and not hot:
        out['AllowedValues'] = ['True', 'true', 'False', 'false']
    return out


def _hot_constraint(c):
    if isinstance(c, (constr.Length, constr.Range)):
        out = {'length' if isinstance(c, constr.Length) else 'range':
               _bounds(c)}
    elif isinstance(c, constr.AllowedValues):
        out = {'allowed_values': list(c.allowed)}
    elif isinstance(c, constr.AllowedPattern):
        out = {'allowed_pattern': c.pattern}
    else:
        return None
    if c.description:
        out['description'] = c.description
    return out


def _cfn_constraint(c):
    if isinstance(c, (constr.Length, constr.Range)):
        kind = 'Length' if isinstance(c, constr.Length) else 'Value'
        return {('Min' if key == 'min' else 'Max') + kind: value
                for key, value in _bounds(c).items()}
    if isinstance(c, constr.AllowedValues):
        return {'AllowedValues': list(c.allowed)}
    if isinstance(c, constr.AllowedPattern):
        return {'AllowedPattern': c.pattern}
    return {}


def generate_template(type_name, cls, template_type='cfn'):
    """A template with one resource of the type (Heat's shape).

    :param template_type: ``hot`` or ``cfn``.
    """
    hot = template_type == 'hot'
    res_name = cls.__name__
    props = listed(cls.properties_schema)
    params = {name: _parameter(s, hot) for name, s in props.items()}
    ref = (lambda n: {'get_param': n}) if hot else (lambda n: {'Ref': n})
    resource = {'type' if hot else 'Type': type_name,
                'properties' if hot else 'Properties':
                {name: ref(name) for name in props}}
    outputs = {}
    for name, schema in listed(cls.attributes_schema).items():
        if hot:
            outputs[name] = {'value': {'get_attr': [res_name, name]},
                             'description': schema.description}
        else:
            outputs[name] = {'Value': {'Fn::GetAtt': [res_name, name]},
                             'Description': schema.description}
    text = 'Initial template of %s' % res_name
    if hot:
        return {'heat_template_version': '2016-10-14', 'description': text,
                'parameters': params, 'resources': {res_name: resource},
                'outputs': outputs}
    return {'HeatTemplateFormatVersion': '2012-12-12', 'Description': text,
            'Parameters': params, 'Resources': {res_name: resource},
            'Outputs': outputs}
