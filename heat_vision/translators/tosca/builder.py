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
    """

    def __init__(self, topology, parsed_nodes, prefix, context):
        self.topology = topology
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
        if node.type in self.context.substituted:
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
        """``(type, properties)`` of an inline or named relationship."""
        if isinstance(relationship, str):
            named = (self.topology.get('relationship_templates') or {}).get(
                relationship)
            if isinstance(named, dict):
                return named.get('type'), named.get('properties') or {}
            return relationship, {}
        if isinstance(relationship, dict):
            return relationship.get('type'), \
                relationship.get('properties') or {}
        return None, {}

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

    def properties(self, node):
        return self.raw_nodes[node].get('properties') or {}

    def capability_properties(self, node, capability):
        caps = self.raw_nodes[node].get('capabilities') or {}
        return (caps.get(capability) or {}).get('properties') or {}

    def artifact_file(self, node, artifact, path):
        artifacts = self.raw_nodes[node].get('artifacts') or {}
        found = artifacts.get(artifact)
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
                                   base.join(self.prefix, 'inputs'))
        for name in params:
            self.source_map[base.join('parameters', name)] = base.join(
                self.prefix, 'inputs', name)
        for name in self.raw_nodes:
            nodes.translate(self, name)
        outputs = self.topology.get('outputs') or {}
        for name, output in outputs.items():
            self.outputs[name] = self._output(name, output)
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
