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

"""``stack graph``: a stack's dependency graph as DOT, Mermaid or SVG.

Nodes are the stack's resources (name, type, status, coloured by
status); an arrow goes from a resource to each resource in its
``required_by``, so arrows follow creation order; an arrow of an
implicit dependency (Heat's: a port after the subnets of its network,
...; the resource's ``implicit_required_by``) is dotted and labelled
``implicit``. With
``--nested-depth`` the resources of nested stacks are drawn in a box of
their own, joined to the resource that owns the nested stack by a dashed
arrow (matched through the ``nested`` and ``stack`` links).
"""

import collections
import shutil
import subprocess

from cliff import command

from heat_vision.cli import common
from heat_vision.cli import http
from heat_vision.cli import resources as resource_cmds

Node = collections.namedtuple('Node', 'ident name type status stack_id')
Graph = collections.namedtuple('Graph', 'title nodes edges clusters')

EDGE_KINDS = (EXPLICIT, IMPLICIT, NESTED) = ('', 'implicit', 'nested')
COLOURS = {'COMPLETE': '#c8e6c9', 'FAILED': '#ffcdd2',
           'IN_PROGRESS': '#fff9c4', 'OTHER': '#eeeeee'}


def _last_segment(href):
    return href.rstrip('/').rsplit('/', 1)[-1] if href else None


def _state_class(status):
    for state in ('IN_PROGRESS', 'COMPLETE', 'FAILED'):
        if str(status or '').endswith(state):
            return state
    return 'OTHER'


def build_graph(title, stack_id, resources):
    """The graph of a list of resources (as Heat lists them).

    :param stack_id: the id of the top-level stack.
    :returns: a :data:`Graph`; edges are ``(from, to, kind)`` triples,
        ``kind`` one of EDGE_KINDS.
    """
    nodes, by_key, owners = [], {}, {}
    for resource in resources:
        owner_stack = _last_segment(common.link(resource, 'stack'))
        owner_stack = owner_stack or stack_id
        node = Node('n%d' % (len(nodes) + 1), resource['resource_name'],
                    resource.get('resource_type'),
                    resource.get('resource_status'), owner_stack)
        nodes.append(node)
        by_key[(owner_stack, node.name)] = node
        nested = _last_segment(common.link(resource, 'nested'))
        if nested:
            owners[nested] = node
    edges = []
    clusters = collections.OrderedDict()
    for resource, node in zip(resources, nodes):
        implicit = set(resource.get('implicit_required_by') or ())
        for dependent in resource.get('required_by') or ():
            target = by_key.get((node.stack_id, dependent))
            if target:
                edges.append((node.ident, target.ident,
                              IMPLICIT if dependent in implicit
                              else EXPLICIT))
        if node.stack_id != stack_id:
            owner = owners.get(node.stack_id)
            label = owner.name if owner else node.stack_id
            clusters.setdefault(node.stack_id, (label, []))[1].append(
                node.ident)
            if owner:
                edges.append((owner.ident, node.ident, NESTED))
    return Graph(title, nodes, edges, clusters)


def _dot_quote(text):
    return '"%s"' % str(text).replace('\\', '\\\\').replace('"', '\\"')


def to_dot(graph):
    lines = ['digraph %s {' % _dot_quote(graph.title), '  rankdir=LR;',
             '  node [shape=box, style="rounded,filled"];']
    for node in graph.nodes:
        label = '%s\\n%s\\n%s' % tuple(
            _dot_quote(part)[1:-1] for part in (node.name, node.type,
                                                node.status))
        lines.append('  %s [label="%s", fillcolor="%s"];' % (
            node.ident, label, COLOURS[_state_class(node.status)]))
    for number, (label, idents) in enumerate(graph.clusters.values(), 1):
        lines.append('  subgraph cluster_%d {' % number)
        lines.append('    label=%s; style=dashed;' % _dot_quote(label))
        lines.append('    %s;' % '; '.join(idents))
        lines.append('  }')
    styles = {EXPLICIT: '', NESTED: ' [style=dashed]',
              IMPLICIT: ' [style=dotted, label="implicit"]'}
    for source, target, kind in graph.edges:
        lines.append('  %s -> %s%s;' % (source, target, styles[kind]))
    lines.append('}')
    return '\n'.join(lines) + '\n'


def _mermaid_text(text):
    return str(text).replace('"', '#quot;')


def to_mermaid(graph):
    lines = ['flowchart LR']
    for node in graph.nodes:
        lines.append('  %s["%s<br/>%s<br/>%s"]:::%s' % (
            node.ident, _mermaid_text(node.name), _mermaid_text(node.type),
            _mermaid_text(node.status), _state_class(node.status).lower()))
    for number, (label, idents) in enumerate(graph.clusters.values(), 1):
        lines.append('  subgraph s%d ["%s"]' % (number, _mermaid_text(label)))
        lines.extend('    %s' % ident for ident in idents)
        lines.append('  end')
    arrows = {EXPLICIT: '-->', NESTED: '-.->', IMPLICIT: '-. implicit .->'}
    for source, target, kind in graph.edges:
        lines.append('  %s %s %s' % (source, arrows[kind], target))
    for state, colour in COLOURS.items():
        lines.append('  classDef %s fill:%s' % (state.lower(), colour))
    return '\n'.join(lines) + '\n'


def to_svg(graph):
    """Render through Graphviz's ``dot``; a clean error without it."""
    dot = shutil.which('dot')
    if not dot:
        raise http.CLIError('SVG needs Graphviz ("dot" is not on PATH); '
                            'use --format dot or mermaid')
    result = subprocess.run([dot, '-Tsvg'], input=to_dot(graph),
                            capture_output=True, text=True, check=False)
    if result.returncode:
        raise http.CLIError('dot failed: %s' % result.stderr.strip())
    return result.stdout


RENDERERS = {'dot': to_dot, 'mermaid': to_mermaid, 'svg': to_svg}


class StackGraph(command.Command):
    """Draw a stack's resource dependency graph (DOT, Mermaid or SVG)."""

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('stack', help='Stack name or ID')
        parser.add_argument('--format', choices=sorted(RENDERERS),
                            default='dot', help='Output format (default dot)')
        parser.add_argument('-n', '--nested-depth', type=int,
                            metavar='DEPTH',
                            help='Include resources of nested stacks')
        parser.add_argument('-o', '--output', metavar='FILE',
                            help='Write to a file instead of stdout')
        return parser

    def take_action(self, args):
        client = self.app.client
        stack = common.find_stack(client, args.stack)
        found = resource_cmds.list_resources(client, stack,
                                             args.nested_depth)
        graph = build_graph(stack['stack_name'], stack['id'], found)
        text = RENDERERS[args.format](graph)
        if args.output:
            with open(args.output, 'w', encoding='utf-8') as handle:
                handle.write(text)
        else:
            self.app.stdout.write(text)
