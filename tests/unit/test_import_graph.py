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

"""heat_vision's modules import one another without cycles, and its
folders one way only.

Between modules, the graph is built from the import statements at module
level (those run when a module is first imported, where a cycle breaks or
half-initialises modules); an import inside a function runs later and is
left out there, as a deliberate way to defer one (each says why where it
is made). Between folders (``heat_vision.api``, ``heat_vision.engine``,
...) every import counts, in a function or not: the floors of the house
run one way (``doc/source/contributor/floors.rst`` draws them).
"""

import ast
import functools
import os

import fixtures

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


def _imports(path, modules, everywhere=False):
    with open(path) as f:
        tree = ast.parse(f.read())
    for node in (ast.walk(tree) if everywhere else tree.body):
        if isinstance(node, ast.ImportFrom) and node.module and \
                node.level == 0 and node.module.startswith('heat_vision'):
            for alias in node.names:
                full = '%s.%s' % (node.module, alias.name)
                yield full if full in modules else node.module
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith('heat_vision'):
                    yield alias.name


@functools.lru_cache(maxsize=None)
def import_graph(everywhere=False):
    """:param everywhere: imports inside functions too.
    :returns: ``{module: {modules it imports}}``.
    """
    modules = _modules()
    return {name: {m for m in _imports(path, modules, everywhere)
                   if m in modules}
            for name, path in modules.items()}


def folder_of(module):
    """``heat_vision.engine.actions.create`` -> ``heat_vision.engine``."""
    return '.'.join(module.split('.')[:2])


def folder_graph(graph):
    """:returns: ``{folder: {folders it imports}}`` of a module graph."""
    folders = {}
    for module, imported in graph.items():
        edges = folders.setdefault(folder_of(module), set())
        edges.update(folder_of(m) for m in imported)
        edges.discard(folder_of(module))
    return folders


def importers(graph, target, everything_under=True):
    """:returns: the modules outside ``target`` that import it (or, with
    ``everything_under``, anything in it), sorted.
    """
    def inside(module):
        return module == target or (everything_under and
                                    module.startswith(target + '.'))
    return sorted(module for module, imported in graph.items()
                  if not inside(module) and any(map(inside, imported)))


def _under(module, *folders):
    return any(module == f or module.startswith(f + '.') for f in folders)


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

    def test_no_cycle_between_folders(self):
        """Module-level and function-level imports alike."""
        self.assertEqual([], cycles(folder_graph(import_graph(True))))

    def test_the_folder_check_sees_an_import_in_a_function(self):
        graph = {'heat_vision.a.x': {'heat_vision.b.y'},
                 'heat_vision.b.y': {'heat_vision.a.z'},
                 'heat_vision.a.z': set()}
        self.assertEqual([['heat_vision.a', 'heat_vision.b']],
                         cycles(folder_graph(graph)))
        self.assertEqual({'heat_vision.a': {'heat_vision.b'},
                          'heat_vision.b': {'heat_vision.a'}},
                         folder_graph(graph))

    def test_a_function_level_import_counts_between_folders(self):
        path = os.path.join(self.useFixture(fixtures.TempDir()).path,
                            'deferring.py')
        with open(path, 'w') as f:
            f.write('from heat_vision.common import exception\n\n\n'
                    'def later():\n'
                    '    from heat_vision.engine import stack\n')
        modules = {'heat_vision.common.exception': '',
                   'heat_vision.engine.stack': ''}
        self.assertEqual(['heat_vision.common.exception'],
                         list(_imports(path, modules)))
        self.assertEqual(['heat_vision.common.exception',
                          'heat_vision.engine.stack'],
                         list(_imports(path, modules, everywhere=True)))

    def test_only_the_engine_server_imports_the_endpoints(self):
        """``engine/endpoints/`` is the RPC layer only: what the engine
        shares lives in the engine.
        """
        self.assertEqual(['heat_vision.engine.server'], importers(
            import_graph(True), 'heat_vision.engine.endpoints'))
        self.assertEqual(['a.server'], importers(
            {'a.server': {'a.endpoints'}, 'a.endpoints.x': {'a.y'},
             'a.y': set(), 'a.endpoints': {'a.endpoints.x'}},
            'a.endpoints'))

    def test_monitoring_imports_nothing_from_the_engine(self):
        """Alarm delivery that needs the engine lives in
        ``engine/alarms/``.
        """
        for module, imported in sorted(import_graph(True).items()):
            if _under(module, 'heat_vision.monitoring'):
                wrong = sorted(m for m in imported
                               if _under(m, 'heat_vision.engine'))
                self.assertEqual([], wrong, module)

    def test_the_web_kit_sits_below_the_api_and_the_relay(self):
        """``web/`` imports neither; the relay does not import the API."""
        graph = import_graph(True)
        for module, imported in sorted(graph.items()):
            if _under(module, 'heat_vision.web'):
                self.assertEqual([], sorted(m for m in imported if _under(
                    m, 'heat_vision.api', 'heat_vision.relay')), module)
            if _under(module, 'heat_vision.relay'):
                self.assertEqual([], sorted(
                    m for m in imported if _under(m, 'heat_vision.api')),
                    module)

    def test_the_api_does_not_import_the_relay(self):
        """The process serving both composes them (``cmd/composite``):
        the API does not mount the relay itself.
        """
        for module, imported in sorted(import_graph(True).items()):
            if _under(module, 'heat_vision.api'):
                self.assertEqual([], sorted(
                    m for m in imported if _under(m, 'heat_vision.relay')),
                    module)

    def test_rpc_imports_nothing_above_it(self):
        below = ('heat_vision.rpc', 'heat_vision.common', 'heat_vision.conf',
                 'heat_vision.version')
        for module, imported in sorted(import_graph(True).items()):
            if _under(module, 'heat_vision.rpc'):
                self.assertEqual([], sorted(
                    m for m in imported if not _under(m, *below)), module)

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
