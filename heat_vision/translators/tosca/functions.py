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

"""TOSCA intrinsic functions -> HOT functions.

``get_input`` becomes ``get_param``; ``get_property`` is resolved at
translation time from the document (its value may itself be a
function); ``get_attribute`` and ``get_operation_output`` become
``get_attr`` of the resource that carries the value; ``concat`` and
``token`` become ``list_join`` and ``str_split``; ``get_artifact``
becomes ``get_file``.
"""

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.translators import base

MAX_PROPERTY_HOPS = 32
#: (kind, TOSCA attribute) -> HOT get_attr path (None: the reference).
ATTRIBUTES = {
    ('server', 'private_address'): ['first_address'],
    ('server', 'public_address'): ['first_address'],
    ('server', 'ip_address'): ['first_address'],
    ('server', 'networks'): ['networks'],
    ('server', 'ports'): ['addresses'],
    ('server', 'tosca_name'): ['name'],
    ('port', 'ip_address'): ['fixed_ips', 0, 'ip_address'],
    ('port', 'address'): ['fixed_ips', 0, 'ip_address'],
    ('port', 'tosca_name'): ['name'],
    ('network', 'tosca_name'): ['name'],
    ('loadbalancer', 'public_address'): ['vip_address'],
    ('loadbalancer', 'vip_address'): ['vip_address'],
    ('loadbalancer', 'ip_address'): ['vip_address'],
    ('container', 'tosca_name'): ['name'],
}
#: OS::Nova::Server's attributes (Heat's nova server.py).
SERVER_ATTRIBUTES = ('accessIPv4', 'accessIPv6', 'addresses', 'console_urls',
                     'first_address', 'instance_name', 'name', 'networks',
                     'os_collect_config', 'show', 'tags')
REFERENCE_ATTRIBUTES = ('tosca_id', 'volume_id', 'network_id', 'port_id',
                        'id')


class NoCounterpart(exception.TranslationError):
    """A TOSCA attribute with no HOT counterpart: an output reading
    one is left out (as heat-translator does), anything else fails.
    """


