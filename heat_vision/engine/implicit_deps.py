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

"""Heat's implicit dependencies, from the resource definitions.

Heat orders some resources after others that nothing in the template
names (``add_dependencies`` of its resources):

* a port after every subnet of its network
  (heat/engine/resources/openstack/neutron/port.py);
* a router after every subnet of its gateway's network
  (heat/engine/resources/openstack/neutron/router.py);
* a server after every subnet of the networks it uses, and after every
  subnet when it uses a network it does not name (a port) or a subnet's
  network is not known (heat/engine/resources/openstack/nova/server.py);
* a floating IP after the routers whose gateway is on its network, and
  after the router interfaces on the subnet of a port it depends on; a
  floating IP association after the router interfaces on the subnet of
  its port (heat/engine/resources/openstack/neutron/floatingip.py);
  a floating IP port forwarding as an association (the same file);
* an extra route set after the interfaces of its router
  (heat/engine/resources/openstack/neutron/extrarouteset.py).

Plugins declare their role and where their facts are
(``heat_vision.resources.implicit``); here the facts are read from the
definitions, as Heat reads them before anything exists: a resource's
reference is its name, an attribute is not known. A fact not known
matches nothing, except where Heat says otherwise (a server's network).
Where Heat asks Neutron whether a port without fixed IPs is on an
interface's subnet, the template answers: the subnet's network (when it
is a subnet of the template) is the port's. Only the resources whose
plugin declares a role are read: a stack without any costs one class
look-up per type.
"""

import collections.abc

from heat_vision.common import exception
from heat_vision.resources import implicit
from heat_vision.template import properties
from heat_vision.template import translation

UNKNOWN = object()


class _Names:
    """The resolver of the dependency pass: a resource's reference is its
    name (as Heat's is before it exists); attributes are not known.
    """

    def get_reference_id(self, name):
        return name

    def get_attribute(self, name, *path):
        raise exception.UnresolvedReference('not known yet')

    def get_all_attributes(self, name):
        raise exception.UnresolvedReference('not known yet')


_NAMES = _Names()
_READ_ERRORS = (exception.HeatVisionException, TypeError, ValueError,
                KeyError, IndexError, AttributeError)


def _walk(schema, value, rest):
    if value is None:
        return None
    if not rest:
        return value if isinstance(value, str) else UNKNOWN
    if rest[0] == '*':
        if not isinstance(value, list):
            return UNKNOWN
        return [_walk(schema.schema, item, rest[1:]) for item in value]
    if not isinstance(value, collections.abc.Mapping):
        return UNKNOWN
    sub = schema.schema
    value = translation.merged(translation.moves(sub), rest[0],
                               value.get(rest[0]), value.get, ())
    return _walk(sub[rest[0]], value, rest[1:])


def read(cls, rsrc_def, path):
    """The fact at ``path`` of a definition's properties.

    :returns: a string, None (not given), UNKNOWN, or for a path through
        a list, a list of those.
    """
    props = properties.Properties(cls.properties_schema,
                                  rsrc_def.properties, resolver=_NAMES)
    try:
        value = props.unchecked(path[0])
        return _walk(cls.properties_schema[path[0]], value, path[1:])
    except _READ_ERRORS:
        return UNKNOWN


def _classes(definition, names, lookup):
    """``{name: plugin class}`` of the resources whose plugin declares a
    role: each type is looked up once (per resource only where the
    environment's registry maps resources one by one).
    """
    defn = definition.resource_definition

    def find(type_name, name):
        try:
            cls = lookup(definition, type_name, name)
        except exception.HeatVisionException:
            return None
        return cls if getattr(cls, 'implicit', None) is not None else None
    if definition.env.registry.resources:
        found = ((name, find(defn(name).resource_type, name))
                 for name in names)
        return {name: cls for name, cls in found if cls is not None}
    types = {defn(name).resource_type for name in names}
    declaring = {t: find(t, None) for t in types}
    declaring = {t: cls for t, cls in declaring.items() if cls is not None}
    if not declaring:
        return {}
    return {name: declaring[defn(name).resource_type] for name in names
            if defn(name).resource_type in declaring}


