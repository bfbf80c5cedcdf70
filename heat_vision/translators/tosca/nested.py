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

"""Substituted nodes (substitution_mappings) -> nested stacks.

A node whose type a nested topology substitutes becomes a template
resource whose template is that topology translated (one HOT file per
substituting topology, shared by every node of its type); the node's
properties become the nested template's parameters, and the parameters
the nested translation adds for the deployer (``<cp>_network``,
``<vdu>_image``) become the parent's, passed down.
"""

from heat_vision.common.i18n import _
from heat_vision.translators import base
from heat_vision.translators.tosca import builder as tosca_builder


def filename(node_type):
    return '%s.yaml' % node_type.replace(':', '_')


def translate(b, name):
    node_type = b.raw_nodes[name].get('type')
    fname, topology, parsed = b.context.substituted[node_type]
    key = filename(node_type)
    if key not in b.context.hot_files:
        if key in b.context.in_progress:
            raise base.fail(b.node_path(name, 'type'), _(
                'the substitution of "%s" contains itself.') % node_type)
        b.context.in_progress.add(key)
        nested = tosca_builder.Builder(
            topology, parsed.nodetemplates,
            base.in_file(fname, 'topology_template'), b.context,
            substituting=node_type)
        hot = nested.build()
        b.context.hot_files[key] = base.dump(hot)
        b.context.nested_parameters[key] = dict(nested.extra_parameters)
        b.context.file_sources.update(
            (base.in_file(key, hot_path), source)
            for hot_path, source in nested.source_map.items())
        b.context.in_progress.discard(key)
    params = set((topology.get('inputs') or {}))
    props = {k: b.convert(v, b.node_path(name, 'properties', k), name)
             for k, v in b.properties(name).items() if k in params}
    sources = {k: b.node_path(name, 'properties', k) for k in props}
    for pname, value in _own_values(topology, node_type, params).items():
        if pname not in props:
            props[pname] = value
            sources[pname] = b.node_path(name, 'type')
    # What the nested topology leaves to the deployer (the network of a
    # connection point on an external link, an image) is asked here too
    # and passed down: a nested parameter without a value fails the
    # stack.
    for pname, schema in sorted(b.context.nested_parameters.get(
            key, {}).items()):
        if pname in props:
            continue
        b.extra_parameters.setdefault(pname, dict(schema))
        props[pname] = {'get_param': pname}
        sources[pname] = b.node_path(name, 'type')
    b.add(name, {'type': key, 'properties': props}, b.node_path(name),
          sources)


def _own_values(topology, node_type, params):
    """Literal property values the substituting topology gives its own
    node of the substituted type (Tacker writes the VNF node's
    ``flavour_description`` in the flavour, not in the top VNFD, and
    reads the two together: tacker/common/csar_utils.py
    ``_update_flavour_data_from_vnf``), for the inputs they name.
    """
    found = {}
    for node in (topology.get('node_templates') or {}).values():
        if not isinstance(node, dict) or node.get('type') != node_type:
            continue
        for pname, value in (node.get('properties') or {}).items():
            if pname in params and not isinstance(value, dict):
                found.setdefault(pname, value)
    return found
