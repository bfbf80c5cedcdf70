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

"""The dependency graph of a stack's resources."""

import collections

from heat_vision.common import exception


class Dependencies:
    """Which resource requires which, in template order.

    :param graph: ``{name: set of names it requires}``; every required
        name must be a key too.
    :param implicit: ``{name: set of names}`` it requires although
        nothing in its definition names them (Heat's implicit
        dependencies), added to ``graph``.
    :raises: exception.CircularDependencyException naming a cycle.
    """

    def __init__(self, graph, implicit=None):
        self.graph = {name: set(reqs) for name, reqs in graph.items()}
        self.implicit = {name: set(reqs) - self.graph[name]
                         for name, reqs in (implicit or {}).items()}
        for name, reqs in self.implicit.items():
            self.graph[name] |= reqs
        self._index = {name: i for i, name in enumerate(self.graph)}
        self._required_by = {name: set() for name in self.graph}
        for name, reqs in self.graph.items():
            for req in reqs:
                self._required_by[req].add(name)
        self._order = self._sort()

    def _sort(self):
        waiting = {name: len(reqs) for name, reqs in self.graph.items()}
        ready = collections.deque(
            name for name, count in waiting.items() if not count)
        order = []
        while ready:
            name = ready.popleft()
            order.append(name)
            for user in sorted(self._required_by[name],
                               key=self._index.get):
                waiting[user] -= 1
                if not waiting[user]:
                    ready.append(user)
        if len(order) != len(self.graph):
            left = {n for n, count in waiting.items() if count}
            raise exception.CircularDependencyException(
                cycle=self._describe_cycle(left))
        return order

    def _describe_cycle(self, left):
        start = min(left, key=self._index.get)
        path, seen = [start], {start}
        node = start
        while True:
            node = min((r for r in self.graph[node] if r in left),
                       key=self._index.get)
            if node in seen:
                cycle = path[path.index(node):] + [node]
                return ' -> '.join(cycle) + ' (resources %s)' % ', '.join(
                    sorted(left))
            path.append(node)
            seen.add(node)

    def requires(self, name):
        """Names ``name`` needs to exist first.

        :returns: a set.
        """
        return set(self.graph[name])

    def implicit_requires(self, name):
        """The names ``name`` needs first that nothing in its
        definition names.

        :returns: a set.
        """
        return set(self.implicit.get(name, ()))

    def required_by(self, name):
        """Names that need ``name`` first.

        :returns: a set.
        """
        return set(self._required_by[name])

    def topological_order(self):
        """Creation order: each name after all it requires.

        :returns: a list of names.
        """
        return list(self._order)

    def reverse_order(self):
        """Deletion order: each name before all it requires.

        :returns: a list of names.
        """
        return list(reversed(self._order))

    def __iter__(self):
        return iter(self._order)

    def __len__(self):
        return len(self._order)

    def __contains__(self, name):
        return name in self.graph
