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

"""CloudFormation intrinsic functions -> HOT functions.

:class:`Converter` walks a value and rewrites every ``Ref``/``Fn::*``
into its HOT equivalent, raising a TranslationError with the path in
the CloudFormation document when a function is malformed or has none.
"""

import copy
import ipaddress
import re

from heat_vision.common.i18n import _
from heat_vision.translators import base

PSEUDO = {
    'AWS::StackName': {'get_param': 'OS::stack_name'},
    'AWS::StackId': {'get_param': 'OS::stack_id'},
    'AWS::AccountId': {'get_param': 'OS::project_id'},
    'AWS::NoValue': None,
}
#: Pseudo parameters that become ordinary parameters of the HOT template.
GENERATED = {
    'AWS::Region': ('aws_region', {'type': 'string',
                                   'default': 'RegionOne',
                                   'description': 'AWS::Region'}),
    'AWS::Partition': ('aws_partition', {'type': 'string',
                                         'default': 'openstack',
                                         'description': 'AWS::Partition'}),
    'AWS::URLSuffix': ('aws_url_suffix', {'type': 'string',
                                          'default': 'openstack.local',
                                          'description':
                                              'AWS::URLSuffix'}),
    'AWS::NotificationARNs': ('aws_notification_arns', {
        'type': 'comma_delimited_list', 'default': '',
        'description': 'AWS::NotificationARNs'}),
}
#: Functions AWS documents that have no counterpart in OpenStack.
NO_COUNTERPART = {
    'Fn::Transform': _('macros (Fn::Transform)'),
    'Fn::Length': _('Fn::Length (AWS::LanguageExtensions)'),
    'Fn::ToJsonString': _('Fn::ToJsonString (AWS::LanguageExtensions)'),
    'Fn::GetStackOutput': _('Fn::GetStackOutput (another account)'),
}
MAX_CIDRS = 256
AZS_PARAM = ('availability_zones', {'type': 'comma_delimited_list',
                                    'default': 'nova',
                                    'description': 'Fn::GetAZs'})
SUB_VAR = re.compile(r'\$\{([^}]*)\}')
#: The parameters Fn::ImportValue becomes: aws_import_1, aws_import_2...
IMPORT_PREFIX = 'aws_import_'
MAX_IMPORTS = 100
_CONDITION_FNS = {'Fn::Equals': 'equals', 'Fn::And': 'and',
                  'Fn::Or': 'or', 'Fn::Not': 'not', 'Fn::If': 'if'}


