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

"""CloudFormation parameters -> HOT parameters and parameter groups.

AWS's EC2-specific types are strings (or lists) whose value AWS checks
against the account; the HOT parameter gets the custom constraint that
checks the same against the cloud where OpenStack has one (a key pair,
an image, a subnet...). Types that name what OpenStack has not (SSM
parameters, Route 53 zones) are no-counterpart items.
"""

import math

from heat_vision.common.i18n import _
from heat_vision.translators import base

#: Plain CloudFormation types -> HOT types.
TYPES = {
    'String': 'string', 'Number': 'number',
    'CommaDelimitedList': 'comma_delimited_list',
    'List<Number>': 'comma_delimited_list', 'List<String>':
    'comma_delimited_list', 'Json': 'json', 'Boolean': 'boolean',
}
#: AWS-specific types with a counterpart -> the HOT custom constraint
#: (None: a plain string, nothing in OpenStack to check it against).
AWS_TYPES = {
    'AWS::EC2::AvailabilityZone::Name': None,
    'AWS::EC2::Image::Id': 'glance.image',
    'AWS::EC2::Instance::Id': None,
    'AWS::EC2::KeyPair::KeyName': 'nova.keypair',
    'AWS::EC2::SecurityGroup::GroupName': None,
    'AWS::EC2::SecurityGroup::Id': None,
    'AWS::EC2::Subnet::Id': 'neutron.subnet',
    'AWS::EC2::Volume::Id': 'cinder.volume',
    'AWS::EC2::VPC::Id': 'neutron.network',
}
INTERFACE = 'AWS::CloudFormation::Interface'
KEYS = ('Type', 'Description', 'Default', 'NoEcho', 'AllowedValues',
        'AllowedPattern', 'MinLength', 'MaxLength', 'MinValue', 'MaxValue',
        'ConstraintDescription')


def translate(name, p, missing):
    """:returns: the HOT declaration of the parameter ``name``.

    :param missing: a list the no-counterpart items are added to, as
        ``(path, what)``.
    :raises: TranslationError if the declaration is malformed.
    """
    path = base.join('Parameters', name)
    if not isinstance(p, dict) or not isinstance(p.get('Type'), str):
        raise base.fail(path, _('a parameter needs a Type.'))
    for key in p:
        if key not in KEYS:
            raise base.fail(base.join(path, key), _('unknown key.'))
    out = _type(p['Type'], path + '.Type', missing)
    if 'Description' in p:
        out['description'] = p['Description']
    if 'Default' in p:
        out['default'] = p['Default']
    if str(p.get('NoEcho', 'false')).lower() == 'true':
        out['hidden'] = True
    constraints = _constraints(p, path)
    if constraints:
        if 'ConstraintDescription' in p:
            for c in constraints:
                c['description'] = p['ConstraintDescription']
        out.setdefault('constraints', []).extend(constraints)
    return out


def _type(ptype, path, missing):
    if ptype in TYPES:
        return {'type': TYPES[ptype]}
    inner = ptype[5:-1] if ptype.startswith('List<') and \
        ptype.endswith('>') else None
    if inner in AWS_TYPES:
        return {'type': 'comma_delimited_list'}
    if ptype in AWS_TYPES:
        out = {'type': 'string'}
        if AWS_TYPES[ptype]:
            out['constraints'] = [{'custom_constraint': AWS_TYPES[ptype]}]
        return out
    if ptype.startswith(('AWS::', 'List<AWS::')):
        missing.append((path, _('the parameter type %s') % ptype))
        return {'type': 'string'}
    raise base.fail(path, _('unknown parameter type "%s".') % ptype)


def _constraints(p, path):
    out = []
    for lo, hi, key in (('MinLength', 'MaxLength', 'length'),
                        ('MinValue', 'MaxValue', 'range')):
        bounds = {k: _number(p[c], base.join(path, c))
                  for c, k in ((lo, 'min'), (hi, 'max')) if c in p}
        if bounds:
            out.append({key: bounds})
    if 'AllowedValues' in p:
        out.append({'allowed_values': p['AllowedValues']})
    if 'AllowedPattern' in p:
        out.append({'allowed_pattern': p['AllowedPattern']})
    return out


def _number(value, path):
    try:
        number = float(value)
    except (TypeError, ValueError, OverflowError):
        number = math.nan
    if not math.isfinite(number):
        raise base.fail(path, _('must be a number.'))
    return int(number) if number.is_integer() else number


def interface(metadata, hot_params, notes):
    """Apply ``AWS::CloudFormation::Interface`` of the template's
    Metadata: its ParameterGroups become HOT ``parameter_groups``, its
    ParameterLabels the parameters' ``label``. A name that is not a
    parameter is left out with a note (AWS's console ignores it).

    :param notes: a list notes are added to, as ``(path, text)``.
    :returns: the HOT parameter_groups (maybe empty).
    """
    found = metadata.get(INTERFACE)
    path = base.join('Metadata', INTERFACE)
    if found is None:
        return []
    if not isinstance(found, dict):
        raise base.fail(path, _('must be a map.'))
    labels = found.get('ParameterLabels') or {}
    if not isinstance(labels, dict):
        raise base.fail(path + '.ParameterLabels', _('must be a map.'))
    for name, label in labels.items():
        if isinstance(name, str) and name in hot_params and \
                isinstance(label, dict) and \
                isinstance(label.get('default'), str):
            hot_params[name]['label'] = label['default']
    groups = found.get('ParameterGroups') or []
    if not isinstance(groups, list):
        raise base.fail(path + '.ParameterGroups', _('must be a list.'))
    out = []
    for index, group in enumerate(groups):
        gpath = base.join(path, 'ParameterGroups', index)
        names = group.get('Parameters') if isinstance(group, dict) else None
        if not isinstance(names, list):
            raise base.fail(gpath, _('a group needs a list of '
                                     'Parameters.'))
        known = []
        for i, name in enumerate(names):
            if isinstance(name, str) and name in hot_params:
                known.append(name)
            else:
                notes.append((base.join(gpath, 'Parameters', i), _(
                    'left out: no parameter named "%s".') % (name,)))
        hot = {'parameters': known}
        label = group.get('Label')
        if isinstance(label, dict) and isinstance(label.get('default'), str):
            hot['label'] = label['default']
        out.append(hot)
    return out
