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

"""heat_vision's modules import one another without cycles.

The graph is built from the import statements at module level (those run
when a module is first imported, where a cycle breaks or half-initialises
modules); an import inside a function runs later and is left out, as a
deliberate way to defer one (each says why where it is made).
"""

import ast
import os

import heat_vision
from tests import base

ROOT = os.path.dirname(os.path.abspath(heat_vision.__file__))


def _modules():
    found = {}
    for folder, _dirs, files in os.walk(ROOT):
        for name in files:
            if not name.endswith('.py'):
                continue
            path = os.path.join(folder, name)
            parts = os.path.relpath(path[:-3], os.path.dirname(ROOT)).split(
                os.sep)
            if parts[-1] == '__init__':
                parts.pop()
            found['.'.join(parts)] = path
    return found


def _imports(path, modules):
    with open(path) as f:
        tree = ast.parse(f.read())
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module and \
                node.level == 0 and node.module.startswith('heat_vision'):
            for alias in node.names:
                full = '%s.%s' % (node.module, alias.name)
                yield full if full in modules else node.module
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith('heat_vision'):
                    yield alias.name


def import_graph():
    modules = _modules()
    return {name: {m for m in _imports(path, modules) if m in modules}
            for name, path in modules.items()}


def cycles(graph):
    """The strongly connected components of more than one module."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []
    counter = [0]

    def visit(node):
        # Iterative Tarjan: the graph is deep enough to matter.
        work = [(node, iter(sorted(graph[node])))]
        index[node] = low[node] = counter[0]
        counter[0] += 1
        stack.append(node)
        on_stack.add(node)
        while work:
            current, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter[0]
                    counter[0] += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[current] = min(low[current], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[current])
            if low[current] == index[current]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == current:
                        break
                if len(component) > 1:
                    found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


class ImportGraphTest(base.TestCase):

    def test_no_cycle(self):
        self.assertEqual([], cycles(import_graph()))

    def test_the_check_finds_a_cycle(self):
        self.assertEqual([['a', 'b', 'c']], cycles(
            {'a': {'b'}, 'b': {'c'}, 'c': {'a'}, 'd': {'a'}}))

    def test_resources_import_neither_engine_nor_db(self):
        for module, imported in import_graph().items():
            if module.startswith('heat_vision.resources'):
                wrong = sorted(m for m in imported if m.startswith(
                    ('heat_vision.engine', 'heat_vision.db')))
                self.assertEqual([], wrong, module)

    def test_relay_reaches_only_the_native_api(self):
        """The relay calls the native API like a client: no engine, no
        database, not even the engine's RPC client.
        """
        graph = import_graph()
        for module in sorted(graph):
            if module.startswith('heat_vision.relay'):
                reached = _reachable(graph, module)
                wrong = sorted(m for m in reached if m.startswith(
                    ('heat_vision.engine', 'heat_vision.db',
                     'heat_vision.rpc')))
                self.assertEqual([], wrong, module)


def _reachable(graph, start):
    seen, todo = set(), [start]
    while todo:
        for child in graph.get(todo.pop(), ()):
            if child not in seen:
                seen.add(child)
                todo.append(child)
    return seen