class Values:
    """Converts the values of one topology.

    :param builder: the :class:`builder.Builder` of the topology (it
        knows the nodes, their kinds, hosts and HOT resource names).
    """

    def __init__(self, builder):
        self.b = builder

    def convert(self, value, path, node):
        """:param node: the name of the node SELF stands for."""
        if isinstance(value, list):
            return [self.convert(v, base.join(path, i), node)
                    for i, v in enumerate(value)]
        if not isinstance(value, dict):
            return value
        if len(value) == 1:
            (key, arg), = value.items()
            handler = getattr(self, '_' + str(key), None)
            if handler is not None and key in FUNCTIONS:
                return handler(arg, base.join(path, key), node)
        return {k: self.convert(v, base.join(path, k), node)
                for k, v in value.items()}

    def _get_input(self, arg, path, node):
        args = arg if isinstance(arg, list) else [arg]
        if not args or not isinstance(args[0], str):
            raise base.fail(path, _('get_input takes an input name.'))
        if args[0] not in self.b.input_names:
            raise base.fail(path, _('no input named "%s".') % args[0])
        if len(args) == 1:
            return {'get_param': args[0]}
        return {'get_param': args}

    def entity(self, name, path, node):
        """The node SELF/HOST/SOURCE/TARGET or a name stands for."""
        if name in ('SELF', 'SOURCE', 'TARGET'):
            return node
        if name == 'HOST':
            host = self.b.host_of(node)
            if host is None:
                raise base.fail(path, _('"%s" is hosted on no Compute '
                                        'node.') % node)
            return host
        if name not in self.b.raw_nodes:
            raise base.fail(path, _('no node template named "%s".')
                            % (name,))
        return name

    def _split(self, arg, path, node, what):
        if not isinstance(arg, list) or len(arg) < 2 or \
                not all(isinstance(a, (str, int)) for a in arg):
            raise base.fail(path, _('%s takes [entity, name, ...].')
                            % what)
        target = self.entity(arg[0], path + '.0', node)
        rest = list(arg[1:])
        related = self.b.requirement_target(target, rest[0]) \
            if len(rest) > 1 else None
        if len(rest) > 1 and rest[0] in self.b.capability_names(target) \
                and (related is None or self._has(target, rest[0],
                                                  rest[1])):
            return target, rest[0], rest[1:]
        if len(rest) > 1:
            if related is not None:
                # TOSCA 1.3 4.4.2: through a requirement, the property
                # of the target's capability of that name, else the
                # target node's own.
                if rest[0] in self.b.capability_names(related) and \
                        self._has(related, rest[0], rest[1]):
                    return related, rest[0], rest[1:]
                return related, None, rest[1:]
        return target, None, rest

    def _has(self, node, capability, name):
        if name in self.b.capability_properties(node, capability):
            return True
        return self.b._default(node, capability, name) is not None

    def _get_property(self, arg, path, node, hops=0):
        target, capability, rest = self._split(arg, path, node,
                                               'get_property')
        value, where = self.b.property_value(target, capability, rest[0],
                                             path)
        for key in rest[1:]:
            if isinstance(value, (dict, list)):
                try:
                    value = value[key]
                    continue
                except (KeyError, IndexError, TypeError):
                    pass
            raise base.fail(path, _('"%s" is not in the property.')
                            % (key,))
        if hops > MAX_PROPERTY_HOPS:
            raise base.fail(path, _('get_property refers to itself.'))
        if isinstance(value, dict) and list(value) == ['get_property']:
            return self._get_property(value['get_property'], where,
                                      target, hops + 1)
        return self.convert(value, where, target)

    def _get_attribute(self, arg, path, node):
        target, _cap, rest = self._split(arg, path, node, 'get_attribute')
        kind = self.b.kinds.get(target)
        if kind == 'software':
            host = self.b.host_of(target)
            if host is not None:
                target, kind = host, 'server'
        resource = self.b.resource_name(target)
        name = rest[0]
        if target in self.b.existing and name in REFERENCE_ATTRIBUTES:
            return self.b.existing[target]
        if name in REFERENCE_ATTRIBUTES:
            return {'get_resource': resource}
        mapped = ATTRIBUTES.get((kind, name), [name])
        if kind in ('server', 'vdu') and mapped[0] not in SERVER_ATTRIBUTES:
            raise NoCounterpart(path, _(
                'a server has no attribute "%s" in HOT.') % (name,))
        return {'get_attr': [resource] + mapped + list(rest[1:])}

    def _get_operation_output(self, arg, path, node):
        if not isinstance(arg, list) or len(arg) != 4 or \
                not all(isinstance(a, str) for a in arg):
            raise base.fail(path, _('get_operation_output takes [entity, '
                                    'interface, operation, output].'))
        target = self.entity(arg[0], path + '.0', node)
        self.b.operation_outputs.setdefault(
            (target, arg[2]), set()).add(arg[3])
        return {'get_attr': [self.b.deployment_name(target, arg[2]),
                             arg[3]]}

    def _concat(self, arg, path, node):
        if not isinstance(arg, list):
            raise base.fail(path, _('concat takes a list.'))
        return {'list_join': ['', self.convert(arg, path, node)]}

    def _token(self, arg, path, node):
        if not isinstance(arg, list) or len(arg) != 3 or \
                not isinstance(arg[1], str) or not isinstance(arg[2], int):
            raise base.fail(path, _('token takes [string, separator, '
                                    'index].'))
        text = self.convert(arg[0], path + '.0', node)
        if len(arg[1]) == 1:
            return {'str_split': [arg[1], text, arg[2]]}
        return {'yaql': {
            'expression': "regex('[' + $.data.chars + ']')"
                          ".split($.data.text)[$.data.index]",
            'data': {'text': text, 'chars': _escape(arg[1]),
                     'index': arg[2]}}}

    def _get_artifact(self, arg, path, node):
        if not isinstance(arg, list) or len(arg) < 2:
            raise base.fail(path, _('get_artifact takes [entity, '
                                    'artifact name].'))
        target = self.entity(arg[0], path + '.0', node)
        return {'get_file': self.b.artifact_file(target, arg[1], path)}


FUNCTIONS = ('get_input', 'get_property', 'get_attribute',
             'get_operation_output', 'concat', 'token', 'get_artifact')


def _escape(chars):
    return ''.join('\\' + c if c in '\\]^-[' else c for c in chars)