def _declared(definition, names, lookup):
    """``{name: (role, {fact: value})}`` of the resources with a role."""
    found = {}
    for name, cls in _classes(definition, names, lookup).items():
        rsrc_def = definition.resource_definition(name)
        found[name] = (cls.implicit.role, {
            fact: read(cls, rsrc_def, path)
            for fact, path in cls.implicit.facts.items()})
    return found


def _known(value):
    return value is not None and value is not UNKNOWN


class _Index:
    """The declared resources, by role and by the facts rules match on."""

    def __init__(self, declared):
        self.declared = declared
        self.subnets_on = collections.defaultdict(set)
        self.subnets = set()
        self.unplaced_subnets = set()
        self.gateways_on = collections.defaultdict(set)
        self.interfaces = []
        self.interfaces_of = collections.defaultdict(set)
        for name, (role, facts) in declared.items():
            if role == implicit.SUBNET:
                self.subnets.add(name)
                if _known(facts['network']):
                    self.subnets_on[facts['network']].add(name)
                else:
                    self.unplaced_subnets.add(name)
            elif role == implicit.ROUTER and _known(facts['network']):
                self.gateways_on[facts['network']].add(name)
            elif role == implicit.ROUTER_INTERFACE:
                self.interfaces.append((name, facts['subnet']))
                if _known(facts.get('router')):
                    self.interfaces_of[facts['router']].add(name)

    def role(self, name):
        return self.declared.get(name, (None, None))[0]

    def facts(self, name):
        return self.declared[name][1]

    def port_on_subnet(self, port, subnet, first_only=False):
        """Whether ``port`` (a port of the template) is on ``subnet``.

        Heat's ``port_on_subnet`` in floatingip.py; ``first_only`` for
        the association's, which looks at the first fixed IP only.
        """
        if self.role(port) != implicit.PORT:
            return False
        subnets = self.facts(port)['subnets']
        if subnets is UNKNOWN:
            return False
        if not subnets:
            if first_only:
                return False
            if subnet is None:
                return True
            network = self.facts(port)['network']
            return (_known(network) and self.role(subnet) == implicit.SUBNET
                    and self.facts(subnet)['network'] == network)
        if first_only:
            subnets = subnets[:1]
        return _known(subnet) and subnet in subnets


def _for_server(index, facts):
    networks = facts['networks']
    if networks is UNKNOWN:
        return set()
    if not networks:
        return set()
    if any(not _known(n) for n in networks):
        return set(index.subnets)
    found = set(index.unplaced_subnets)
    for network in networks:
        found |= index.subnets_on.get(network, set())
    return found


def _interfaces_for(index, requires, first_only=False):
    return {name for name, subnet in index.interfaces
            if any(index.port_on_subnet(port, subnet, first_only)
                   for port in requires)}


def _requires(index, name, role, facts, requires):
    if role in (implicit.PORT, implicit.ROUTER):
        network = facts['network']
        return set(index.subnets_on.get(network, ())) if _known(
            network) else set()
    if role == implicit.SERVER:
        return _for_server(index, facts)
    if role == implicit.FLOATING_IP:
        network = facts['network']
        found = set(index.gateways_on.get(network, ())) if _known(
            network) else set()
        return found | _interfaces_for(index, requires)
    if role == implicit.FLOATING_IP_ASSOCIATION:
        return _interfaces_for(index, requires, first_only=True)
    if role == implicit.EXTRA_ROUTE_SET and _known(facts['router']):
        return set(index.interfaces_of.get(facts['router'], ()))
    return set()


def find(definition, graph, lookup):
    """Heat's implicit dependencies of a stack definition.

    :param graph: ``{name: set of names}`` of the active resources, what
        each requires through its functions and ``depends_on``.
    :param lookup: ``lookup(definition, type name, resource name)`` gives
        the plugin class.
    :returns: ``{name: set of names}``, only the edges ``graph`` lacks.
    """
    declared = _declared(definition, graph, lookup)
    if not declared:
        return {}
    index = _Index(declared)
    found = {}
    for name, (role, facts) in declared.items():
        extra = _requires(index, name, role, facts, graph.get(name, ()))
        extra -= graph.get(name, set())
        extra.discard(name)
        if extra:
            found[name] = extra
    return found
