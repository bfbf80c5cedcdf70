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

"""One TOSCA topology -> one HOT template.

The builder knows the topology's nodes, what kind of resource each
becomes, which Compute hosts what, and collects the HOT sections and the
source map; nodes.py, software.py, policies.py and nested.py fill it.
"""

from heat_vision.common.i18n import _
from heat_vision.translators import base
from heat_vision.translators.tosca import functions
from heat_vision.translators.tosca import inputs
from heat_vision.translators.tosca import policies
from heat_vision.translators.tosca import software

#: Most derived first: the first base type a node derives from decides.
KINDS = (
    ('tosca.nodes.nfv.VNF', 'vnf'),
    ('tosca.nodes.nfv.Vdu.Compute', 'vdu'),
    ('tosca.nodes.nfv.Vdu.VirtualBlockStorage', 'vdu_storage'),
    ('tosca.nodes.nfv.VduCp', 'vdu_cp'),
    ('tosca.nodes.nfv.VnfExtCp', 'ext_cp'),
    ('tosca.nodes.nfv.VnfVirtualLink', 'virtual_link'),
    ('tosca.nodes.Compute', 'server'),
    ('tosca.nodes.BlockStorage', 'volume'),
    ('tosca.nodes.network.Port', 'port'),
    ('tosca.nodes.network.Network', 'network'),
    ('tosca.nodes.network.FloatingIP', 'floating_ip'),
    ('tosca.nodes.ObjectStorage', 'container'),
    ('tosca.nodes.LoadBalancer', 'loadbalancer'),
    ('tosca.nodes.SoftwareComponent', 'software'),
    ('tosca.nodes.WebApplication', 'software'),
    ('tosca.nodes.Database', 'software'),
)