class Converter:
    """Converts values of one CloudFormation template.

    :param params: the names of its parameters.
    :param resources: ``{name: attribute name mapper}``; the mapper
        gives the HOT attribute name for an AWS one.
    :param mappings: its Mappings section.
    :param conditions: the names of its conditions.
    :param missing: a list the no-counterpart items are added to, as
        ``(path, what)``.
    :param refs: ``{resource: HOT attribute}`` for the resources whose
        ``Ref`` is an attribute, not the id (an EIP's is its address).
    """

    def __init__(self, params, resources, mappings, conditions, missing,
                 refs=None):
        self.params = params
        self.refs = refs or {}
        #: ``{parameter: name expression}`` of every Fn::ImportValue.
        self.imports = {}
        self.resources = resources
        self.mappings = mappings
        self.conditions = conditions
        self.missing = missing
        self.extra_params = {}

    def convert(self, value, path):
        if isinstance(value, list):
            return [self.convert(v, base.join(path, i))
                    for i, v in enumerate(value)]
        if not isinstance(value, dict):
            return value
        if len(value) == 1:
            (key, arg), = value.items()
            if key == 'Ref' or key.startswith('Fn::') or key == 'Condition':
                handler = self._handler(key, path)
                return handler(arg, base.join(path, key))
        return {k: self.convert(v, base.join(path, k))
                for k, v in value.items()}

    def _handler(self, key, path):
        if key in _CONDITION_FNS:
            return lambda arg, p: self._logical(key, arg, p)
        if key in NO_COUNTERPART:
            return self._no_counterpart
        name = '_fn_' + key.replace('Fn::', '').lower()
        handler = getattr(self, name, None)
        if handler is None:
            raise base.fail(base.join(path, key), _(
                '%s is not a CloudFormation function.') % key)
        return handler

    def _no_counterpart(self, arg, path):
        self.missing.append((path, NO_COUNTERPART[path.rsplit('.', 1)[-1]]))
        return None

    def _fn_ref(self, arg, path):
        if not isinstance(arg, str):
            raise base.fail(path, _('Ref takes a name.'))
        if arg in self.params:
            return {'get_param': arg}
        if arg in self.refs:
            return {'get_attr': [arg, self.refs[arg]]}
        if arg in self.resources:
            return {'get_resource': arg}
        return self.pseudo(arg, path)

    def pseudo(self, name, path):
        if name in PSEUDO:
            return copy.deepcopy(PSEUDO[name])
        if name in GENERATED:
            pname, schema = GENERATED[name]
            self.extra_params[pname] = dict(schema)
            return {'get_param': pname}
        raise base.fail(path, _('"%s" is not a parameter, resource or '
                                'pseudo parameter.') % name)

    def _fn_getatt(self, arg, path):
        if isinstance(arg, str) and '.' in arg:
            arg = arg.split('.', 1)
        if (not isinstance(arg, list) or len(arg) != 2 or
                not isinstance(arg[0], str)):
            raise base.fail(path, _('Fn::GetAtt takes [resource, '
                                    'attribute].'))
        name, attr = arg
        if name not in self.resources:
            raise base.fail(path + '.0', _('no resource named "%s".')
                            % name)
        attr = self.convert(attr, path + '.1')
        mapped = self.resources[name](attr)
        if isinstance(mapped, tuple):
            return {'get_attr': [name] + list(mapped)}
        return {'get_attr': [name, mapped]}

    def _fn_join(self, arg, path):
        if (not isinstance(arg, list) or len(arg) != 2 or
                not isinstance(arg[0], str)):
            raise base.fail(path, _('Fn::Join takes [delimiter, list].'))
        return {'list_join': [arg[0], self.convert(arg[1], path + '.1')]}

    def _fn_split(self, arg, path):
        if (not isinstance(arg, list) or len(arg) != 2 or
                not isinstance(arg[0], str)):
            raise base.fail(path, _('Fn::Split takes [delimiter, '
                                    'string].'))
        return {'str_split': [arg[0], self.convert(arg[1], path + '.1')]}

    def _fn_select(self, arg, path):
        if not isinstance(arg, list) or len(arg) != 2:
            raise base.fail(path, _('Fn::Select takes [index, list].'))
        index = self.convert(arg[0], path + '.0')
        items = self.convert(arg[1], path + '.1')
        if isinstance(index, str) and index.isdigit():
            index = int(index)
        if isinstance(index, int) and not isinstance(index, bool):
            if isinstance(items, list):
                if not 0 <= index < len(items):
                    raise base.fail(path + '.0', _('index out of range.'))
                return items[index]
            fn = next(iter(items)) if isinstance(items, dict) else None
            if fn in ('get_param', 'get_attr') and isinstance(
                    items[fn], (str, list)):
                args = items[fn] if isinstance(items[fn], list) \
                    else [items[fn]]
                return {fn: args + [index]}
            if fn == 'str_split' and len(items[fn]) == 2:
                return {fn: items[fn] + [index]}
        return {'yaql': {'expression': '$.data.items[int($.data.index)]',
                         'data': {'items': items, 'index': index}}}

    def _fn_sub(self, arg, path):
        if isinstance(arg, list) and len(arg) == 2 and \
                isinstance(arg[1], dict):
            text, variables = arg
            variables = self.convert(variables, path + '.1')
        else:
            text, variables = arg, {}
        if not isinstance(text, str):
            raise base.fail(path, _('Fn::Sub takes a string or [string, '
                                    '{variables}].'))
        params = {}
        literal = []
        for name in SUB_VAR.findall(text):
            placeholder = '${%s}' % name
            if name.startswith('!'):
                literal.append(name)
            elif name in variables:
                params[placeholder] = variables[name]
            elif '.' in name:
                params[placeholder] = self._fn_getatt(name, path)
            else:
                params[placeholder] = self._fn_ref(name, path)
        for name in literal:
            # ${!Name} is the literal text ${Name}.
            params['${%s}' % name] = '${%s}' % name[1:]
        if not params:
            return text
        return {'str_replace': {'template': text, 'params': params}}

    def _fn_findinmap(self, arg, path):
        if not isinstance(arg, list) or len(arg) != 3:
            raise base.fail(path, _('Fn::FindInMap takes [map, top key, '
                                    'second key].'))
        keys = [self.convert(k, base.join(path, i))
                for i, k in enumerate(arg)]
        if all(isinstance(k, str) for k in keys):
            found = self.mappings
            for i, key in enumerate(keys):
                if not isinstance(found, dict) or key not in found:
                    raise base.fail(base.join(path, i), _(
                        'no key "%s" in the mapping.') % key)
                found = found[key]
            return found
        if not isinstance(keys[0], str) or keys[0] not in self.mappings:
            raise base.fail(path + '.0', _('no mapping named "%s".')
                            % (keys[0],))
        return {'yaql': {
            'expression': '$.data.map.get($.data.k1).get($.data.k2)',
            'data': {'map': self.mappings[keys[0]], 'k1': keys[1],
                     'k2': keys[2]}}}

    def _fn_base64(self, arg, path):
        # Heat's Fn::Base64 is the identity, and so is its translation.
        return self.convert(arg, path)

    def static(self, arg, path, what):
        """:returns: the HOT of ``arg``, a value known before the stack
        exists (literals, parameters, pseudo parameters).
        """
        value = self.convert(arg, path)
        pending = [value]
        while pending:
            item = pending.pop()
            if isinstance(item, list):
                pending.extend(item)
            elif isinstance(item, dict):
                fn = next(iter(item)) if len(item) == 1 else None
                if fn in ('get_resource', 'get_attr', 'yaql'):
                    raise base.fail(path, _(
                        '%s cannot depend on a resource.') % what)
                pending.extend(item.values())
        return value

    def _fn_importvalue(self, arg, path):
        """An export of another stack of the project: a parameter the
        relay sets to the export's value when it creates or updates the
        stack.
        """
        name = self.static(arg, path, _('the name of an imported export'))
        for param, known in self.imports.items():
            if known == name:
                return {'get_param': param}
        if len(self.imports) >= MAX_IMPORTS:
            raise base.fail(path, _('more than %d imports.') % MAX_IMPORTS)
        param = '%s%d' % (IMPORT_PREFIX, len(self.imports) + 1)
        self.imports[param] = name
        self.extra_params[param] = {
            'type': 'string', 'description': 'Fn::ImportValue at %s' % path}
        return {'get_param': param}

    def _fn_getazs(self, arg, path):
        pname, schema = AZS_PARAM
        self.extra_params[pname] = dict(schema)
        return {'get_param': pname}

    def _fn_cidr(self, arg, path):
        """The list of CIDRs when the arguments are literal (computed
        here: HOT has no such function); a no-counterpart item when
        they are known only at create time.
        """
        if not isinstance(arg, list) or len(arg) != 3:
            raise base.fail(path, _('Fn::Cidr takes [ipBlock, count, '
                                    'cidrBits].'))
        block, count, bits = (self.convert(v, base.join(path, i))
                              for i, v in enumerate(arg))
        try:
            network = ipaddress.ip_network(block, strict=False)
            count, bits = int(count), int(bits)
        except (TypeError, ValueError, OverflowError):
            self.missing.append((path, _(
                'Fn::Cidr of values known only at create time')))
            return None
        prefix = network.max_prefixlen - bits
        if not (1 <= count <= MAX_CIDRS and network.prefixlen <= prefix <=
                network.max_prefixlen):
            raise base.fail(path, _('the block has no %(count)s subnets '
                                    'of %(bits)s bits.') %
                            {'count': count, 'bits': bits})
        subnets = []
        for subnet in network.subnets(new_prefix=prefix):
            subnets.append(str(subnet))
            if len(subnets) == count:
                return subnets
        raise base.fail(path, _('the block has no %(count)s subnets of '
                                '%(bits)s bits.') % {'count': count,
                                                     'bits': bits})

    def _fn_condition(self, arg, path):
        if not isinstance(arg, str) or arg not in self.conditions:
            raise base.fail(path, _('no condition named "%s".') % (arg,))
        return arg

    def _logical(self, key, arg, path):
        if not isinstance(arg, list):
            raise base.fail(path, _('%s takes a list.') % key)
        if key == 'Fn::Not':
            if len(arg) != 1:
                raise base.fail(path, _('Fn::Not takes [condition].'))
            return {'not': self.convert(arg[0], path + '.0')}
        if key == 'Fn::If':
            if len(arg) != 3 or not isinstance(arg[0], str):
                raise base.fail(path, _('Fn::If takes [condition, '
                                        'if true, if false].'))
            if arg[0] not in self.conditions:
                raise base.fail(path + '.0', _('no condition named '
                                               '"%s".') % arg[0])
        converted = self.convert(arg, path)
        return {_CONDITION_FNS[key]: converted}