class Builder:
    """:param topology: the raw ``topology_template`` map.
    :param parsed_nodes: tosca-parser's NodeTemplates of it.
    :param prefix: the path of the topology in its document.
    :param context: the :class:`translator.Context` (files, nested
        topologies, the HOT files produced so far).
    :param given: the inputs given for this topology (the document's
        for the top-level one; a substituting one has its node's).
    """

    def __init__(self, topology, parsed_nodes, prefix, context,
                 given=None, substituting=None):
        self.topology = topology
        self.given = dict(given or {})
        #: the node type this topology substitutes: a node of that type
        #: in it (Tacker's flavours hold the VNF node for its lifecycle
        #: interfaces) is that VNF itself, not one more nesting.
        self.substituting = substituting
        self.prefix = prefix
        self.context = context
        self.raw_nodes = topology.get('node_templates') or {}
        self.parsed = {n.name: n for n in parsed_nodes}
        self.input_names = set(topology.get('inputs') or {})
        self.resources = {}
        self.outputs = {}
        self.source_map = {}
        self.operation_outputs = {}
        self.last_deployment = {}
        self.extra_parameters = {}
        #: ``{scaling group: the metering label its servers carry}``.
        self.alarm_labels = {}
        #: ``{node: its id or name}`` of nodes standing for existing
        #: resources (no HOT resource is made for them).
        self.existing = {}
        self.values = functions.Values(self)
        self.kinds = {name: self._kind(name) for name in self.raw_nodes}

    # -- paths and names --------------------------------------------------

    def node_path(self, name, *rest):
        return base.join(self.prefix, 'node_templates', name, *rest)

    def resource_name(self, node):
        return node

    def deployment_name(self, node, operation):
        return '%s_%s_deploy' % (node, operation)

    def add(self, name, resource, source, properties_source=None):
        """Add a HOT resource; map it and its properties to sources."""
        if name in self.resources:
            raise base.fail(source, _('two resources would be named '
                                      '"%s".') % name)
        if resource.get('properties') == {}:
            resource = {k: v for k, v in resource.items()
                        if k != 'properties'}
        self.resources[name] = resource
        self.source_map[base.join('resources', name)] = source
        for prop in resource.get('properties') or {}:
            where = (properties_source or {}).get(prop)
            if where:
                self.source_map[base.join('resources', name, 'properties',
                                          prop)] = where

    def convert(self, value, path, node):
        return self.values.convert(value, path, node)

    # -- the topology ------------------------------------------------------

    def _kind(self, name):
        node = self.parsed.get(name)
        if node is None:
            return None
        if node.type in self.context.substituted and \
                node.type != self.substituting:
            return 'nested'
        for tosca_type, kind in KINDS:
            if node.type == tosca_type or node.is_derived_from(tosca_type):
                return kind
        if node.type.endswith('.FloatingIP'):
            return 'floating_ip'
        return None

    def requirements(self, node):
        """``(index, name, target node, relationship)`` of a node."""
        raw = self.raw_nodes[node].get('requirements') or []
        for i, item in enumerate(raw):
            if not isinstance(item, dict) or len(item) != 1:
                continue
            (name, spec), = item.items()
            target, relationship = spec, None
            if isinstance(spec, dict):
                target = spec.get('node')
                relationship = spec.get('relationship')
            if isinstance(target, str) and target in self.raw_nodes:
                yield i, name, target, self._relationship(relationship)

    def _relationship(self, relationship):
        """``(type, properties)`` of an inline or named relationship,
        its type's property defaults included.
        """
        rtype, props = None, {}
        if isinstance(relationship, str):
            named = (self.topology.get('relationship_templates') or {}).get(
                relationship)
            if isinstance(named, dict):
                rtype, props = named.get('type'), named.get('properties')
            else:
                rtype = relationship
        elif isinstance(relationship, dict):
            rtype, props = relationship.get('type'), \
                relationship.get('properties')
        return rtype, dict(self._relationship_defaults(rtype),
                           **(props if isinstance(props, dict) else {}))

    def _relationship_defaults(self, rtype):
        types = self.context.relationship_types
        defaults, seen = {}, set()
        while isinstance(rtype, str) and rtype in types and \
                rtype not in seen:
            seen.add(rtype)
            definition = types[rtype] if isinstance(types[rtype],
                                                    dict) else {}
            for name, spec in (definition.get('properties') or {}).items():
                if isinstance(spec, dict) and 'default' in spec:
                    defaults.setdefault(name, spec['default'])
            rtype = definition.get('derived_from')
        return defaults

    def requirement_target(self, node, requirement):
        for _i, name, target, _rel in self.requirements(node):
            if name == requirement:
                return target
        return None

    def host_of(self, node):
        """The Compute node ``node`` is (transitively) hosted on."""
        seen = set()
        while node is not None and node not in seen:
            seen.add(node)
            if self.kinds.get(node) == 'server':
                return node
            node = self.requirement_target(node, 'host')
        return None

    def property_value(self, node, capability, name, path):
        """``(raw value, its path)`` of a node's (capability's) property,
        its type's default when the template does not set it.
        """
        raw = self.raw_nodes[node]
        where = self.node_path(node, 'properties', name)
        props = raw.get('properties') or {}
        if capability is not None:
            where = self.node_path(node, 'capabilities', capability,
                                   'properties', name)
            props = ((raw.get('capabilities') or {}).get(capability) or
                     {}).get('properties') or {}
        if name in props:
            return props[name], where
        default = self._default(node, capability, name)
        if default is not None:
            return default, where
        raise base.fail(path, _('"%(node)s" has no property "%(name)s".')
                        % {'node': node, 'name': name})

    def _default(self, node, capability, name):
        parsed = self.parsed.get(node)
        if parsed is None:
            return None
        if capability is not None:
            cap = parsed.get_capability(capability)
            definition = cap.definition if cap is not None else None
            defs = definition.get_properties_def() if definition else {}
        else:
            defs = parsed.type_definition.get_properties_def() or {}
        prop = (defs or {}).get(name)
        return prop.default if prop is not None else None

    def capability_names(self, node):
        names = set(self.raw_nodes[node].get('capabilities') or {})
        parsed = self.parsed.get(node)
        if parsed is not None:
            names.update(parsed.get_capabilities())
        return names

    def key_name_parameter(self):
        """Whether the servers without a key take the ``key_name``
        parameter: an input of that name, or a value given for it (as
        heat-translator does, translate_inputs.py and
        translate_node_templates.py).
        """
        if 'key_name' in self.input_names:
            return True
        if isinstance(self.given.get('key_name'), str):
            self.extra_parameters['key_name'] = {
                'type': 'string', 'default': self.given['key_name']}
            return True
        return False

    def literal(self, value, path):
        """``value``, a ``get_input`` in it replaced by the input's given
        value, else its default: for what is chosen at translation time.
        """
        if isinstance(value, dict) and list(value) == ['get_input']:
            name = value['get_input']
            name = name[0] if isinstance(name, list) and name else name
            given = self.given
            if isinstance(name, str) and name in given:
                return given[name]
            schema = (self.topology.get('inputs') or {}).get(name)
            if isinstance(schema, dict) and 'default' in schema:
                return schema['default']
            raise base.fail(path, _(
                'the value of input "%s" chooses a flavor or an image: '
                'give it (a parameter) or a default.') % (name,))
        if isinstance(value, dict):
            raise base.fail(path, _('only a get_input or a literal value '
                                    'can choose a flavor or an image.'))
        return value

    def properties(self, node):
        return self.raw_nodes[node].get('properties') or {}

    def capability_properties(self, node, capability):
        caps = self.raw_nodes[node].get('capabilities') or {}
        return (caps.get(capability) or {}).get('properties') or {}

    def artifact_file(self, node, artifact, path):
        found = (self.raw_nodes[node].get('artifacts') or {}).get(artifact)
        types, tname, seen = self.context.node_types, self.raw_nodes[
            node].get('type'), set()
        while found is None and tname in types and tname not in seen:
            # An artifact its type (or a type it derives from) declares.
            seen.add(tname)
            found = ((types[tname] or {}).get('artifacts') or {}).get(
                artifact)
            tname = (types[tname] or {}).get('derived_from')
        if found is None:
            raise base.fail(path, _('"%(node)s" has no artifact '
                                    '"%(name)s".')
                            % {'node': node, 'name': artifact})
        filename = found.get('file') if isinstance(found, dict) else found
        return self.context.add_file(
            filename, self.node_path(node, 'artifacts', artifact))

    # -- the result --------------------------------------------------------

    def build(self):
        # Imported here: nodes translates nested topologies with a
        # Builder of this module.
        from heat_vision.translators.tosca import nodes
        hot = {'heat_template_version': base.HOT_VERSION}
        if self.topology.get('description'):
            hot['description'] = self.topology['description']
        params = inputs.parameters(self.topology.get('inputs') or {},
                                   base.join(self.prefix, 'inputs'),
                                   self.given)
        for name in params:
            self.source_map[base.join('parameters', name)] = base.join(
                self.prefix, 'inputs', name)
        # Networks first: a port names an existing one by its value.
        for name in sorted(self.raw_nodes,
                           key=lambda n: self.kinds[n] != 'network'):
            nodes.translate(self, name)
        outputs = self.topology.get('outputs') or {}
        for name, output in outputs.items():
            try:
                self.outputs[name] = self._output(name, output)
            except functions.NoCounterpart as exc:
                self.source_map.pop(base.join('outputs', name), None)
                self.context.notes.append((exc.path, _(
                    'the output is left out: %s') % exc.reason))
        policies.translate(self)
        software.finish(self)
        params.update(self.extra_parameters)
        if params:
            hot['parameters'] = params
        hot['resources'] = self.resources
        if self.outputs:
            hot['outputs'] = self.outputs
        return hot

    def _output(self, name, output):
        path = base.join(self.prefix, 'outputs', name)
        self.source_map[base.join('outputs', name)] = path
        if not isinstance(output, dict) or 'value' not in output:
            raise base.fail(path, _('an output needs a value.'))
        out = {'value': self.convert(output['value'], path + '.value',
                                     None)}
        if output.get('description'):
            out['description'] = output['description']
        return out
